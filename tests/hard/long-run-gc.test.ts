import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, type NodeProcess, removeDir, spawnNode, tempDir } from "../e2e/helpers/processes.ts";
import { ADMIN_EMAIL, DEMO_PASSWORD, referenceApiToken } from "../e2e/helpers/reference-api.ts";
import { FULL, reportCase } from "./report.ts";
import { unhandledFailures } from "./stack.ts";

/**
 * Issue 34, point 6: better-sqlite3 12 aborts Node 24.19+ (`Assertion failed: (env) != nullptr`,
 * node::RemoveEnvironmentCleanupHook, Statement::~Statement) when a statement that became garbage
 * is finalised by a collection V8 runs in its allocation path, where no context is entered. A short
 * test may never meet such a collection between its requests; this one makes sure it does.
 *
 * The process under test is `npm start`'s demo mode (`scripts/start.ts` without UPSTREAM_API_URL):
 * the site and the embedded reference API in one process, the way an operator tries the site. In
 * it, every kind of write the site makes goes on: the audit log (DATA_DIR/audit.sqlite, each admin
 * save), the sessions (the file store, DATA_DIR/sessions: login, flash alerts, logout) and the
 * reference API's database (the upstream's writes, its login tokens). Their statements become
 * garbage after each request.
 *
 * The preload tests/hard/force-gc.ts (through NODE_OPTIONS, with `--expose-gc`) forces two
 * collections on every tick of a short timer while no request is in flight: one that V8 must run
 * while JavaScript allocates (the kind that aborts better-sqlite3 12) and a full `gc()`. It reports
 * its counts on stderr. After each answer the test waits until the process has been through at
 * least one tick since, so collections of both kinds run between every two requests (some 80 gaps
 * in all), then goes on. `--max-semi-space-size=1` keeps the young generation small, so
 * that a tick's allocation meets a collection after about a megabyte instead of tens.
 *
 * Seen with better-sqlite3 12.11.1 on Node 24.21 (2026-11-26): this process aborts before it
 * prints its address (the reference API's first statements meet such a collection while the site
 * loads); a site on its own, in front of a reference API in another process, aborts in the gap
 * after its first or second request. `gc()` alone is not enough: with full collections only (the
 * allocation left out, the young generation at its default), that site answered all six rounds.
 */

const SUITE = "long-run GC";
/** Each round: login, the genre list, a genre created, renamed and deleted, three public pages, logout. */
const ROUNDS = FULL ? 20 : 6;
/** The collections of each kind that must have run between requests, counted gap by gap. */
const MIN_COLLECTIONS_BETWEEN_REQUESTS = 50;
const TICK_MS = 20;
const SITE_LINE = /The site is running at (http:\/\/[^\s)]+)/;
const READY_LINE = /Press Ctrl-C to stop/;
const REFERENCE_LINE = /Reference API \(demo upstream\) at (http:\/\/127\.0\.0\.1:\d+)\/api/;
const GC_LINE = /^force-gc (\{.*\})$/;

interface Tick {
  full: number;
  atAllocation: number;
  /** Date.now() in the site's process when the tick ended. */
  at: number;
}

interface Gap {
  after: string;
  full: number;
  atAllocation: number;
}

let site: NodeProcess;
let siteUrl: string;
let referenceApiUrl: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDir("long-run-gc");
  site = spawnNode(
    "scripts/start.ts",
    baseEnv({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      REFERENCE_API_PORT: "0",
      UPSTREAM_API_URL: undefined,
      // Every page view and admin list reaches the reference API (its statements), none from a cache.
      PUBLIC_CACHE_TTL_MS: "0",
      PUBLIC_CACHE_STALE_MS: "0",
      ADMIN_LIST_REFRESH_MS: "0",
      NODE_OPTIONS: "--expose-gc --max-semi-space-size=1 --import ./tests/hard/force-gc.ts",
      FORCE_GC_TICK_MS: String(TICK_MS),
    }),
  );
  [, siteUrl] = await site.waitForStdout(SITE_LINE, 120_000);
  await site.waitForStdout(READY_LINE);
  const referenceLine = REFERENCE_LINE.exec(site.stdout());
  if (!referenceLine) throw new Error(`no reference API address on stdout:\n${site.stdout()}`);
  referenceApiUrl = referenceLine[1];
}, 180_000);

afterAll(async () => {
  // Rejects when the site logged an unhandled rejection or an uncaught exception.
  try {
    await site?.stop();
  } finally {
    await removeDir(dataDir);
  }
});

const isRunning = () => site.child.exitCode === null && site.child.signalCode === null;

