import { writeFile } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";
import type { BenchRow, BenchSuite } from "../types.ts";
import { cpuSecondsOf, withBenchStack } from "../support.ts";

/**
 * Issue 51, point 4: the home page rendered for each request (a visitor with a cookie, which the
 * whole-page cache never answers: app/platform/page-cache.server.ts) against the same page from
 * that cache (anonymous) and against `/login` (rendered, no upstream read), in alternating rounds
 * of one run. Every request is what a browser sends: its Accept-Encoding, and for the rendered
 * home a site analytics cookie, as a returning visitor's browser carries one. The public reads'
 * cache is at its defaults and the upstream is the reference API on loopback, so the rendered
 * home measures the render and the frame around it, not upstream waits. Beside the rates, the
 * site's CPU time per answer, from /proc: other tenants move it too (shared caches and cores), if
 * less than the rates; its ratio between kinds in one run is the steadier figure.
 *
 * With BENCH_CPU_PROF_DIR set, the site runs with `node --cpu-prof` and leaves its profile there,
 * with `rounds.json`: each round's kind and its span on the monotonic clock the profile's
 * timestamps use (`tests/bench/cpu-profile-summary.ts` reads both).
 */

const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
const ROUND_SECONDS = 6;
const ROUNDS = 3;
const BROWSER = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "accept-encoding": "gzip, deflate, br", "accept-language": "id-ID,id;q=0.9,en;q=0.8" };
/** A returning visitor's browser: the site analytics' cookies on the agency's domain. */
const VISITOR_COOKIE = "_ga=GA1.1.1783206531.1764720000; _ga_DISPUSIP=GS1.1.1764720000.3.1.1764720360.0.0.0";

interface Kind {
  name: string;
  path: string;
  headers: Record<string, string>;
}

const KINDS: Kind[] = [
  { name: "rendered /", path: "/", headers: { ...BROWSER, cookie: VISITOR_COOKIE } },
  { name: "cached /", path: "/", headers: BROWSER },
  { name: "/login", path: "/login", headers: BROWSER },
];

interface Total {
  requests: number;
  seconds: number;
  failures: number;
  cpuSeconds: number;
}

interface Window {
  kind: string;
  /** process.hrtime on the monotonic clock, in µs: the clock of a .cpuprofile's timestamps. */
  startUs: number;
  endUs: number;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function round(url: string, kind: Kind, seconds: number, pid: number): Promise<Total & { window: Window }> {
  const cpuBefore = await cpuSecondsOf(pid);
  const reasons = new Set<string>();
  const startUs = nowUs();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url: `${url}${kind.path}`, connections: CONNECTIONS, duration: seconds, headers: kind.headers }, (error, done) => (error ? reject(error) : resolve(done)));
    run.on("reqError", (error: Error) => reasons.add(error.message));
  });
  const endUs = nowUs();
  for (const reason of reasons) console.error(`bench: rendered-home: a request for ${kind.name} failed: ${reason}`);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuSeconds: (await cpuSecondsOf(pid)) - cpuBefore,
    window: { kind: kind.name, startUs, endUs },
  };
}

/** Checks that each kind is answered as meant: rendered (`no-store`, no ETag) or from the cache (an ETag). */
async function answeredAs(url: string, kind: Kind): Promise<string> {
  const response = await fetch(`${url}${kind.path}`, { headers: kind.headers });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${kind.name} answered ${response.status}`);
  const cached = response.headers.has("etag");
  if (cached !== (kind.name === "cached /")) throw new Error(`${kind.name} was ${cached ? "" : "not "}answered from the page cache`);
  return `${response.headers.get("content-encoding") ?? "identity"}, ${body.byteLength} B of HTML`;
}

const suite: BenchSuite = {
  name: "rendered-home",
  async run() {
    const profileDir = process.env.BENCH_CPU_PROF_DIR;
    const bffEnv = profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(profileDir)}` } : undefined;
    return withBenchStack({ bffEnv }, async ({ bff }) => {
      const pid = bff.proc.pid;
      const sent = new Map<string, string>();
      for (const kind of KINDS) sent.set(kind.name, await answeredAs(bff.url, kind));
      for (const kind of KINDS) await round(bff.url, kind, WARM_UP_SECONDS, pid);
      const totals = new Map<string, Total>(KINDS.map((kind) => [kind.name, { requests: 0, seconds: 0, failures: 0, cpuSeconds: 0 }]));
      const windows: Window[] = [];
      for (let index = 0; index < ROUNDS; index++) {
        // Each round in another order, so that a drift in the machine's load weighs on every kind alike.
        const order = index % 2 ? [...KINDS].reverse() : KINDS;
        for (const kind of order) {
          const part = await round(bff.url, kind, ROUND_SECONDS, pid);
          const total = totals.get(kind.name)!;
          total.requests += part.requests;
          total.seconds += part.seconds;
          total.failures += part.failures;
          total.cpuSeconds += part.cpuSeconds;
          windows.push(part.window);
        }
      }
      if (profileDir) await writeFile(path.join(profileDir, "rounds.json"), `${JSON.stringify(windows, null, 1)}\n`);

      const rate = (name: string) => totals.get(name)!.requests / totals.get(name)!.seconds;
      const cpu = (name: string) => (totals.get(name)!.cpuSeconds / totals.get(name)!.requests) * 1e6;
      const failures = [...totals.values()].reduce((sum, total) => sum + total.failures, 0);
      const rows: BenchRow[] = [
        ...KINDS.map((kind) => ({ bench: "rendered home", metric: `${kind.name} requests/s (${CONNECTIONS} connections, ${sent.get(kind.name)})`, value: rate(kind.name), unit: "req/s" })),
        { bench: "rendered home", metric: "rendered / over cached /", value: rate("rendered /") / rate("cached /"), unit: "x" },
        { bench: "rendered home", metric: "rendered / over /login", value: rate("rendered /") / rate("/login"), unit: "x" },
        ...KINDS.map((kind) => ({ bench: "rendered home", metric: `CPU per ${kind.name} (the site's process)`, value: cpu(kind.name), unit: "µs" })),
        { bench: "rendered home", metric: "CPU per rendered / over per /login", value: cpu("rendered /") / cpu("/login"), unit: "x" },
        { bench: "rendered home", metric: "failed requests", value: failures, unit: "req", target: "= 0", met: failures === 0 },
      ];
      return rows;
    });
  },
};

export default suite;
