import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { createUpstreamClient, UpstreamError } from "~/platform/upstream.server";
import { recordUpstreamCalls, upstream, UPSTREAM } from "../mocks/upstream";
import { rejectionOf } from "../helpers/rejection";

const list = z.object({ data: z.array(z.object({ id: z.number(), title: z.string() })) });

const failure = (promise: Promise<unknown>) => rejectionOf(promise, UpstreamError);

describe("upstream client", () => {
  it("calls base + /api with the bearer token and request id, and parses with the schema", async () => {
    upstream.use(http.get(`${UPSTREAM}/sliders`, () => HttpResponse.json({ data: [{ id: 1, title: "A" }] })));
    const calls = recordUpstreamCalls();
    let requestId: string | null = null;
    upstream.events.on("request:start", ({ request }) => (requestId = request.headers.get("x-request-id")));
    const api = createUpstreamClient({ token: "secret-token", requestId: "req-1" });
    await expect(api.call(list, { path: "/sliders", query: { page: 2, limit: undefined } })).resolves.toEqual({
      data: [{ id: 1, title: "A" }],
    });
    expect(calls).toEqual([{ method: "GET", path: "/api/sliders?page=2", authorization: "Bearer secret-token" }]);
    expect(requestId).toBe("req-1");
  });

  it("turns an upstream error into a typed value with its status and error text", async () => {
    upstream.use(http.post(`${UPSTREAM}/books`, () => HttpResponse.json({ error: "ISBN sudah terdaftar" }, { status: 422 })));
    const error = await failure(createUpstreamClient().call(z.unknown(), { method: "POST", path: "/books", json: {} }));
    expect(error).toMatchObject({ kind: "http", status: 422, upstreamMessage: "ISBN sudah terdaftar", call: "POST /books" });
  });

  it("reports a wrongly shaped or malformed body as an invalid response", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/sliders`, () => HttpResponse.json({ data: [{ id: "x" }] })),
      http.get(`${UPSTREAM}/officers`, () => new HttpResponse("<html>oops", { headers: { "content-type": "application/json" } })),
    );
    const api = createUpstreamClient();
    expect((await failure(api.call(list, { path: "/sliders" }))).kind).toBe("invalid-response");
    expect((await failure(api.call(list, { path: "/officers" }))).kind).toBe("invalid-response");
  });

  it("refuses an answer larger than UPSTREAM_MAX_ANSWER_BYTES as invalid, read or streamed write alike", async () => {
    // A fresh copy of the client, reading a small bound from the environment.
    process.env.UPSTREAM_MAX_ANSWER_BYTES = String(64 * 1024);
    vi.resetModules();
    const fresh = await import("~/platform/upstream.server");
    const api = fresh.createUpstreamClient(); // reads the configuration
    delete process.env.UPSTREAM_MAX_ANSWER_BYTES;
    // Valid JSON padded past the bound: read whole, it would parse.
    const padded = (kib: number) => `{"data":[${" ".repeat(kib * 1024)}]}`;
    const json = { headers: { "content-type": "application/json" } };
    upstream.use(
      http.get(`${UPSTREAM}/sliders`, () => new HttpResponse(padded(100), json)),
      http.post(`${UPSTREAM}/sliders`, () => new HttpResponse(padded(100), json)),
      http.get(`${UPSTREAM}/officers`, () => new HttpResponse(padded(60), json)),
    );
    // Not `failure()`: the fresh copy's UpstreamError is another class than the one imported above.
    const refused = async (promise: Promise<unknown>) => (await promise.then(() => undefined, (thrown: unknown) => thrown)) as { kind?: string };
    expect((await refused(api.call(list, { path: "/sliders" }))).kind).toBe("invalid-response");
    async function* streamed() {
      yield [Buffer.from("judul=A")];
    }
    const write = { method: "POST", path: "/sliders", body: streamed(), contentType: "application/x-www-form-urlencoded" } as const;
    expect((await refused(api.call(list, write))).kind).toBe("invalid-response");
    // Under the bound, the same padding is read.
    await expect(api.call(list, { path: "/officers" })).resolves.toEqual({ data: [] });
  });

  it("retries a read once after a network error, never a write", async () => {
    let reads = 0;
    let writes = 0;
    upstream.use(
      http.get(`${UPSTREAM}/sliders`, () => {
        reads += 1;
        return reads === 1 ? HttpResponse.error() : HttpResponse.json({ data: [] });
      }),
      http.post(`${UPSTREAM}/sliders`, () => {
        writes += 1;
        return HttpResponse.error();
      }),
    );
    const api = createUpstreamClient();
    await expect(api.call(list, { path: "/sliders" })).resolves.toEqual({ data: [] });
    expect(reads).toBe(2);
    expect((await failure(api.call(list, { method: "POST", path: "/sliders", json: {} }))).kind).toBe("network");
    expect(writes).toBe(1);
  });

  it("does not retry a read that got an HTTP error", async () => {
    let reads = 0;
    upstream.use(
      http.get(`${UPSTREAM}/sliders`, () => {
        reads += 1;
        return HttpResponse.json({ error: "rusak" }, { status: 500 });
      }),
    );
    expect((await failure(createUpstreamClient().call(list, { path: "/sliders" }))).status).toBe(500);
    expect(reads).toBe(1);
  });

  it("times out a slow upstream", async () => {
    upstream.use(http.get(`${UPSTREAM}/sliders`, () => new Promise<Response>(() => {})));
    const error = await failure(createUpstreamClient().call(list, { path: "/sliders", timeoutMs: 50 }));
    expect(error.kind).toBe("timeout");
  });

  it("times out an upstream that answers a head, then trickles its body a byte at a time, never ending", async () => {
    let timer: NodeJS.Timeout | undefined;
    upstream.use(
      http.get(`${UPSTREAM}/sliders`, () => {
        const trickle = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data":['));
            // Each byte well within the silence allowed (UPSTREAM_TIMEOUT_MS, 1 s here).
            timer = setInterval(() => controller.enqueue(new TextEncoder().encode(" ")), 50);
          },
          cancel: () => clearInterval(timer),
        });
        return new HttpResponse(trickle, { headers: { "Content-Type": "application/json" } });
      }),
    );
    try {
      const error = await failure(createUpstreamClient().call(list, { path: "/sliders", timeoutMs: 300 }));
      expect(error.kind).toBe("timeout");
    } finally {
      clearInterval(timer);
    }
  });

  it("stops when the visitor goes away", async () => {
    upstream.use(http.get(`${UPSTREAM}/sliders`, () => new Promise<Response>(() => {})));
    const visitor = new AbortController();
    const pending = createUpstreamClient({ signal: visitor.signal }).call(list, { path: "/sliders" });
    visitor.abort();
    expect((await failure(pending)).kind).toBe("aborted");
  });

  it("uses the panel service for library calls", async () => {
    upstream.use(http.get(`${UPSTREAM}/bibliographies/admin/library`, () => HttpResponse.json({ data: [] })));
    await expect(
      createUpstreamClient().call(z.object({ data: z.array(z.unknown()) }), { path: "/bibliographies/admin/library", service: "panel" }),
    ).resolves.toEqual({ data: [] });
  });
});
