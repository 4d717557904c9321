import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { http, passthrough } from "msw";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getConfig } from "@server/config.server";
import { privateAnswers, securityHeaders } from "@server/security.server";
import { publicPageCache } from "~/platform/page-cache.server";
import { pageEncoding, pageStore, storedPage } from "~/platform/page-store.server";
import { upstream } from "../mocks/upstream";

/**
 * What a cached public page is on the wire: the encoding the request asks for (q-values
 * honoured), a strong ETag and its 304, Vary and the Cache-Control a cache in front reads; a
 * visitor with a session gets a page no cache keeps. The middlewares in server/index.ts's order.
 */

let renders = 0;
let baseUrl = "";
let close: () => Promise<void>;
const PAGE = (n: number) => `<!DOCTYPE html><html><body>${"<p>Dinas Perpustakaan dan Kearsipan</p>".repeat(80)}<p>render ${n}</p></body></html>`;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders(getConfig()));
  app.use(privateAnswers());
  app.use(compression());
  app.use(publicPageCache());
  for (const path of ["/halaman", "/login"]) {
    app.get(path, (_req, res) => {
      renders += 1;
      res.type("html").send(PAGE(renders));
    });
  }
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());
beforeEach(() => {
  upstream.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
  renders = 0;
});

interface Raw {
  status: number;
  headers: Record<string, string | undefined>;
  /** The bytes as sent, and as read once decoded by their Content-Encoding. */
  sent: Buffer;
  text: string;
}

/** One request as a browser sends it (fetch would choose Accept-Encoding and decode itself). */
function raw(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const sent = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const decoded = encoding === "br" ? brotliDecompressSync(sent) : encoding === "gzip" ? gunzipSync(sent) : sent;
        const flat = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, [value ?? []].flat().join(", ") || undefined]));
        resolve({ status: response.statusCode ?? 0, headers: flat, sent, text: decoded.toString() });
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

describe("a cached page's encoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=1.0, gzip;q=0.8", "br"],
    ["gzip;q=0, br;q=0", "identity"],
    ["br;q=0, *", "gzip"],
    ["*", "br"],
    ["identity", "identity"],
    ["", "identity"],
  ])("Accept-Encoding %j gets %s", (accept, expected) => {
    expect(pageEncoding({ headers: { "accept-encoding": accept } })).toBe(expected);
  });

  it("is sent as stored: the first answer and every later one, each encoding the same page", async () => {
    const first = await raw("/halaman", BROWSER);
    expect(first.headers["content-encoding"]).toBe("br");
    const pages = [first];
    for (const accept of ["gzip", "identity", "gzip, deflate, br"]) pages.push(await raw("/halaman", { "accept-encoding": accept }));
    expect(renders).toBe(1);
    expect(pages.map((page) => page.headers["content-encoding"])).toEqual(["br", "gzip", undefined, "br"]);
    for (const page of pages) {
      expect(page.text).toBe(PAGE(1));
      expect(page.headers.vary).toBe("Accept-Encoding");
      expect(Number(page.headers["content-length"])).toBe(page.sent.length);
    }
    expect(pages[3].sent.equals(first.sent)).toBe(true);
  });
});

describe("a cached page's validators and caching headers", () => {
  it("carries a strong ETag per encoding, and answers 304 without a body to a request that names it", async () => {
    const br = await raw("/halaman", BROWSER);
    const gzip = await raw("/halaman", { "accept-encoding": "gzip" });
    expect(br.headers.etag).toMatch(/^"[^"]+"$/);
    expect(gzip.headers.etag).toMatch(/^"[^"]+"$/);
    expect(gzip.headers.etag).not.toBe(br.headers.etag);

    const again = await raw("/halaman", { ...BROWSER, "if-none-match": br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.sent.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers["cache-control"]).toBe(br.headers["cache-control"]);
    // Another encoding's tag, or one of a page since changed, gets the page.
    expect((await raw("/halaman", { ...BROWSER, "if-none-match": gzip.headers.etag! })).status).toBe(200);
    expect((await raw("/halaman", { ...BROWSER, "if-none-match": '"lama"' })).status).toBe(200);
    expect(renders).toBe(1);
  });

  it("lets a cache in front keep a public page no longer than the page cache does, stale while it asks again", async () => {
    const seconds = Math.floor(getConfig().publicCache.ttlMs / 1000);
    const first = await raw("/halaman", BROWSER);
    const second = await raw("/halaman", BROWSER);
    for (const page of [first, second]) {
      expect(page.headers["cache-control"]).toBe(`public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`);
    }
  });

  it("says private, no-store to a visitor with a session, and keeps the login's no-store", async () => {
    await raw("/halaman", BROWSER);
    const withSession = await raw("/halaman", { ...BROWSER, cookie: "__session=abc" });
    expect(withSession.headers["cache-control"]).toBe("private, no-store");
    expect(withSession.text).toBe(PAGE(2));
    const login = await raw("/login", BROWSER);
    expect(login.headers["cache-control"]).toBe("no-store");
    expect(login.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  });
});

describe("a page store's bound", () => {
  it("counts the bytes of every encoding it keeps", () => {
    const store = pageStore({ maxPages: 10, maxBytes: 1024 * 1024 });
    const page = storedPage(Buffer.from(PAGE(1)), { headers: [], storedAt: 0, resources: new Set(), madeAfterClear: 0 });
    store.set("/halaman", page);
    expect(store.calculatedSize).toBe(page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length);
    expect(page.bodies.br.length).toBeGreaterThan(0);
  });
});
