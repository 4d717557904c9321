import { Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's one Prometheus registry and the app's own metrics on it. Created here,
 * in the build: the process takes the registry from the build (`processServices`), adds its
 * request metrics and Node's defaults to it (server/metrics.server.ts) and serves it on its own
 * listener, `METRICS_PORT`. Counting costs a few nanoseconds and goes on whether or not anything
 * scrapes. Every label has a fixed, small set of values: never a path, an id or a host.
 */

export const metricsRegistry = new Registry();

const upstreamCalls = new Histogram({
  name: "dispusip_upstream_request_duration_seconds",
  help: "Calls to the agency's API by outcome (ok, 3xx, 4xx, 5xx, timeout, network, aborted, invalid_response): seconds until the answer was read (a streamed one: until its head), a retried read counted once",
  labelNames: ["outcome"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** A call's end: the upstream's HTTP status, or how it failed (UpstreamErrorKind). */
export function observeUpstreamCall(startedAt: number, result: number | string): void {
  const outcome = typeof result === "string" ? result.replace("-", "_") : result >= 200 && result <= 299 ? "ok" : `${Math.floor(result / 100)}xx`;
  upstreamCalls.observe({ outcome }, (performance.now() - startedAt) / 1000);
}

const redisReconnects = new Counter({
  name: "dispusip_redis_reconnects_total",
  help: "Redis connections that came back after losing Redis, by role (commands, subscriber)",
  labelNames: ["role"] as const,
  registers: [metricsRegistry],
});

export function countRedisReconnect(role: string): void {
  redisReconnects.inc({ role });
}

const pageCacheLookups = new Counter({
  name: "dispusip_page_cache_lookups_total",
  help: "Whole-page cache lookups of requests it may answer (anonymous GETs), by result (hit, miss)",
  labelNames: ["result"] as const,
  registers: [metricsRegistry],
});

export function countPageCacheLookup(hit: boolean): void {
  pageCacheLookups.inc({ result: hit ? "hit" : "miss" });
}

const listCopyLookups = new Counter({
  name: "dispusip_admin_list_copy_lookups_total",
  help: "Back-office list copies asked for, by screen and result (hit: the kept copy; miss: a whole read of the list, or waiting for one under way)",
  labelNames: ["screen", "result"] as const,
  registers: [metricsRegistry],
});

export function countListCopyLookup(screen: string, hit: boolean): void {
  listCopyLookups.inc({ screen, result: hit ? "hit" : "miss" });
}

/** What the gauge below reads on each scrape: the uploads' reservations of this process (the latest made). */
let reservedBytes: (() => number | Promise<number>) | undefined;

export function watchReservedUploadBytes(read: () => number | Promise<number>): void {
  reservedBytes = read;
}

new Gauge({
  name: "dispusip_upload_reserved_bytes",
  help: "Disk reserved by resumable uploads not yet saved (with REDIS_URL, all processes' sharing DATA_DIR/uploads)",
  registers: [metricsRegistry],
  async collect() {
    try {
      this.set(reservedBytes ? await reservedBytes() : 0);
    } catch {
      // Redis unreachable: the last value stays, the scrape still answers.
    }
  },
});
