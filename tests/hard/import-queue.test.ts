import { mkdir } from "node:fs/promises";
import path from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_TEXTS } from "~/admin-kit/import";
import { bffEnv, removeDir, startBff, tempDir, type Bff } from "../e2e/helpers/processes.ts";
import { bookExportHeader, booksByTitle, jobSettled, knownNames, newBooksCsv, startJob, uploadFile } from "../helpers/import-http.ts";
import { caseRecorder } from "./report.ts";
import { missingTools, REDIS_SERVER, startRedisServer, type RedisServer } from "./scale-out-support.ts";
import { HARD_UPSTREAM_TIMEOUT_MS, logIn, startHardStack, unhandledFailures, type HardStack, type UpstreamCall } from "./stack.ts";

/**
 * The import's run as a job on the shared queue (REDIS_URL: BullMQ,
 * app/platform/background-jobs.server.ts), BFF processes sharing Redis and DATA_DIR before the
 * counting proxy. Each case begins the run on the one process alive (so that it is the one
 * running it), starts another, then stops the first: killed, the run is taken up by the other
 * by itself; shut down, it is handed over at once; either way every row is written once. A run
 * whose admin logged out before it was taken up does not go on as them.
 */

const record = caseRecorder("import-queue");
const skip = missingTools([REDIS_SERVER]);
const ROWS = 300;
/** Each book create waits this long at the proxy: the run lasts long enough for a second process to start beside it. */
const CREATE_DELAY_MS = 40;
/** Creates made before the second process is started. */
const BEFORE_SECOND = 30;

let stack: HardStack;
let redis: RedisServer;
let redisDir: string;
/** The one process alive between cases. */
let alive: Bff;
const started: Bff[] = [];
let header: string[];
let names: { author: string; publisher: string };
/** When each book create reached the proxy. */
const createTimes: number[] = [];

const isBookCreate = (call: UpstreamCall) => call.method === "POST" && call.path === "/api/books";
const bookCreatesSince = (mark: number) => stack.upstream.writesSince(mark).filter(isBookCreate).length;
const sharedEnv = () => ({ UPSTREAM_API_URL: stack.upstream.url, DATA_DIR: stack.bffDataDir, REDIS_URL: redis.url, UPSTREAM_TIMEOUT_MS: String(HARD_UPSTREAM_TIMEOUT_MS), PUBLIC_CACHE_TTL_MS: "0", PUBLIC_CACHE_STALE_MS: "0" });

beforeAll(async () => {
  if (skip) return;
  redisDir = await tempDir("import-queue-redis");
  await mkdir(path.join(redisDir, "data"));
  redis = await startRedisServer(path.join(redisDir, "data"));
  stack = await startHardStack({ REDIS_URL: redis.url });
  alive = stack.bff;
  header = await bookExportHeader(alive.url, await logIn(alive.url));
  names = await knownNames(stack.referenceApi.url);
  stack.upstream.fault = { kind: "delay", ms: CREATE_DELAY_MS };
  stack.upstream.hits = (call) => {
    if (!isBookCreate(call)) return false;
    createTimes.push(performance.now());
    return true;
  };
});

afterAll(async () => {
  try {
    await Promise.all(started.map((bff) => bff.proc.stop()));
  } finally {
    await stack?.close();
    await redis?.stop();
    if (redisDir) await removeDir(redisDir);
  }
});

/**
 * Imports ROWS new books: the run begun on the one process alive, a second process started once
 * BEFORE_SECOND rows are written, then `stop` done to the first (which the second replaces).
 */
async function runWithFirstStopped(prefix: string, stop: (first: Bff, second: Bff, cookie: string) => Promise<void>, settledBy = 120_000) {
  const first = alive;
  const cookie = await logIn(first.url);
  const upload = await uploadFile(first.url, cookie, "book", `${prefix}.csv`, newBooksCsv(header, ROWS, prefix, names));
  expect(upload.status, upload.text).toBe(302);
  const job = upload.job!;
  expect(await jobSettled(stack.bffDataDir, job, ["previewed", "failed"])).toMatchObject({ stage: "previewed" });
  const mark = stack.upstream.writes.length;
  expect((await startJob(first.url, cookie, "book", job)).status).toBe(302);
  while (bookCreatesSince(mark) < BEFORE_SECOND) await pause(20);
  const second = await startBff(bffEnv(sharedEnv()));
  started.push(second);
  alive = second;
  const stoppedAt = performance.now();
  await stop(first, second, cookie);
  const createsAtStop = bookCreatesSince(mark);
  const done = await jobSettled(stack.bffDataDir, job, ["done", "stopped", "failed"], settledBy);
  // The run's pause at the stop: from the last create before it to the first after.
  const before = createTimes.filter((time) => time < stoppedAt).at(-1) ?? stoppedAt;
  const after = createTimes.find((time) => time > stoppedAt);
  return {
    pauseSeconds: after === undefined ? undefined : (after - before) / 1000,
    done,
    createsAtStop,
    creates: bookCreatesSince(mark),
    counts: await booksByTitle(stack.referenceApi.url, `${prefix} `),
    second,
  };
}

