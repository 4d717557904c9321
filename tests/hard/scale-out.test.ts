import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { createClient } from "redis";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_EMAIL,
  apiData,
  bffEnv,
  closedLoopbackPort,
  DEMO_PASSWORD,
  htmlToText,
  referenceApiToken,
  removeDir,
  spawnSite,
  STAFF_EMAIL,
  tempDir,
} from "../e2e/helpers/index.ts";
import { tusMetadata } from "../helpers/tus.ts";
import { FULL, reportCase } from "./report.ts";
import { missingTools, startCluster, startNginx, type Cluster, type Nginx } from "./scale-out-support.ts";

/**
 * Issue 10: three BFF processes (the built app) sharing one Redis, behind nginx, all from
 * Debian's packages on loopback. A session made through one process works on the others, an
 * admin change through one shows on every other's public pages once it is broadcast, failed logins
 * through different processes are throttled together, a resumable upload's pieces may reach any
 * process (issue 23.5), and Redis going away gives 503s, not crashes. The full variant (HARD_FULL=1) repeats the cache rounds through every process.
 */

const skipReason = missingTools();
if (skipReason) console.warn(`scale-out: skipped, ${skipReason}`);

const MAX_FAILURES = 3;
/** The channel the processes broadcast on (app/platform/redis.server.ts), and a cache clear's message (cache.server.ts), less its sender's mark. */
const BROADCAST_CHANNEL = "dispusip:broadcast";
const cacheClear = (resource: string) => `cache:clear:${resource}`;
const THROTTLED = "Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam 15 menit.";
const UNAVAILABLE = "Layanan sedang tidak dapat dihubungi. Silakan coba beberapa saat lagi.";

let cluster: Cluster;
let nginx: Nginx;
let nginxDir: string;
/** Each test speaks for its own client addresses (X-Forwarded-For, trusted from loopback). */
let addressCounter = 0;
const nextAddress = () => `198.51.100.${++addressCounter}`;

async function logIn(base: string, email: string, password: string, clientIp = nextAddress()) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    headers: { "X-Forwarded-For": clientIp },
    redirect: "manual",
  });
  const session = response.headers.getSetCookie().filter((cookie) => cookie.startsWith("__session=")).at(-1);
  return { status: response.status, location: response.headers.get("location"), cookie: session?.split(";")[0], text: htmlToText(await response.text()) };
}

async function get(base: string, pathname: string, cookie?: string) {
  const response = await fetch(`${base}${pathname}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), text: htmlToText(await response.text()) };
}

async function post(base: string, pathname: string, cookie: string, fields: Record<string, string>) {
  const response = await fetch(`${base}${pathname}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get("location") };
}


/** What the upstream holds (the catalogue is read with an admin's token). */
async function classificationsNamed(generalName: string) {
  const response = await fetch(`${cluster.referenceApiUrl}/api/classifications?limit=1000`, {
    headers: { Authorization: `Bearer ${await referenceApiToken(cluster.referenceApiUrl)}` },
  });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: Array<{ id: number; notation: string; general_name: string }> };
  return data.filter((row) => row.general_name === generalName);
}

/**
 * Listens on the processes' broadcast channel. Redis writes a message to all its subscribers in
 * one pass, so when one reaches this listener it is on every process's connection too, before any
 * request the test sends next; and a process reads its connections in the order data reached
 * them, its subscriber's before that request's.
 */
async function listenToBroadcasts() {
  const heard: string[] = [];
  const checks = new Set<() => void>();
  const listener = createClient({ url: cluster.redis.url });
  await listener.connect();
  await listener.subscribe(BROADCAST_CHANNEL, (message) => {
    heard.push(message);
    for (const check of checks) check();
  });
  return {
    /** A mark for `heard`: how many messages have come so far. */
    mark: () => heard.length,
    /** Resolves once `message` has come since `mark` (rejects if it has not within 30 s: no hang). */
    heard(message: string, mark: number): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!heard.slice(mark).some((sent) => sent.split("@")[0] === message)) return;
          clearTimeout(timer);
          checks.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          checks.delete(check);
          reject(new Error(`no ${message} broadcast within 30 s; heard: ${JSON.stringify(heard.slice(mark))}`));
        }, 30_000);
        checks.add(check);
        check();
      });
    },
    close: () => listener.destroy(),
  };
}

