import "./supported-node.ts";
import "./young-collections.server.ts";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { compressedBuildAssets, staticFileAddresses } from "./build-assets.server.ts";
import { ConfigError, getConfig, isConfigError, type Config } from "./config.server.ts";
import { checkDataDirAtStart, dataPaths } from "./data-dir.server.ts";
import { watchDataDirSharing } from "./data-dir-sharing.server.ts";
import { errorFields, log } from "./log.server.ts";
import { validateRequestOrigin } from "./origin.server.ts";
import type { ProcessServices } from "./app-services.server.ts";
import { readBuildVersion } from "./build-version.server.ts";
import { readiness } from "./readiness.server.ts";
import { startMetrics } from "./metrics.server.ts";
import { remixHandler } from "./remix-handler.ts";
import { boundRequestBodies } from "./request-body.server.ts";
import { startLine } from "./start-line.server.ts";
import { publicDocuments } from "./public-documents.server.ts";
import { privateAnswers, refuseCrossSiteWrites, securityHeaders } from "./security.server.ts";
import { uploadLimits } from "./upload-limits.server.ts";
import { onClientError, onUnmetExpectation, refuseLegacyDataRequests, refuseUnknownMethods, sendVisitorError, visitorErrorHandler } from "./visitor-errors.server.ts";

/**
 * The one Node process: Express + Remix, with what the bare `remix-serve` cannot do
 * (design.md): long upload timeouts, a trusted proxy, health checks, request logs and a
 * graceful shutdown.
 */

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
/** What `npm run build` writes (vite.config.ts): the server build, and the browser's files served at `/build/`. */
const serverBuildPath = fileURLToPath(new URL("../build/server/index.js", import.meta.url));
const clientBuildDir = fileURLToPath(new URL("../build/client", import.meta.url));
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The visitor's address (from X-Forwarded-For only when TRUST_PROXY is set). */
    clientIp: string;
    /** The nonce this response's Content-Security-Policy allows inline scripts with. */
    cspNonce?: string;
  }
}

export interface RunningServer {
  url: string;
  server: Server;
  /**
   * The graceful shutdown (SIGTERM): drains for up to `drainMs` (SHUTDOWN_DRAIN_MS) while still
   * answering, until the balancer has stopped sending, then stops accepting and lets requests in
   * flight finish for up to `graceMs` (SHUTDOWN_GRACE_MS), then ends the rest and closes Redis.
   */
  close(graceMs?: number, drainMs?: number): Promise<void>;
}

