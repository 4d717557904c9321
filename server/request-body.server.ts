import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import onHeaders from "on-headers";
import type { Config } from "./config.server.ts";
import {
  answerUnread,
  type BodyPolicy,
  closeAfterAnswer,
  drainsWhole,
  formPolicy,
  hasBody,
  lingerFor,
  lingeringClose,
  readsOnAfter,
  smallDeclaredBody,
  uploadPolicy,
} from "./body-policy.server.ts";
import { BodyRefused, refuseBody } from "./body-refusals.server.ts";
import { log } from "./log.server.ts";
import { routeMatcher } from "./route-matcher.server.ts";
import { tooLargeMessage } from "./visitor-errors.server.ts";

/**
 * Every request body is bounded here, in the process, before Remix reads a byte of it
 * (issue 20, points 1, 6 and 8): one mechanism for every route, so that no action can buffer
 * more than its route allows however it reads its body.
 *
 * - **Which route.** The request is matched against the app's routes (the server build's
 *   manifest, the way Remix matches a form submission). A method the route does not take is
 *   405 with `Allow`: GET and HEAD everywhere, POST where the route has an action.
 * - **How large.** A route whose module's `handle` declares uploads (`uploadRoute()` in
 *   app/admin-kit/upload-route.ts) takes `FORM_MAX_BYTES` plus its files' limits; any other route a
 *   form of `FORM_MAX_BYTES`. A declared Content-Length over that is 413 before anything is
 *   read; a body without one is counted as it streams and refused (413) the moment it passes.
 *   The multipart reader (multipart.server.ts) keeps the finer limits: each file's own, and the
 *   text fields together at `FORM_MAX_BYTES`.
 * - **How slow.** A body that sends nothing for `BODY_IDLE_TIMEOUT_MS` while it is being read
 *   is 408, and its connection closed; a form without files must have arrived whole within that
 *   time too. An upload that keeps moving keeps `REQUEST_TIMEOUT_MS`. Time the app spends not
 *   reading (backpressure from a slow upstream) never counts as the visitor's.
 * - **After the answer.** When the app refuses what it read of a body before the rest has
 *   arrived (a file over its limit or refused by its first bytes), the rest is read into nothing
 *   so that the browser, still sending, gets to read the answer; up to a bound, then the
 *   connection is cut. Any other answer before the body's end (the guard's redirect of a visitor
 *   who may not send it, a refusal by this process) says `Connection: close`, and the connection
 *   is closed once the client had a moment to read it (`LINGER_MS`), whatever the route allows;
 *   a small body (`SMALL_BODY_BYTES`) is first read to its end, within the idle time, so that a
 *   client pausing mid-form is not met by a reset.
 *
 * Remix reads the body through `requestBodyOf(req)` (remix-handler.ts), never `req` itself.
 */

/** What the app reads ahead of itself from the visitor's connection. */
const READ_AHEAD_BYTES = 64 * 1024;

const SAFE_METHODS = ["GET", "HEAD"];

const bodies = new WeakMap<IncomingMessage, RequestBody>();

/** What Remix reads: the bounded body when this request has one, else the request itself. */
export function requestBodyOf(req: IncomingMessage): Readable {
  return bodies.get(req)?.readable ?? req;
}

/**
 * One request's body: counted, timed and handed on to the app with backpressure.
 *
 * Once the app stops reading (it answered early, or a refusal stopped it), nothing more is read
 * until the answer has gone out. Then a body of declared length within the allowance is read to
 * its end into nothing (the connection stays usable); a small one is read to its end and then
 * closed; any other is closed gently: the answer, then the end of our side of the connection,
 * then, after `LINGER_MS`, the connection itself (what the client sends meanwhile read into
 * nothing, up to a small bound). A client still sending reads the answer in that time instead of
 * losing it to a reset.
 */
class RequestBody {
  readonly readable: Readable;
  private received = 0;
  /** The app no longer reads (it answered, or was stopped). */
  private detached = false;
  private discardUntil: number | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private deadlineTimer: NodeJS.Timeout | undefined;
  private done = false;
  /** The whole body has arrived. */
  private ended = false;
  /** Answered by this process without reading (405, 413, 408): not read on beyond a small body after the answer. */
  private unread = false;
  /** The app asked for the body: an answer before that (a refused origin, a bad Host) is not read on either. */
  private askedFor = false;

  private readonly req: IncomingMessage;
  private readonly res: ExpressResponse;
  private readonly policy: BodyPolicy;

