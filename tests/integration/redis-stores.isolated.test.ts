import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { getConfig, parseConfig } from "@server/config.server";
import * as thisProcessCache from "~/platform/cache.server";
import { beginLoginAttempt } from "~/platform/login-throttle.server";
import { redisReady, RedisUnavailable } from "~/platform/redis.server";
import { redisUploadLocker } from "~/platform/upload-locker.server";
import { commitSession, destroySession, getSession, startSession } from "~/platform/session.server";
import { action as login } from "~/routes/login";
import { missingTools, REDIS_SERVER } from "../hard/scale-out-support";
import { useConnectedRedis } from "../helpers/connected-redis";
import { request } from "../helpers/sessions";
import { recordUpstreamCalls, upstream, userHandlers } from "../mocks/upstream";

/**
 * The Redis-backed stores against a real redis-server (Debian's), as several processes would use
 * them: what lands in Redis, expiry, throttling counted in Redis, cache invalidation heard by
 * another copy of the cache module, and a Redis outage answered with 503 and recovered from.
 */

const skipReason = missingTools([REDIS_SERVER]);
if (skipReason) console.warn(`redis-stores: skipped, ${skipReason}`);

const ADMIN = { id: 7, name: "Admin", email: "admin@dispusip.local", role: 2 };

async function eventually(check: () => Promise<boolean> | boolean, what: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

describe("REDIS_URL", () => {
  it("is optional, and refused with one line unless it is a redis:// or rediss:// URL", () => {
    const base = { UPSTREAM_API_URL: "http://upstream.test", NODE_ENV: "test" };
    expect(parseConfig(base).redisUrl).toBeUndefined();
    expect(parseConfig({ ...base, REDIS_URL: "rediss://:rahasia@redis.internal:6380/2" }).redisUrl).toBe("rediss://:rahasia@redis.internal:6380/2");
    for (const wrong of ["http://redis.internal:6379", "redis.internal:6379", ""]) {
      expect(() => parseConfig({ ...base, REDIS_URL: wrong })).toThrow(/^Invalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL$/);
    }
  });
});

describe.skipIf(skipReason)("Redis-backed stores", () => {
  const redis = useConnectedRedis("redis");

  it("keeps a session in one expiring Redis key, not on disk, and ends it at logout", async () => {
    const session = await startSession("upstream-token", ADMIN);
    const cookie = (await commitSession(session)).split(";")[0];
    const again = await getSession(request("/admin", { cookie }));
    expect(again.get("user")).toEqual(ADMIN);
    const key = `dispusip:session:${again.id}`;
    expect(JSON.parse((await redis.inspector.get(key))!)).toMatchObject({ token: "upstream-token", user: ADMIN });
    const { idleTimeoutMs } = getConfig().session;
    const ttl = await redis.inspector.pTTL(key);
    expect(ttl).toBeGreaterThan(idleTimeoutMs);
    expect(ttl).toBeLessThanOrEqual(idleTimeoutMs + 60_000);
    expect(await readdir(path.join(getConfig().dataDir, "sessions")).catch(() => [])).toEqual([]);

    await destroySession(again);
    expect(await redis.inspector.exists(key)).toBe(0);
    // A request still holding the old session cannot bring it back by writing it.
    again.set("lastActive", Date.now());
    await commitSession(again);
    expect(await redis.inspector.exists(key)).toBe(0);
    expect((await getSession(request("/admin", { cookie }))).get("token")).toBeUndefined();
  });

  it("lets the key live no longer than the absolute limit allows", async () => {
    const { absoluteTimeoutMs } = getConfig().session;
    const session = await startSession("old-token", ADMIN);
    // A minute left of its absolute limit, against the idle limit's 30: the key lives the minute,
    // and a machine slow between these lines by less than that still sees it alive.
    session.set("createdAt", Date.now() - absoluteTimeoutMs + 60_000);
    const cookie = (await commitSession(session)).split(";")[0];
    const { id } = await getSession(request("/admin", { cookie }));
    const ttl = await redis.inspector.pTTL(`dispusip:session:${id}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("counts login attempts in Redis before the password is checked: 40 at once get at most the limit", async () => {
    const email = "Serbu@Dispusip.local";
    upstream.use(...userHandlers({ "serbu@dispusip.local": { password: "benar-sekali", role: 2, token: "s".repeat(64) } }));
    const calls = recordUpstreamCalls();
    const { maxFailures, windowMs } = getConfig().login;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        login({
          request: request("/login", { method: "POST", body: new URLSearchParams({ email, password: index === 39 ? "benar-sekali" : "salah" }) }),
          params: {},
          context: { clientIp: `198.51.100.${index + 1}` },
        }),
      ),
    );
    const statuses = results.map((result) => (result instanceof Response ? result.status : (result as { init: ResponseInit }).init.status));
    expect(calls.filter((call) => call.path === "/api/users/login").length).toBeLessThanOrEqual(maxFailures);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40 - maxFailures);
    // One key per account, counted by Redis itself and expiring by itself (blocked for the window).
    const key = "dispusip:login-account:serbu@dispusip.local";
    expect(Number(await redis.inspector.get(key))).toBeGreaterThan(maxFailures);
    const ttl = await redis.inspector.pTTL(key);
    // Within a minute of the window (15 minutes): the 40 logins and these reads take seconds at most.
    expect(ttl).toBeGreaterThan(windowMs - 60_000);
    expect(ttl).toBeLessThanOrEqual(windowMs);
    expect(await redis.inspector.exists("dispusip:login-address:198.51.100.1")).toBe(1);
  });

  it("clears an account's count in Redis at a successful login, and keeps an address's separate", async () => {
    const email = "lupa-redis@dispusip.local";
    const address = "198.51.100.200";
    for (let attempt = 0; attempt < 4; attempt++) {
      const counted = await beginLoginAttempt(email, address);
      expect(counted.allowed).toBe(true);
      if (counted.allowed) await counted.failed();
    }
    expect(await redis.inspector.get(`dispusip:login-account:${email}`)).toBe("4");
    const good = await beginLoginAttempt(email, address);
    expect(good.allowed).toBe(true);
    if (good.allowed) await good.succeeded();
    expect(await redis.inspector.exists(`dispusip:login-account:${email}`)).toBe(0);
    // Four failures stay counted for the address; the success was given back.
    expect(await redis.inspector.get(`dispusip:login-address:${address}`)).toBe("4");
  });

  it("clears another process's public cache through a broadcast", async () => {
    const here = await import("~/platform/cache.server");
    vi.resetModules();
    // Another process: its own copies of the modules, with its own cache and its own Redis connections.
    const elsewhere = await import("~/platform/cache.server");
    const elsewhereRedis = await import("~/platform/redis.server");
    expect(elsewhere).not.toBe(here);
    await elsewhereRedis.connectRedis(redis.server.url);
    try {
      let reads = 0;
      const fetcher = async () => `lihat ${++reads}`;
      expect(await elsewhere.cachedRead("about", { name: "abouts" }, fetcher)).toBe("lihat 1");
      expect(await elsewhere.cachedRead("about", { name: "abouts" }, fetcher)).toBe("lihat 1");
      here.clearAllCaches();
      await eventually(async () => (await elsewhere.cachedRead("about", { name: "abouts" }, fetcher)) !== "lihat 1", "the other copy refetches");
      expect(reads).toBe(2);
    } finally {
      await elsewhereRedis.closeRedis();
    }
  });

  it("hears its own clear back without making it again (the list copy its write patched stays current), another process's at once", async () => {
    // This file's copy of the module, connected to Redis (an earlier test's `vi.resetModules` left others behind).
    const here = thisProcessCache;
    vi.resetModules();
    const elsewhere = await import("~/platform/cache.server");
    const elsewhereRedis = await import("~/platform/redis.server");
    await elsewhereRedis.connectRedis(redis.server.url);
    try {
      const genres = { name: "genres" };
      const tags = { name: "tags" };
      const elsewhereBefore = elsewhere.resourceGeneration(genres);
      const cleared = here.clearResource(genres);
      await eventually(() => elsewhere.resourceGeneration(genres) > elsewhereBefore, "the other process clears the genres");
      // A clear sent after it from the other process: once it is heard here, so was this process's own (Redis keeps their order).
      const tagsBefore = here.resourceGeneration(tags);
      elsewhere.clearResource(tags);
      await eventually(() => here.resourceGeneration(tags) > tagsBefore, "this process hears the other's clear");
      expect(here.resourceGeneration(genres)).toBe(cleared.after);
    } finally {
      await elsewhereRedis.closeRedis();
    }
  });

  it("holds a resumable upload's lock in one Redis key: another request asks the holder to let go, then takes it", async () => {
    const locker = redisUploadLocker();
    const id = "0123456789abcdef0123456789abcdef";
    const first = locker.newLock(id);
    const asked = vi.fn(() => {
      // What @tus/server does when asked: the request ends, and unlocks.
      void first.unlock();
    });
    await first.lock(new AbortController().signal, asked);
    expect(await redis.inspector.get(`dispusip:upload-lock:${id}`)).toMatch(/^[0-9a-f-]{36}$/);
    const second = locker.newLock(id);
    await second.lock(new AbortController().signal, () => {});
    expect(asked).toHaveBeenCalledTimes(1);
    await second.unlock();
    expect(await redis.inspector.exists(`dispusip:upload-lock:${id}`)).toBe(0);
  });

  it("lets go of an upload when its lock's lease is lost, instead of writing on without it", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const id = "fedcba9876543210fedcba9876543210";
      const lock = redisUploadLocker().newLock(id);
      const asked = vi.fn();
      await lock.lock(new AbortController().signal, asked);
      // The lease ran out while Redis was away, say, and another request took the key.
      await redis.inspector.set(`dispusip:upload-lock:${id}`, "another-request");
      vi.advanceTimersByTime(3_000);
      await eventually(() => asked.mock.calls.length === 1, "the holder was asked to let go");
      await lock.unlock();
      // Its unlock leaves the other request's lock alone.
      expect(await redis.inspector.get(`dispusip:upload-lock:${id}`)).toBe("another-request");
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 503 while Redis is down, never crashes, and recovers when it is back", async () => {
    const session = await startSession("token-during-outage", ADMIN);
    const cookie = (await commitSession(session)).split(";")[0];
    upstream.use(...userHandlers({ "admin@dispusip.local": { password: "demo12345", role: 2, token: "t".repeat(64) } }));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      await redis.server.stop();
      await eventually(async () => !(await redisReady()), "the process notices Redis is down");

      const refused = await getSession(request("/admin", { cookie })).catch((thrown: unknown) => thrown);
      expect(refused).toMatchObject({
        data: { message: "Layanan sedang tidak dapat dihubungi. Silakan coba beberapa saat lagi." },
        init: { status: 503 },
      });
      await expect(beginLoginAttempt("x@dispusip.local", "203.0.113.9")).rejects.toBeInstanceOf(RedisUnavailable);
      const loginResult = await login({
        request: request("/login", { method: "POST", body: new URLSearchParams({ email: "admin@dispusip.local", password: "demo12345" }) }),
        params: {},
        context: { clientIp: "203.0.113.9" },
      });
      expect(loginResult).toMatchObject({
        init: { status: 503 },
        data: { result: { error: { "": ["Layanan sedang tidak dapat dihubungi. Silakan coba beberapa saat lagi."] } } },
      });
      const { clearAllCaches } = await import("~/platform/cache.server");
      expect(() => clearAllCaches()).not.toThrow();

      // Redis comes back empty (nothing persisted): the process reconnects by itself.
      await redis.server.start();
      await eventually(() => redisReady(), "the process reconnects");
      expect((await getSession(request("/admin", { cookie }))).get("token")).toBeUndefined();
      const fresh = await startSession("token-after-outage", ADMIN);
      const freshCookie = (await commitSession(fresh)).split(";")[0];
      expect((await getSession(request("/admin", { cookie: freshCookie }))).get("token")).toBe("token-after-outage");
      await redis.inspector.ping().catch(() => {});
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