export async function startServer(config: Config = getConfig()): Promise<RunningServer> {
  if (!existsSync(serverBuildPath)) {
    throw new ConfigError("No build found: run `npm run build` (or `npm start`, which builds when needed).");
  }
  uploadLimits();
  // Every folder under DATA_DIR created (owner-only, as all the process writes) and written to now, or no start (one line naming it).
  const openToOthers = await checkDataDirAtStart(config);
  // React picks its build from process.env when the app's build first loads it: without this, an
  // unset NODE_ENV (production by our default) rendered every page with React's development build.
  process.env.NODE_ENV = config.env;
  log("starting", startLine(config, readBuildVersion(path.dirname(serverBuildPath))));
  if (openToOthers) log("data_dir_open_to_others", openToOthers);
  // Several processes need Redis: one more on this DATA_DIR without it is said in both logs.
  const sharing = config.redisUrl ? undefined : await watchDataDirSharing(config.dataDir);
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const { publicPageCache, connectRedis, closeRedis, redisReady, startUploads, releaseUploadLocks, startBackgroundJobs, stopBackgroundJobs, metricsRegistry } = servicesOf(build);
  if (config.redisUrl) await connectRedis(config.redisUrl);
  await startUploads();
  await startBackgroundJobs();
  // Prometheus metrics on a listener of their own (METRICS_PORT), never the site's; undefined when off.
  const metrics = await startMetrics(config, metricsRegistry, build);
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);

  const inFlight = new Set<ServerResponse>();
  /** Set on SIGTERM: the drain (every answer `Connection: close`, /readyz 503). */
  let stopping = false;
  /** Set when the listener closes, after the drain. */
  let closing = false;
  /** Several instances share Redis (docs/deployment.md): the balancer has others to send a read to. */
  const besideOthers = config.redisUrl !== undefined;
  /** Set once the drain has handed a read back to the balancer (below). */
  let handedBack = false;
  /** When the last connection or request arrived (performance.now()). */
  let lastArrival = 0;
  if (metrics) app.use(metrics.countRequests);
  app.use(requestLog);
  app.use(securityHeaders(config));
  app.use(privateAnswers());
  app.use((req, res, next) => {
    inFlight.add(res);
    res.on("close", () => {
      inFlight.delete(res);
      // Once the listener is closed, a connection whose last request is done is closed at once.
      // (Not during the drain: closing an idle connection races a balancer reusing it.)
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    lastArrival = performance.now();
    if (stopping && besideOthers && handBack(req)) {
      handedBack = true;
      return void req.socket.destroy();
    }
    if (stopping) res.shouldKeepAlive = false;
    next();
  });
  // Every body bounded in size and pace, and a method a route does not take refused (405).
  app.use(boundRequestBodies(build, config, staticFileAddresses(`${projectRoot}/public`)));
  // Refused after the bounds, so that their answers close the connection as every refusal of a
  // body not read does (after a short linger), and during a drain say Connection: close.
  // A malformed Host or X-Forwarded-Host, an absolute-form request line or `OPTIONS *`: 400.
  app.use(validateRequestOrigin(config));
  app.use(refuseCrossSiteWrites(config));
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", readiness(config, { stopping: () => stopping, redisReady }));
  app.all(["/healthz", "/readyz"], (_req, res) => sendVisitorError(res, 405, { headers: { Allow: "GET, HEAD" } }));

  // Fingerprinted by the build: safe to cache for a year. Sent compressed as built when possible.
  app.use("/build", compressedBuildAssets(clientBuildDir, { maxAgeSeconds: ONE_YEAR_SECONDS }));
  app.use("/build", express.static(clientBuildDir, { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false }));
  // The public PDFs: an admin's replacement in DATA_DIR first, then public/'s copy (short cache).
  app.use(publicDocuments({ documentsDir: dataPaths(config).documents, publicDir: `${projectRoot}/public` }));
  // Every file in public/ has an extension: pages skip the disk lookup (and its 404 object).
  const publicFiles = express.static(`${projectRoot}/public`, { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));

  app.use(refuseLegacyDataRequests);
  app.use(publicPageCache());
  app.use(refuseUnknownMethods);
  app.all(
    "*",
    remixHandler({
      build,
      getLoadContext: (req, res) => ({
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        cspNonce: res.locals.cspNonce,
      }),
    }),
  );
  // An error that reached Express (e.g. `/about%ZZ`): our page, 4xx for what a visitor caused.
  app.use(visitorErrorHandler);

  const server = createServer(app);
  server.on("connection", () => (lastArrival = performance.now()));
  server.requestTimeout = config.requestTimeoutMs;
  server.headersTimeout = config.headersTimeoutMs;
  server.keepAliveTimeout = 5_000;
  server.on("clientError", onClientError);
  server.on("checkExpectation", onUnmetExpectation);
  // Scrapes go on through the drain; the metrics listener closes with the site's.
  if (metrics) server.once("close", () => void metrics.close());
  // A port taken by another process (or not ours to take) is the operator's setting: one line, as the metrics' port says it.
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new ConfigError(`Invalid configuration: ${error.code === "ENOTFOUND" || error.code === "EADDRNOTAVAIL" ? "HOST" : "PORT"} cannot be listened on at ${config.host}:${config.port} (${error.code ?? error.message})`)),
    );
    server.listen(config.port, config.host);
  });

  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const url = `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`;
  const close = async (graceMs = config.shutdown.graceMs, drainMs = config.shutdown.drainMs) => {
    stopping = true;
    // Answers still to be sent tell their clients not to reuse the connection.
    for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
    const drained = await drain(server, drainMs, () => handedBack, () => lastArrival);
    closing = true;
    // Resumable uploads' requests end with their stored offset and unlock; the browser resumes on
    // another process at once. A lock still held when the grace is over is deleted all the same.
    const uploadLocks = releaseUploadLocks(graceMs + 1_000);
    const closed = closeGracefully(server, graceMs, () => {
      // Each request still in flight when the grace is over is cut: one line each, for the operator.
      for (const response of inFlight) {
        if (response.writableFinished) continue;
        const { req } = response;
        log("request_cut_by_shutdown", { method: req.method, path: req.url?.split("?")[0], request_id: req.headers["x-request-id"] as string | undefined, grace_ms: graceMs });
      }
    });
    // Said once the listener is closed (server.close() closes it at once): a connection after this line is refused.
    log("drained", drained);
    await closed;
    await uploadLocks;
    await stopBackgroundJobs();
    // Redis stays open until the last request in flight is done with its session and its lock.
    await closeRedis();
    await sharing?.close();
  };
  return { url, server, close };
}

/**
 * Whether a request that arrives during the drain is handed back to the balancer unanswered (its
 * connection closed): a GET or HEAD that a TRUST_PROXY peer forwarded (X-Forwarded-For). nginx
 * sends it to another instance (`proxy_next_upstream error`: nothing was done, and a read may be
 * sent again) and counts the failure (`max_fails=1`), so that it sends this instance nothing more
 * for `fail_timeout`. A request sent straight to the process is answered, and so is every
 * request to a process alone (no REDIS_URL): nginx would have nowhere else to send it.
 */