describe.skipIf(skip)("an import's run on the shared queue (REDIS_URL)", () => {
  it("is taken up by the other process by itself when its process is killed mid-run; each row is written once", async () => {
    const outcome = await runWithFirstStopped("Impor Antrean Mati", async (first) => {
      first.proc.signal("SIGKILL");
      await first.proc.exited;
    });
    record("process killed mid-run", `${outcome.done.stage}; the run paused ${outcome.pauseSeconds?.toFixed(1)} s at the kill (${outcome.createsAtStop} rows written before it), ${outcome.creates} creates for ${ROWS} rows`, outcome.done.stage === "done");
    expect(outcome.createsAtStop).toBeLessThan(ROWS);
    expect(outcome.done.stage).toBe("done");
    expect([...outcome.counts].filter(([, count]) => count !== 1)).toEqual([]);
    expect(outcome.counts.size).toBe(ROWS);
    // The create under way at the kill may reach the upstream, its answer lost: one more at most.
    expect(outcome.creates).toBeGreaterThanOrEqual(ROWS);
    expect(outcome.creates).toBeLessThanOrEqual(ROWS + 1);
    expect(unhandledFailures(outcome.second)).toEqual([]);
  });

  it("is handed to the other process at once when its process shuts down (SIGTERM), not after the stalled-job check", async () => {
    let exit: { code: number | null } | undefined;
    const outcome = await runWithFirstStopped("Impor Antrean Henti", async (first) => {
      first.proc.signal("SIGTERM");
      exit = await first.proc.exited;
    });
    record("process shut down mid-run", `${outcome.done.stage}; the run paused ${outcome.pauseSeconds?.toFixed(1)} s at SIGTERM, ${outcome.creates} creates for ${ROWS} rows`, outcome.done.stage === "done");
    expect(exit?.code).toBe(0);
    expect(outcome.createsAtStop).toBeLessThan(ROWS);
    expect(outcome.done.stage).toBe("done");
    expect(outcome.counts.size).toBe(ROWS);
    expect([...outcome.counts].filter(([, count]) => count !== 1)).toEqual([]);
    // A graceful stop lets the row under way finish: no write is cut, none repeated.
    expect(outcome.creates).toBe(ROWS);
    // A dead process's job waits 15–30 s for the stalled-job check; a handed-over one is taken at
    // once (well under a second here), unless its wake-up went to the closing process's own worker:
    // then the other waits out BullMQ's drainDelay, 5 s.
    expect(outcome.pauseSeconds).toBeLessThan(5);
  });

  it("does not go on as an admin who logged out before another process took it up", async () => {
    const outcome = await runWithFirstStopped("Impor Antrean Keluar", async (first, second, cookie) => {
      first.proc.signal("SIGKILL");
      await first.proc.exited;
      // The session is shared through Redis: the admin logs out on the other process.
      const logout = await fetch(`${second.url}/logout`, { method: "POST", headers: { cookie, origin: second.url }, redirect: "manual" });
      expect(logout.status).toBe(302);
      // The create the kill left at the proxy lands by now.
      await pause(CREATE_DELAY_MS * 5);
    });
    record("admin logged out while no process ran it", `${outcome.done.stage}: ${outcome.done.reason ?? ""}; ${outcome.creates - outcome.createsAtStop} creates after`, outcome.done.stage === "stopped");
    expect(outcome.done).toMatchObject({ stage: "stopped", reason: IMPORT_TEXTS.sessionEnded });
    expect(outcome.creates).toBe(outcome.createsAtStop);
  });
});
