import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Histogram, type Registry } from "prom-client";
import { ConfigError, type Config } from "./config.server.ts";
import { errorFields, log } from "./log.server.ts";
import { routeMatcher } from "./route-matcher.server.ts";

/**
 * Prometheus metrics, on a listener of their own (`METRICS_HOST`:`METRICS_PORT`,
 * loopback by default), never on the site's port, and off when `METRICS_PORT` is unset. The
 * registry is the build's (app/platform/metrics.server.ts, through `processServices`), where the
 * app counts its upstream calls, caches, Redis reconnects and upload reservations; this module
 * adds Node's default metrics (event-loop lag among them) and every request the site answers,
 * by route id: the matched Remix route's (`routes/admin.book`), or one of a few fixed labels
 * (`health`, `build`, `static`, `unmatched`), never a path, so that visitors' URLs cannot grow
 * the number of series.
 */

export interface ProcessMetrics {
  /** Mounted first: times every request and labels it by route. */
  countRequests: RequestHandler;
  /** Where the listener is, e.g. `http://127.0.0.1:9464/metrics`. */
  url: string;
  close(): Promise<void>;
}

const REQUEST_METRIC = "dispusip_http_request_duration_seconds";
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Registries that already have Node's default metrics (a second call would register them twice). */
const withDefaults = new WeakSet<Registry>();

/** Starts the listener when `METRICS_PORT` is set (else undefined: nothing listens, nothing is counted here). */
export async function startMetrics(config: Pick<Config, "metrics">, registry: Registry, build: ServerBuild): Promise<ProcessMetrics | undefined> {
  if (!config.metrics) return undefined;
  if (!withDefaults.has(registry)) {
    collectDefaultMetrics({ register: registry });
    withDefaults.add(registry);
  }
  const countRequests = requestMetrics(registry, build);
  const listener = metricsListener(registry);
  const { host, port } = config.metrics;
  listener.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    listener.once("listening", resolve);
    listener.once("error", (error: NodeJS.ErrnoException) =>
      reject(new ConfigError(`Invalid configuration: METRICS_PORT cannot be listened on at ${host}:${port} (${error.code ?? error.message})`)),
    );
  });
  const address = listener.address() as AddressInfo;
  const url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}/metrics`;
  log("metrics_listening", { url });
  return {
    countRequests,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        listener.close(() => resolve());
        // A scraper's keep-alive connection would hold the close open.
        listener.closeAllConnections();
      }),
  };
}

/** The request histogram's middleware, on `registry` (the one already there when called again). */
export function requestMetrics(registry: Registry, build: ServerBuild): RequestHandler {
  const histogram =
    (registry.getSingleMetric(REQUEST_METRIC) as Histogram<"route" | "method" | "status"> | undefined) ??
    new Histogram({
      name: REQUEST_METRIC,
      help: "Requests the site answered, by route id (the Remix route, or health, build, static, unmatched), method and status class (aborted: closed before an answer)",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
  const routeOf = routeLabeller(build);
  return (req, res, next) => {
    const started = performance.now();
    const route = routeOf(req.method, req.path, req.url);
    res.once("close", () => {
      const status = res.headersSent ? `${Math.floor(res.statusCode / 100)}xx` : "aborted";
      const method = KNOWN_METHODS.has(req.method) ? req.method : "other";
      histogram.observe({ route, method, status }, (performance.now() - started) / 1000);
    });
    next();
  };
}

/**
 * A request's route label: what the process answers itself (`health`, `build`), the Remix route
 * its path selects (server/route-matcher.server.ts: for a GET the page's own route, an index
 * included; for a form the route whose action runs), a file of public/ (`static`, any other
 * path with an extension), else `unmatched` (the site's 404 page).
 */
export function routeLabeller(build: ServerBuild): (method: string, path: string, url: string) => string {
  const match = routeMatcher(build.routes);
  return (method, path, url) => {
    if (path === "/healthz" || path === "/readyz") return "health";
    if (path === "/build" || path.startsWith("/build/")) return "build";
    const query = url.indexOf("?");
    // A page is rendered by its deepest route, an index included: `?index` makes the matcher say so.
    const search = method === "GET" || method === "HEAD" ? "?index" : query === -1 ? "" : url.slice(query);
    const target = match(path, search);
    if (target) return target.routeId;
    return /\.[^/]+$/.test(path) ? "static" : "unmatched";
  };
}

/** Answers `GET /metrics` with the registry's text; anything else 404 (or 405 for another method). */
function metricsListener(registry: Registry): Server {
  return createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }).end("Method not allowed\n");
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        log("metrics_failed", errorFields(error));
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Metrics could not be collected\n");
      },
    );
  });
}
