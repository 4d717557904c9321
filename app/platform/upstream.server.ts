import * as z from "zod";
import { getConfig } from "@server/config.server";
import { errorFields, log } from "@server/log.server";
import { observeUpstreamCall } from "./metrics.server.ts";
import { ExchangeFailed, exchangeOnce, failWhenStalled, timeoutReason, type ExchangeFailureKind, type Outgoing, type StreamedBody, type TextAnswer } from "./upstream-transport.server.ts";

/**
 * The one way the BFF talks to the agency's API: base URL + `/api`, the bearer token,
 * a timeout combined with the visitor's own abort signal, one retry for idempotent reads
 * on a network error, and every body parsed by the caller's zod schema.
 *
 * Two transports behind it: every call answered as JSON (reads, writes, uploads) goes through
 * Node's own HTTP client, which costs about a quarter of fetch's CPU per call (a page makes up to
 * seven) and writes an upload's pieces without copying them (docs/performance.md); the raw
 * answers streamed on to a visitor (files) come through fetch and web streams.
 */

/** "http": the upstream answered with an error status (UpstreamError's `status`); the others are the transport's. */
export type UpstreamErrorKind = "http" | ExchangeFailureKind;

export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  /** The upstream's HTTP status for kind "http"; 0 otherwise. */
  readonly status: number;
  /** The upstream's own `error` (or Laravel's `message`) text, when it sent one: for the log. */
  readonly upstreamMessage: string | undefined;
  readonly call: string;
  /**
   * What an admin may be shown of the answer: its `error` text, the server's error field of spec
   * §8. Never Laravel's `message`: English ("The given data was invalid.", "CSRF token
   * mismatch."), and on a 500 in debug mode the failing SQL.
   */
  readonly shownMessage: string | undefined;
  /** A refusal's reasons by field, as Laravel's 422 gives them (`errors: { email: ["…"] }`): the first of each. */
  readonly fieldMessages: Readonly<Record<string, string>>;

  constructor(
    kind: UpstreamErrorKind,
    status: number,
    upstreamMessage: string | undefined,
    call: string,
    shown: { message?: string; fields?: Record<string, string> } = {},
  ) {
    super(`${call}: ${kind}${status ? ` ${status}` : ""}${upstreamMessage ? ` (${upstreamMessage})` : ""}`);
    this.kind = kind;
    this.status = status;
    this.upstreamMessage = upstreamMessage;
    this.call = call;
    this.shownMessage = shown.message;
    this.fieldMessages = shown.fields ?? {};
    this.name = "UpstreamError";
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

export type Service = "api" | "panel";
export type Query = Record<string, string | number | undefined>;

/**
 * One page of a paged list, as the upstream's query takes it: `page` is 1-based, `limit` is the
 * page size (a type alias, so that it is an upstream `Query` as it is).
 */
export type PageRequest = { page: number; limit: number };

export interface UpstreamRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Query;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (text, bytes, or a body produced as it is sent); also give its Content-Type. */
  body?: string | Uint8Array | StreamedBody;
  contentType?: string;
  service?: Service;
  timeoutMs?: number;
  /** Files are served beside the API, not under `/api`. */
  outsideApi?: boolean;
  /** Extra request headers (e.g. conditional GETs). */
  headers?: HeadersInit;
  /** Ends this call as "aborted" (an upload's early relay given up), beside the client's own signal. */
  signal?: AbortSignal;
}

export interface UpstreamClient {
  /** The parsed JSON body, or an UpstreamError. */
  call<T>(schema: z.ZodType<T>, request: UpstreamRequest): Promise<T>;
  /** The raw answer to a GET (for streaming files); an UpstreamError for transport failures only. */
  fetch(request: RawRead): Promise<Response>;
}

/** A read whose answer is streamed on as it comes (a file): no body, no method but GET. */
export type RawRead = Omit<UpstreamRequest, "method" | "json" | "body" | "contentType">;

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const shownText = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim().slice(0, 300);

/** An error answer's texts (each optional, each tolerated when of another shape). */
const errorBodySchema = z.object({
  error: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  errors: z.record(z.string(), z.unknown()).optional().catch(undefined),
});

/** An error answer as UpstreamError keeps it: its text for the log, what an admin may see of it, and a refusal's (4xx) reasons by field. */
function readErrorBody(status: number, parsed: unknown): { logged?: string; shown: { message?: string; fields?: Record<string, string> } } {
  const body = errorBodySchema.safeParse(parsed);
  if (!body.success) return { shown: {} };
  const { error, message, errors } = body.data;
  const shownError = error?.trim() ? shownText(error) : undefined;
  if (status < 400 || status > 499) return { logged: error ?? message, shown: { message: shownError } };
  const fields: Record<string, string> = {};
  for (const [name, reasons] of Object.entries(errors ?? {}).slice(0, 50)) {
    const first = Array.isArray(reasons) ? reasons.find((reason) => typeof reason === "string") : reasons;
    if (typeof first === "string" && first.trim() !== "") fields[name] = shownText(first);
  }
  return { logged: error ?? message, shown: { message: shownError, fields } };
}

interface ClientContext {
  /** The visitor's request: its abort signal ends our upstream calls too. */
  signal?: AbortSignal;
  requestId?: string;
  token?: string;
  /**
   * Told when the upstream refuses the token (401 or 403 on a call): an admin's session then ends
   * (app/platform/auth.server.ts). From then on this client sends nothing more with the token: each
   * further call fails at once with the same status, since it would only be refused again.
   */
  onTokenRefused?: (error: UpstreamError) => void;
}

