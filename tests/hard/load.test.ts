import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, spawnNode } from "../e2e/helpers/index.ts";
import { FULL, reportCase } from "./report.ts";
import { describeFault, FAULTS, isRunning, startHardStack, unhandledFailures, type HardStack } from "./stack.ts";

/**
 * Sustained load on the home page from a second process (autocannon) while the upstream
 * misbehaves in turns (every fault for a few seconds, then healthy again). The home page leaves
 * out what it cannot load, so every answer must be a 200; the BFF's memory must stay flat (first
 * against last minute of the full soak) and its file descriptors must come back to where they were.
 */

/** Each fault in turn, with a healthy turn after each: in the fast variant short, so that its soak is short too. */
const FAULT_TURN_MS = FULL ? 5_000 : 750;
/** The fast variant's soak: every fault once (it is load from a second process at full speed, the CPU of both cores). */
const SOAK_SECONDS = FULL ? 300 : Math.ceil((2 * FAULTS.length * FAULT_TURN_MS) / 1_000) + 1;
const WARM_UP_SECONDS = FULL ? 30 : 3;
/** The memory windows compared: the soak's first and last minute (its first and last 5 s in the fast variant). */
const WINDOW_SECONDS = FULL ? 60 : 5;
/**
 * The largest last/first RSS ratio taken as flat. Only the full soak is judged: over the fast
 * variant's seconds V8 is still sizing its heap, so its figures are reported, not asserted.
 */
const MAX_RSS_GROWTH = FULL ? 1.25 : Infinity;
const CONNECTIONS = 8;
const HEAP_CAP_MIB = 192;

interface LoadResult {
  requests: number;
  perSecond: number;
  latencyP50: number;
  latencyP99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCounts: Record<string, number>;
}

let stack: HardStack;

beforeAll(async () => {
  // Public reads cached briefly, as in production, but short enough that the faults reach the page.
  // A capped heap makes V8 collect instead of growing lazily into the machine's memory, so that
  // RSS follows what is really kept: a leak then shows as growth, or as the process dying.
  stack = await startHardStack({ PUBLIC_CACHE_TTL_MS: "500", PUBLIC_CACHE_STALE_MS: "1000", NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MIB}` });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
const openDescriptors = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;
const mebibytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);

/** Runs the load generator in its own process and resolves with its results. */
async function generateLoad(url: string, seconds: number): Promise<LoadResult> {
  const generator = spawnNode("tests/hard/load-generator.ts", baseEnv({ LOAD_URL: url, LOAD_CONNECTIONS: String(CONNECTIONS), LOAD_SECONDS: String(seconds) }));
  const [line] = await generator.waitForStdout(/^\{.*\}$/, (seconds + 120) * 1_000);
  await generator.waitForExit();
  return JSON.parse(line) as LoadResult;
}

describe(`the home page under load for ${SOAK_SECONDS} s with upstream faults`, () => {
  it("answers every request, keeps its memory flat and leaks no file descriptor", async () => {
    const pid = stack.bff.proc.pid;
    const url = `${stack.bff.url}/`;
    // Warm-up: JIT, caches and pools reach their working size before anything is measured.
    await generateLoad(url, WARM_UP_SECONDS);
    const descriptorsBefore = openDescriptors(pid);

    const samples: Array<{ at: number; rss: number }> = [];
    const started = Date.now();
    const sampler = setInterval(() => samples.push({ at: (Date.now() - started) / 1_000, rss: rssBytes(pid) }), 1_000);
    let turn = 0;
    const injected = new Map<string, number>();
    // Each fault in turn, with a healthy turn between two faults.
    const faults = setInterval(() => {
      turn++;
      const fault = turn % 2 ? FAULTS[Math.floor(turn / 2) % FAULTS.length] : { kind: "pass" as const };
      stack.upstream.fault = fault;
      if (fault.kind !== "pass") injected.set(describeFault(fault), (injected.get(describeFault(fault)) ?? 0) + 1);
    }, FAULT_TURN_MS);
    let result: LoadResult;
    try {
      result = await generateLoad(url, SOAK_SECONDS);
    } finally {
      clearInterval(faults);
      clearInterval(sampler);
      stack.upstream.reset();
    }

    // Keep-alive connections (the load's and the upstream's) close on their own timeouts.
    let descriptorsAfter = openDescriptors(pid);
    for (let waited = 0; waited < 20 && descriptorsAfter > descriptorsBefore; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      descriptorsAfter = openDescriptors(pid);
    }
    const firstWindow = average(samples.filter((sample) => sample.at <= WINDOW_SECONDS).map((sample) => sample.rss));
    const lastWindow = average(samples.filter((sample) => sample.at > SOAK_SECONDS - WINDOW_SECONDS).map((sample) => sample.rss));
    const growth = lastWindow / firstWindow;
    const unhandled = unhandledFailures(stack.bff);
    const windowName = FULL ? "minute" : `${WINDOW_SECONDS} s`;
    const passed =
      result.non2xx === 0 && result.errors === 0 && result.timeouts === 0 && growth <= MAX_RSS_GROWTH && descriptorsAfter <= descriptorsBefore + 2 && unhandled.length === 0 && isRunning(stack.bff);
    reportCase({
      suite: "load",
      tried: `GET / for ${SOAK_SECONDS} s, ${CONNECTIONS} connections from a second process, heap capped at ${HEAP_CAP_MIB} MiB, faults in turns of ${FAULT_TURN_MS / 1_000} s (${[...injected.keys()].join(", ")})`,
      got: `${result.requests} requests, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; RSS ${mebibytes(firstWindow)} → ${mebibytes(lastWindow)}; fds ${descriptorsBefore} → ${descriptorsAfter}`,
      passed,
      figures: {
        requests: result.requests,
        "requests/s": Math.round(result.perSecond),
        "latency p50 (ms)": result.latencyP50,
        "latency p99 (ms)": result.latencyP99,
        [`RSS first ${windowName}`]: mebibytes(firstWindow),
        [`RSS last ${windowName}`]: mebibytes(lastWindow),
        "RSS last/first": growth.toFixed(2),
        "fds before": descriptorsBefore,
        "fds after": descriptorsAfter,
        "fault turns": [...injected.values()].reduce((sum, count) => sum + count, 0),
      },
    });
    expect([...injected.keys()], "every fault had its turn").toEqual(FAULTS.map(describeFault));
    expect(result.statusCounts).toEqual({ "200": result.requests });
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(growth).toBeLessThanOrEqual(MAX_RSS_GROWTH);
    expect(descriptorsAfter).toBeLessThanOrEqual(descriptorsBefore + 2);
    expect(unhandled).toEqual([]);
    expect(isRunning(stack.bff)).toBe(true);
  });
});