/** The number of requests for `pathname` each BFF process logged. */
function requestsServed(pathname: string): number[] {
  return cluster.bffs.map((bff) => bff.proc.logLines().filter((line) => line.event === "request" && line.path === pathname).length);
}

describe.skipIf(skipReason)("scale-out: three BFF processes sharing Redis, behind nginx", () => {
  beforeAll(async () => {
    // A long cache lifetime: only an invalidation can make a process show a change.
    cluster = await startCluster(3, {
      LOGIN_MAX_FAILURES: String(MAX_FAILURES),
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(MAX_FAILURES),
      PUBLIC_CACHE_TTL_MS: "600000",
      // The admin lists' copies too: only a broadcast clear can refresh them within the test.
      ADMIN_LIST_REFRESH_MS: "600000",
    });
    nginxDir = await tempDir("nginx");
    nginx = await startNginx(nginxDir, cluster.bffs.map((bff) => bff.url));
  });

  afterAll(async () => {
    await nginx?.stop();
    await cluster?.close();
    await removeDir(nginxDir);
  });

  it("logs in through one process and works in the admin through the other two", async () => {
    const [first, second, third] = cluster.bffs.map((bff) => bff.url);
    const login = await logIn(first, ADMIN_EMAIL, DEMO_PASSWORD);
    expect(login).toMatchObject({ status: 302, location: "/admin/slider-manager" });
    const cookie = login.cookie!;

    expect((await get(second, "/admin/classification", cookie)).status).toBe(200);
    const name = `Uji skala ${Date.now()}`;
    const created = await post(second, "/admin/classification?modal=add", cookie, { intent: "create", notation: "999.1", general_name: name });
    expect(created.status).toBe(302);
    const [row] = await classificationsNamed(name);
    expect(row).toMatchObject({ notation: "999.1" });

    const updated = await post(third, `/admin/classification?modal=edit&id=${row.id}`, cookie, {
      intent: "update",
      id: String(row.id),
      notation: "999.2",
      general_name: `${name} diubah`,
    });
    expect(updated.status).toBe(302);
    expect(await classificationsNamed(`${name} diubah`)).toEqual([{ ...row, notation: "999.2", general_name: `${name} diubah` }]);
    // The alert the third process flashed into the shared session is shown by the first.
    const after = await get(first, updated.location!, cookie);
    expect(after.text).toContain("Berhasil mengubah data!");

    // The audit log (SQLite in the shared DATA_DIR, not in Redis) has both changes, whichever
    // process made them and whichever shows it.
    const audit = await get(first, "/admin/audit?resource=classification", cookie);
    expect(audit.status).toBe(200);
    expect(audit.text).toContain(`${name} diubah`);
    expect(audit.text).toContain("999.1");

    // Logging out through one process ends the session on all of them.
    expect((await post(second, "/logout", cookie, {})).status).toBe(302);
    for (const base of [first, second, third]) expect(await get(base, "/admin/classification", cookie)).toMatchObject({ status: 302, location: "/" });

    reportCase({
      suite: "scale-out",
      tried: "log in through process 1, create through 2, update through 3, read the audit log through 1, log out through 2",
      got: "302s; upstream has the record; process 1 shows process 3's alert and both changes in the audit log; the session is gone on all three",
      passed: true,
    });
  });

  it("shows an admin change on every other process's public pages once its clear is broadcast", async () => {
    const token = await referenceApiToken(cluster.referenceApiUrl);
    const [record] = await apiData<Array<{ id: number; vision: string; mission: string }>>(cluster.referenceApiUrl, "/mission-vision");
    const bases = cluster.bffs.map((bff) => bff.url);
    for (const base of bases) expect((await get(base, "/")).text).toContain(record.vision);

    // Control: a change the BFFs are not told about stays hidden behind their caches.
    const hidden = `Visi yang tidak diumumkan ${Date.now()}`;
    const direct = await fetch(`${cluster.referenceApiUrl}/api/mission-vision`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ id: record.id, vision: hidden, mission: record.mission }),
    });
    expect(direct.ok).toBe(true);
    for (const base of bases) expect((await get(base, "/")).text).not.toContain(hidden);

    const rounds = FULL ? 3 * bases.length : bases.length;
    const broadcasts = await listenToBroadcasts();
    try {
      for (let round = 0; round < rounds; round++) {
        const writer = round % bases.length;
        const { cookie } = await logIn(bases[writer], ADMIN_EMAIL, DEMO_PASSWORD);
        const vision = `Visi putaran ${round + 1}: perpustakaan untuk semua ${Date.now()}`;
        const mark = broadcasts.mark();
        const changed = await post(bases[writer], `/admin/mission-vission?modal=edit&id=${record.id}`, cookie!, {
          intent: "update",
          id: String(record.id),
          vision,
          mission: record.mission,
        });
        expect(changed.status).toBe(302);
        // The writer broadcasts its clear without waiting for it (its answer may come first): once
        // Redis has handed it out, every other process shows the change (the cache's 10 minutes
        // are far from over).
        await broadcasts.heard(cacheClear("mission-visions"), mark);
        const others = bases.filter((_, index) => index !== writer);
        const pages = await Promise.all(others.map((base) => get(base, "/")));
        for (const [index, page] of pages.entries()) {
          expect(page.text, `${others[index]} once the change through ${bases[writer]} was broadcast`).toContain(vision);
        }
      }
    } finally {
      broadcasts.close();
    }
    reportCase({
      suite: "scale-out",
      tried: `${rounds} mission-vision changes, each through one process (cache TTL 10 min; a change made behind the BFFs' backs stayed hidden)`,
      got: "once each change's clear was broadcast, every other process's home page showed it",
      passed: true,
      figures: { changes: rounds, "processes checked per change": bases.length - 1 },
    });
  });

  it("shows an admin change in every other process's admin lists once its clear is broadcast", async () => {
    const token = await referenceApiToken(cluster.referenceApiUrl);
    const bases = cluster.bffs.map((bff) => bff.url);
    const cookies = await Promise.all(bases.map(async (base) => (await logIn(base, ADMIN_EMAIL, DEMO_PASSWORD)).cookie!));
    const listed = (index: number, q: string) => get(bases[index], `/admin/genre?q=${encodeURIComponent(q)}`, cookies[index]);
    // The page's text (get() reads it as text): its count says whether the search found the genre.
    const hasRow = (text: string, name: string) => text.includes(`Menampilkan 1–1 dari 1 kategori yang cocok dengan “${name}”`);
    // Every process reads the genre list once and keeps its copy.
    for (const [index] of bases.entries()) expect((await listed(index, "")).status).toBe(200);

    // Control: a genre added behind the BFFs' backs stays out of their copies.
    const hidden = `Genre tersembunyi ${Date.now()}`;
    const direct = await fetch(`${cluster.referenceApiUrl}/api/genres`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: hidden }),
    });
    expect(direct.status).toBe(201);
    for (const [index] of bases.entries()) expect(hasRow((await listed(index, hidden)).text, hidden)).toBe(false);

    const added = `Genre lintas proses ${Date.now()}`;
    const broadcasts = await listenToBroadcasts();
    try {
      const mark = broadcasts.mark();
      const created = await post(bases[0], "/admin/genre?modal=add", cookies[0], { intent: "create", name: added });
      expect(created.status).toBe(302);
      await broadcasts.heard(cacheClear("genres"), mark);
    } finally {
      broadcasts.close();
    }
    for (const index of [1, 2]) {
      const page = await listed(index, added);
      expect(hasRow(page.text, added), `${bases[index]} once the change through ${bases[0]} was broadcast`).toBe(true);
      // Read again whole: the change made behind its back shows too.
      expect(hasRow((await listed(index, hidden)).text, hidden)).toBe(true);
    }
    reportCase({
      suite: "scale-out",
      tried: "a genre added through one process while every process kept its copy of the genre list (refresh 10 min; a genre added behind the BFFs' backs stayed hidden)",
      got: "once its clear was broadcast, both other processes' lists showed it",
      passed: true,
    });
  });

  it("throttles failed logins made through different processes together", async () => {
    const bases = cluster.bffs.map((bff) => bff.url);
    // Per email: each failure from another address, through another process.
    for (const base of bases) expect((await logIn(base, STAFF_EMAIL, "salah-sandi")).status).toBe(401);
    const blocked = await logIn(bases[0], STAFF_EMAIL, DEMO_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain(THROTTLED);

    // Per client address: different emails, one address, every process.
    const address = nextAddress();
    for (const [index, base] of bases.entries()) {
      expect((await logIn(base, `tamu${index}@dispusip.local`, "salah-sandi", address)).status).toBe(401);
    }
    for (const base of bases) expect((await logIn(base, ADMIN_EMAIL, DEMO_PASSWORD, address)).status).toBe(429);
    // Another address is not affected.
    expect((await logIn(bases[1], ADMIN_EMAIL, DEMO_PASSWORD)).status).toBe(302);

    reportCase({
      suite: "scale-out",
      tried: `${MAX_FAILURES} failed logins spread over 3 processes (per email, then per address)`,
      got: "the next login is refused with 429 on any process; other addresses log in",
      passed: true,
    });
  });

  it("works end to end behind nginx, which spreads the requests over all three processes", async () => {
    const login = await logIn(nginx.url, ADMIN_EMAIL, DEMO_PASSWORD);
    expect(login).toMatchObject({ status: 302, location: "/admin/slider-manager" });
    const before = requestsServed("/admin/classification");
    const name = `Lewat nginx ${Date.now()}`;
    expect((await post(nginx.url, "/admin/classification?modal=add", login.cookie!, { intent: "create", notation: "001.5", general_name: name })).status).toBe(302);
    for (let index = 0; index < 6; index++) expect((await get(nginx.url, "/admin/classification", login.cookie)).text).toContain(name);
    const served = requestsServed("/admin/classification").map((count, index) => count - before[index]);
    expect(served.every((count) => count > 0), `requests per process: ${served.join(", ")}`).toBe(true);
    expect(await classificationsNamed(name)).toHaveLength(1);

    reportCase({
      suite: "scale-out",
      tried: "log in, create and list 6 times through nginx (round robin)",
      got: `every request worked; processes served ${served.join(" / ")} of the admin requests`,
      passed: true,
    });
  });

  it("resumes an upload on whichever process a piece reaches, the process holding a stalled piece letting go", async () => {
    const [first, second, third] = cluster.bffs.map((bff) => bff.url);
    const { cookie } = await logIn(first, ADMIN_EMAIL, DEMO_PASSWORD);
    const image = Buffer.concat([await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a6" } }).png().toBuffer(), Buffer.alloc(512 * 1024)]);
    const half = Math.floor(image.length / 2);
    const tus = { Cookie: cookie!, "Tus-Resumable": "1.0.0" };
    const piece = (offset: number) => ({ ...tus, "X-HTTP-Method-Override": "PATCH", "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" });

    const created = await fetch(`${first}/admin/uploads`, {
      method: "POST",
      headers: { ...tus, "Upload-Length": String(image.length), "Upload-Metadata": tusMetadata({ screen: "slider-manager", field: "file", filename: "antar-proses.png" }) },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("Location")!;
    const id = location.split("/").pop()!;

    // The first half reaches the first process, whose connection then hangs: the browser has given up on it.
    let sendRest!: (bytes: Buffer) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(image.subarray(0, half));
        sendRest = (bytes) => {
          controller.enqueue(bytes);
          controller.close();
        };
      },
    });
    const stalled = fetch(`${first}${location}`, { method: "POST", headers: piece(0), body, duplex: "half" } as RequestInit).then(
      async (response) => {
        await response.body?.cancel();
        return { status: response.status, offset: response.headers.get("Upload-Offset") };
      },
      () => "connection closed",
    );
    const stored = path.join(cluster.dataDir, "uploads", id);
    while ((await stat(stored)).size < half) await new Promise((resolve) => setTimeout(resolve, 20));

    // It resumes on the second process: asking where the upload stands ends the first one's piece.
    const head = await fetch(`${second}${location}`, { method: "HEAD", headers: tus });
    expect(head.status).toBe(200);
    expect(head.headers.get("Upload-Offset")).toBe(String(half));
    // Ended with what it had stored (it would hang on without the shared lock).
    expect(await stalled).toEqual({ status: 204, offset: String(half) });
    // Whatever the hung connection still delivers is not written after the offset was given out.
    sendRest(Buffer.alloc(image.length - half, 0xff));

    const rest = await fetch(`${third}${location}`, { method: "POST", headers: piece(half), body: image.subarray(half) });
    expect(rest.status).toBe(204);
    expect(rest.headers.get("Upload-Offset")).toBe(String(image.length));
    expect(await readFile(stored)).toEqual(image);

    const title = `Unggahan antar proses ${Date.now()}`;
    const saved = await post(nginx.url, "/admin/slider-manager?modal=add", cookie!, { intent: "create", title, _upload_file: id });
    expect(saved).toEqual({ status: 302, location: "/admin/slider-manager" });
    const sliders = await apiData<Array<{ title: string }>>(cluster.referenceApiUrl, "/sliders", await referenceApiToken(cluster.referenceApiUrl));
    // The form saves titles in capitals (spec §5).
    expect(sliders.map((slider) => slider.title.toLowerCase())).toContain(title.toLowerCase());
    // Relayed to the upstream: the shared copy is gone.
    expect(await stat(stored).catch(() => "gone")).toBe("gone");

    reportCase({
      suite: "scale-out",
      tried: "an upload's pieces through three processes, the first piece left hanging on its process",
      got: "the hung piece was ended when another process resumed, the file is whole and saved",
      passed: true,
    });
  });

  it("answers 503 with a clear message while Redis is down and recovers without a restart", async () => {
    const { cookie } = await logIn(nginx.url, ADMIN_EMAIL, DEMO_PASSWORD);
    const logMarks = cluster.bffs.map((bff) => bff.proc.logLines().length);
    await cluster.redis.stop();
    try {
      for (const bff of cluster.bffs) {
        // A resumable upload asking where it stands, as the browser does after a break.
        const head = await fetch(`${bff.url}/admin/uploads/0123456789abcdef0123456789abcdef`, { method: "HEAD", headers: { cookie: cookie!, "Tus-Resumable": "1.0.0" } });
        expect(head.status).toBe(503);
        const admin = await get(bff.url, "/admin/classification", cookie);
        expect(admin.status).toBe(503);
        expect(admin.text).toContain("Layanan sedang terganggu");
        expect(admin.text).toContain(UNAVAILABLE);
        expect((await logIn(bff.url, ADMIN_EMAIL, DEMO_PASSWORD)).text).toContain(UNAVAILABLE);
        expect((await get(bff.url, "/")).status).toBe(200);
        // Redis's PING is shared for a period (server/readiness.server.ts): told within it.
        await expect.poll(async () => (await fetch(`${bff.url}/readyz`)).json(), { timeout: 15_000 }).toEqual({ status: "redis unreachable" });
      }
    } finally {
      await cluster.redis.start();
    }
    for (const bff of cluster.bffs) {
      let ready = false;
      for (let attempt = 0; attempt < 100 && !ready; attempt++) {
        ready = (await fetch(`${bff.url}/readyz`)).ok;
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ready).toBe(true);
    }
    // The new Redis is empty (nothing persisted): the old session is gone, a new login works.
    expect(await get(nginx.url, "/admin/classification", cookie)).toMatchObject({ status: 302, location: "/" });
    expect((await logIn(nginx.url, ADMIN_EMAIL, DEMO_PASSWORD)).status).toBe(302);
    for (const bff of cluster.bffs) expect(bff.proc.child.exitCode).toBeNull();
    for (const bff of cluster.bffs) expect(bff.proc.logLines().filter((line) => line.event === "unhandled_rejection")).toEqual([]);
    // An outage is expected: its 503s are logged with their reason, none as an unexpected error (which pages someone).
    cluster.bffs.forEach((bff, index) => {
      const during = bff.proc.logLines().slice(logMarks[index]);
      expect(during.filter((line) => line.event === "unexpected_error")).toEqual([]);
      expect(during.some((line) => line.event === "session_store_unavailable")).toBe(true);
    });

    reportCase({
      suite: "scale-out",
      tried: "stop Redis under three running processes, then start it again",
      got: "admin pages and login 503 with an Indonesian message, public pages 200, /readyz 503; all recover by themselves",
      passed: true,
    });
  });

  it("refuses to start, in one line, when REDIS_URL cannot be reached or does not answer", async () => {
    const dataDir = await tempDir("no-redis");
    // Accepts the connection and says nothing, as an address that swallows packets or a wrong service does.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const urls = { "nothing listens": `redis://127.0.0.1:${await closedLoopbackPort()}`, "nothing answers": `redis://127.0.0.1:${(silent.address() as AddressInfo).port}` };
      for (const [what, url] of Object.entries(urls)) {
        const refused = spawnSite(bffEnv({ UPSTREAM_API_URL: cluster.referenceApiUrl, DATA_DIR: dataDir, REDIS_URL: url }));
        expect(await refused.waitForExit(), what).toEqual({ code: 1, signal: null });
        expect(refused.stderr().trim(), what).toMatch(/^Invalid configuration: REDIS_URL cannot be reached \([^\n]*\)$/);
        expect(refused.stdout()).not.toContain('"event":"listening"');
        reportCase({ suite: "scale-out", tried: `start a process whose REDIS_URL ${what}`, got: `exit 1: ${refused.stderr().trim()}`, passed: true });
      }
    } finally {
      silent.close();
      await removeDir(dataDir);
    }
  });

  it("stops on SIGTERM with exit 0, closing its Redis connections", async () => {
    const inspector = createClient({ url: cluster.redis.url });
    await inspector.connect();
    try {
      const connections = async () => (await inspector.clientList()).length;
      const before = await connections();
      // Every process holds as many (commands, broadcasts, the background jobs' queue and worker); the inspector is one more.
      const perProcess = (before - 1) / cluster.bffs.length;
      expect(Number.isInteger(perProcess) && perProcess >= 2, `${before} connections`).toBe(true);
      const last = cluster.bffs.at(-1)!;
      expect(await last.proc.stop()).toEqual({ code: 0, signal: null });
      // All of its connections are gone.
      expect(await connections()).toBe(before - perProcess);
      reportCase({ suite: "scale-out", tried: "SIGTERM to one of the processes", got: `exit 0; its ${perProcess} Redis connections closed`, passed: true });
    } finally {
      inspector.destroy();
    }
  });
});
