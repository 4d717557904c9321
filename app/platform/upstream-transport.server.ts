// Namespace imports, looked up per call, so that test doubles that patch `http.request` (msw) see our calls.
import http, { type IncomingMessage } from "node:http";
import https from "node:https";

/**
 * How upstream.server.ts's calls travel: Node's HTTP client on keep-alive agents for every call
 * whose answer is read whole (reads, JSON writes and uploads), and the deadline that watches
 * fetch's streamed answers (files). Each fails in one of ExchangeFailureKind's ways; the client
 * names and logs the failure.
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

export interface TextAnswer {
  status: number;
  text: string;
}

/**
 * A body produced as it is sent (an upload): each element a batch of buffers written together,
 * in one `writev`, uncopied, so that the upstream reads them in large pieces
 * (multipart/relay.server.ts makes the batches). The next batch is asked for only once the
 * connection has taken the last, so a slow upstream slows the browser's upload.
 */
export type StreamedBody = AsyncIterable<readonly Uint8Array[]>;

function isStreamedBody(body: unknown): body is StreamedBody {
  return typeof body === "object" && body !== null && !(body instanceof Uint8Array) && Symbol.asyncIterator in body;
}

export interface Outgoing {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | StreamedBody | undefined;
  /** Deadline for the answer's head. */
  answerWithinMs: number;
  /** Longest silence while the answer arrives; also the longest wait for it once a streamed body is all sent. */
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

/**
 * One request and its whole answer as text, failing on the head's deadline, a stalled answer, an
 * answer not all come within that deadline again, or the visitor's abort; a streamed body (an
 * upload) fails it too when producing the body fails.
 */
export function exchangeOnce({ url, method, headers, body, answerWithinMs, idleMs, maxBytes, signal }: Outgoing): Promise<TextAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ExchangeFailed("aborted", true, signal.reason));
    const secure = url.protocol === "https:";
    const outgoing = (secure ? https : http).request(url, { method, headers, agent: secure ? agents.https : agents.http });
    let answered = false;
    let settled = false;
    /** False while a streamed body is not all handed over: an answer then leaves half a body on the connection. */
    let bodySent = true;
    let failure: ExchangeFailed["kind"] | undefined;
    const stop = (kind: ExchangeFailed["kind"]) => {
      failure ??= kind;
      outgoing.destroy();
    };
    const onAbort = () => stop("aborted");
    const started = performance.now();
    let timer = setTimeout(() => stop("timeout"), answerWithinMs);
    /** The whole answer is due within the head's deadline again once its head came: an upstream trickling a byte now and then never ends a call. */
    let bodyDeadline: NodeJS.Timeout | undefined;
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(bodyDeadline);
      signal?.removeEventListener("abort", onAbort);
      outcome();
    };
    const fail = (cause: unknown) => settle(() => reject(new ExchangeFailed(failure ?? "network", !answered, cause)));

    outgoing.on("response", (answer: IncomingMessage) => {
      answered = true;
      clearTimeout(timer);
      timer = setTimeout(() => stop("timeout"), idleMs);
      bodyDeadline = setTimeout(() => stop("timeout"), answerWithinMs);
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
      answer.on("end", () => {
        settle(() => resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        // Answered before the upload was all sent (a refusal): the connection holds half a body.
        if (!bodySent) outgoing.destroy();
      });
      answer.on("error", fail);
      answer.on("close", () => {
        if (!answer.complete) fail(new Error("the answer ended early"));
      });
    });
    // Once answered, a broken connection shows on the answer (its close above), not here.
    outgoing.on("error", (cause) => !answered && fail(cause));
    if (!isStreamedBody(body)) {
      outgoing.end(body);
      return;
    }
    bodySent = false;
    const ended = () => answered || settled || outgoing.destroyed;
    sendStreamed(outgoing, body, ended).then(
      (complete) => {
        bodySent = complete;
        if (!complete || answered || settled) return;
        // All sent: the answer is due as for any call, within the head's own deadline.
        clearTimeout(timer);
        timer = setTimeout(() => stop("timeout"), Math.min(idleMs, answerWithinMs - (performance.now() - started)));
      },
      (cause: unknown) => {
        // Producing the body failed (a file refused mid-way, the browser gone): the upstream
        // must not take half a body for a whole one.
        failure ??= "network";
        fail(cause);
        outgoing.destroy();
      },
    );
  });
}

/**
 * Writes a streamed body batch by batch and asks for the next batch once the last one has been
 * handed to the connection. A batch's writes are made in one go: Node corks the connection for the
 * rest of the tick at a request's first write, so they leave in one `writev` (an explicit cork()
 * would not do: on Node 24 it gathers a chunked body's pieces and then writes them one by one,
 * uncorked). Waiting for the last write's callback rather than for 'drain' keeps one batch at most
 * in this process. Stops without ending the request once `ended()` (an early answer, a failure,
 * the visitor's abort); resolves whether the whole body went.
 */
async function sendStreamed(outgoing: http.ClientRequest, body: StreamedBody, ended: () => boolean): Promise<boolean> {
  const batches = body[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      const next = await batches.next();
      if (next.done) {
        finished = true;
        break;
      }
      if (ended()) return false;
      const pieces = next.value;
      for (let index = 0; index < pieces.length - 1; index++) outgoing.write(pieces[index]);
      if (pieces.length > 0) await writtenOrClosed(outgoing, pieces[pieces.length - 1]);
    }
    if (ended()) return false;
    outgoing.end();
    return true;
  } finally {
    // Stops the producer (and what it reads from) when the request ended first.
    if (!finished) await batches.return?.(undefined).catch(() => {});
  }
}

/** Writes `piece`, settling once it is handed to the connection or the request is gone (whose write would never call back). */
function writtenOrClosed(outgoing: http.ClientRequest, piece: Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      outgoing.off("close", done);
      resolve();
    };
    outgoing.on("close", done);
    outgoing.write(piece, done);
  });
}