/** What the site said last, without the preload's lines: why it died, if it died. */
function stderrTail(): string {
  const stderr = site
    .stderr()
    .split("\n")
    .filter((line) => !GC_LINE.test(line))
    .join("\n")
    .slice(-3_000);
  const lastLogLines = site
    .logLines()
    .slice(-3)
    .map((line) => JSON.stringify(line))
    .join("\n");
  return `${stderr}\nlast log lines:\n${lastLogLines}`;
}

function ticks(): Tick[] {
  return site
    .stderr()
    .split("\n")
    .flatMap((line) => {
      const match = GC_LINE.exec(line);
      return match ? [JSON.parse(match[1]) as Tick] : [];
    });
}

/** Resolves when the site next writes to stderr (a tick's line, say) or exits, or after `withinMs`. */
function nextStderrOrExit(withinMs: number): Promise<void> {
  return new Promise((resolve) => {
    const stderr = site.child.stderr!;
    const done = () => {
      clearTimeout(timer);
      stderr.off("data", done);
      resolve();
    };
    const timer = setTimeout(done, withinMs);
    // After the process handle's own listener: stderr() holds the chunk by then.
    stderr.on("data", done);
    void site.exited.then(done);
  });
}

/**
 * Waits until the site has reported a tick that ended after `answeredAt` (the answer was read
 * whole by then, so the site had written it before that tick began), and returns how many
 * collections of each kind ran since the answer.
 */
async function collectionsSince(answeredAt: number, after: string): Promise<Gap> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const seen = ticks();
    const latest = seen.at(-1);
    if (latest && latest.at > answeredAt) {
      const before = seen.filter((tick) => tick.at <= answeredAt).at(-1) ?? { full: 0, atAllocation: 0 };
      return { after, full: latest.full - before.full, atAllocation: latest.atAllocation - before.atAllocation };
    }
    if (!isRunning()) throw new Error(`the site's process died (${site.child.exitCode ?? site.child.signalCode}) after ${after}:\n${stderrTail()}`);
    if (Date.now() > deadline) throw new Error(`no forced collection reported within 30 s after ${after}`);
    await nextStderrOrExit(deadline - Date.now());
  }
}

const gaps: Gap[] = [];
let requests = 0;

/**
 * One request to the site's process (the site or its reference API), its body read whole, then the
 * collections between it and the next. A process that died is reported with its last words.
 */
async function send(label: string, url: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: string }> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, { redirect: "manual", ...init });
    body = await response.text();
  } catch (error) {
    // Alive shows as an answer from it, dead as its exit (a process that no longer answers at all
    // is on its way out): whichever comes first.
    const answers = async () => {
      const answer = await fetch(`${siteUrl}/healthz`);
      await answer.body?.cancel();
      return true;
    };
    const alive = await Promise.race([site.exited.then(() => false), answers().catch(() => site.exited.then(() => false))]);
    const exit = alive ? "still running" : `exited (${site.child.exitCode ?? site.child.signalCode})`;
    throw new Error(`${label}: ${error instanceof Error ? error.message : String(error)}; the site's process ${exit} after ${requests} requests:\n${stderrTail()}`, {
      cause: error,
    });
  }
  requests++;
  gaps.push(await collectionsSince(Date.now(), label));
  return { status: response.status, headers: response.headers, body };
}

