import express from "express";
import { copyFile, mkdir, readdir, readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { Agent, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { listedColumns } from "~/admin-kit/screen";
import { bookAdapter } from "~/resources/books/books.server";
import type { Book } from "~/resources/books/books.server";
import { PositionIndex, type OpenDatabase } from "~/platform/full-text.server";
import { EXPORT_TEXT } from "~/admin-kit/server/screen/adapter.server";
import type { ApiContext } from "../../../reference-api/context.ts";
import { DATABASE_FILE, openDatabase, type Db } from "../../../reference-api/db.ts";
import { createReferenceApp, DEFAULT_MAX_UPLOAD_BYTES } from "../../../reference-api/server.ts";
import { Storage } from "../../../reference-api/storage.ts";
import { AGENCY_CATALOGUE, setCatalogueCounts } from "../../helpers/catalogue-scale.ts";
import { baseEnv, removeDir, spawnNode, tempDir, type NodeProcess } from "../../e2e/helpers/processes.ts";
import { referenceApiToken } from "../../e2e/helpers/reference-api.ts";
import { BETTER_SQLITE3_BUILD_DEFAULTS, openNodeSqlite } from "../sqlite-adapter.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import { closeAll, median, startReferenceApiProcess } from "../support.ts";

/**
 * better-sqlite3 against Node's built-in node:sqlite, on the project's own code and a catalogue's
 * data (the agency's catalogue: 10,000 books, 5,000 authors, 800 publishers, 150 genres and tags,
 * 1,000 DDC classes, 500 activities: tests/helpers/catalogue-scale.ts):
 *
 * 1. The reference API: its express app (`createReferenceApp`) in a process of its own per
 *    driver, each over its own copy of the same database, over HTTP on loopback: pages of
 *    `/api/books/all` (100 books each), one activity (`/api/activities/{id}`), and JSON writes
 *    (a genre created, a genre renamed) with an admin's token. Requests go one at a time on a
 *    kept-alive connection, in batches; each batch is timed by the server's CPU time (all its
 *    threads, from /proc) and, for context, by the wall clock, which on a shared machine also
 *    counts the time the server waited for a core (and, for writes, the disk's flushes).
 *    node:sqlite runs twice: with better-sqlite3's compiled-in page cache and WAL
 *    synchronous setting given as pragmas (the drivers compared alike), and with its own
 *    SQLite build's defaults (what changing the driver alone gives).
 * 2. The search index: `PositionIndex` (app/platform/full-text.server.ts) built over the book list's
 *    columns as the admin list's read model makes them (the book adapter's cells, whole text),
 *    and a set of typical searches, in this process, on both drivers, timed by this thread's CPU
 *    time (and the wall clock, for context).
 *
 * node:sqlite goes behind better-sqlite3's API through ../sqlite-adapter.ts. The drivers take
 * turns (A B B A ...), so that neither always runs first; each ratio is node:sqlite over
 * better-sqlite3. No target: the figures decide the issue.
 * A ratio below 1 means node:sqlite costs less.
 */

const COUNTS = { ...AGENCY_CATALOGUE, activities: 500 };
const ROUNDS = 14;
const INDEX_BUILDS = 10;
const SEARCH_ROUNDS = 14;
/** Each search is repeated in a batch of about this many ms. */
const SEARCH_BATCH_MS = 25;

const SERVE_VARIANT = "SQLITE_DRIVERS_BENCH_VARIANT";
const SERVE_DATA_DIR = "SQLITE_DRIVERS_BENCH_DATA_DIR";

const VARIANTS = ["better-sqlite3", "node:sqlite", "node:sqlite, its build's defaults"] as const;
type Variant = (typeof VARIANTS)[number];

/** The database as the reference API opens it, on the variant's driver. */
function openFor(variant: Variant, file: string): Db {
  if (variant === "better-sqlite3") return openDatabase(file);
  // reference-api/db.ts's openDatabase, its pragmas one for one (the bench checks the outcome against it).
  const db = openNodeSqlite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  if (variant === "node:sqlite") for (const setting of BETTER_SQLITE3_BUILD_DEFAULTS) db.pragma(setting);
  return db;
}

const SETTINGS = ["journal_mode", "synchronous", "cache_size", "foreign_keys", "busy_timeout"] as const;

/** The child process's part: the reference API's app on one driver, as reference-api/server.ts runs it. */
async function serve(variant: Variant, dataDir: string): Promise<void> {
  const storage = new Storage(dataDir);
  await storage.prepare();
  const db = openFor(variant, path.join(dataDir, DATABASE_FILE));
  const context: ApiContext = {
    db,
    storage,
    maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES,
    inflight: new Set(),
    parseJson: express.json({ limit: "8mb" }),
  };
  const server = createServer(createReferenceApp(context, { shape: "full" }));
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const settings = Object.fromEntries(SETTINGS.map((name) => [name, db.pragma(name, { simple: true })]));
  const version = String(db.prepare("SELECT sqlite_version()").pluck().get());
  console.log(`sqlite-drivers api http://127.0.0.1:${(server.address() as AddressInfo).port} SQLite ${version} ${JSON.stringify(settings)}`);
  process.on("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => {
      db.close();
      process.exit(0);
    });
  });
}

