import type { AddressInfo } from "node:net";
import { once } from "node:events";
import express, { type Response } from "express";
import { http, passthrough } from "msw";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getConfig } from "@server/config.server";
import { MAX_PAGE_BYTES, pageCaptureHeldBytes, publicPageCache } from "~/platform/page-cache.server";
import { securityHeaders } from "@server/security.server";
import { upstream } from "../mocks/upstream";

/**
 * What the whole-page cache holds while an answer is under way (issue 35 point 1): it decides
 * from the status and headers, before the first byte, whether it may keep the answer, and drops
 * its copy past MAX_PAGE_BYTES. A file download, a failed page or a huge page is never held.
 * `pageCaptureHeldBytes()` is read by the handlers after each write.
 */

const CHUNK = Buffer.alloc(64 * 1024, 0x61);
let renders = 0;
/** The most the cache held during the last answer, as the handler saw it after each write. */
let mostHeld = 0;
let baseUrl = "";
let close: () => Promise<void>;

/** Writes `bytes` in 64 KiB pieces with backpressure, noting what the cache holds after each. */
async function stream(res: Response, bytes: number): Promise<void> {
  mostHeld = 0;
  for (let sent = 0; sent < bytes; sent += CHUNK.length) {
    if (!res.write(CHUNK.subarray(0, Math.min(CHUNK.length, bytes - sent)))) await once(res, "drain");
    mostHeld = Math.max(mostHeld, pageCaptureHeldBytes());
  }
  res.end();
}

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders(getConfig()));
  app.use(publicPageCache());
  // Headers given to writeHead itself (as a proxy or a raw handler does), not set before.
  app.get("/video.mp4", async (_req, res) => {
    renders += 1;
    res.writeHead(200, { "Content-Type": "video/mp4", "Content-Length": String(8 * 1024 * 1024) });
    await stream(res, 8 * 1024 * 1024);
  });
  // No writeHead at all: the head goes out with the first write.
  app.get("/berkas", async (_req, res) => {
    renders += 1;
    res.type("application/octet-stream");
    await stream(res, 4 * 1024 * 1024);
  });
  app.get("/besar", async (_req, res) => {
    renders += 1;
    res.type("html");
    await stream(res, 3 * MAX_PAGE_BYTES);
  });
  app.get("/besar-diumumkan", async (_req, res) => {
    renders += 1;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": String(2 * MAX_PAGE_BYTES) });
    await stream(res, 2 * MAX_PAGE_BYTES);
  });
  app.get("/hilang", async (_req, res) => {
    renders += 1;
    res.status(404).type("html");
    await stream(res, 512 * 1024);
  });
  app.get("/bertahap", async (_req, res) => {
    renders += 1;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.write(`<!DOCTYPE html><html><body><p>render ${renders}</p>`);
    mostHeld = pageCaptureHeldBytes();
    res.end(`<script src="/build/public.js"></script></body></html>`);
  });
  const server = app.listen(0, "127.0.0.1");
  // An idle connection is let go by the client first (fetch: 4 s), never by this server while the
  // client reuses it: Node's 5 s start when a large answer is handed to the kernel, seconds before
  // a loaded client has read it, and a reset connection failed a test once (ECONNRESET).
  server.keepAliveTimeout = 60_000;
  await once(server, "listening");
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());
beforeEach(() => {
  upstream.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
  renders = 0;
  mostHeld = 0;
});

async function view(path: string): Promise<{ status: number; bytes: number; body: string }> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { "accept-encoding": "identity" } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: body.length, body: body.subarray(0, 200).toString() };
}

describe("public page cache: what it holds while an answer goes out", () => {
  it("holds nothing of a file (headers given to writeHead), and keeps nothing after", async () => {
    expect((await view("/video.mp4")).bytes).toBe(8 * 1024 * 1024);
    expect(mostHeld).toBe(0);
    expect(pageCaptureHeldBytes()).toBe(0);
    await view("/video.mp4");
    expect(renders).toBe(2);
  });

  it("holds nothing of a non-HTML answer whose head goes out with its first write", async () => {
    expect((await view("/berkas")).bytes).toBe(4 * 1024 * 1024);
    expect(mostHeld).toBe(0);
  });

  it("holds nothing of a failed page", async () => {
    expect((await view("/hilang")).status).toBe(404);
    expect(mostHeld).toBe(0);
  });

  it("drops its copy of a page past MAX_PAGE_BYTES, and does not keep it", async () => {
    expect((await view("/besar")).bytes).toBe(3 * MAX_PAGE_BYTES);
    expect(mostHeld).toBeGreaterThan(0);
    expect(mostHeld).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    expect(pageCaptureHeldBytes()).toBe(0);
    await view("/besar");
    expect(renders).toBe(2);
  });

  it("holds nothing of a page that says from its head that it is over the bound", async () => {
    expect((await view("/besar-diumumkan")).bytes).toBe(2 * MAX_PAGE_BYTES);
    expect(mostHeld).toBe(0);
    await view("/besar-diumumkan");
    expect(renders).toBe(2);
  });

  it("still keeps an HTML page written in pieces (headers given to writeHead), then lets go of the copy", async () => {
    const first = await view("/bertahap");
    expect(mostHeld).toBeGreaterThan(0);
    const second = await view("/bertahap");
    expect(renders).toBe(1);
    expect(second.body).toContain("render 1");
    expect(first.status).toBe(200);
    expect(pageCaptureHeldBytes()).toBe(0);
  });
});
