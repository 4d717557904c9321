import type { Config } from "./config.server.ts";

/**
 * The agency's API as `/readyz` (server/index.ts) and the back-office's desk (`/admin`) see it.
 */

/**
 * Whether the upstreams answer `/api` within `timeoutMs`: "unreachable" on a connection error or a
 * 5xx, "slow" when no answer came in time (the worse of the two when they differ).
 */
export async function upstreamsReachable(
  config: Pick<Config, "upstreamApiUrl" | "panelApiUrl">,
  timeoutMs = 3_000,
): Promise<"ok" | "slow" | "unreachable"> {
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
