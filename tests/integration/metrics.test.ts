import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { delay, http, HttpResponse, passthrough } from "msw";
import { Registry } from "prom-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { getConfig } from "@server/config.server";
import { requestMetrics } from "@server/metrics.server";
import { securityHeaders } from "@server/security.server";
import { metricsRegistry } from "~/platform/metrics.server";
import { publicPageCache } from "~/platform/page-cache.server";
import { memoryReservations } from "~/platform/upload-reservations.server";
import { createUpstreamClient } from "~/platform/upstream.server";
import * as genreRoute from "~/routes/admin-screen";
import { MANIFEST } from "../helpers/route-manifest.ts";
import { UPSTREAM, upstream } from "../mocks/upstream";
import { servePagedList } from "./admin-catalogue-support";
import { adminCookie, load } from "./admin-screen-support";

/**
 * The Prometheus metrics (server/metrics.server.ts, app/platform/metrics.server.ts): requests labelled
 * by route id whatever URLs visitors make up, and the app's counters moving with what happens.
 */

const BUILD = { routes: MANIFEST } as ServerBuild;
const FIXED_LABELS = ["health", "build", "static", "unmatched"];
const REQUESTS = "dispusip_http_request_duration_seconds";

interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

async function samples(registry: Registry, name: string): Promise<Sample[]> {
  const metric = (await registry.getMetricsAsJSON()).find((entry) => entry.name === name);
  return (metric?.values ?? []) as Sample[];
}

/** A counter's value, or a histogram's count, for exactly these labels (0 when absent). */
async function valueOf(registry: Registry, name: string, labels: Record<string, string>): Promise<number> {
  const wanted = (await samples(registry, name)).filter(
    (sample) =>
      (sample.metricName === undefined || sample.metricName === name || sample.metricName === `${name}_count`) &&
      Object.entries(labels).every(([label, value]) => sample.labels[label] === value) &&
      Object.keys(sample.labels).every((label) => label in labels),
  );
  return wanted.reduce((sum, sample) => sum + sample.value, 0);
}

/** The request histogram's series: one per label set (its `_count` sample). */
async function requestSeries(registry: Registry): Promise<Array<Record<string, string | number>>> {
  return (await samples(registry, REQUESTS)).filter((sample) => sample.metricName === `${REQUESTS}_count`).map((sample) => sample.labels);
}

beforeEach(() => {
  upstream.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
});

