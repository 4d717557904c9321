import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REDIS_SERVER, startRedisServer } from "../hard/scale-out-support.ts";
import { startRedisLine } from "../helpers/redis-line.ts";
import { expect, test } from "./fixtures.ts";
import { type Bff, bffEnv, closedLoopbackPort, logIn, portOf, processGroup, removeDir, tempDir } from "./helpers/index.ts";

/**
 * The Prometheus metrics as an operator scrapes them (issue 36): the real process with
 * METRICS_PORT set answers GET /metrics on that port only, never on the site's; without
 * METRICS_PORT it listens on the site's port alone.
 */

const dirs: string[] = [];

async function newDataDir() {
  const dir = await tempDir("metrics-test");
  dirs.push(dir);
  return dir;
}

/** The processes this file started, stopped after it. */
const processes = processGroup();
const startBff = processes.startBff;

test.afterAll(async () => {
  await processes.stopAll();
  await Promise.all(dirs.map(removeDir));
});

/** The TCP ports process `pid` listens on (Linux: its socket inodes in /proc/net/tcp{,6} in state LISTEN). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]].filter((inode) => inode !== undefined);
      } catch {
        return [];
      }
    }),
  );
  const ports = ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((table) =>
    readFileSync(table, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // local_address is "ADDR:PORT" in hex, st "0A" is LISTEN, the inode is the tenth column.
      .filter((columns) => columns[3] === "0A" && inodes.has(columns[9]))
      .map((columns) => parseInt(columns[1].split(":")[1], 16)),
  );
  return [...new Set(ports)].sort((a, b) => a - b);
}

/** One sample's value from the text format, for a metric name and exactly these labels (undefined when absent). */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort()
    .join(",");
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = (match[2] ?? "").split(/,(?=\w+=")/).filter(Boolean).sort().join(",");
    if (given === wanted) return Number(match[3]);
  }
  return undefined;
}

test("counts the uploads left on disk before a restart from the first scrape, and deletes the expired ones at start", async ({ mainStack: { referenceApiUrl } }) => {
  // Two uploads a previous process left (@tus/file-store's files): one recent with half its bytes,
  // one created two hours ago that never received a byte (past UPLOAD_UNSTARTED_EXPIRY_MS, 1 h).
  const dataDir = await newDataDir();
  const uploads = path.join(dataDir, "uploads");
  mkdirSync(uploads, { recursive: true });
  const left = (id: string, size: number, received: number, ageMs: number) => {
    const metadata = { screen: "slider-manager", field: "file", filename: `${id}.png`, admin: "1" };
    writeFileSync(path.join(uploads, id), Buffer.alloc(received, 1));
    writeFileSync(path.join(uploads, `${id}.json`), JSON.stringify({ id, size, offset: received, metadata, creation_date: new Date(Date.now() - ageMs).toISOString() }));
    return Buffer.byteLength(JSON.stringify(metadata));
  };
  const recent = "a".repeat(32);
  const expired = "b".repeat(32);
  const recentMetadataBytes = left(recent, 200_000, 100_000, 60_000);
  left(expired, 300_000, 0, 2 * 60 * 60 * 1000);

  const metricsPort = await closedLoopbackPort();
  const bff = await startBff(bffEnv({ UPSTREAM_API_URL: referenceApiUrl, DATA_DIR: dataDir, METRICS_PORT: String(metricsPort) }));
  // No upload request: what the process did at its start.
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  expect(existsSync(path.join(uploads, `${expired}.json`))).toBe(false);
  expect(existsSync(path.join(uploads, expired))).toBe(false);
  expect(existsSync(path.join(uploads, `${recent}.json`))).toBe(true);
  // The recent one's reservation (app/platform/upload-reservations.server.ts: size, metadata, 4 KiB).
  expect(sampleOf(text, "dispusip_upload_reserved_bytes")).toBe(200_000 + recentMetadataBytes + 4096);
  await bff.proc.stop();
});