  constructor(
    req: IncomingMessage,
    res: ExpressResponse,
    policy: BodyPolicy,
  ) {
    this.req = req;
    this.res = res;
    this.policy = policy;
    this.readable = new Readable({
      highWaterMark: READ_AHEAD_BYTES,
      read: () => {
        this.askedFor = true;
        if (!this.detached) req.resume();
      },
      destroy: (error, callback) => {
        this.detach();
        callback(error);
      },
    });
    req.on("data", (chunk: Buffer) => this.onData(chunk));
    req.once("end", () => {
      this.ended = true;
      this.finish();
      if (!this.readable.destroyed) this.readable.push(null);
    });
    req.once("error", (error) => {
      this.finish();
      this.readable.destroy(error);
    });
    req.once("close", () => this.finish());
    onHeaders(res, () => this.beforeAnswer());
    res.once("finish", () => this.afterAnswer());
    res.once("close", () => {
      if (!res.writableFinished) this.finish();
    });
    this.armIdle();
    if (policy.deadlineMs !== undefined) this.armDeadline(policy.deadlineMs);
  }

  /** This process answers for the body without reading it (405, 413): the connection closes after. */
  answeredUnread() {
    this.unread = true;
  }

  /**
   * Whether the body, answered before its end and not read on, is still read to its end before
   * the connection closes: a small one, unless it was refused for its size or pace (`done`).
   */
  private readsToEndBeforeClosing(): boolean {
    return !this.done && smallDeclaredBody(this.req, this.policy);
  }

  /** Whether the rest of the body is read after an early answer with this status. */
  private readsOn(status: number): boolean {
    return !this.unread && this.askedFor && readsOnAfter(status) && drainsWhole(this.req, this.policy);
  }

  /** An answer going out before the body's end that will not read it on says so, and closes. */
  private beforeAnswer() {
    if (this.ended || this.readsOn(this.res.statusCode)) return;
    this.res.setHeader("Connection", "close");
    closeAfterAnswer(this.req, { whenRead: this.readsToEndBeforeClosing(), lingerMs: lingerFor(this.policy) });
  }

  /** The app will read no more: stop reading until the answer is out. */
  detach() {
    if (this.detached) return;
    this.detached = true;
    if (!this.done) this.req.pause();
  }

  private onData(chunk: Buffer) {
    this.received += chunk.length;
    this.armIdle();
    if (this.discardUntil !== undefined) {
      if (this.received > this.discardUntil) this.cut();
      return;
    }
    // Already in flight when the app stopped: dropped.
    if (this.detached) return;
    if (this.received > this.policy.limitBytes) {
      this.refuse(413);
      return;
    }
    if (!this.readable.push(chunk)) this.req.pause();
  }

