import * as z from "zod";
import { getConfig } from "./config.server.ts";
import { log } from "./log.server.ts";
import { clearPublicCache } from "./public-cache.server.ts";

/**
 * The one way the BFF talks to the agency's API: base URL + `/api`, the bearer token,
 * a timeout combined with the visitor's own abort signal, one retry for idempotent reads
 * on a network error, and every body parsed by the caller's zod schema.
 */

export type UpstreamErrorKind = "http" | "network" | "timeout" | "aborted" | "invalid-response";

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamErrorKind,
    /** The upstream's HTTP status for kind "http"; 0 otherwise. */
    readonly status: number,
    /** The upstream's own `error` text, when it sent one. */
    readonly upstreamMessage: string | undefined,
    readonly call: string,
  ) {
    super(`${call}: ${kind}${status ? ` ${status}` : ""}${upstreamMessage ? ` (${upstreamMessage})` : ""}`);
    this.name = "UpstreamError";
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

export type Service = "api" | "panel";
export type Query = Record<string, string | number | undefined>;

export interface UpstreamRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Query;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (FormData, a stream, ...); with a stream, also give its Content-Type. */
  body?: BodyInit;
  contentType?: string;
  service?: Service;
  timeoutMs?: number;
  /** Files are served beside the API, not under `/api`. */
  outsideApi?: boolean;
  /** Extra request headers (e.g. conditional GETs). */
  headers?: HeadersInit;
}

export interface UpstreamClient {
  /** The parsed JSON body, or an UpstreamError. */
  call<T>(schema: z.ZodType<T>, request: UpstreamRequest): Promise<T>;
  /** The raw response (for streaming files); an UpstreamError for transport failures only. */
  fetch(request: UpstreamRequest): Promise<Response>;
}

const errorBodySchema = z.object({ error: z.string() }).or(z.object({ message: z.string() }));

interface ClientContext {
  /** The visitor's request: its abort signal ends our upstream calls too. */
  signal?: AbortSignal;
  requestId?: string;
  token?: string;
}

export function createUpstreamClient({ signal, requestId, token }: ClientContext = {}): UpstreamClient {
  const config = getConfig();

  function urlFor({ path, query, service = "api", outsideApi = false }: UpstreamRequest) {
    const base = service === "panel" ? config.panelApiUrl : config.upstreamApiUrl;
    const url = new URL(`${base}${outsideApi ? "" : "/api"}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  async function send(request: UpstreamRequest): Promise<Response> {
    const method = request.method ?? "GET";
    const call = `${method} ${request.path}`;
    const headers = new Headers(request.headers);
    if (!headers.has("accept")) headers.set("accept", "application/json");
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (requestId) headers.set("x-request-id", requestId);
    let body = request.body;
    if (request.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(request.json);
    } else if (request.contentType) {
      headers.set("content-type", request.contentType);
    }
    const streamed = body instanceof ReadableStream;
    // A streamed body cannot be sent twice, and only reads are safe to repeat.
    const attempts = method === "GET" && !streamed ? 2 : 1;
    const started = performance.now();

    for (let attempt = 1; ; attempt++) {
      // The deadline is for the answer's head; its body is watched for stalls instead (see failWhenStalled).
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(timeoutReason("no answer in time")), request.timeoutMs ?? config.upstreamTimeoutMs);
      // A long upload may take its own time, but once it is all sent the answer is due as for any call.
      const answerDue = streamed ? answerDeadline(config.upstreamTimeoutMs) : undefined;
      const combined = AbortSignal.any([timeout.signal, ...(signal ? [signal] : []), ...(answerDue ? [answerDue.signal] : [])]);
      try {
        const response = await fetch(urlFor(request), {
          method,
          headers,
          body: answerDue ? (body as ReadableStream<Uint8Array>).pipeThrough(answerDue.startsAtEnd) : body,
          signal: combined,
          // Node 20's fetch keeps a whole copy of a streamed body in case a redirect needs it
          // again; refusing redirects keeps an upload's memory flat whatever its size.
          ...(streamed ? { duplex: "half", redirect: "error" } : {}),
        } as RequestInit);
        clearTimeout(timer);
        answerDue?.answered();
        // Whatever an admin changed must show on the public pages at once.
        if (method !== "GET" && response.ok && !request.path.startsWith("/users/")) clearPublicCache();
        return failWhenStalled(response, config.upstreamTimeoutMs, () => timeout.abort(timeoutReason("the answer stalled")));
      } catch (cause) {
        clearTimeout(timer);
        answerDue?.answered();
        const timedOut = timeout.signal.aborted || answerDue?.signal.aborted === true;
        const kind: UpstreamErrorKind = signal?.aborted ? "aborted" : timedOut ? "timeout" : "network";
        if (kind === "network" && attempt < attempts) continue;
        const error = new UpstreamError(kind, 0, undefined, call);
        logFailure(error, started, requestId, cause);
        throw error;
      }
    }
  }

  return {
    fetch: send,
    async call(schema, request) {
      const started = performance.now();
      const response = await send(request);
      const call = `${request.method ?? "GET"} ${request.path}`;
      const text = await readText(response, call, started, requestId);
      const parsed = parseJson(text);
      if (!response.ok) {
        const body = errorBodySchema.safeParse(parsed);
        const message = body.success ? ("error" in body.data ? body.data.error : body.data.message) : undefined;
        const error = new UpstreamError("http", response.status, message, call);
        logFailure(error, started, requestId);
        throw error;
      }
      const result = schema.safeParse(parsed);
      if (!result.success) {
        const error = new UpstreamError("invalid-response", response.status, undefined, call);
        logFailure(error, started, requestId, result.error.issues[0]?.message);
        throw error;
      }
      return result.data;
    },
  };
}

const timeoutReason = (message: string) => new DOMException(message, "TimeoutError");

/**
 * The answer with its body failed once the upstream sends nothing for `idleMs` while the body is
 * being read. A whole-call deadline would cut a large file on its way to a slow visitor: time
 * spent waiting for the reader (backpressure) does not count here, only time waiting on the upstream.
 */
function failWhenStalled(response: Response, idleMs: number, abort: () => void): Response {
  if (!response.body) return response;
  const upstreamBody = response.body.getReader();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const stalled = setTimeout(abort, idleMs);
        try {
          const { done, value } = await upstreamBody.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } finally {
          clearTimeout(stalled);
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
function answerDeadline(afterMs: number) {
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

async function readText(response: Response, call: string, started: number, requestId?: string) {
  try {
    return await response.text();
  } catch (cause) {
    const error = new UpstreamError("network", 0, undefined, call);
    logFailure(error, started, requestId, cause);
    throw error;
  }
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function logFailure(error: UpstreamError, started: number, requestId: string | undefined, cause?: unknown) {
  log("upstream_failure", {
    call: error.call,
    kind: error.kind,
    status: error.status || undefined,
    error: error.upstreamMessage ?? describe(cause),
    duration_ms: Math.round(performance.now() - started),
    request_id: requestId,
  });
}

function describe(cause: unknown): string | undefined {
  if (cause === undefined) return undefined;
  if (cause instanceof Error) {
    const code = (cause.cause as { code?: string } | undefined)?.code;
    return code ? `${cause.message} (${code})` : cause.message;
  }
  return String(cause);
}