/** The statuses by which the upstream says it no longer accepts a token (spec §6: the session ends). */
export function refusesToken(status: number): boolean {
  return status === 401 || status === 403;
}

export function createUpstreamClient({ signal, requestId, token, onTokenRefused }: ClientContext = {}): UpstreamClient {
  const config = getConfig();
  /** The upstream's refusal of the token, once it came (only with `onTokenRefused`). */
  let refusal: UpstreamError | undefined;

  function urlFor({ path, query, service = "api", outsideApi = false }: UpstreamRequest) {
    const base = service === "panel" ? config.panelApiUrl : config.upstreamApiUrl;
    const url = new URL(`${base}${outsideApi ? "" : "/api"}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  function headersFor(request: UpstreamRequest): Record<string, string> {
    const headers: Record<string, string> = { accept: "application/json" };
    // Iterating a Headers gives lower-case names, so a caller's own Accept replaces ours.
    if (request.headers) for (const [name, value] of new Headers(request.headers)) headers[name] = value;
    if (token) headers.authorization = `Bearer ${token}`;
    if (requestId) headers["x-request-id"] = requestId;
    if (request.json !== undefined) headers["content-type"] = "application/json";
    else if (request.contentType) headers["content-type"] = request.contentType;
    return headers;
  }

  function failed(kind: UpstreamErrorKind, call: string, started: number, cause?: unknown): UpstreamError {
    const error = new UpstreamError(kind, 0, undefined, call);
    logFailure(error, started, requestId, cause);
    return error;
  }

  async function readRaw(request: RawRead): Promise<Response> {
    const call = callName(request);
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      // The deadline is for the answer's head; its body is watched for stalls instead (see failWhenStalled).
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(timeoutReason("no answer in time")), request.timeoutMs ?? config.upstreamTimeoutMs);
      try {
        const response = await fetch(urlFor(request), {
          headers: headersFor(request),
          signal: signal ? AbortSignal.any([timeout.signal, signal]) : timeout.signal,
        });
        clearTimeout(timer);
        observeUpstreamCall(started, response.status);
        return failWhenStalled(response, config.upstreamTimeoutMs, () => timeout.abort(timeoutReason("the answer stalled")));
      } catch (cause) {
        clearTimeout(timer);
        const kind: UpstreamErrorKind = signal?.aborted ? "aborted" : timeout.signal.aborted ? "timeout" : "network";
        // A read that failed on the way is sent once more.
        if (kind === "network" && attempt < 2) continue;
        observeUpstreamCall(started, kind);
        throw failed(kind, call, started, cause);
      }
    }
  }

  /** A call answered as text: Node's HTTP client on a keep-alive agent. */
  async function exchange(request: UpstreamRequest): Promise<TextAnswer> {
    const method = request.method ?? "GET";
    const call = callName(request);
    const outgoing: Outgoing = {
      url: urlFor(request),
      method,
      headers: headersFor(request),
      body: request.json !== undefined ? JSON.stringify(request.json) : request.body,
      answerWithinMs: request.timeoutMs ?? config.upstreamTimeoutMs,
      idleMs: config.upstreamTimeoutMs,
      maxBytes: config.upstreamMaxAnswerBytes,
      signal: request.signal && signal ? AbortSignal.any([request.signal, signal]) : (request.signal ?? signal),
    };
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await exchangeOnce(outgoing);
        observeUpstreamCall(started, answer.status);
        return answer;
      } catch (cause) {
        const { kind, beforeAnswer } = cause instanceof ExchangeFailed ? cause : { kind: "network" as const, beforeAnswer: false };
        // Only a read that got no answer at all is repeated.
        if (kind === "network" && beforeAnswer && method === "GET" && attempt < 2) continue;
        observeUpstreamCall(started, kind);
        throw failed(kind, call, started, cause instanceof ExchangeFailed ? cause.cause : cause);
      }
    }
  }

  return {
    fetch: readRaw,
    async call(schema, request) {
      const started = performance.now();
      const call = callName(request);
      if (refusal) {
        // Not sent: a streamed body is left unread (the caller drains what it came from).
        throw new UpstreamError("http", refusal.status, refusal.upstreamMessage, call, { message: refusal.shownMessage });
      }
      const answer = await exchange(request);
      const parsed = parseJson(answer.text);
      if (answer.status < 200 || answer.status > 299) {
        const { logged, shown } = readErrorBody(answer.status, parsed);
        const error = new UpstreamError("http", answer.status, logged, call, shown);
        logFailure(error, started, requestId);
        if (token && onTokenRefused && refusesToken(answer.status) && !refusal) {
          refusal = error;
          onTokenRefused(error);
        }
        throw error;
      }
      const result = schema.safeParse(parsed);
      if (!result.success) {
        const error = new UpstreamError("invalid-response", answer.status, undefined, call);
        logFailure(error, started, requestId, result.error.issues[0]?.message);
        throw error;
      }
      return result.data;
    },
  };
}

/** How a call is named in errors and the log, e.g. `GET /banners`. */
function callName(request: UpstreamRequest): string {
  return `${request.method ?? "GET"} ${request.path}`;
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
    // Where a failure thrown here (not an upstream's answer) came from.
    stack: cause === undefined ? undefined : errorFields(cause).stack,
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
  return errorFields(cause).error;
}
