import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@server/config.server";
import { CROSS_SITE_REFUSED, refuseCrossSiteWrites } from "@server/security.server";

/**
 * Writes from another site are refused before anything reads them, and so is a write whose
 * Origin names another host than its Host header: Remix would abort that action with a 500 (its
 * own check compares the two), which is what every form got behind a proxy that drops the port.
 */

let base: string;
let server: ReturnType<express.Express["listen"]>;

beforeAll(async () => {
  const app = express();
  // PUBLIC_URL set, as in production: the Origin is checked against it, and the Host too.
  let config = getConfig();
  app.use((req, res, next) => refuseCrossSiteWrites(config)(req, res, next));
  app.post("*", (_req, res) => {
    res.status(204).end();
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  config = { ...config, publicUrl: base };
});

afterAll(() => {
  server.close();
});

/** A POST with exactly these headers (fetch would set Host itself). */
async function post(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}/admin/genre`, { method: "POST", headers: { "content-length": "0", ...headers } }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("refuseCrossSiteWrites", () => {
  const port = () => new URL(base).port;

  it("lets a write whose Origin is this site's host, port included, through", async () => {
    expect((await post({ host: `127.0.0.1:${port()}`, origin: base })).status).toBe(204);
  });

  it("refuses, in Indonesian, a write whose Host lost the port its Origin has (a proxy's $host)", async () => {
    const answer = await post({ host: "127.0.0.1", origin: base });
    expect(answer.status).toBe(403);
    expect(answer.body).toBe(CROSS_SITE_REFUSED);
  });

  it("refuses a write from another site, and one the browser marks cross-site", async () => {
    expect((await post({ host: `127.0.0.1:${port()}`, origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ host: `127.0.0.1:${port()}`, "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("lets a write without Origin through (curl, old browsers: the SameSite cookie stays home)", async () => {
    expect((await post({ host: `127.0.0.1:${port()}` })).status).toBe(204);
  });
});