// This file is also the servers' entry: the suite starts it with `node --import tsx` and the
// variable set (startApiServer). Imported by the bench runner, it only defines the suite.
const servedVariant = process.env[SERVE_VARIANT] as Variant | undefined;
if (servedVariant && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await serve(servedVariant, process.env[SERVE_DATA_DIR] ?? "");
}

// ---- the bench's side ------------------------------------------------------------------------

interface ApiServer {
  variant: Variant;
  url: URL;
  proc: NodeProcess;
  agent: Agent;
  token: string;
  /** SQLite's version in this driver. */
  version: string;
  settings: Record<string, unknown>;
  close(): Promise<void>;
}

async function startApiServer(variant: Variant, dataDir: string): Promise<ApiServer> {
  const proc = spawnNode(fileURLToPath(import.meta.url), baseEnv({ [SERVE_VARIANT]: variant, [SERVE_DATA_DIR]: dataDir }));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const [, url, version, settings] = await proc.waitForStdout(/^sqlite-drivers api (\S+) SQLite (\S+) (\{.*\})$/);
    return {
      variant,
      url: new URL(url),
      proc,
      agent,
      token: await referenceApiToken(url),
      version,
      settings: JSON.parse(settings) as Record<string, unknown>,
      async close() {
        agent.destroy();
        await proc.stop();
      },
    };
  } catch (error) {
    agent.destroy();
    await proc.stop();
    throw error;
  }
}

