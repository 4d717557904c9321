import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Agent, fetch, type RequestInit as UndiciRequestInit } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, apiData, DEMO_PASSWORD, htmlToText, removeDir, tempDir } from "../e2e/helpers/index.ts";
import { missingTools, startCluster, startGuideNginx, type Cluster, type GuideNginx } from "./scale-out-support.ts";

/**
 * The guide's nginx (deploy/nginx.conf, as docs/deployment.md prints it) with its page cache on,
 * in front of two processes whose page cache lives 1 s (PUBLIC_CACHE_TTL_MS): nginx keeps the
 * public pages an anonymous visitor gets, an admin's change is on every one of them (each
 * address, each encoding) within that second plus a render, and no answer to a request that
 * carries a session (the back-office, the login, a signed-in visitor's public page) is ever
 * stored in nginx's cache folder.
 */

const skipReason = missingTools();
if (skipReason) console.warn(`nginx page cache: skipped, ${skipReason}`);

const TTL_MS = 1_000;
/** The TTL, then one render, with room for a loaded machine. */
const CHANGE_BOUND_MS = TTL_MS + 4_000;
const ENCODINGS = ["gzip, deflate, br", "gzip", "identity"];

let cluster: Cluster;
let nginx: GuideNginx;
let nginxDir: string;
let dispatcher: Agent;

function send(pathname: string, init: UndiciRequestInit = {}) {
  return fetch(`${nginx.url}${pathname}`, { redirect: "manual", ...init, dispatcher });
}

async function anonymous(pathname: string, acceptEncoding = ENCODINGS[0]) {
  const response = await send(pathname, { headers: { "Accept-Encoding": acceptEncoding } });
  return { status: response.status, cache: response.headers.get("x-cache-status"), text: htmlToText(await response.text()) };
}

async function logIn(): Promise<string> {
  const response = await send("/login", {
    method: "POST",
    body: new URLSearchParams({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
    headers: { Origin: nginx.url },
  });
  await response.body?.cancel();
  const cookie = response.headers.getSetCookie().filter((value) => value.startsWith("__session=")).at(-1)?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`the login answered ${response.status}`);
  return cookie;
}

/** The vision (on the home page) changed through the back-office, through nginx. */
async function saveVision(cookie: string, vision: string) {
  const [record] = await apiData<Array<{ id: number; mission: string }>>(cluster.referenceApiUrl, "/mission-vision");
  const response = await send(`/admin/mission-vission?modal=edit&id=${record.id}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: nginx.url },
    body: new URLSearchParams({ intent: "update", id: String(record.id), vision, mission: record.mission }),
  });
  await response.body?.cancel();
  expect(response.status).toBe(302);
}

/** The keys of what nginx stored (each cache file's `KEY:` line). */
async function storedKeys(): Promise<string[]> {
  const files = (await readdir(nginx.cacheDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const keys: string[] = [];
  for (const file of files) {
    const head = (await readFile(path.join(file.parentPath, file.name))).subarray(0, 4096).toString("latin1");
    const key = /\nKEY: ([^\n]*)\n/.exec(head)?.[1];
    if (key) keys.push(key);
    expect(head, `${key}: stored with a cookie`).not.toMatch(/\nset-cookie:/i);
  }
  return keys;
}

describe.skipIf(skipReason)("the guide's nginx with its page cache", () => {
  beforeAll(async () => {
    cluster = await startCluster(2, { PUBLIC_CACHE_TTL_MS: String(TTL_MS) });
    nginxDir = await tempDir("nginx-page-cache");
    nginx = await startGuideNginx(nginxDir, cluster.bffs.map((bff) => bff.url));
    dispatcher = new Agent({ connect: { ca: nginx.ca } });
  });

  afterAll(async () => {
    await dispatcher?.close();
    await nginx?.stop();
    await cluster?.close();
    await removeDir(nginxDir);
  });

  it("keeps an anonymous visitor's public page, and has an admin's change on every copy within the page cache's TTL", async () => {
    expect(nginx.checked).toContain("test is successful");
    const pages = ["/", "/?utm_source=surel"];
    // Each address in each encoding is a copy of its own in nginx.
    for (const page of pages) {
      for (const encoding of ENCODINGS) {
        await expect.poll(async () => (await anonymous(page, encoding)).cache, { message: `${page} (${encoding}) from nginx's cache` }).toBe("HIT");
      }
    }
    const cookie = await logIn();
    const vision = `Visi lewat nginx ${Date.now()}`;
    const saved = performance.now();
    await saveVision(cookie, vision);
    for (const page of pages) {
      for (const encoding of ENCODINGS) {
        await expect
          .poll(async () => (await anonymous(page, encoding)).text.includes(vision), { timeout: CHANGE_BOUND_MS, interval: 100, message: `${page} (${encoding}) shows the change` })
          .toBe(true);
      }
    }
    expect(performance.now() - saved).toBeLessThan(CHANGE_BOUND_MS);
    // Kept again, with the change.
    await expect.poll(async () => (await anonymous("/")).cache).toBe("HIT");
  });

  it("never stores an answer to a request that carries a session: the back-office, the login, a signed-in visitor's page", async () => {
    const cookie = await logIn();
    for (let round = 0; round < 2; round++) {
      for (const pathname of ["/admin/", "/admin/mission-vission", "/?bersesi=1", "/about?bersesi=1"]) {
        const response = await send(pathname, { headers: { Cookie: cookie } });
        expect(response.status, pathname).toBe(200);
        expect(response.headers.get("x-cache-status"), pathname).not.toBe("HIT");
        expect(response.headers.get("cache-control"), pathname).toMatch(/no-store/);
        await response.body?.cancel();
      }
      // The login page asked for without a session says no-store: nginx does not keep it either.
      const login = await send("/login?tanpa-sesi=1");
      expect(login.status).toBe(200);
      expect(login.headers.get("cache-control")).toBe("no-store");
      expect(login.headers.get("x-cache-status")).not.toBe("HIT");
      await login.body?.cancel();
    }
    const keys = await storedKeys();
    expect(keys.some((key) => key.endsWith("/"))).toBe(true);
    expect(keys.filter((key) => /\/admin|\/login|bersesi|tanpa-sesi/.test(key))).toEqual([]);
  });
});
