import autocannon from "autocannon";

/**
 * The load test's second process: sends GETs to LOAD_URL over LOAD_CONNECTIONS keep-alive
 * connections for LOAD_SECONDS, then prints one JSON line of results.
 */

const result = await autocannon({
  url: process.env.LOAD_URL!,
  connections: Number(process.env.LOAD_CONNECTIONS),
  duration: Number(process.env.LOAD_SECONDS),
  timeout: 30,
});
const statusCounts: Record<string, number> = {};
for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = stats.count ?? 0;
process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    perSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
  })}\n`,
);
