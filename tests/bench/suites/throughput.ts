import autocannon from "autocannon";
import { apiData } from "../../e2e/helpers/reference-api.ts";
import { htmlToText } from "../../e2e/helpers/text.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import { adminCookie, withBenchStack } from "../support.ts";

/**
 * Issue 8, point 2: home-page requests per second (50 connections on loopback) over those of a
 * trivial page of the same app (`/login`: no upstream call, a small form), alternated in the same
 * run. The public cache is on with its defaults, and the upstream answers after 50 ms, so a cache
 * miss would show. Also: upstream requests per 1,000 home views, and an admin's change seen on
 * the home page by the very next request.
 */

const CONNECTIONS = 50;
const ROUND_SECONDS = 6;
const ROUNDS = 2;
const UPSTREAM_LATENCY_MS = 50;
const TRIVIAL_PAGE = "/login";
const TARGET_RATIO = 0.8;

interface Load {
  requests: number;
  seconds: number;
  failures: number;
}

async function load(url: string): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: ROUND_SECONDS });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Changes the vision through the back-office, then reads the home page once. */
async function adminChangeSeenAtOnce(bffUrl: string, referenceApiUrl: string): Promise<boolean> {
  const [record] = await apiData<Array<{ id: number; mission: string }>>(referenceApiUrl, "/mission-vision");
  const vision = `Visi diperbarui ${Date.now()}`;
  const answer = await fetch(`${bffUrl}/admin/mission-vission`, {
    method: "POST",
    headers: { Cookie: await adminCookie(bffUrl) },
    body: new URLSearchParams({ intent: "update", id: String(record.id), vision, mission: record.mission }),
    redirect: "manual",
  });
  if (answer.status !== 302) throw new Error(`the admin change answered ${answer.status}`);
  const home = await fetch(`${bffUrl}/`);
  return htmlToText(await home.text()).includes(vision);
}

const suite: BenchSuite = {
  name: "throughput",
  async run() {
    return withBenchStack({ upstreamLatencyMs: UPSTREAM_LATENCY_MS }, async ({ api, proxy, bff }) => {
      for (const path of ["/", TRIVIAL_PAGE]) await fetch(`${bff.url}${path}`).then((response) => response.arrayBuffer());

      const home: Load = { requests: 0, seconds: 0, failures: 0 };
      const trivial: Load = { requests: 0, seconds: 0, failures: 0 };
      let upstreamDuringHome = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const before = proxy!.requests();
        const homeRound = await load(`${bff.url}/`);
        upstreamDuringHome += proxy!.requests() - before;
        const trivialRound = await load(`${bff.url}${TRIVIAL_PAGE}`);
        for (const [total, part] of [
          [home, homeRound],
          [trivial, trivialRound],
        ] as const) {
          total.requests += part.requests;
          total.seconds += part.seconds;
          total.failures += part.failures;
        }
      }
      if (home.failures || trivial.failures) throw new Error(`failed requests under load: home ${home.failures}, ${TRIVIAL_PAGE} ${trivial.failures}`);

      const homeRate = home.requests / home.seconds;
      const trivialRate = trivial.requests / trivial.seconds;
      const ratio = homeRate / trivialRate;
      const seen = await adminChangeSeenAtOnce(bff.url, api.url);
      const rows: BenchRow[] = [
        { bench: "throughput", metric: `${TRIVIAL_PAGE} requests/s (${CONNECTIONS} connections)`, value: trivialRate, unit: "req/s" },
        { bench: "throughput", metric: `/ requests/s (${CONNECTIONS} connections)`, value: homeRate, unit: "req/s" },
        { bench: "throughput", metric: `/ over ${TRIVIAL_PAGE}`, value: ratio, unit: "x", target: `>= ${TARGET_RATIO}`, met: ratio >= TARGET_RATIO },
        { bench: "throughput", metric: "upstream requests per 1,000 home views", value: (upstreamDuringHome / home.requests) * 1000, unit: "req" },
        { bench: "throughput", metric: "admin change on / by the next request", value: seen ? 1 : 0, unit: "yes=1", target: "= 1", met: seen },
      ];
      return rows;
    });
  },
};

export default suite;
