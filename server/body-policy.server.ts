import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Response as ExpressResponse } from "express";
import type { Config } from "./config.server.ts";
import type { UploadKind } from "./upload-handle.server.ts";
import { maxBytesByKind } from "./upload-limits.server.ts";
import { sendVisitorError } from "./visitor-errors.server.ts";

/**
 * How much and how slow a request body may be (a form's policy, an upload route's), and how a
 * body that will not be read to its end is answered without losing the answer
 * (request-body.server.ts bounds the bodies by these).
 */

const KIB = 1024;
const MIB = 1024 * KIB;
/** Multipart framing around the parts, beyond the fields and files themselves. */
const UPLOAD_FRAMING_BYTES = 128 * KIB;
/**
 * How much of a body is still read into nothing after the app refused what it read of it (see
 * `readsOnAfter`): enough for a browser to finish sending a file a little over its limit (and
 * so read the answer instead of a "connection reset" page); a form gets its own limit once more.
 */
const UPLOAD_DRAIN_ALLOWANCE = 256 * MIB;
/**
 * The app's early answers after which the rest of the body is still read: its refusals of
 * what it read (a file over its limit or of the wrong kind, a form it cannot take), which only
 * a request that passed its guard gets, since every action checks the session before it reads.
 * Any other early answer (the guard's redirect, 401, 403, 404, 429, a failure) closes the
 * connection after the answer: a visitor who may not send a body is not read for a minute more.
 */
const REFUSALS_OF_WHAT_WAS_READ = new Set([400, 413, 415, 422]);
/**
 * After an answer to a body that will not be read to its end, how long the connection stays
 * half-open (our side ended, theirs not read) before it is closed: time for a client still
 * sending to read the answer, which a reset would otherwise destroy. Never longer than half the
 * body's idle time: every refused connection is closed within the idle time.
 */
const LINGER_MS = 2_000;

/** How long a refused body's connection lingers under `policy`: `LINGER_MS`, at most half its idle time (the other half is the process's own slack). */
export function lingerFor(policy: Pick<BodyPolicy, "idleMs">): number {
  return Math.min(LINGER_MS, Math.floor(policy.idleMs / 2));
}
/**
 * A body declared at most this long (and within its route's limit), answered before it was
 * read, is still read to its end before the connection closes, within the idle time: a client
 * that pauses while sending a small form (a busy phone, a loaded test runner) then reads the
 * answer instead of a reset, however long the pause. Larger or unknown lengths are not read on.
 */
const SMALL_BODY_BYTES = 64 * KIB;

export interface BodyPolicy {
  limitBytes: number;
  /** Read into nothing after the answer, beyond what had arrived by then. */
  drainAllowanceBytes: number;
  idleMs: number;
  /** The whole body must have arrived by then (forms); undefined for uploads. */
  deadlineMs: number | undefined;
}

/** Any route's form: `FORM_MAX_BYTES`, arrived whole within the idle time. */
export function formPolicy(config: Pick<Config, "formMaxBytes" | "bodyIdleTimeoutMs">): BodyPolicy {
  return {
    limitBytes: config.formMaxBytes,
    drainAllowanceBytes: config.formMaxBytes,
    idleMs: config.bodyIdleTimeoutMs,
    deadlineMs: config.bodyIdleTimeoutMs,
  };
}

/** A route that declares uploads: the form's limit plus its files' and their framing; no deadline while it keeps moving. */
export function uploadPolicy(config: Pick<Config, "formMaxBytes" | "bodyIdleTimeoutMs">, uploads: UploadKind[]): BodyPolicy {
  const limits = maxBytesByKind();
  return {
    limitBytes: config.formMaxBytes + uploads.reduce((sum, kind) => sum + limits[kind], 0) + UPLOAD_FRAMING_BYTES,
    drainAllowanceBytes: UPLOAD_DRAIN_ALLOWANCE,
    idleMs: config.bodyIdleTimeoutMs,
    deadlineMs: undefined,
  };
}