function post(label: string, pathname: string, fields: Record<string, string>, cookie?: string) {
  return send(label, `${siteUrl}${pathname}`, {
    method: "POST",
    headers: { origin: siteUrl, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

const get = (label: string, pathname: string, cookie?: string) => send(label, `${siteUrl}${pathname}`, cookie ? { headers: { cookie } } : {});

async function logIn(round: number): Promise<string> {
  const answer = await post(`round ${round}: login`, "/login", { email: ADMIN_EMAIL, password: DEMO_PASSWORD });
  expect(answer.status, answer.body.slice(0, 300)).toBe(302);
  const cookie = answer.headers.get("set-cookie")?.match(/__session=[^;]*/)?.[0];
  expect(cookie).toBeDefined();
  return cookie!;
}

interface Genre {
  id: number;
  name: string;
}

/** The reference API's genres, read from it directly (its own request to the process). */
async function genres(round: number, token: string): Promise<Genre[]> {
  const answer = await send(`round ${round}: the reference API's genres`, `${referenceApiUrl}/api/genres?limit=0`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as { data: Genre[] }).data;
}

const PUBLIC_PAGES = ["/", "/katalog", "/activity"];
const NAME = (round: number) => `Genre GC ${round} ${process.pid}`;

describe(`npm start's demo process with --expose-gc, collections forced between ${ROUNDS} rounds of requests`, () => {
  it("answers every request while the audit log, the sessions and the reference API write, and is alive at the end", async () => {
    const started = Date.now();
    // The test's own token for reading the reference API (a login: a write to its tokens table).
    const token = await referenceApiToken(referenceApiUrl);
    const genreIds: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const cookie = await logIn(round);
      expect((await get(`round ${round}: the genre list`, "/admin/genre", cookie)).status).toBe(200);

      const created = await post(`round ${round}: a new genre`, "/admin/genre", { intent: "create", name: NAME(round) }, cookie);
      expect(created.status, created.body.slice(0, 300)).toBe(302);
      const genre = (await genres(round, token)).find((candidate) => candidate.name === NAME(round));
      expect(genre, `${NAME(round)} in the reference API`).toBeDefined();
      genreIds.push(String(genre!.id));
      // The list takes the flashed alert out of the session (a session write).
      expect((await get(`round ${round}: the genre list after the save`, "/admin/genre", cookie)).status).toBe(200);

      const renamed = await post(`round ${round}: the genre renamed`, "/admin/genre", { intent: "update", id: String(genre!.id), name: `${NAME(round)} diubah` }, cookie);
      expect(renamed.status, renamed.body.slice(0, 300)).toBe(302);
      const deleted = await post(`round ${round}: the genre deleted`, "/admin/genre", { intent: "delete", id: String(genre!.id) }, cookie);
      expect(deleted.status, deleted.body.slice(0, 300)).toBe(302);
      expect((await genres(round, token)).some((candidate) => candidate.id === genre!.id)).toBe(false);

      for (const page of PUBLIC_PAGES) expect((await get(`round ${round}: ${page}`, page)).status, page).toBe(200);

      const loggedOut = await post(`round ${round}: logout`, "/logout", {}, cookie);
      expect(loggedOut.status).toBe(302);
      // The session is gone: the old cookie is no admin's.
      const afterLogout = await get(`round ${round}: /admin/genre after logout`, "/admin/genre", cookie);
      expect(afterLogout.status).toBe(302);
    }

    // The end: alive, healthy, a page, and the audit log kept every save.
    expect(isRunning(), stderrTail()).toBe(true);
    expect((await get("the end: /healthz", "/healthz")).status).toBe(200);
    expect((await get("the end: the home page", "/")).status).toBe(200);
    const cookie = await logIn(ROUNDS + 1);
    const auditPage = await get("the end: the audit log's page", "/admin/audit?resource=genre", cookie);
    expect(auditPage.status).toBe(200);
    expect(auditPage.body).toContain(NAME(ROUNDS));

    const audit = new Database(path.join(dataDir, "audit.sqlite"), { readonly: true, fileMustExist: true });
    let saves: Array<{ action: string; entries: number }>;
    try {
      saves = audit
        .prepare(
          `SELECT action, count(*) AS entries FROM audit_log
           WHERE resource = 'genre' AND outcome = 'ok' AND record_id IN (${genreIds.map(() => "?").join(", ")})
           GROUP BY action ORDER BY action`,
        )
        .all(...genreIds) as Array<{ action: string; entries: number }>;
    } finally {
      audit.close();
    }
    expect(saves).toEqual([
      { action: "create", entries: ROUNDS },
      { action: "delete", entries: ROUNDS },
      { action: "update", entries: ROUNDS },
    ]);

    const full = gaps.reduce((sum, gap) => sum + gap.full, 0);
    const atAllocation = gaps.reduce((sum, gap) => sum + gap.atAllocation, 0);
    const fewest = gaps.reduce((least, gap) => (Math.min(gap.full, gap.atAllocation) < Math.min(least.full, least.atAllocation) ? gap : least));
    const figures = {
      requests,
      "full collections between requests": full,
      "collections at allocation between requests": atAllocation,
      "fewest in one gap": Math.min(fewest.full, fewest.atAllocation),
      "audit entries": saves.reduce((sum, save) => sum + save.entries, 0),
      "seconds": Math.round((Date.now() - started) / 1_000),
    };
    const passed = full >= MIN_COLLECTIONS_BETWEEN_REQUESTS && atAllocation >= MIN_COLLECTIONS_BETWEEN_REQUESTS && Math.min(fewest.full, fewest.atAllocation) >= 1;
    reportCase({
      suite: SUITE,
      tried: `${ROUNDS} rounds (${requests} requests) with collections forced between every two`,
      got: `${full} full and ${atAllocation} at allocation between requests, alive, /healthz 200`,
      passed,
      figures,
    });
    // Every gap between two requests saw both kinds; together at least the 50 of each.
    expect(Math.min(fewest.full, fewest.atAllocation), `after ${fewest.after}`).toBeGreaterThanOrEqual(1);
    expect(full).toBeGreaterThanOrEqual(MIN_COLLECTIONS_BETWEEN_REQUESTS);
    expect(atAllocation).toBeGreaterThanOrEqual(MIN_COLLECTIONS_BETWEEN_REQUESTS);
    expect(unhandledFailures({ url: siteUrl, proc: site })).toEqual([]);
  }, 300_000);
});
