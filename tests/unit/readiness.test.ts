import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { http, HttpResponse, passthrough } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "@server/config.server";
import { readiness } from "@server/readiness.server";
import { upstream, UPSTREAM } from "../mocks/upstream";

/** `GET /readyz` as server/index.ts mounts it, against msw's upstream (UPSTREAM_API_URL of tests/setup/unit.ts). */

const config = parseConfig({ ...process.env });
const servers: Server[] = [];

/** The agency's `/api` as the check sees it: its status, and the calls it has had. */
const api = { status: 200, calls: 0 };

beforeEach(() => {
  Object.assign(api, { status: 200, calls: 0 });
  upstream.use(
    // The test's own requests to the app below.
    http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
    http.get(UPSTREAM, () => {
      api.calls += 1;
      return HttpResponse.json({}, { status: api.status });
    }),
  );
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function app(instance: { stopping?: () => boolean; redisReady?: () => Promise<boolean> } = {}): Promise<string> {
  const site = express();
  site.get("/readyz", readiness(config, { stopping: instance.stopping ?? (() => false), redisReady: instance.redisReady ?? (async () => true) }));
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