/** Whether the request says it has a body (a length above 0, or chunks). */
export function hasBody(req: IncomingMessage): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const length = req.headers["content-length"];
  return length !== undefined && length !== "0";
}

/**
 * What a lingering connection still reads into nothing: a client trickling on never reaches it;
 * one flooding is not read beyond it (and is reset at the linger's end, as before).
 */
const LINGER_READ_BYTES = 16 * KIB;

/**
 * Closes a connection whose request body is still arriving without losing the answer: our side
 * ends (the client reads the answer, then the end), and only after `lingerMs` (`lingerFor`) is
 * the connection closed. Meanwhile what the client goes on sending of this body is read into
 * nothing, up to `LINGER_READ_BYTES`, as nginx's and Apache's lingering close do: bytes left
 * unread when a connection closes make the kernel reset it, and a busy client whose next write
 * meets that reset loses the answer it had not read yet. Closing at once would reset it
 * straight away. Bytes past this body's end (a request behind it) are never read.
 */
const lingering = new WeakSet<Socket>();

export function lingeringClose(req: IncomingMessage, lingerMs: number): void {
  const { socket } = req;
  if (socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  socket.end();
  setTimeout(() => socket.destroy(), lingerMs).unref();
  const stop = () => {
    req.pause();
    socket.pause();
  };
  if (req.complete) return stop();
  let read = 0;
  req.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_READ_BYTES) stop();
  });
  req.once("end", stop);
  // After the answer's own handlers, which pause the request (request-body.server.ts).
  setImmediate(() => {
    if (read <= LINGER_READ_BYTES && !req.complete && !socket.destroyed) req.resume();
  });
}

/**
 * Answers a request whose body this process will not let the app read (405, 413, 408). When
 * there is a body, the answer says `Connection: close`, so that no client reuses the connection;
 * how the connection then closes is the body's to decide (request-body.server.ts).
 */
export function answerUnread(req: IncomingMessage, res: ExpressResponse, status: number, options: { message?: string; headers?: Record<string, string> } = {}) {
  sendVisitorError(res, status, { ...options, close: hasBody(req) });
}

/** Whether the body is declared small enough to be read to its end after an early answer (`SMALL_BODY_BYTES`). */
export function smallDeclaredBody(req: IncomingMessage, policy: BodyPolicy): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return false;
  const declared = Number(req.headers["content-length"]);
  return Number.isFinite(declared) && declared <= Math.min(SMALL_BODY_BYTES, policy.limitBytes);
}

/**
 * Node ends a `Connection: close` answer's connection through `socket.destroySoon()`: here that
 * is the lingering close, so that the rest of the body is not read meanwhile; or, for a small
 * body being read to its end (`whenRead`), the lingering close once it has arrived.
 */
export function closeAfterAnswer(req: IncomingMessage, { whenRead, lingerMs }: { whenRead: boolean; lingerMs: number }): void {
  const { socket } = req;
  (socket as Socket & { destroySoon(): void }).destroySoon = () => {
    if (!whenRead || req.complete) lingeringClose(req, lingerMs);
    else req.once("end", () => lingeringClose(req, lingerMs));
  };
}

/** Whether the app's answer, sent before the body ended, lets the rest of the body be read (generously). */
export function readsOnAfter(status: number): boolean {
  return REFUSALS_OF_WHAT_WAS_READ.has(status);
}

/**
 * Whether a body answered before it was read is read to its end (a declared length within the
 * limit and the allowance: a browser sending a file a little over its limit gets to read the
 * answer, and the connection serves the next request). Otherwise it is closed gently.
 */
export function drainsWhole(req: IncomingMessage, policy: BodyPolicy): boolean {
  if (!hasBody(req)) return true;
  if (req.headers["transfer-encoding"] !== undefined) return false;
  return Number(req.headers["content-length"]) <= policy.limitBytes + policy.drainAllowanceBytes;
}
