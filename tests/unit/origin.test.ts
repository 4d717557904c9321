import { connect, type AddressInfo } from "node:net";
import express from "express";
import { http, passthrough } from "msw";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getConfig } from "@server/config.server";
import { BAD_REQUEST_MESSAGE, normalizeHost, validateRequestOrigin } from "@server/origin.server";
import { publicPageCache } from "~/platform/page-cache.server";
import { clearAllCaches } from "~/platform/cache.server";
import { securityHeaders } from "@server/security.server";
import { upstream } from "../mocks/upstream";

/**
 * Which origin a request is for (issue 20, point 2), on a real Express server assembled like
 * server/index.ts, with raw sockets so that any Host and request line can be sent: malformed
 * hosts and request lines get 400 in Indonesian, X-Forwarded-Host never selects anything, and
 * the whole-page cache keeps a page only for the origin it was rendered for and only when the
 * host headers are the usual ones.
 */

let renders = 0;
let port = 0;
let close: () => Promise<void>;

function startApp(trustProxy?: string) {
  const app = express();
  if (trustProxy) app.set("trust proxy", trustProxy);
  app.use(securityHeaders(getConfig()));
  app.use(validateRequestOrigin(getConfig()));
  app.use(publicPageCache());
  // Stands for a page: its canonical written from the origin, as the public pages do.
  app.get("*", (req, res) => {
    renders += 1;
    res.type("html").send(`<link rel="canonical" href="${res.locals.requestOrigin!.origin}${req.path}"><p>render ${renders}</p>`);
  });
  return app;
}

beforeAll(async () => {
  const server = startApp().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());
beforeEach(() => {
  upstream.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
  clearAllCaches();
  renders = 0;
});

/** Sends the request exactly as written; the answer's status and body. */
function raw(head: string, toPort = port): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // Written, not ended: a client's half-close makes Node abort the request in flight.
    const socket = connect(toPort, "127.0.0.1", () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let text = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [headers, ...body] = text.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0), body: body.join("\r\n\r\n") });
    });
  });
}

const get = (path: string, headers: Record<string, string> = {}) =>
  raw([`GET ${path} HTTP/1.1`, ...Object.entries({ Host: `127.0.0.1:${port}`, ...headers }).map(([name, value]) => `${name}: ${value}`)].join("\r\n"));

describe("request origin", () => {
  it.each(["x:abc", "x:99999", "x:0", "x:1@evil", "a:b", "[::1", "[::g]", "x:3000/terms#", "x:", "a..b", "ex ample", "x/y", "x?y", "x#y", "%41", "a".repeat(300)])(
    "answers 400 in Indonesian to Host %j and to X-Forwarded-Host %j",
    async (host) => {
      for (const answer of [await get("/", { Host: host }), await get("/", { "X-Forwarded-Host": host }), await get("/", { "X-Forwarded-Host": `127.0.0.1, ${host}` })]) {
        expect(answer).toEqual({ status: 400, body: BAD_REQUEST_MESSAGE });
      }
      expect(renders).toBe(0);
    },
  );

  it("answers 400 to an absolute-form request line, OPTIONS * and two Host headers", async () => {
    expect(await raw(`GET http://evil.example/terms HTTP/1.1\r\nHost: 127.0.0.1:${port}`)).toEqual({ status: 400, body: BAD_REQUEST_MESSAGE });
    expect(await raw(`OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1:${port}`)).toEqual({ status: 400, body: BAD_REQUEST_MESSAGE });
    expect(await raw(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: evil.example`)).toEqual({ status: 400, body: BAD_REQUEST_MESSAGE });
    expect(renders).toBe(0);
  });

  it("never takes the host or port from X-Forwarded-Host, and answers a request without Host", async () => {
    const page = await get("/", { "X-Forwarded-Host": "evil.example:1337" });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`href="http://127.0.0.1:${port}/"`);
    const http10 = await raw("GET /about HTTP/1.0");
    expect(http10.status).toBe(200);
    expect(http10.body).toContain(`href="http://127.0.0.1:${port}/about"`);
  });

  it("normalises hosts as the URL standard writes them", () => {
    expect(normalizeHost("Example.GO.id", "https")).toBe("example.go.id");
    expect(normalizeHost("example.go.id:443", "https")).toBe("example.go.id");
    expect(normalizeHost("example.go.id:443", "http")).toBe("example.go.id:443");
    expect(normalizeHost("[::1]:3000", "http")).toBe("[::1]:3000");
    expect(normalizeHost("10.0.0.5:8080", "http")).toBe("10.0.0.5:8080");
    expect(normalizeHost("x:3000/terms#", "http")).toBeUndefined();
  });
});

describe("whole-page cache and the host", () => {
  it("the issue's swap: a forged X-Forwarded-Host cannot put another page (or port) under the home page", async () => {
    expect((await get("/", { "X-Forwarded-Host": "x:3000/terms#" })).status).toBe(400);
    const forged = await get("/", { "X-Forwarded-Host": "x:1337" });
    expect(forged.body).not.toContain("1337");
    const visitor = await get("/");
    expect(visitor.body).toContain(`href="http://127.0.0.1:${port}/"`);
    // The forged request's page was not kept: the visitor's was rendered for the visitor.
    expect(renders).toBe(2);
    expect((await get("/")).body).toBe(visitor.body.replace(/nonce="[^"]*"/g, ""));
    expect(renders).toBe(2);
  });

  it("keeps a page per origin, and none rendered for another spelling of the host", async () => {
    const other = await get("/", { Host: "evil.example" });
    expect(other.body).toContain('href="http://evil.example/"');
    const visitor = await get("/");
    expect(visitor.body).toContain(`href="http://127.0.0.1:${port}/"`);
    expect(renders).toBe(2);
    // Other spellings of a host: rendered for them, never kept (the plain spelling renders anew).
    for (const [odd, plain] of [["Other.Example", "other.example"], ["other.example.", "other.example."], ["127.0.0.1:80", "127.0.0.1"]]) {
      const before = renders;
      expect((await get("/", { Host: odd })).status).toBe(200);
      await get("/", { Host: plain });
      expect(renders, odd).toBe(before + 2);
    }
    // Still the page rendered for the usual host.
    const rendered = renders;
    expect((await get("/")).body).toContain(`href="http://127.0.0.1:${port}/"`);
    expect(renders).toBe(rendered);
  });

  it("reads X-Forwarded-Proto only from a trusted proxy, and a malformed one from it is refused", async () => {
    const trusting = startApp("loopback").listen(0, "127.0.0.1");
    await new Promise((resolve) => trusting.once("listening", resolve));
    const trustingPort = (trusting.address() as AddressInfo).port;
    try {
      const host = `Host: 127.0.0.1:${trustingPort}`;
      expect((await raw(`GET /t HTTP/1.1\r\n${host}\r\nX-Forwarded-Proto: https`, trustingPort)).body).toContain(`href="https://127.0.0.1:${trustingPort}/t"`);
      expect(await raw(`GET /t HTTP/1.1\r\n${host}\r\nX-Forwarded-Proto: javascript`, trustingPort)).toEqual({ status: 400, body: BAD_REQUEST_MESSAGE });
      // Not trusted: ignored, whatever it says.
      expect((await get("/t", { "X-Forwarded-Proto": "https" })).body).toContain(`href="http://127.0.0.1:${port}/t"`);
      expect((await get("/t", { "X-Forwarded-Proto": "javascript" })).status).toBe(200);
    } finally {
      await new Promise((resolve) => trusting.close(() => resolve(undefined)));
    }
  });
});
