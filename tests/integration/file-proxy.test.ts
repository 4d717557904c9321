import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { loader as coverLoader } from "~/routes/covers.$name";
import { loader as fileLoader } from "~/routes/files.$name";
import { request } from "../helpers/sessions";
import { recordUpstreamCalls, upstream } from "../mocks/upstream";

const FILES = "http://upstream.test/files";
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function get(path: string, name: string, headers: HeadersInit = {}) {
  return fileLoader({ request: request(path, { headers }), params: { name }, context: { clientIp: "127.0.0.1" } });
}

describe("file proxy", () => {
  it("streams a stored file with its type, a cache lifetime and its validators", async () => {
    upstream.use(
      http.get(`${FILES}/foto.png`, () =>
        new HttpResponse(PNG, { headers: { "content-type": "image/png", etag: '"abc"', "last-modified": "Wed, 20 Nov 2024 00:00:00 GMT", "set-cookie": "x=1" } }),
      ),
    );
    const response = await get("/files/foto.png", "foto.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("etag")).toBe('"abc"');
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it("passes conditional requests on, answering 304 without a body", async () => {
    upstream.use(
      http.get(`${FILES}/foto.png`, ({ request: upstreamRequest }) =>
        upstreamRequest.headers.get("if-none-match") === '"abc"'
          ? new HttpResponse(null, { status: 304, headers: { etag: '"abc"' } })
          : new HttpResponse(PNG, { headers: { etag: '"abc"' } }),
      ),
    );
    const response = await get("/files/foto.png", "foto.png", { "If-None-Match": '"abc"' });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
  });

  it("answers 404 for a missing file", async () => {
    upstream.use(http.get(`${FILES}/hilang.png`, () => HttpResponse.json({ error: "Berkas tidak ditemukan" }, { status: 404 })));
    expect((await get("/files/hilang.png", "hilang.png")).status).toBe(404);
  });

  it("refuses traversal with 400 and never asks the upstream", async () => {
    const calls = recordUpstreamCalls();
    for (const [path, name] of [
      ["/files/..", ".."],
      ["/files/..%2F..%2Fetc%2Fpasswd", "../../etc/passwd"],
      ["/files/%2e%2e%2fsecret", "../secret"],
      ["/files/a%5Cb", "a\\b"],
      ["/files/a%00.png", "a\u0000.png"],
      ["/files/.env", ".env"],
    ]) {
      expect((await get(path, name)).status, path).toBe(400);
    }
    expect(calls).toEqual([]);
  });

  it("serves covers from the cover path", async () => {
    upstream.use(http.get("http://upstream.test/covers/sampul.png", () => new HttpResponse(PNG, { headers: { "content-type": "image/png" } })));
    const response = await coverLoader({ request: request("/covers/sampul.png"), params: { name: "sampul.png" }, context: { clientIp: "x" } });
    expect(response.status).toBe(200);
  });

  it("answers 502 when the upstream cannot be reached", async () => {
    upstream.use(http.get(`${FILES}/foto.png`, () => HttpResponse.error()));
    expect((await get("/files/foto.png", "foto.png")).status).toBe(502);
  });
});