/** One request on the server's kept-alive connection; the body read whole. */
function call(server: ApiServer, method: string, apiPath: string, body?: object): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: server.url.hostname,
        port: server.url.port,
        method,
        path: `/api${apiPath}`,
        agent: server.agent,
        headers: {
          Authorization: `Bearer ${server.token}`,
          ...(payload === undefined ? {} : { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function expectStatus(server: ApiServer, status: number, method: string, apiPath: string, body?: object): Promise<string> {
  const answer = await call(server, method, apiPath, body);
  if (answer.status !== status) throw new Error(`${server.variant}: ${method} ${apiPath} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return answer.text;
}

/** CPU time a process has run so far, all its threads, in ms (Linux's schedstat: nanoseconds, not 10 ms ticks). */
async function cpuMs(pid: number): Promise<number> {
  let nanoseconds = 0;
  for (const task of await readdir(`/proc/${pid}/task`)) {
    // A thread may end between the listing and the read: it no longer counts.
    const line = await readFile(`/proc/${pid}/task/${task}/schedstat`, "utf8").catch(() => "0");
    nanoseconds += Number(line.split(" ")[0]);
  }
  return nanoseconds / 1e6;
}

/**
 * CPU time of this thread in ms: what the search index costs, whatever else the machine runs.
 * Linux brings it up to date only at the scheduler's ticks and switches (a few ms apart), so it
 * is read around batches of 25 ms or more, and summed over all of them.
 */
function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/** The drivers' order in round `round`: forwards, then backwards, and so on. */
function inTurn<T>(items: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...items] : [...items].reverse();
}

interface Workload {
  bench: string;
  /** Requests per batch. */
  batch: number;
  /** Runs one request (the n-th of this workload on this server). */
  request(server: ApiServer, n: number): Promise<void>;
}

/** Per request, one entry per batch. */
interface Tally {
  wall: number[];
  cpu: number[];
}

function ms(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toPrecision(3);
}

async function benchReferenceApi(servers: ApiServer[]): Promise<BenchRow[]> {
  const [reference] = servers;
  const activityIds = (JSON.parse(await expectStatus(reference, 200, "GET", "/activities?limit=0")) as { data: Array<{ id: number }> }).data.map(
    (activity) => activity.id,
  );
  const pages = Math.ceil(COUNTS.books / 100);
  // Every page in turn, in an order that jumps about (a prime step), the same for every server.
  const pageAt = (n: number) => ((n * 37) % pages) + 1;
  const created = new Map<Variant, number[]>(servers.map((server) => [server.variant, []]));
  const stamp = Date.now().toString(36);

  const workloads: Workload[] = [
    {
      bench: "reference API: a page of /api/books/all (100 books)",
      batch: 20,
      request: async (server, n) => void (await expectStatus(server, 200, "GET", `/books/all?page=${pageAt(n)}&limit=100`)),
    },
    {
      bench: "reference API: one record (/api/activities/{id})",
      batch: 60,
      request: async (server, n) => void (await expectStatus(server, 200, "GET", `/activities/${activityIds[(n * 7) % activityIds.length]}`)),
    },
    {
      bench: "reference API: create a genre (POST /api/genres, JSON)",
      batch: 10,
      request: async (server, n) => {
        const text = await expectStatus(server, 201, "POST", "/genres", { name: `Genre bangku ${stamp} ${n}` });
        created.get(server.variant)!.push((JSON.parse(text) as { data: { id: number } }).data.id);
      },
    },
    {
      bench: "reference API: rename a genre (PUT /api/genres, JSON)",
      batch: 10,
      request: async (server, n) => {
        const ids = created.get(server.variant)!;
        await expectStatus(server, 200, "PUT", "/genres", { id: ids[n % ids.length], name: `Genre diubah ${stamp} ${n}` });
      },
    },
  ];

  const tallies = new Map<string, Tally>();
  const tally = (workload: Workload, server: ApiServer): Tally => {
    const key = `${workload.bench}\n${server.variant}`;
    let found = tallies.get(key);
    if (!found) tallies.set(key, (found = { wall: [], cpu: [] }));
    return found;
  };
  const counters = new Map<string, number>();
  const runBatch = async (workload: Workload, server: ApiServer, record: boolean): Promise<void> => {
    const key = `${workload.bench}\n${server.variant}`;
    let n = counters.get(key) ?? 0;
    const cpuBefore = await cpuMs(server.proc.pid);
    const started = performance.now();
    for (let i = 0; i < workload.batch; i++) await workload.request(server, n++);
    const wall = performance.now() - started;
    const cpu = (await cpuMs(server.proc.pid)) - cpuBefore;
    counters.set(key, n);
    if (!record) return;
    const entry = tally(workload, server);
    entry.wall.push(wall / workload.batch);
    entry.cpu.push(cpu / workload.batch);
  };

  // Warm-up: every page of the list once on each server (its code compiled, the file in the OS cache), one batch of the rest.
  for (const server of servers) for (let n = 0; n < pages; n++) await workloads[0].request(server, n);
  for (const workload of workloads.slice(1)) for (const server of servers) await runBatch(workload, server, false);

  for (let round = 0; round < ROUNDS; round++) {
    for (const workload of workloads) for (const server of inTurn(servers, round)) await runBatch(workload, server, true);
  }

  const rows: BenchRow[] = [];
  for (const workload of workloads) {
    const bench = `sqlite drivers, ${workload.bench}`;
    const [base, same, own] = servers.map((server) => tally(workload, server));
    const wall = (entry: Tally) => median(entry.wall);
    const cpu = (entry: Tally) => median(entry.cpu);
    rows.push(
      { bench, metric: "better-sqlite3: server CPU per request", value: cpu(base), unit: "ms" },
      { bench, metric: "node:sqlite: server CPU per request", value: cpu(same), unit: "ms" },
      { bench, metric: "node:sqlite / better-sqlite3, server CPU", value: cpu(same) / cpu(base), unit: "x" },
      { bench, metric: "node:sqlite / better-sqlite3, wall clock", detail: `${ms(wall(same))} / ${ms(wall(base))} ms`, value: wall(same) / wall(base), unit: "x" },
      { bench, metric: "node:sqlite, its build's defaults / better-sqlite3, server CPU", detail: `${ms(cpu(own))} ms`, value: cpu(own) / cpu(base), unit: "x" },
      { bench, metric: "node:sqlite, its build's defaults / better-sqlite3, wall clock", detail: `${ms(wall(own))} ms`, value: wall(own) / wall(base), unit: "x" },
    );
  }
  return rows;
}

// ---- the search index ------------------------------------------------------------------------

/** PositionIndex on each driver: its own default (better-sqlite3), and node:sqlite through the adapter. */
const DRIVERS: Array<{ name: string; open?: OpenDatabase }> = [
  { name: "better-sqlite3" },
  { name: "node:sqlite", open: (location) => openNodeSqlite(location) },
];

interface Search {
  label: string;
  text: string;
  /** Column positions, as the public catalogue searches (title and author). */
  columns?: number[];
}

/**
 * The book list's columns as the admin list's read model indexes them (read-model.server.ts: the
 * cells' whole text). The books are the reference API's JSON, not parsed by the adapter's schema:
 * the cells read only texts and names, which that JSON holds as the schema would give them.
 */
function bookTexts(books: Book[]): { columns: string[]; texts: string[][] } {
  const columns = listedColumns(bookAdapter.definition.columns);
  const texts = books.map((book) => {
    const whole = bookAdapter.cells(book, EXPORT_TEXT);
    return columns.map((field) => {
      const value = whole[field as keyof typeof whole];
      return value === null || value === undefined ? "" : String(value);
    });
  });
  return { columns, texts };
}

function benchSearchIndex(books: Book[]): BenchRow[] {
  const { columns, texts } = bookTexts(books);
  const build = (driver: (typeof DRIVERS)[number]) => new PositionIndex(columns.length, texts, driver.open);
  const catalogueColumns = ["title", "author"].map((column) => columns.indexOf(column));
  const searches: Search[] = [
    { label: "one word, in a sixth of the books and more ('perpustakaan')", text: "perpustakaan" },
    { label: "an ISBN prefix, the compact ISBN-13s ('9786232')", text: "9786232" },
    { label: "two words ('hikayat nelayan')", text: "hikayat nelayan" },
    { label: "two prefixes, many books ('perpus dae')", text: "perpus dae" },
    { label: "an author's name ('fitri sutrisno')", text: "fitri sutrisno" },
    { label: "a word in no book ('zamrud')", text: "zamrud" },
    { label: "the catalogue's: title and author ('jejak sutrisno')", text: "jejak sutrisno", columns: catalogueColumns },
  ];

  // Both answer alike, or the comparison means nothing.
  const indexes = DRIVERS.map(build);
  for (const search of searches) {
    const [a, b] = indexes.map((index) => [...(index.search(search.text, search.columns) ?? [])].sort((x, y) => x - y).join(","));
    if (a !== b) throw new Error(`the drivers' indexes disagree on "${search.text}"`);
  }

  const rows: BenchRow[] = [];
  const bench = `sqlite drivers, search index (PositionIndex, ${books.length.toLocaleString("en")} books x ${columns.length} columns)`;

  // Timed by this thread's CPU time, summed over every batch (the wall clock, for context, is the
  // median of the batches: it also waits on the machine's other work).
  interface Timing {
    cpu: number;
    calls: number;
    wall: number[];
  }
  const timing = (): Timing => ({ cpu: 0, calls: 0, wall: [] });
  const timed = (into: Timing | undefined, calls: number, run: () => void): void => {
    const [cpuBefore, wallBefore] = [threadCpuMs(), performance.now()];
    for (let i = 0; i < calls; i++) run();
    const [cpu, wall] = [threadCpuMs() - cpuBefore, performance.now() - wallBefore];
    if (!into) return;
    into.cpu += cpu;
    into.calls += calls;
    into.wall.push(wall / calls);
  };
  const cpuOf = (entry: Timing) => entry.cpu / entry.calls;
  const wallOf = (entry: Timing) => median(entry.wall);

  // The build, alternated; the first of each unrecorded.
  const builds = DRIVERS.map(timing);
  for (let round = 0; round <= INDEX_BUILDS; round++) {
    for (const [position, driver] of inTurn([...DRIVERS.entries()], round)) {
      let index: PositionIndex | undefined;
      timed(round > 0 ? builds[position] : undefined, 1, () => (index = build(driver)));
      index?.close();
    }
  }
  const [buildBase, buildNode] = builds;
  rows.push(
    { bench, metric: "build: better-sqlite3, CPU", value: cpuOf(buildBase), unit: "ms" },
    { bench, metric: "build: node:sqlite, CPU", value: cpuOf(buildNode), unit: "ms" },
    { bench, metric: "build: node:sqlite / better-sqlite3, CPU", value: cpuOf(buildNode) / cpuOf(buildBase), unit: "x" },
    {
      bench,
      metric: "build: node:sqlite / better-sqlite3, wall clock",
      detail: `${ms(wallOf(buildNode))} / ${ms(wallOf(buildBase))} ms`,
      value: wallOf(buildNode) / wallOf(buildBase),
      unit: "x",
    },
  );

  // The searches: each repeated in a batch of about SEARCH_BATCH_MS (as many calls for both
  // drivers), the drivers alternated per round; round 0 warms up and sizes the batches.
  const calls = searches.map((search) => {
    const started = performance.now();
    for (let i = 0; i < 5; i++) indexes[0].search(search.text, search.columns);
    return Math.max(5, Math.ceil(SEARCH_BATCH_MS / ((performance.now() - started) / 5)));
  });
  const times = DRIVERS.map(() => searches.map(timing));
  for (let round = 0; round <= SEARCH_ROUNDS; round++) {
    for (const [position] of inTurn([...DRIVERS.entries()], round)) {
      searches.forEach((search, which) => {
        timed(round > 0 ? times[position][which] : undefined, calls[which], () => indexes[position].search(search.text, search.columns));
      });
    }
  }
  const total = (position: number, of: (entry: Timing) => number) => times[position].reduce((sum, entry) => sum + of(entry), 0);
  const all = `the ${searches.length} searches, one after another`;
  rows.push(
    { bench, metric: `${all}: better-sqlite3, CPU`, value: total(0, cpuOf), unit: "ms" },
    { bench, metric: `${all}: node:sqlite, CPU`, value: total(1, cpuOf), unit: "ms" },
    { bench, metric: `${all}: node:sqlite / better-sqlite3, CPU`, value: total(1, cpuOf) / total(0, cpuOf), unit: "x" },
    {
      bench,
      metric: `${all}: node:sqlite / better-sqlite3, wall clock`,
      detail: `${ms(total(1, wallOf))} / ${ms(total(0, wallOf))} ms`,
      value: total(1, wallOf) / total(0, wallOf),
      unit: "x",
    },
  );
  searches.forEach((search, which) => {
    const [base, node] = [cpuOf(times[0][which]), cpuOf(times[1][which])];
    rows.push({ bench, metric: `${search.label}: node:sqlite / better-sqlite3, CPU`, detail: `${ms(node)} / ${ms(base)} ms`, value: node / base, unit: "x" });
  });
  for (const index of indexes) index.close();
  return rows;
}

const suite: BenchSuite = {
  name: "sqlite-drivers",
  async run() {
    const dataDir = await tempDir("bench-sqlite-drivers");
    const servers: ApiServer[] = [];
    try {
      await (await startReferenceApiProcess(dataDir)).close();
      setCatalogueCounts(dataDir, COUNTS);
      for (const [position, variant] of VARIANTS.entries()) {
        const copy = path.join(dataDir, `driver-${position}`);
        await mkdir(copy);
        for (const suffix of ["", "-wal"]) {
          const file = path.join(dataDir, `${DATABASE_FILE}${suffix}`);
          if (existsSync(file)) await copyFile(file, path.join(copy, `${DATABASE_FILE}${suffix}`));
        }
        servers.push(await startApiServer(variant, copy));
      }
      // The node:sqlite server is set up as better-sqlite3's; the other keeps its build's defaults.
      const [base, same, own] = servers.map((server) => JSON.stringify(server.settings));
      if (same !== base) throw new Error(`node:sqlite's settings ${same} differ from better-sqlite3's ${base}`);
      console.error(
        `bench: sqlite-drivers: better-sqlite3 (SQLite ${servers[0].version}) and node:sqlite on Node ${process.version} (SQLite ${servers[1].version}): ${base}; ` +
          `node:sqlite with its build's defaults: ${own}`,
      );
      // The same answers from every driver, or the comparison means nothing.
      const pages = await Promise.all(servers.map((server) => expectStatus(server, 200, "GET", "/books/all?page=42&limit=100")));
      if (pages.some((page) => page !== pages[0])) throw new Error("the drivers answer /api/books/all differently");

      const rows = await benchReferenceApi(servers);
      const books = (JSON.parse(await expectStatus(servers[0], 200, "GET", "/books/all?limit=0")) as { books: Book[] }).books;
      rows.push(...benchSearchIndex(books));
      return rows;
    } finally {
      await closeAll(...servers);
      await removeDir(dataDir);
    }
  },
};

export default suite;
