import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { http, HttpResponse, passthrough } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "@server/config.server";
import { readiness } from "@server/readiness.server";
import { sharedUpstreamCheck, UPSTREAM_CHECK_REUSE_MS } from "@server/upstream-health.server";
import { upstream, UPSTREAM } from "../mocks/upstream";

/**
 * `GET /readyz` as server/index.ts mounts it, against msw's upstream (UPSTREAM_API_URL of
 * tests/setup/unit.ts). It is public, so its check of the agency's API is shared: however many
 * ask, one call per UPSTREAM_CHECK_REUSE_MS, and never a verdict older than that. Times are the
 * tests' own clock, counted calls the proof: no wall-clock bound.
 */

const config = parseConfig({ ...process.env });
const servers: Server[] = [];

/** The agency's `/api` as the check sees it: its status, the calls it has had, and an answer held back until `gate` resolves. */
const api: { status: number; calls: number; gate?: Promise<void> } = { status: 200, calls: 0 };

/** The tests' clock (ms), which the shared check reads instead of performance.now(). */
let clock = 0;
const now = () => clock;

beforeEach(() => {
  Object.assign(api, { status: 200, calls: 0, gate: undefined });
  clock = 1_000;
  upstream.use(
    // The test's own requests to the app below.
    http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
    http.get(UPSTREAM, async () => {
      api.calls += 1;
      await api.gate;
      return HttpResponse.json({}, { status: api.status });
    }),
  );
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function app(instance: { stopping?: () => boolean; redisReady?: () => Promise<boolean> } = {}, redisTimeoutMs?: number): Promise<string> {
  const site = express();
  site.get("/readyz", readiness(config, { stopping: instance.stopping ?? (() => false), redisReady: instance.redisReady ?? (async () => true) }, now, redisTimeoutMs));
  const server = site.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
}

async function ask(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as unknown, cacheControl: response.headers.get("cache-control") };
}

describe("/readyz's answer", () => {
  it("200 ok while the upstream answers below 500, never kept", async () => {
    api.status = 404;
    expect(await ask(await app())).toEqual({ status: 200, body: { status: "ok" }, cacheControl: "no-store" });
  });

  it("503 naming what fails: the upstream first, then Redis; 'stopping' from SIGTERM on, without asking anyone", async () => {
    api.status = 500;
    expect(await ask(await app())).toEqual({ status: 503, body: { status: "upstream unreachable" }, cacheControl: "no-store" });
    api.status = 200;
    expect(await ask(await app({ redisReady: async () => false }))).toEqual({ status: 503, body: { status: "redis unreachable" }, cacheControl: "no-store" });
    const calls = api.calls;
    expect(await ask(await app({ stopping: () => true }))).toEqual({ status: 503, body: { status: "stopping" }, cacheControl: "no-store" });
    expect(api.calls).toBe(calls);
  });
});

describe("/readyz's PING of Redis, shared by its requests", () => {
  it("50 at once ping Redis once, and so do 50 more within the period; the next wave after it pings again", async () => {
    let pings = 0;
    const url = await app({ redisReady: async () => (pings++, true) });
    const wave = () => Promise.all(Array.from({ length: 50 }, () => ask(url)));
    expect(new Set((await wave()).map(({ status }) => status))).toEqual(new Set([200]));
    expect(pings).toBe(1);
    clock += UPSTREAM_CHECK_REUSE_MS - 1;
    await wave();
    expect(pings).toBe(1);
    clock += 1;
    await wave();
    expect(pings).toBe(2);
  });

  it("a Redis that never answers the PING is 'redis unreachable', not a /readyz that never answers", async () => {
    const url = await app({ redisReady: () => new Promise<boolean>(() => {}) }, 20);
    expect(await ask(url)).toEqual({ status: 503, body: { status: "redis unreachable" }, cacheControl: "no-store" });
  });
});

describe("/readyz's check of the API, shared by its requests", () => {
  const W = UPSTREAM_CHECK_REUSE_MS;
  /** n requests at once, their statuses and bodies. */
  const wave = async (url: string, n = 50) => (await Promise.all(Array.from({ length: n }, () => ask(url)))).map(({ status, body }) => `${status} ${JSON.stringify(body)}`);
  const allOk = Array.from({ length: 50 }, () => '200 {"status":"ok"}');

  it("50 at once make one call to the API, and so do 50 more within the period; the next wave after it makes one more", async () => {
    const url = await app();
    expect(await wave(url)).toEqual(allOk);
    expect(api.calls).toBe(1);
    clock += W - 1;
    expect(await wave(url)).toEqual(allOk);
    expect(api.calls).toBe(1);
    clock += 1;
    expect(await wave(url)).toEqual(allOk);
    expect(api.calls).toBe(2);
  });

  it("an API that begins to fail is reported unready one period later at the latest; one that recovers, ready likewise", async () => {
    const url = await app();
    expect(await ask(url)).toMatchObject({ status: 200, body: { status: "ok" } });
    // Failing from just after the check: its "ok" holds for the rest of its period, no longer.
    api.status = 500;
    clock += W - 1;
    expect(await ask(url)).toMatchObject({ status: 200, body: { status: "ok" } });
    clock += 1;
    expect(await wave(url)).toEqual(Array.from({ length: 50 }, () => '503 {"status":"upstream unreachable"}'));
    expect(api.calls).toBe(2);
    // A failing API is asked no more often than a working one.
    api.status = 200;
    clock += W - 1;
    expect(await ask(url)).toMatchObject({ status: 503, cacheControl: "no-store" });
    clock += 1;
    expect(await ask(url)).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(api.calls).toBe(3);
  });

  it("a check in flight is shared past its period (never two at once), and the next begins once it has answered", async () => {
    const check = sharedUpstreamCheck(config, now);
    let answer!: () => void;
    api.gate = new Promise((resolve) => (answer = resolve));
    const first = Array.from({ length: 50 }, () => check());
    await expect.poll(() => api.calls).toBe(1);
    clock += 10 * W;
    const later = Array.from({ length: 50 }, () => check());
    answer();
    expect(new Set(await Promise.all([...first, ...later]))).toEqual(new Set(["ok"]));
    expect(api.calls).toBe(1);
    // Begun longer than a period ago: answered, it is not reused.
    expect(await check()).toBe("ok");
    expect(api.calls).toBe(2);
  });
});