function handBack(req: express.Request): boolean {
  return (req.method === "GET" || req.method === "HEAD") && req.headers["x-forwarded-for"] !== undefined && isTrustedPeer(req);
}

/** How long nothing must arrive before the drain takes the balancer to have stopped sending. */
const BALANCER_QUIET_MS = 500;

/**
 * The drain: the listener stays open, every answer saying `Connection: close`, until the balancer
 * has stopped sending or `drainMs` has passed. Closing the listener while it still sends resets
 * the connections the kernel has queued for it, and nginx cannot resend a POST it has sent; so
 * does closing an idle keep-alive connection it is about to reuse (nginx's upstream
 * `keepalive_timeout`, shorter than Node's 5 s, ends those on its side meanwhile). It has stopped
 * once nothing has arrived for `BALANCER_QUIET_MS` and either it was handed a read back (and
 * counts this instance failed, so uses none of its connections) or no connection is open.
 * Returns how long it took and what ended it, for the log line.
 */
async function drain(server: Server, drainMs: number, handedBack: () => boolean, lastArrival: () => number): Promise<{ ms: number; ended: string }> {
  const started = performance.now();
  const openConnections = () => new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 1 : count)));
  /** Why the balancer has stopped sending, or undefined while it may not have. */
  const stopped = async () => {
    if (performance.now() - lastArrival() < BALANCER_QUIET_MS) return undefined;
    if (handedBack()) return "read handed back, then quiet";
    return (await openConnections()) === 0 ? "no connection open, quiet" : undefined;
  };
  // Each check runs after the event loop's poll phase, so that what the kernel had queued has arrived.
  const afterPoll = () => new Promise((resolve) => setTimeout(() => setImmediate(resolve), 50));
  let ended: string | undefined;
  while (performance.now() - started < drainMs && !(ended = await stopped())) await afterPoll();
  return { ms: Math.round(performance.now() - started), ended: ended ?? "SHUTDOWN_DRAIN_MS" };
}

function closeGracefully(server: Server, graceMs: number, beforeCutting: () => void): Promise<void> {
  return new Promise((resolve) => {
    const forced = setTimeout(() => {
      beforeCutting();
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearTimeout(forced);
      resolve();
    });
    // Keep-alive connections with no request in flight would otherwise hold the close open.
    server.closeIdleConnections();
  });
}

/** The app's stateful services, from the build's entry module (app/entry.server.tsx re-exports them). */
function servicesOf(build: ServerBuild): ProcessServices {
  const services = (build.entry.module as { processServices?: ProcessServices }).processServices;
  if (!services) throw new ConfigError("The build is out of date (its entry exports no processServices): run `npm run build`.");
  return services;
}

/** An id a trusted proxy may give a request (nginx's `$request_id` is 32 hex digits). */
const FORWARDED_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

const requestLog: express.RequestHandler = (req, res, next) => {
  // The proxy's id when a TRUST_PROXY peer sends a well-formed one (its logs and ours then name
  // the same request); else our own: one a client sends could be used to forge log lines.
  const offered = req.headers["x-request-id"];
  const fromProxy = typeof offered === "string" && FORWARDED_REQUEST_ID.test(offered) && isTrustedPeer(req);
  const requestId = fromProxy ? offered : randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  const started = performance.now();
  res.on("close", () => {
    log("request", {
      method: req.method,
      path: req.path,
      status: res.headersSent ? res.statusCode : 0,
      duration_ms: Math.round(performance.now() - started),
      request_id: requestId,
      aborted: res.writableFinished ? undefined : true,
    });
  });
  next();
};

/** Whether the connection comes from a TRUST_PROXY peer (Express's compiled `trust proxy`). */
function isTrustedPeer(req: express.Request): boolean {
  const trusts = req.app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  return trusts(req.socket.remoteAddress ?? "", 0);
}

/** Runs until SIGTERM or SIGINT, then shuts down gracefully and exits 0. */
export function stopOnSignal(running: RunningServer, afterClose: () => Promise<void> = async () => {}) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("shutdown", { signal });
    await running.close();
    await afterClose();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

export function logUnexpectedFailures() {
  process.on("unhandledRejection", (reason) => {
    log("unhandled_rejection", errorFields(reason));
  });
  // Logged as a line the test suites look for, then the crash it would have been anyway.
  process.on("uncaughtException", (error) => {
    log("uncaught_exception", errorFields(error));
    process.exit(1);
  });
}

/** Prints the one-line reason a start failed and exits; anything else is a real crash. */
export function exitOnStartFailure(error: unknown): never {
  if (isConfigError(error)) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  try {
    logUnexpectedFailures();
    const running = await startServer();
    log("listening", { url: running.url });
    stopOnSignal(running);
  } catch (error) {
    exitOnStartFailure(error);
  }
}
