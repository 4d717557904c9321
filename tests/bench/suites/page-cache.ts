import { chmod, writeFile } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";
import { removeDir, tempDir } from "../../e2e/helpers/processes.ts";
import { missingTools, NGINX, startStaticNginx } from "../../hard/scale-out-support.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import { cpuSecondsOf, withBenchStack } from "../support.ts";

/**
 * The cached home page (app/platform/page-cache.server.ts: stored compressed,
 * answered as stored) against Debian's nginx serving the same HTML as a file with gzip, both asked
 * with a browser's Accept-Encoding over 10 connections, side by side in one run. nginx is the
 * ceiling: a static file on the same loopback and cores. With BENCH_CPU_PROF_DIR set, the site
 * runs with `node --cpu-prof` and leaves its profile there (docs/performance.md reads one).
 */

const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
const ROUND_SECONDS = 8;
const TARGET_RATIO = 0.6;
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

interface Round {
  rate: number;
  failures: number;
  /** The server process's CPU time per answer: what the loaded machine's share does not change. */
  cpuMicroseconds: number;
}

/** Requests per second, and those that failed (each failure's reason printed once, for the reader). */
async function requestsPerSecond(url: string, seconds: number, pid: number): Promise<Round> {
  const cpuBefore = await cpuSecondsOf(pid);
  const reasons = new Set<string>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: BROWSER }, (error, done) => (error ? reject(error) : resolve(done)));
    run.on("reqError", (error: Error) => reasons.add(error.message));
  });
  for (const reason of reasons) console.error(`bench: page-cache: a request to ${url} failed: ${reason}`);
  const cpu = (await cpuSecondsOf(pid)) - cpuBefore;
  return { rate: result.requests.total / result.duration, failures: result.non2xx + result.errors + result.timeouts, cpuMicroseconds: (cpu / result.requests.total) * 1e6 };
}

/** The answer's encoding (a check that each side compresses), and its length when it says it. */
async function sent(url: string): Promise<string> {
  const response = await fetch(url, { headers: BROWSER });
  await response.arrayBuffer();
  const length = response.headers.get("content-length");
  return `${response.headers.get("content-encoding") ?? "identity"}${length ? `, ${length} B` : ""}`;
}

const suite: BenchSuite = {
  name: "page-cache",
  missing: () => missingTools([NGINX]),
  async run() {
    const profileDir = process.env.BENCH_CPU_PROF_DIR;
    const bffEnv = profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(profileDir)}` } : undefined;
    return withBenchStack({ bffEnv }, async ({ bff }) => {
      const root = await tempDir("bench-static");
      const nginxDir = await tempDir("bench-static-nginx");
      try {
        // The same HTML the cache holds, as a file nginx's workers may read.
        const html = await (await fetch(`${bff.url}/`, { headers: { "accept-encoding": "identity" } })).text();
        await writeFile(path.join(root, "index.html"), html);
        await chmod(root, 0o755);
        await chmod(path.join(root, "index.html"), 0o644);
        const nginx = await startStaticNginx(nginxDir, root);
        try {
          const cached = await sent(`${bff.url}/`);
          const file = await sent(`${nginx.url}/`);
          const worker = await nginx.workerPid();
          await requestsPerSecond(`${bff.url}/`, WARM_UP_SECONDS, bff.proc.pid);
          await requestsPerSecond(`${nginx.url}/`, WARM_UP_SECONDS, worker);
          const cachedRound = await requestsPerSecond(`${bff.url}/`, ROUND_SECONDS, bff.proc.pid);
          const fileRound = await requestsPerSecond(`${nginx.url}/`, ROUND_SECONDS, worker);
          const ratio = cachedRound.rate / fileRound.rate;
          const failures = cachedRound.failures + fileRound.failures;
          const rows: BenchRow[] = [
            { bench: "page cache", metric: `cached / requests/s (${CONNECTIONS} connections, ${cached})`, value: cachedRound.rate, unit: "req/s" },
            { bench: "page cache", metric: `nginx, the same HTML as a file (${file})`, value: fileRound.rate, unit: "req/s" },
            { bench: "page cache", metric: "cached / over nginx's file", value: ratio, unit: "x", target: `>= ${TARGET_RATIO}`, met: ratio >= TARGET_RATIO },
            { bench: "page cache", metric: "CPU per cached / (the site's process)", value: cachedRound.cpuMicroseconds, unit: "µs" },
            { bench: "page cache", metric: "CPU per file (nginx's worker)", value: fileRound.cpuMicroseconds, unit: "µs" },
            { bench: "page cache", metric: "failed requests, either side", value: failures, unit: "req", target: "= 0", met: failures === 0 },
          ];
          return rows;
        } finally {
          await nginx.stop();
        }
      } finally {
        await removeDir(root);
        await removeDir(nginxDir);
      }
    });
  },
};

export default suite;