describe("request metrics", () => {
  const registry = new Registry();
  let baseUrl = "";
  let close: () => Promise<void>;

  beforeAll(async () => {
    const app = express();
    app.use(requestMetrics(registry, BUILD));
    app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
    app.post("/login", (_req, res) => void res.redirect(303, "/admin"));
    app.get(["/", "/about", "/admin", "/admin/book", "/activity/:id"], (_req, res) => void res.send("page"));
    app.get("/gagal", (_req, res) => void res.status(502).send("gagal"));
    app.use((_req, res) => void res.status(404).send("tidak ada"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  it("labels each request by the route it selects, or a fixed label, with its method and status class", async () => {
    const sent: Array<[string, string, string, string, string]> = [
      ["GET", "/", "routes/_public._index", "GET", "2xx"],
      ["GET", "/admin", "routes/admin._index", "GET", "2xx"],
      ["HEAD", "/admin/book", "routes/admin.book", "HEAD", "2xx"],
      ["GET", "/activity/12?utm=x", "routes/_public.activity.$activityId", "GET", "2xx"],
      ["POST", "/login", "routes/login", "POST", "3xx"],
      ["GET", "/healthz", "health", "GET", "2xx"],
      ["GET", "/build/assets/entry-abc.js", "build", "GET", "4xx"],
      ["GET", "/favicon.svg", "static", "GET", "4xx"],
      ["GET", "/gagal", "unmatched", "GET", "5xx"],
      ["GET", "/tidak/ada/di/sini", "unmatched", "GET", "4xx"],
      ["PROPFIND", "/about", "routes/_public.about", "other", "4xx"],
    ];
    for (const [method, url, route, methodLabel, status] of sent) {
      const before = await valueOf(registry, REQUESTS, { route, method: methodLabel, status });
      const response = await fetch(`${baseUrl}${url}`, { method, redirect: "manual" });
      await response.arrayBuffer();
      await expect.poll(() => valueOf(registry, REQUESTS, { route, method: methodLabel, status })).toBe(before + 1);
    }
  });

  it("keeps the number of series flat after 1,000 random URLs, every label a route id or a fixed label", async () => {
    const routeIds = Object.keys(MANIFEST);
    const word = () => Math.random().toString(36).slice(2, 2 + 1 + Math.floor(Math.random() * 10));
    const randomUrl = (index: number) => {
      const segments = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, word);
      const kinds = [
        `/${segments.join("/")}`,
        `/activity/${word()}`,
        `/files/${word()}.pdf`,
        `/${word()}.${word().slice(0, 3)}`,
        `/build/${word()}.js`,
        `/admin/${word()}?q=${word()}`,
        `/${word()}.data?_routes=${word()}`,
      ];
      return kinds[index % kinds.length];
    };
    const visit = async (count: number, offset: number) => {
      for (let sent = 0; sent < count; sent += 25) {
        await Promise.all(
          Array.from({ length: 25 }, async (_, index) => {
            const response = await fetch(`${baseUrl}${randomUrl(offset + sent + index)}`);
            await response.arrayBuffer();
          }),
        );
      }
    };
    // Every kind of URL once (25 of each), so that each series the random ones can reach exists.
    await visit(175, 0);
    const seriesBefore = await requestSeries(registry);
    await visit(1_000, 175);
    const seriesAfter = await requestSeries(registry);
    expect(seriesAfter.length).toBe(seriesBefore.length);
    const routes = new Set(seriesAfter.map((labels) => String(labels.route)));
    for (const route of routes) expect([...routeIds, ...FIXED_LABELS]).toContain(route);
    // And the random URLs were counted: 1,175 requests (and the first test's) across those few series.
    const total = (await samples(registry, REQUESTS)).filter((sample) => sample.metricName === `${REQUESTS}_count`).reduce((sum, { value }) => sum + value, 0);
    expect(total).toBeGreaterThanOrEqual(1_175);
  });
});

describe("the app's metrics", () => {
  it("counts upstream calls by outcome, a retried read once", async () => {
    const api = createUpstreamClient();
    const schema = z.object({ ok: z.boolean() });
    upstream.use(
      http.get(`${UPSTREAM}/metrics-ok`, () => HttpResponse.json({ ok: true })),
      http.get(`${UPSTREAM}/metrics-missing`, () => HttpResponse.json({ error: "tidak ada" }, { status: 404 })),
      http.get(`${UPSTREAM}/metrics-broken`, () => HttpResponse.json({ error: "rusak" }, { status: 503 })),
      http.get(`${UPSTREAM}/metrics-down`, () => HttpResponse.error()),
      http.get(`${UPSTREAM}/metrics-slow`, async () => {
        await delay(2_000);
        return HttpResponse.json({ ok: true });
      }),
    );
    const outcomes = async (): Promise<Record<string, number>> =>
      Object.fromEntries(
        await Promise.all(
          ["ok", "4xx", "5xx", "network", "timeout"].map(async (outcome) => [
            outcome,
            await valueOf(metricsRegistry, "dispusip_upstream_request_duration_seconds", { outcome }),
          ]),
        ),
      );
    const before = await outcomes();
    await api.call(schema, { path: "/metrics-ok" });
    await expect(api.call(schema, { path: "/metrics-missing" })).rejects.toThrow("http 404");
    await expect(api.call(schema, { path: "/metrics-broken" })).rejects.toThrow("http 503");
    await expect(api.call(schema, { path: "/metrics-down" })).rejects.toThrow("network");
    await expect(api.call(schema, { path: "/metrics-slow", timeoutMs: 100 })).rejects.toThrow("timeout");
    const after = await outcomes();
    expect(Object.fromEntries(Object.entries(after).map(([outcome, count]) => [outcome, count - before[outcome]]))).toEqual({
      ok: 1,
      "4xx": 1,
      "5xx": 1,
      network: 1,
      timeout: 1,
    });
  });

  it("counts whole-page cache hits and misses", async () => {
    const app = express();
    app.use(securityHeaders(getConfig()));
    app.use(publicPageCache());
    app.get("/halaman-metrik", (_req, res) => void res.type("html").send(`<p>halaman</p><script nonce="${res.locals.cspNonce}">1</script>`));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/halaman-metrik`;
      const hits = () => valueOf(metricsRegistry, "dispusip_page_cache_lookups_total", { result: "hit" });
      const misses = () => valueOf(metricsRegistry, "dispusip_page_cache_lookups_total", { result: "miss" });
      const [hitsBefore, missesBefore] = [await hits(), await misses()];
      for (let view = 0; view < 3; view++) await (await fetch(url)).text();
      expect([(await hits()) - hitsBefore, (await misses()) - missesBefore]).toEqual([2, 1]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("counts the admin list copy's hits and misses by screen", async () => {
    const cookie = await adminCookie();
    servePagedList("/genres", "data", 30, (id) => ({ id, name: `Genre ${id}`, title: `Genre ${id}`, notation: String(id), general_name: `Genre ${id}` }));
    const lookups = (result: string) => valueOf(metricsRegistry, "dispusip_admin_list_copy_lookups_total", { screen: "genre", result });
    const [hitsBefore, missesBefore] = [await lookups("hit"), await lookups("miss")];
    await load(genreRoute, "/admin/genre", cookie);
    await load(genreRoute, "/admin/genre?page=2", cookie);
    expect([(await lookups("hit")) - hitsBefore, (await lookups("miss")) - missesBefore]).toEqual([1, 1]);
  });

  it("reports the uploads' reserved bytes when scraped", async () => {
    const reservations = memoryReservations(mkdtempSync(path.join(process.env.DATA_DIR!, "reservations-")), {
      diskMaxBytes: 10_000_000,
      adminMaxBytes: 10_000_000,
      adminMaxCount: 10,
    });
    const gauge = () => valueOf(metricsRegistry, "dispusip_upload_reserved_bytes", {});
    await reservations.usage("admin@x");
    expect(await gauge()).toBe(0);
    await reservations.reserve({ id: "a1", admin: "admin@x", bytes: 4_096_000, created: Date.now() });
    await reservations.reserve({ id: "a2", admin: "admin@x", bytes: 1_000, created: Date.now() });
    expect(await gauge()).toBe(4_097_000);
    await reservations.release("a1");
    expect(await gauge()).toBe(1_000);
  });
});
