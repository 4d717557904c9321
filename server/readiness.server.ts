import type { RequestHandler } from "express";
import type { Config } from "./config.server.ts";
import { dataDirWritable } from "./data-dir.server.ts";
import { sharedVerdict, verdictWithin } from "./shared-verdict.server.ts";
import { sharedUpstreamCheck, UPSTREAM_CHECK_REUSE_MS } from "./upstream-health.server.ts";

/** How long Redis's answer to a PING is waited for: a Redis that hangs is unready, not a /readyz that hangs. */
export const REDIS_CHECK_TIMEOUT_MS = 2_000;

/**
 * `GET /readyz` (docs/deployment.md, "Health checks"): 200 `{"status":"ok"}` while the agency's
 * API answers, Redis answers and DATA_DIR can be written, else 503 naming the first that fails;
 * from SIGTERM on, 503 "stopping" at once. Never kept by a browser or a proxy. The API's check
 * and Redis's PING are each shared by the requests of a couple of seconds (`sharedVerdict`):
 * anyone may ask, as often as they like, and neither the agency's API nor Redis pays for it.
 * `now`: the tests' clock; `redisTimeoutMs`: theirs too.
 */
export function readiness(
  config: Config,
  instance: { stopping(): boolean; redisReady(): Promise<boolean> },
  now: () => number = () => performance.now(),
  redisTimeoutMs = REDIS_CHECK_TIMEOUT_MS,
): RequestHandler {
  const upstreamsReachable = sharedUpstreamCheck(config, now);
  const redisAnswers = sharedVerdict(() => verdictWithin(instance.redisReady().catch(() => false), redisTimeoutMs, () => false), UPSTREAM_CHECK_REUSE_MS);
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    // Draining: out of the pool at once for a balancer that checks (answered with Connection: close).
    if (instance.stopping()) return void res.status(503).json({ status: "stopping" });
    const [upstreams, redis, dataDir] = await Promise.all([upstreamsReachable(), redisAnswers(now()), dataDirWritable(config)]);
    const status = upstreams !== "ok" ? `upstream ${upstreams}` : !redis ? "redis unreachable" : dataDir ? "data dir not writable" : "ok";
    res.status(status === "ok" ? 200 : 503).json({ status });
  };
}
