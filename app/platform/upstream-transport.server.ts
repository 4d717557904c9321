// Namespace imports, looked up per call, so that test doubles that patch `http.request` (msw) see our calls.
import http, { type IncomingMessage } from "node:http";
import https from "node:https";

/**
 * How upstream.server.ts's calls travel: Node's HTTP client on keep-alive agents for answers read
 * whole (reads and JSON writes), and the deadlines that watch fetch's streamed calls (uploads,
 * files). Each fails in one of ExchangeFailureKind's ways; the client names and logs the failure.
 */

/**
 * How a call fails before the client can judge an answer: declared here, below the client, so
 * that imports run one way (its UpstreamErrorKind adds "http", an answer it refuses).
 */
export type ExchangeFailureKind = "network" | "timeout" | "aborted" | "invalid-response";

export const timeoutReason = (message: string) => new DOMException(message, "TimeoutError");

/**
 * The answer with its body failed once the upstream sends nothing for `idleMs` while the body is
 * being read. A whole-call deadline would cut a large file on its way to a slow visitor: time
 * spent waiting for the reader (backpressure) does not count here, only time waiting on the upstream.
 */
export function failWhenStalled(response: Response, idleMs: number, abort: () => void): Response {
  if (!response.body) return response;
  const upstreamBody = response.body.getReader();
  let stalled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const timer = setTimeout(() => {
          stalled = true;
          abort();
          // The reader fails here and now, not only through the abort signal: that signal reaches
          // fetch through a controller Node 20's fetch holds weakly, and a reader awaiting a stalled
          // body hung in the reliability suite now and then, after garbage collection had run.
          const reason = timeoutReason("the answer stalled");
          controller.error(reason);
          upstreamBody.cancel(reason).catch(() => {});
        }, idleMs);
        try {
          const { done, value } = await upstreamBody.read();
          if (stalled) return;
          if (done) controller.close();
          else controller.enqueue(value);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel: (reason) => upstreamBody.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Aborts `afterMs` after a streamed body's last chunk has gone through `startsAtEnd`, unless
 * the upstream has `answered()` by then: an upstream that takes an upload and never answers
 * must not hold the admin for the whole request timeout.
 */
export function answerDeadline(afterMs: number) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let answered = false;
  const startsAtEnd = new TransformStream<Uint8Array, Uint8Array>({
    flush() {
      if (answered) return;
      timer = setTimeout(() => controller.abort(new DOMException("no answer after the upload", "TimeoutError")), afterMs);
      timer.unref();
    },
  });
  return {
    signal: controller.signal,
    startsAtEnd,
    answered() {
      answered = true;
      clearTimeout(timer);
    },
  };
}

export interface TextAnswer {
  status: number;
  text: string;
}

export interface Outgoing {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  /** Deadline for the answer's head. */
  answerWithinMs: number;
  /** Longest silence while the body arrives. */
  idleMs: number;
  /** Largest body read; a larger one fails as an invalid response. */
  maxBytes: number;
  signal: AbortSignal | undefined;
}

export class ExchangeFailed extends Error {
  readonly kind: ExchangeFailureKind;
  /** True when the upstream had not begun to answer, so a read may safely be sent again. */
  readonly beforeAnswer: boolean;
  override readonly cause: unknown;

  constructor(
    kind: ExchangeFailureKind,
    beforeAnswer: boolean,
    cause: unknown,
  ) {
    super(kind);
    this.kind = kind;
    this.beforeAnswer = beforeAnswer;
    this.cause = cause;
  }
}

/**
 * Connections are kept between calls: a page's reads reuse them instead of connecting each time.
 * An idle one is closed after 4 s, or 1 s before the upstream's own `Keep-Alive: timeout=` if that
 * is sooner (Node applies the hint only when the agent has a timeout of its own), so that a call
 * is not sent on a connection the upstream is closing; fetch's default is the same 4 s. The
 * timeout only ever closes idle connections: a call in progress keeps its own deadlines.
 */
const agentOptions = { keepAlive: true, timeout: 4_000 };
const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

/** One request and its whole body as text, failing on the head's deadline, a stalled body or the visitor's abort. */
export function exchangeOnce({ url, method, headers, body, answerWithinMs, idleMs, maxBytes, signal }: Outgoing): Promise<TextAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ExchangeFailed("aborted", true, signal.reason));
    const secure = url.protocol === "https:";
    const outgoing = (secure ? https : http).request(url, { method, headers, agent: secure ? agents.https : agents.http });
    let answered = false;
    let settled = false;
    let failure: ExchangeFailed["kind"] | undefined;
    const stop = (kind: ExchangeFailed["kind"]) => {
      failure ??= kind;
      outgoing.destroy();
    };
    const onAbort = () => stop("aborted");
    let timer = setTimeout(() => stop("timeout"), answerWithinMs);
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      outcome();
    };
    const fail = (cause: unknown) => settle(() => reject(new ExchangeFailed(failure ?? "network", !answered, cause)));

    outgoing.on("response", (answer: IncomingMessage) => {
      answered = true;
      clearTimeout(timer);
      timer = setTimeout(() => stop("timeout"), idleMs);
      const chunks: Buffer[] = [];
      let size = 0;
      answer.on("data", (chunk: Buffer) => {
        size += chunk.length;
        // Past the bound the answer is refused, not read: an upstream cannot fill the process's memory.
        if (size > maxBytes) {
          stop("invalid-response");
          return fail(new Error(`the answer is over ${maxBytes} bytes`));
        }
        chunks.push(chunk);
        timer.refresh();
      });
      answer.on("end", () => settle(() => resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") })));
      answer.on("error", fail);
      answer.on("close", () => {
        if (!answer.complete) fail(new Error("the answer ended early"));
      });
    });
    outgoing.on("error", fail);
    outgoing.end(body);
  });
}
