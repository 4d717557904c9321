import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getConfig, type Config } from "@server/config.server";
import { CROSS_SITE_REFUSED, PORT_DROPPED_HINT, refuseCrossSiteWrites } from "@server/security.server";

/**
 * Writes from another site are refused before anything reads them, and so is a write whose
 * Origin names another host than its Host header: Remix would abort that action with a 500 (its
 * own check compares the two), which is what every form got behind a proxy that drops the port.
 */

let base: string;
let server: ReturnType<express.Express["listen"]>;
let config: Config;

beforeAll(async () => {
  const app = express();
  // PUBLIC_URL set, as in production: the Origin is checked against it, and the Host too.
  config = getConfig();
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

  /** The log lines a refusal writes (the unit tests' logging is silent otherwise). */
  async function refusalLogged(headers: Record<string, string>, publicUrl: string | undefined) {
    const saved = { publicUrl: config.publicUrl, logLevel: process.env.LOG_LEVEL };
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    config = { ...config, publicUrl };
    process.env.LOG_LEVEL = "info";
    try {
      const { status } = await post(headers);
      return { status, lines: written.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === "cross_site_refused") };
    } finally {
      spy.mockRestore();
      config = { ...config, publicUrl: saved.publicUrl };
      process.env.LOG_LEVEL = saved.logLevel;
    }
  }

  it("logs the operator's hint when only the port differs, with PUBLIC_URL set or not", async () => {
    for (const publicUrl of [base, undefined]) {
      const { status, lines } = await refusalLogged({ host: "127.0.0.1", origin: base }, publicUrl);
      expect(status, `PUBLIC_URL ${publicUrl}`).toBe(403);
      expect(lines, `PUBLIC_URL ${publicUrl}`).toEqual([expect.objectContaining({ origin: base, host: "127.0.0.1", hint: PORT_DROPPED_HINT })]);
    }
  });

  it("gives no port hint for another site's write", async () => {
    const { status, lines } = await refusalLogged({ host: `127.0.0.1:${port()}`, origin: "https://127.0.0.2" }, undefined);
    expect(status).toBe(403);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toHaveProperty("hint");
  });
});
