import { access, readFile } from "node:fs/promises";
import { Agent, createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  baseEnv,
  type Bff,
  bffEnv,
  type NodeProcess,
  PROJECT_ROOT,
  removeDir,
  spawnNode,
  startBff,
  tempDir,
} from "../e2e/helpers/processes.ts";
import { ADMIN_EMAIL, DEMO_PASSWORD } from "../e2e/helpers/reference-api.ts";
import { type CatalogueCounts, setCatalogueCounts } from "../helpers/catalogue-scale.ts";

/**
 * Plumbing shared by the bench suites: the reference API as its own process, a loopback proxy in
 * front of it that delays every call and counts them, the built app as a real process, and
 * small measuring helpers. Everything listens on free loopback ports and is stopped by `close()`.
 */

export interface ReferenceApiProcess {
  url: string;
  dataDir: string;
  proc: NodeProcess;
  close(): Promise<void>;
}

/** `reference-api/main.ts` in its own process on a free port, seeded into `dataDir` (a new temp dir by default). */
export async function startReferenceApiProcess(dataDir?: string): Promise<ReferenceApiProcess> {
  const dir = dataDir ?? (await tempDir("bench-api"));
  const proc = spawnNode("reference-api/main.ts", baseEnv({ DATA_DIR: dir, REFERENCE_API_PORT: "0", DEMO_PASSWORD }));
  try {
    const [, url] = await proc.waitForStdout(/^reference-api listening on (\S+)$/);
    return {
      url,
      dataDir: dir,
      proc,
      async close() {
        await proc.stop();
        if (!dataDir) await removeDir(dir);
      },
    };
  } catch (error) {
    await proc.stop();
    throw error;
  }
}

/** A reference API process holding the generated catalogue at `counts` (tests/helpers/catalogue-scale.ts), its temp dir removed on close. */
export async function startCatalogueApi(counts: CatalogueCounts): Promise<ReferenceApiProcess> {
  const dataDir = await tempDir("bench-catalogue");
  try {
    // The first start creates and seeds the database; the counts are written while it is stopped.
    await (await startReferenceApiProcess(dataDir)).close();
    setCatalogueCounts(dataDir, counts);
    const api = await startReferenceApiProcess(dataDir);
    return {
      ...api,
      async close() {
        await api.close();
        await removeDir(dataDir);
      },
    };
  } catch (error) {
    await removeDir(dataDir);
    throw error;
  }
}

export interface DelayingProxy {
  url: string;
  /** Requests received so far. */
  requests(): number;
  close(): Promise<void>;
}

/**
 * An upstream with a latency the bench controls: each request waits `latencyMs`, then is passed
 * on to `target` unchanged (bodies streamed both ways). The reference API itself stays as it is.
 */
export async function startDelayingProxy(target: string, latencyMs: number): Promise<DelayingProxy> {
  const targetUrl = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let count = 0;
  const server: Server = createServer((req, res) => {
    count += 1;
    setTimeout(() => {
      const forwarded = httpRequest(
        { host: targetUrl.hostname, port: targetUrl.port, method: req.method, path: req.url, headers: req.headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on("error", () => res.destroy());
      req.pipe(forwarded);
    }, latencyMs);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => count,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

/** The built app must exist: benches measure what production serves. */
export async function requireBuild(): Promise<void> {
  try {
    await access(path.join(PROJECT_ROOT, "build", "server", "index.js"));
  } catch {
    throw new Error("no build: run `npm run build` first");
  }
}

export interface BenchBff extends Bff {
  close(): Promise<void>;
}

/** The built app (`server/index.ts`, production, logging as deployed) against `upstreamUrl`, with its own temp DATA_DIR. */
export async function startBenchBff(upstreamUrl: string, extraEnv: Record<string, string> = {}): Promise<BenchBff> {
  await requireBuild();
  const dataDir = await tempDir("bench-bff");
  // The admin lists keep their copy as deployed (the end-to-end stacks read them anew on every visit).
  const bff = await startBff(bffEnv({ UPSTREAM_API_URL: upstreamUrl, DATA_DIR: dataDir, ADMIN_LIST_REFRESH_MS: undefined, ...extraEnv })).catch(async (error: unknown) => {
    await removeDir(dataDir);
    throw error;
  });
  return {
    ...bff,
    async close() {
      await bff.proc.stop();
      await removeDir(dataDir);
    },
  };
}

/** Logs in to the site as the demo admin and returns the session cookie (`name=value`). */
export async function adminCookie(bffUrl: string): Promise<string> {
  const response = await fetch(`${bffUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
    redirect: "manual",
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  if (response.status !== 302 || !cookie.includes("=")) throw new Error(`admin login answered ${response.status}`);
  return cookie;
}

/** Milliseconds until the response's headers arrived (the body is read to the end, then dropped). */
export async function timeToFirstByte(url: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: "manual" });
  const elapsed = performance.now() - started;
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return elapsed;
}

/** Milliseconds until the whole body arrived. */
export async function timeToLastByte(url: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return performance.now() - started;
}

/** Runs `measure` `warmup` times unrecorded, then `runs` times one after another; the median. */
export async function medianOf(runs: number, measure: () => Promise<number>, warmup = 3): Promise<number> {
  for (let i = 0; i < warmup; i++) await measure();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await measure());
  return median(samples);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The value below which `fraction` of `values` lie (nearest rank): 0.95 for the p95. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

/** Resident memory of a process in bytes, from /proc (Linux). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** The CPU seconds (user and system) a process has used so far, from /proc (clock ticks of 1/100 s). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Closes everything given, in order, even when one of them fails. */
export async function closeAll(...resources: Array<{ close(): Promise<void> } | undefined>): Promise<void> {
  for (const resource of resources) {
    try {
      await resource?.close();
    } catch (error) {
      console.error("bench: cleanup failed:", error);
    }
  }
}

export interface BenchStack {
  api: ReferenceApiProcess;
  /** Only when `upstreamLatencyMs` was given: the delaying proxy the BFF calls through. */
  proxy?: DelayingProxy;
  bff: BenchBff;
}

/**
 * A reference API process and a BFF in front of it (through a proxy that delays every upstream
 * call by `upstreamLatencyMs`, when given) for the length of `use`; all stopped afterwards,
 * whatever happens.
 */
export async function withBenchStack<T>(
  { upstreamLatencyMs, bffEnv: extraEnv }: { upstreamLatencyMs?: number; bffEnv?: Record<string, string> },
  run: (stack: BenchStack) => Promise<T>,
): Promise<T> {
  let api: ReferenceApiProcess | undefined;
  let proxy: DelayingProxy | undefined;
  let bff: BenchBff | undefined;
  try {
    api = await startReferenceApiProcess();
    if (upstreamLatencyMs !== undefined) proxy = await startDelayingProxy(api.url, upstreamLatencyMs);
    bff = await startBenchBff((proxy ?? api).url, extraEnv);
    return await run({ api, proxy, bff });
  } finally {
    await closeAll(bff, proxy, api);
  }
}

export const MiB = 1024 * 1024;