test.describe("with METRICS_PORT", () => {
  let bff: Bff;
  let metricsPort: number;
  let metricsUrl: string;

  test.beforeAll(async ({ mainStack: { referenceApiUrl } }) => {
    metricsPort = await closedLoopbackPort();
    bff = await startBff(
      bffEnv({
        UPSTREAM_API_URL: referenceApiUrl,
        DATA_DIR: await newDataDir(),
        METRICS_PORT: String(metricsPort),
        // The list's copy is kept, so that a second view of it is a hit.
        ADMIN_LIST_REFRESH_MS: "60000",
      }),
    );
    const line = bff.proc.logLines().find((entry) => entry.event === "metrics_listening");
    metricsUrl = String(line?.url);
  });

  test("listens on METRICS_HOST's default, loopback, beside the site's port", () => {
    expect(metricsUrl).toBe(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(listeningPorts(bff.proc.pid)).toEqual([portOf(bff.url), metricsPort].sort((a, b) => a - b));
  });

  test("answers /metrics on the site's port with the site's 404 page, never the metrics", async () => {
    const response = await fetch(`${bff.url}/metrics`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain("Halaman tidak ditemukan");
    expect(page).not.toMatch(/# TYPE|nodejs_eventloop_lag_seconds|_duration_seconds/);
  });

  test("shows the requests by route id, the upstream calls, both caches and the process's own metrics after some traffic", async () => {
    for (let view = 0; view < 3; view++) {
      const home = await fetch(`${bff.url}/`);
      expect(home.status).toBe(200);
      await home.text();
    }
    await (await fetch(`${bff.url}/activity/999999999`)).text();
    await (await fetch(`${bff.url}/healthz`)).text();
    const cookie = await logIn(bff.url);
    for (let view = 0; view < 2; view++) {
      const list = await fetch(`${bff.url}/admin/genre`, { headers: { Cookie: cookie } });
      expect(list.status).toBe(200);
      await list.text();
    }

    const scrape = await fetch(metricsUrl);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    const requests = "dispusip_http_request_duration_seconds_count";
    expect(sampleOf(text, requests, { route: "routes/_public._index", method: "GET", status: "2xx" })).toBe(3);
    expect(sampleOf(text, requests, { route: "routes/_public.activity.$activityId", method: "GET", status: "4xx" })).toBe(1);
    expect(sampleOf(text, requests, { route: "health", method: "GET", status: "2xx" })).toBe(1);
    expect(sampleOf(text, requests, { route: "routes/login", method: "POST", status: "3xx" })).toBe(1);
    expect(sampleOf(text, requests, { route: "routes/admin.genre", method: "GET", status: "2xx" })).toBe(2);
    // The site's own /metrics, a 404 page like any unknown address.
    expect(sampleOf(text, requests, { route: "unmatched", method: "GET", status: "4xx" })).toBeGreaterThanOrEqual(1);
    // No raw path anywhere among the labels (a sample's value may well hold nines: 0.0999999999).
    const labelValues = [...text.matchAll(/="([^"]*)"/g)].map(([, value]) => value);
    expect(labelValues).not.toEqual([]);
    expect(labelValues.filter((value) => value.startsWith("/") || value.includes("999999999"))).toEqual([]);

    expect(sampleOf(text, "dispusip_upstream_request_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(0);
    expect(sampleOf(text, "dispusip_upstream_request_duration_seconds_count", { outcome: "4xx" })).toBeGreaterThanOrEqual(1);
    // The first view of the home page (and each anonymous GET of another address) is a miss.
    expect(sampleOf(text, "dispusip_page_cache_lookups_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, "dispusip_page_cache_lookups_total", { result: "hit" })).toBe(2);
    expect(sampleOf(text, "dispusip_admin_list_copy_lookups_total", { screen: "genre", result: "miss" })).toBe(1);
    expect(sampleOf(text, "dispusip_admin_list_copy_lookups_total", { screen: "genre", result: "hit" })).toBe(1);
    expect(sampleOf(text, "dispusip_upload_reserved_bytes")).toBe(0);
    expect(sampleOf(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(text).toContain("# TYPE dispusip_redis_reconnects_total counter");
  });

  test("answers only GET /metrics on its listener", async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(metricsUrl, { method: "POST" })).status).toBe(405);
  });
});

test.describe("without METRICS_PORT", () => {
  test("listens on the site's port alone and says nothing of metrics", async ({ mainStack: { referenceApiUrl } }) => {
    const bff = await startBff(bffEnv({ UPSTREAM_API_URL: referenceApiUrl, DATA_DIR: await newDataDir() }));
    expect(listeningPorts(bff.proc.pid)).toEqual([portOf(bff.url)]);
    expect(bff.proc.logLines().some((entry) => entry.event === "metrics_listening")).toBe(false);
    expect((await fetch(`${bff.url}/metrics`)).status).toBe(404);
  });
});

test.describe("with REDIS_URL", () => {
  test.skip(!existsSync(REDIS_SERVER), `not installed: ${REDIS_SERVER}`);

  test("counts each Redis connection that comes back after an outage", async ({ mainStack: { referenceApiUrl } }) => {
    const dir = await newDataDir();
    const redis = await startRedisServer(dir);
    // Through a line the test cuts: Redis's port is never free during the outage, for something
    // else on a busy machine to take.
    const line = await startRedisLine(redis.port);
    let bff: Bff | undefined;
    try {
      const metricsPort = await closedLoopbackPort();
      bff = await startBff(bffEnv({ UPSTREAM_API_URL: referenceApiUrl, DATA_DIR: dir, REDIS_URL: line.url, METRICS_PORT: String(metricsPort) }));
      const reconnects = async (role: string) => sampleOf(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(), "dispusip_redis_reconnects_total", { role }) ?? 0;
      expect([await reconnects("commands"), await reconnects("subscriber")]).toEqual([0, 0]);
      line.cut("reset at once");
      for (const role of ["commands", "subscriber"]) await bff.proc.waitForStdout(new RegExp(`"event":"redis_unavailable","role":"${role}"`));
      line.restore();
      // Each connection says it is back, and counts it in the same step: a failure names the one
      // that did not come back (and prints the site's log), not only a count. Its retries wait up to
      // 5 s each (MAX_RECONNECT_DELAY_MS), so the usual 15 s left a loaded machine (load average
      // 15, 2026-12-04) one retry: 30 s, ended as soon as the log says so.
      for (const role of ["commands", "subscriber"]) await bff.proc.waitForStdout(new RegExp(`"event":"redis_reconnected","role":"${role}"`), 30_000);
      expect([await reconnects("commands"), await reconnects("subscriber")]).toEqual([1, 1]);
    } finally {
      await bff?.proc.stop();
      await line.close();
      await redis.stop();
    }
  });
});
