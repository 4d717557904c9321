import type { RequestHandler } from "express";
import type { Config } from "./config.server.ts";
import { dataDirWritable } from "./data-dir.server.ts";
import { sharedUpstreamCheck } from "./upstream-health.server.ts";

/**
 * `GET /readyz` (docs/deployment.md, "Health checks"): 200 `{"status":"ok"}` while the agency's
 * API answers, Redis answers and DATA_DIR can be written, else 503 naming the first that fails;
 * from SIGTERM on, 503 "stopping" at once. Never kept by a browser or a proxy. The API's check is
 * shared by the requests of a couple of seconds (`sharedUpstreamCheck`): anyone may ask, as often
 * as they like, and the agency's API must not pay for it. `now`: the tests' clock.
 */
export function readiness(config: Config, instance: { stopping(): boolean; redisReady(): Promise<boolean> }, now?: () => number): RequestHandler {
  const upstreamsReachable = sharedUpstreamCheck(config, now);
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    // Draining: out of the pool at once for a balancer that checks (answered with Connection: close).
    if (instance.stopping()) return void res.status(503).json({ status: "stopping" });
    const [upstreams, redis, dataDir] = await Promise.all([upstreamsReachable(), instance.redisReady(), dataDirWritable(config)]);
    const status = upstreams !== "ok" ? `upstream ${upstreams}` : !redis ? "redis unreachable" : dataDir ? "data dir not writable" : "ok";
    res.status(status === "ok" ? 200 : 503).json({ status });
  };
}