  private armIdle() {
    if (this.done) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.onIdle(), this.policy.idleMs);
    this.idleTimer.unref();
  }

  private onIdle() {
    // Paused by us (the app is not reading, or the answer is not out yet): not the visitor's silence.
    if (this.req.isPaused() && this.discardUntil === undefined) {
      this.armIdle();
      return;
    }
    const received = this.received;
    // Bytes that came while this process was busy are read first: the visitor was not silent (onData armed the time again).
    this.afterPendingReads(() => {
      if (this.received === received) this.tooSlow();
    });
  }

  private armDeadline(ms: number) {
    this.deadlineTimer = setTimeout(() => {
      // The app is not reading yet (it checks the session first): only the visitor's time counts.
      if (this.req.isPaused() && this.discardUntil === undefined) this.armDeadline(Math.min(this.policy.idleMs, 1_000));
      // What arrived before the deadline, not yet read by a busy process, may end the body or pass its limit (413) first.
      else this.afterPendingReads(() => this.tooSlow());
    }, ms);
    this.deadlineTimer.unref();
  }

  /** Runs `judge` after the loop's next poll for I/O: on a busy machine a timer falls due before waiting bytes are read. */
  private afterPendingReads(judge: () => void) {
    setImmediate(() => {
      if (!this.done && !this.ended) judge();
    });
  }

  private tooSlow() {
    if (this.done) return;
    if (this.res.headersSent) this.cut();
    else this.refuse(408);
  }

  /** Answers for the body (413 or 408) and stops the app's reading of it. */
  private refuse(status: 408 | 413) {
    const { res } = this;
    if (this.done || !refuseBody(res)) return;
    log("request_body_refused", {
      status,
      path: this.req.url?.split("?")[0],
      request_id: this.req.headers["x-request-id"] as string | undefined,
      received_bytes: this.received,
    });
    // A body of unknown length past its limit, or one that sends nothing: never read to its end.
    this.unread = true;
    this.stopReading();
    answerUnread(this.req, res, status, status === 413 ? { message: tooLargeMessage(this.policy.limitBytes) } : {});
    this.readable.destroy(new BodyRefused(status));
  }

  /**
   * The app's answer is out before the body: when it refused what it read, read the rest into
   * nothing if it is declared within the allowance; else close gently (a body the app never
   * meant to read, or of unknown or huge length, is not read on: reading it would cost what the
   * limits are there to save).
   */
  private afterAnswer() {
    if (this.done) return;
    this.detached = true;
    if (this.readsOn(this.res.statusCode)) {
      this.readIntoNothing(Math.max(this.received, this.policy.limitBytes) + this.policy.drainAllowanceBytes);
      return;
    }
    if (this.readsToEndBeforeClosing()) {
      // The connection closes at the body's end (closeAfterAnswer).
      this.readIntoNothing(Number(this.req.headers["content-length"]));
      return;
    }
    this.stopReading();
    lingeringClose(this.req, lingerFor(this.policy));
  }

  /** Reads the rest of the body into nothing, up to `until` bytes in all and within the idle time in all, however it trickles: then the connection is cut. */
  private readIntoNothing(until: number) {
    this.discardUntil = until;
    clearTimeout(this.deadlineTimer);
    this.armDeadline(this.policy.idleMs);
    this.req.resume();
  }

  /**
   * Reads no more of the body, for good (the lingering close reads a little more, within its
   * bound). The request itself is paused: pausing only its socket leaves a flowing request
   * reading on into nothing, as fast as the client sends.
   */
  private stopReading() {
    this.detached = true;
    this.req.pause();
    this.finish();
  }

  /** The connection is closed under the request. */
  private cut() {
    this.finish();
    this.req.socket.destroy();
  }

  private finish() {
    this.done = true;
    clearTimeout(this.idleTimer);
    clearTimeout(this.deadlineTimer);
  }
}

/**
 * The process's body handling (see the top), placed before anything that could read a body.
 */
export function boundRequestBodies(
  build: Pick<ServerBuild, "routes">,
  config: Pick<Config, "formMaxBytes" | "bodyIdleTimeoutMs">,
  /** A file's address (the build's, public/'s), which takes GET and HEAD as a route without an action does. */
  isFile: (pathname: string) => boolean = () => false,
): RequestHandler {
  const match = routeMatcher(build.routes);
  return (req, res, next) => {
    const queryAt = req.originalUrl.indexOf("?");
    const pathname = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
    const search = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
    const target = pathname.startsWith("/") ? match(pathname, search) : undefined;
    const allow = target ? (target.hasAction ? [...SAFE_METHODS, "POST"] : SAFE_METHODS) : isFile(pathname) ? SAFE_METHODS : undefined;
    if (allow) {
      if (!allow.includes(req.method)) {
        const policy = formPolicy(config);
        bound(req, res, policy)?.answeredUnread();
        answerUnread(req, res, 405, { headers: { Allow: allow.join(", ") } });
        return;
      }
    }
    if (!hasBody(req)) return next();

    const policy = target?.uploads?.length && req.method === "POST" ? uploadPolicy(config, target.uploads) : formPolicy(config);
    const declared = Number(req.headers["content-length"]);
    if (req.headers["transfer-encoding"] === undefined && Number.isFinite(declared) && declared > policy.limitBytes) {
      log("request_body_refused", { status: 413, path: pathname, request_id: req.get("x-request-id"), declared_bytes: declared });
      refuseBody(res);
      bound(req, res, policy)?.answeredUnread();
      answerUnread(req, res, 413, { message: tooLargeMessage(policy.limitBytes) });
      return;
    }
    bound(req, res, policy);
    next();
  };
}

/**
 * Counts and times the body of a request that has one (a request without a body is left as it
 * is); `detached` for a body the app will never read (answered here).
 */
function bound(req: ExpressRequest, res: ExpressResponse, policy: BodyPolicy): RequestBody | undefined {
  if (!hasBody(req)) return undefined;
  const body = new RequestBody(req, res, policy);
  bodies.set(req, body);
  return body;
}
