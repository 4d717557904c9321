import type { AddressInfo } from "node:net";
import express from "express";
import { http, HttpResponse, passthrough } from "msw";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { getConfig } from "@server/config.server";
import { publicPageCache } from "~/platform/page-cache.server";
import { cachedRead, clearAllCaches, clearResource } from "~/platform/cache.server";
import { streamStoredFile } from "~/platform/files.server";
import { privateAnswers, securityHeaders } from "@server/security.server";
import { upstream } from "../mocks/upstream";

/**
 * The whole-page cache in front of the pages, on a real Express server: what a visitor receives
 * (body, policy) and how many times the page behind it was rendered.
 */

let renders = 0;
let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders(getConfig()));
  // As in server/index.ts: its no-store is set as the head goes out, after the cache's first look.
  app.use(privateAnswers());
  app.use(publicPageCache());
  app.get("/halaman", (_req, res) => {
    renders += 1;
    res.type("html").send(`<!DOCTYPE html><html><body><p>render ${renders}</p><script src="/build/public.js"></script></body></html>`);
  });
  // A page that shows the activities (its read notes the resource, as cachedRead does).
  app.get("/kegiatan", async (_req, res) => {
    renders += 1;
    await cachedRead("kegiatan", { name: "activities" }, async () => "daftar");
    res.type("html").send(`<p>kegiatan ${renders}</p>`);
  });
  app.get("/gagal", (_req, res) => {
    renders += 1;
    res.status(503).type("html").send("<p>gagal</p>");
  });
  app.get("/kuki", (_req, res) => {
    renders += 1;
    res.cookie("sesi", "x").type("html").send("<p>kuki</p>");
  });
  for (const [path, cacheControl] of [
    ["/pribadi", "private, max-age=60"],
    ["/tanpa-simpan", "public, No-Store"],
  ]) {
    app.get(path, (_req, res) => {
      renders += 1;
      res.set("Cache-Control", cacheControl).type("html").send(`<p>${path} ${renders}</p>`);
    });
  }
  app.get("/login", (_req, res) => {
    renders += 1;
    res.type("html").send(`<p>masuk ${renders}</p>`);
  });
  // A stored file through the real proxy, its answer sent as server/remix-handler.ts sends one.
  app.get("/files/:name", async (req, res) => {
    const answer = await streamStoredFile(new Request(`${baseUrl}${req.originalUrl}`), "files", req.params.name);
    res.status(answer.status);
    for (const [name, value] of answer.headers) res.append(name, value);
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
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

async function view(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  const body = await response.text();
  return { status: response.status, body, headers: response.headers };
}

describe("public page cache", () => {
  it("answers a repeat anonymous view without rendering again: the same bytes, the same policy, no nonce", async () => {
    const first = await view("/halaman");
    const second = await view("/halaman");
    expect(renders).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.body).toContain("render 1");
    const policy = second.headers.get("content-security-policy");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain("nonce");
    expect(first.headers.get("content-security-policy")).toBe(policy);
  });

  it("answers a HEAD from the stored page, with a GET's ETag and length, rendering nothing; a HEAD that misses stores nothing", async () => {
    clearAllCaches();
    const missed = await fetch(`${baseUrl}/halaman?kepala`, { method: "HEAD" });
    expect(missed.status).toBe(200);
    const before = renders;
    const page = await view("/halaman?kepala");
    expect(renders).toBe(before + 1);
    expect(page.body).toContain("render");
    const head = await fetch(`${baseUrl}/halaman?kepala`, { method: "HEAD" });
    expect(renders).toBe(before + 1);
    expect(head.headers.get("etag")).toBe(page.headers.get("etag"));
    expect(head.headers.get("content-length")).toBe(page.headers.get("content-length"));
    expect(await head.text()).toBe("");
  });

  it("renders again as soon as an admin change clears the public cache", async () => {
    await view("/halaman");
    clearAllCaches();
    const after = await view("/halaman");
    expect(renders).toBe(2);
    expect(after.body).toContain("render 2");
  });

  it("keeps a page that shows the activities through a genre write, and renders it again after an activity write", async () => {
    await view("/kegiatan");
    clearResource({ name: "genres", shownIn: ["books"] });
    await view("/kegiatan");
    expect(renders, "a genre write").toBe(1);
    clearResource({ name: "activities" });
    expect((await view("/kegiatan")).body).toContain("kegiatan 2");
    // A page whose reads are not known (here /halaman, which reads nothing) is stale after any write.
    await view("/halaman");
    clearResource({ name: "genres", shownIn: ["books"] });
    expect((await view("/halaman")).body).toContain("render 4");
  });

  it("never keeps a page for a visitor with a cookie, a failed page, or a page that sets a cookie", async () => {
    await view("/halaman", { Cookie: "__session=abc" });
    await view("/halaman", { Cookie: "__session=abc" });
    expect(renders).toBe(2);
    await view("/gagal");
    await view("/gagal");
    expect(renders).toBe(4);
    await view("/kuki");
    await view("/kuki");
    expect(renders).toBe(6);
  });

  it("keeps pages with a query string apart, at most 100 (visitors choose them): a flood of searches leaves the other pages, the least recently served leaving first", async () => {
    // The clock stands still: the renders took seconds on a loaded machine, past the pages' 5 s TTL.
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    await view("/halaman");
    for (let page = 0; page < 100; page += 1) await view(`/halaman?n=${page}`);
    expect(renders).toBe(101);
    await view("/halaman?n=0");
    expect(renders).toBe(101);
    await view("/halaman?n=100");
    expect(renders).toBe(102);
    // n=0 was served again just now: n=1 is the one that left.
    await view("/halaman?n=0");
    expect(renders).toBe(102);
    await view("/halaman?n=1");
    expect(renders).toBe(103);
    for (let page = 200; page < 500; page += 1) await view(`/halaman?q=${page}`);
    expect(renders).toBe(403);
    await view("/halaman");
    expect(renders, "the page without a query string is still kept").toBe(403);
  });

  it("never keeps an answer marked Cache-Control no-store or private, also when the mark comes as the head goes out", async () => {
    for (const path of ["/pribadi", "/tanpa-simpan", "/login"]) {
      renders = 0;
      await view(path);
      const again = await view(path);
      expect(renders, path).toBe(2);
      expect(again.body, path).toContain(" 2</p>");
    }
  });

  it("never keeps a stored HTML file served through /files, which keeps its sandbox policy on every answer", async () => {
    upstream.use(
      http.get("http://upstream.test/files/halaman.html", () => {
        renders += 1;
        return new HttpResponse(`<p>berkas ${renders}</p><script>alert(1)</script>`, { headers: { "content-type": "text/html; charset=utf-8" } });
      }),
    );
    for (let time = 1; time <= 2; time += 1) {
      const response = await fetch(`${baseUrl}/files/halaman.html`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`berkas ${time}`);
      expect(response.headers.get("content-security-policy")).toContain("sandbox");
    }
    expect(renders).toBe(2);
  });
});
