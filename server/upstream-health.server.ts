import type { Config } from "./config.server.ts";
import { sharedVerdict } from "./shared-verdict.server.ts";

/**
 * The agency's API as `/readyz` (server/readiness.server.ts) and the back-office's desk (`/admin`) see it.
 */

export type UpstreamState = "ok" | "slow" | "unreachable";

/**
 * Whether the upstreams answer `/api` within `timeoutMs`: "unreachable" on a connection error or a
 * 5xx, "slow" when no answer came in time (the worse of the two when they differ).
 */
export async function upstreamsReachable(
  config: Pick<Config, "upstreamApiUrl" | "panelApiUrl">,
  timeoutMs = 3_000,
): Promise<UpstreamState> {
  const bases = [...new Set([config.upstreamApiUrl, config.panelApiUrl])];
  const answers = await Promise.all(
    bases.map(async (base) => {
      try {
        const response = await fetch(`${base}/api`, { signal: AbortSignal.timeout(timeoutMs) });
        response.body?.cancel().catch(() => {});
        return response.status < 500 ? "ok" : "unreachable";
      } catch (error) {
        return error instanceof Error && error.name === "TimeoutError" ? "slow" : "unreachable";
      }
    }),
  );
  return answers.includes("unreachable") ? "unreachable" : answers.includes("slow") ? "slow" : "ok";
}

/**
 * How long a check's verdict is reused by `/readyz`, from the moment the check began. `/readyz`
 * is public: without this, each request to it was a call to the agency's API.
 */
export const UPSTREAM_CHECK_REUSE_MS = 2_000;

/**
 * `upstreamsReachable` for `/readyz`: callers share the check in flight, and its verdict until
 * UPSTREAM_CHECK_REUSE_MS after it began; so however many ask, the API gets at most one call per
 * period (to each base), and never two at once. Timed from the check's start, so a verdict is
 * never older than the period: an "ok" means the API answered within the last one, and a request
 * made a period after the API began to fail is told so. `now`: a monotonic clock in ms (the tests
 * pass their own).
 */
export function sharedUpstreamCheck(
  config: Pick<Config, "upstreamApiUrl" | "panelApiUrl">,
  now: () => number = () => performance.now(),
): () => Promise<UpstreamState> {
  // upstreamsReachable never rejects: each failure is a verdict.
  const shared = sharedVerdict(() => upstreamsReachable(config), UPSTREAM_CHECK_REUSE_MS);
  return () => shared(now());
}
