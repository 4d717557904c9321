import "./supported-node.ts";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import type { Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { compressedBuildAssets } from "./build-assets.server.ts";
import { ConfigError, getConfig, isConfigError, type Config } from "./config.server.ts";
import { log } from "./log.server.ts";
import { validateRequestOrigin } from "./origin.server.ts";
import type { ProcessServices } from "./app-services.server.ts";
import { remixHandler } from "./remix-handler.ts";
import { boundRequestBodies } from "./request-body.server.ts";
import { privateAnswers, refuseCrossSiteWrites, securityHeaders } from "./security.server.ts";
import { uploadLimits } from "./upload-limits.server.ts";
import { onClientError, onUnmetExpectation, refuseUnknownMethods, sendVisitorError, visitorErrorHandler } from "./visitor-errors.server.ts";

/**
 * The one Node process: Express + Remix, with what the bare `remix-serve` cannot do
 * (design.md): long upload timeouts, a trusted proxy, health checks, request logs and a
 * graceful shutdown.
 */

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
/** What `npm run build` writes (vite.config.ts): the server build, and the browser's files served at `/build/`. */
const serverBuildPath = fileURLToPath(new URL("../build/server/index.js", import.meta.url));
const clientBuildDir = fileURLToPath(new URL("../build/client", import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;
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
  /** Stops accepting, lets requests in flight finish for up to `graceMs`, then ends the rest. */
  close(graceMs?: number): Promise<void>;
}

export async function startServer(config: Config = getConfig()): Promise<RunningServer> {
  if (!existsSync(serverBuildPath)) {
    throw new ConfigError("No build found: run `npm run build` (or `npm start`, which builds when needed).");
  }
  uploadLimits();
  // React picks its build from process.env when the app's build first loads it: without this, an
  // unset NODE_ENV (production by our default) rendered every page with React's development build.
  process.env.NODE_ENV = config.env;
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const { publicPageCache, connectRedis, closeRedis, redisReady } = servicesOf(build);
  if (config.redisUrl) await connectRedis(config.redisUrl);
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);

  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  app.use(requestLog);
  app.use(securityHeaders(config));
  app.use(privateAnswers());
  // A malformed Host or X-Forwarded-Host, an absolute-form request line or `OPTIONS *`: 400.
  app.use(validateRequestOrigin(config));
  app.use(refuseCrossSiteWrites(config));
  app.use((_req, res, next) => {
    inFlight.add(res);
    res.on("close", () => {
      inFlight.delete(res);
      // While stopping, a connection whose last request is done is closed at once.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    if (stopping) res.shouldKeepAlive = false;
    next();
  });
  // Every body bounded in size and pace, and a method a route does not take refused (405).
  app.use(boundRequestBodies(build, config));
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const [upstreams, redis] = await Promise.all([upstreamsReachable(config), redisReady()]);
    const status = !upstreams ? "upstream unreachable" : !redis ? "redis unreachable" : "ok";
    res.set("Cache-Control", "no-store").status(status === "ok" ? 200 : 503).json({ status });
  });
  app.all(["/healthz", "/readyz"], (_req, res) => sendVisitorError(res, 405, { headers: { Allow: "GET, HEAD" } }));

  // Fingerprinted by the build: safe to cache for a year. Sent compressed as built when possible.
  app.use("/build", compressedBuildAssets(clientBuildDir, { maxAgeSeconds: ONE_YEAR_SECONDS }));
  app.use("/build", express.static(clientBuildDir, { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false }));
  // Every file in public/ has an extension: pages skip the disk lookup (and its 404 object).
  const publicFiles = express.static(`${projectRoot}/public`, { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));

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

  const server = app.listen(config.port, config.host);
  server.requestTimeout = config.requestTimeoutMs;
  server.headersTimeout = config.headersTimeoutMs;
  server.keepAliveTimeout = 5_000;
  server.on("clientError", onClientError);
  server.on("checkExpectation", onUnmetExpectation);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });

  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const url = `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`;
  const close = (graceMs = SHUTDOWN_GRACE_MS) => {
    stopping = true;
    // Answers still to be sent tell their clients not to reuse the connection.
    for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
    // Redis stays open until the last request in flight is done with its session.
    return closeGracefully(server, graceMs).then(closeRedis);
  };
  return { url, server, close };
}

function closeGracefully(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const forced = setTimeout(() => server.closeAllConnections(), graceMs);
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

const requestLog: express.RequestHandler = (req, res, next) => {
  // Our own id, always: one a client sends could be used to forge log lines.
  const requestId = randomUUID();
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

async function upstreamsReachable(config: Config): Promise<boolean> {
  const bases = [...new Set([config.upstreamApiUrl, config.panelApiUrl])];
  const answers = await Promise.all(
    bases.map(async (base) => {
      try {
        const response = await fetch(`${base}/api`, { signal: AbortSignal.timeout(3_000) });
        response.body?.cancel().catch(() => {});
        return response.status < 500;
      } catch {
        return false;
      }
    }),
  );
  return answers.every(Boolean);
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
    log("unhandled_rejection", { error: reason instanceof Error ? reason.message : String(reason) });
  });
  // Logged as a line the test suites look for, then the crash it would have been anyway.
  process.on("uncaughtException", (error) => {
    log("uncaught_exception", { error: `${error.name}: ${error.message}`, stack: error.stack?.split("\n").slice(1, 4).join(" | ") });
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
