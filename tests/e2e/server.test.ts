import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { type AddressInfo, Socket } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { UPSTREAM_CHECK_REUSE_MS } from "@server/upstream-health.server";
import { REDIS_SERVER, startRedisServer } from "../hard/scale-out-support.ts";
import { expect, test } from "./fixtures.ts";
import {
  ADMIN_EMAIL,
  bffEnv,
  closedLoopbackPort,
  type Env,
  LOGIN_FAILED,
  portOf,
  processGroup,
  PROJECT_ROOT,
  removeDir,
  spawnSite,
  tempDir,
  tryConnect,
} from "./helpers/index.ts";

/** The Node process as operators and proxies see it: health, caching, compression, headers, lifecycle. */

const dirs: string[] = [];

async function newDataDir() {
  const dir = await tempDir("server-test");
  dirs.push(dir);
  return dir;
}

/** The processes this file started, stopped after it. */
const processes = processGroup();
const own = processes.own;
const startBff = processes.startBff;

test.afterAll(async () => {
  await processes.stopAll();
  await Promise.all(dirs.map(removeDir));
});

/** A raw GET (node:http sends no Accept-Encoding unless told, and never decodes). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ res, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function maxAgeOf(cacheControl: string | null): number | undefined {
  const match = /(?:^|[,\s])max-age=(\d+)/.exec(cacheControl ?? "");
  return match ? Number(match[1]) : undefined;
}

test.describe("health checks", () => {
  test("GET /healthz answers 200", async ({ mainStack: { bffUrl } }) => {
    const response = await fetch(`${bffUrl}/healthz`);
    expect(response.status).toBe(200);
  });

  test("GET /readyz answers 200 while the upstream API is reachable", async ({ mainStack: { bffUrl } }) => {
    const response = await fetch(`${bffUrl}/readyz`);
    expect(response.status).toBe(200);
  });

  test("GET /readyz answers 503 when the upstream API cannot be reached", async () => {
    const port = await closedLoopbackPort();
    const { url } = await startBff(bffEnv({ UPSTREAM_API_URL: `http://127.0.0.1:${port}`, DATA_DIR: await newDataDir() }));
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    // Liveness is about this process only: it is alive even though the upstream is not.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  test("GET /readyz asks the upstream API once per period however many ask, and reports its failure a period later at the latest", async () => {
    // /readyz is public: a request to it must not be a request to the agency's API.
    const api = { calls: 0, status: 200 };
    const upstream = createServer((req, res) => {
      if (req.url === "/api") api.calls += 1;
      res.writeHead(api.status, { "Content-Type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    try {
      const { url } = await startBff(bffEnv({ UPSTREAM_API_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, DATA_DIR: await newDataDir() }));
      /** 50 requests at once: all ready, and one call to the API (the unit test counts exactly, tests/unit/readiness.test.ts). */
      const wave = async () => {
        const [before, started] = [api.calls, performance.now()];
        const statuses = await Promise.all(Array.from({ length: 50 }, () => fetch(`${url}/readyz`).then((response) => response.status)));
        // On a machine so busy that the wave outlasted a period, one more per period: never one per request.
        const most = 1 + Math.floor((performance.now() - started) / UPSTREAM_CHECK_REUSE_MS);
        expect(new Set(statuses)).toEqual(new Set([200]));
        expect(api.calls - before).toBeGreaterThanOrEqual(1);
        expect(api.calls - before).toBeLessThanOrEqual(most);
      };
      await wave();
      // A period after the last check began (a lower bound: a busy machine only waits longer).
      await new Promise((resolve) => setTimeout(resolve, UPSTREAM_CHECK_REUSE_MS + 100));
      await wave();
      api.status = 500;
      await new Promise((resolve) => setTimeout(resolve, UPSTREAM_CHECK_REUSE_MS + 100));
      const ready = await fetch(`${url}/readyz`);
      expect([ready.status, await ready.json(), ready.headers.get("cache-control")]).toEqual([503, { status: "upstream unreachable" }, "no-store"]);
    } finally {
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});

test.describe("static files", () => {
  let loginHtml: string;
  test.beforeAll(async ({ mainStack: { bffUrl } }) => {
    loginHtml = await (await fetch(`${bffUrl}/login`)).text();
  });

  test("serves the build's fingerprinted scripts and styles with a one-year immutable cache", async ({ mainStack: { bffUrl } }) => {
    const assets = [...new Set([...loginHtml.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
    expect(assets.some((asset) => asset.endsWith(".js"))).toBe(true);
    expect(assets.some((asset) => asset.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      const response = await fetch(`${bffUrl}${asset}`);
      expect(response.status, asset).toBe(200);
      const cacheControl = response.headers.get("cache-control");
      expect(cacheControl, asset).toContain("max-age=31536000");
      expect(cacheControl, asset).toContain("immutable");
      await response.arrayBuffer();
    }
  });

  test("sends the build's scripts and styles compressed as built: Brotli when accepted, else gzip, else plain, the same bytes each way", async ({ mainStack: { bffUrl } }) => {
    const assets = [...new Set([...loginHtml.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
    for (const asset of assets) {
      const plain = await rawGet(`${bffUrl}${asset}`);
      expect(plain.res.statusCode, asset).toBe(200);
      expect(plain.res.headers["content-encoding"], asset).toBeUndefined();

      const brotli = await rawGet(`${bffUrl}${asset}`, { "Accept-Encoding": "gzip, deflate, br" });
      const gzip = await rawGet(`${bffUrl}${asset}`, { "Accept-Encoding": "gzip, deflate" });
      // A file too small to gain from compression may be sent plain; every other is sent as built.
      if (plain.body.length > 1024) {
        expect(brotli.res.headers["content-encoding"], asset).toBe("br");
        expect(gzip.res.headers["content-encoding"], asset).toBe("gzip");
        // The very files the build wrote, not compressed again on the way.
        // `/build/…` is served from build/client/ (vite.config.ts).
        const built = `${PROJECT_ROOT}/build/client${asset.slice("/build".length)}`;
        expect(brotli.body.equals(readFileSync(`${built}.br`)), asset).toBe(true);
        expect(gzip.body.equals(readFileSync(`${built}.gz`)), asset).toBe(true);
        expect(Number(gzip.res.headers["content-length"]), asset).toBe(gzip.body.length);
      }
      const decoded = (response: { res: IncomingMessage; body: Buffer }) =>
        response.res.headers["content-encoding"] === "br"
          ? brotliDecompressSync(response.body)
          : response.res.headers["content-encoding"] === "gzip"
            ? gunzipSync(response.body)
            : response.body;
      expect(decoded(brotli).equals(plain.body), asset).toBe(true);
      expect(decoded(gzip).equals(plain.body), asset).toBe(true);
      for (const { res } of [brotli, gzip]) {
        expect(res.headers["content-type"], asset).toMatch(asset.endsWith(".js") ? /javascript/ : /text\/css/);
        expect(res.headers["vary"], asset).toMatch(/accept-encoding/i);
        expect(res.headers["cache-control"], asset).toContain("immutable");
      }
      // A browser that has the file already is told so, without the body.
      const again = await rawGet(`${bffUrl}${asset}`, { "Accept-Encoding": "gzip", "If-None-Match": String(gzip.res.headers.etag) });
      if (gzip.res.headers["content-encoding"] === "gzip") expect(again.res.statusCode, asset).toBe(304);
    }
    // Nothing outside the build directory is reachable through it.
    const outside = await rawGet(`${bffUrl}/build/..%2f..%2fpackage.json`, { "Accept-Encoding": "gzip, br" });
    expect(outside.res.statusCode).not.toBe(200);
  });

  test("serves /favicon.svg with a short cache lifetime, not a year", async ({ mainStack: { bffUrl } }) => {
    const response = await fetch(`${bffUrl}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    const cacheControl = response.headers.get("cache-control");
    const maxAge = maxAgeOf(cacheControl);
    expect(maxAge).toBeDefined();
    expect(maxAge!).toBeGreaterThan(0);
    expect(maxAge!).toBeLessThanOrEqual(24 * 60 * 60);
    expect(cacheControl).not.toContain("immutable");
  });

  test("does not cache HTML pages like static files", async ({ mainStack: { bffUrl } }) => {
    const response = await fetch(`${bffUrl}/login`);
    expect(maxAgeOf(response.headers.get("cache-control")) ?? 0).toBeLessThan(31536000);
    expect(response.headers.get("cache-control") ?? "").not.toContain("immutable");
  });
});

test.describe("response headers", () => {
  test("gzips the HTML of /login when the client accepts gzip, and only then", async ({ mainStack: { bffUrl } }) => {
    const zipped = await rawGet(`${bffUrl}/login`, { "Accept-Encoding": "gzip" });
    expect(zipped.res.statusCode).toBe(200);
    expect(zipped.res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.body).toString("utf8")).toContain("LOGIN");

    const plain = await rawGet(`${bffUrl}/login`);
    expect(plain.res.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toContain("LOGIN");
  });

  test("sends its own X-Request-Id, never the one the client sent", async ({ mainStack: { bffUrl } }) => {
    const sent = "client-chosen-id-0001";
    const first = await fetch(`${bffUrl}/login`, { headers: { "X-Request-Id": sent } });
    const second = await fetch(`${bffUrl}/login`, { headers: { "X-Request-Id": sent } });
    const firstId = first.headers.get("x-request-id");
    const secondId = second.headers.get("x-request-id");
    expect(firstId).toBeTruthy();
    expect(firstId).not.toBe(sent);
    expect(secondId).toBeTruthy();
    expect(secondId).not.toBe(firstId);
  });

  test("does not advertise its framework with X-Powered-By", async ({ mainStack: { bffUrl } }) => {
    for (const path of ["/login", "/healthz", "/favicon.svg", "/no-such-page"]) {
      const response = await fetch(`${bffUrl}${path}`);
      expect(response.headers.get("x-powered-by"), path).toBeNull();
      await response.arrayBuffer();
    }
  });
});

test.describe("logs an operator can follow", () => {
  test("starts with one line naming the version, the Node.js and the settings, never a secret", async ({ mainStack }) => {
    const referenceApi = new URL(mainStack.referenceApiUrl);
    const secrets = {
      SESSION_SECRET: "sesi-rahasia-0123456789-abcdefghijklmnopqrstuv",
      CATALOGUE_READER_PASSWORD: "sandi-pembaca-katalog-9876",
      upstreamPassword: "sandi-hulu-5555",
    };
    const { proc } = await startBff(
      bffEnv({
        SESSION_SECRET: secrets.SESSION_SECRET,
        CATALOGUE_READER_PASSWORD: secrets.CATALOGUE_READER_PASSWORD,
        UPSTREAM_API_URL: `http://pustaka:${secrets.upstreamPassword}@${referenceApi.host}`,
        DATA_DIR: await newDataDir(),
      }),
    );
    await proc.stop();
    const starting = proc.logLines().find((line) => line.event === "starting") as
      | { version: string; commit?: string; node: string; settings: { upstreamApiUrl: string; sessionSecret: string; catalogueReader: { email: string; password: string } } }
      | undefined;
    const packageVersion = (JSON.parse(readFileSync(`${PROJECT_ROOT}/package.json`, "utf8")) as { version: string }).version;
    expect(starting?.version).toBe(packageVersion);
    expect(starting?.node).toBe(process.version);
    expect(starting?.settings.upstreamApiUrl).toBe(`http://${referenceApi.host}/`);
    expect(starting?.settings.sessionSecret).toBe("(set)");
    expect(starting?.settings.catalogueReader.password).toBe("(set)");
    for (const secret of Object.values(secrets)) expect(`${proc.stdout()}${proc.stderr()}`).not.toContain(secret);
  });

  test("takes X-Request-Id from a TRUST_PROXY peer when it is well formed, else makes its own", async ({ mainStack }) => {
    const { url, proc } = await startBff(bffEnv({ TRUST_PROXY: "loopback", UPSTREAM_API_URL: mainStack.referenceApiUrl, DATA_DIR: await newDataDir() }));
    const idFor = async (sent: string) => (await fetch(`${url}/healthz`, { headers: { "X-Request-Id": sent } })).headers.get("x-request-id");
    const nginxId = "4f9c1a7e2b3d4c5e6f708192a3b4c5d6";
    expect(await idFor(nginxId)).toBe(nginxId);
    for (const forged of ["short", "a".repeat(129), 'id"},{"event":"forged', "id with spaces 123"]) {
      const id = await idFor(forged);
      expect(id, forged).not.toBe(forged);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    await proc.stop();
    expect(proc.logLines().some((line) => line.request_id === nginxId)).toBe(true);
  });
});

test.describe("production by default", () => {
  test("renders pages with React's production build when NODE_ENV is not set", async ({ mainStack }) => {
    const { url, proc } = await startBff(bffEnv({ NODE_ENV: undefined, UPSTREAM_API_URL: mainStack.referenceApiUrl, DATA_DIR: await newDataDir() }));
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    await home.text();
    // React's development build, which an unset NODE_ENV used to load, warns about the home
    // page's fetchPriority attributes on stderr; the production build says nothing. Stopped
    // first, so that everything it wrote has arrived.
    await proc.stop();
    expect(proc.stderr()).not.toMatch(/Warning:/);
  });
});

test.describe("graceful shutdown", () => {
  let upstream: Server;
  let upstreamUrl: string;
  let loginArrived: () => void;
  const loginReceived = new Promise<void>((resolve) => (loginArrived = resolve));
  let answerLogins: () => void;
  const loginsAnswered = new Promise<void>((resolve) => (answerLogins = resolve));

  test.beforeAll(async () => {
    // A slow upstream: every login is refused, but only once the test lets it answer.
    upstream = createServer((req, res) => {
      if (req.method === "POST" && req.url === "/api/users/login") {
        req.resume();
        loginArrived();
        void loginsAnswered.then(() => {
          res.writeHead(401, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ error: "Email atau password salah" }));
        });
        return;
      }
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: "Not found" }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    upstream.closeAllConnections();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  test("finishes a request in flight on SIGTERM, drains, then refuses new connections, and exits 0", async () => {
    // The product's drain (SHUTDOWN_DRAIN_MS, 5 s), which the other tests' processes leave out.
    const { url, proc } = await startBff(bffEnv({ UPSTREAM_API_URL: upstreamUrl, DATA_DIR: await newDataDir(), SHUTDOWN_DRAIN_MS: undefined, TRUST_PROXY: "loopback" }));
    const inFlight = fetch(`${url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ADMIN_EMAIL, password: "salah-sekali", redirectTo: "" }),
      redirect: "manual",
    });
    await Promise.race([
      loginReceived,
      new Promise((_, reject) => setTimeout(() => reject(new Error("the BFF never called the upstream login")), 15_000)),
    ]);
    const signalledAt = Date.now();
    proc.signal("SIGTERM");

    // The drain (SHUTDOWN_DRAIN_MS): still answering, out of a checking balancer's pool, and every
    // answer closes its connection. Asked at once (as soon as the signal is seen): on a loaded
    // machine the request in flight may end after the drain has.
    let ready = await rawGet(`${url}/readyz`);
    await expect.poll(async () => (ready = await rawGet(`${url}/readyz`)).res.statusCode).toBe(503);
    expect(JSON.parse(ready.body.toString())).toEqual({ status: "stopping" });
    expect(ready.res.headers.connection).toBe("close");
    // A process alone (no REDIS_URL) answers the balancer's reads too: nginx has no other to send them to.
    const forwarded = await rawGet(`${url}/healthz`, { "X-Forwarded-For": "203.0.113.7" });
    expect([forwarded.res.statusCode, forwarded.res.headers.connection]).toEqual([200, "close"]);

    // The login was in flight all through the signal and into the drain: only now does the
    // upstream answer it.
    answerLogins();
    const response = await inFlight;
    expect(response.status).toBe(401);
    expect(await response.text()).toContain(LOGIN_FAILED);

    const exit = await proc.waitForExit(20_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(await tryConnect(portOf(url))).toBe("refused");
    // Within the drain and the grace (5 s and 10 s by default).
    expect(Date.now() - signalledAt).toBeLessThan(15_000);
  });

  test("hands the balancer's reads back during the drain, answers the rest, and closes once the balancer stops sending", async () => {
    test.skip(!existsSync(REDIS_SERVER), `not installed: ${REDIS_SERVER}`);
    // One of several instances (REDIS_URL). A drain longer than the test, and a connection held
    // open with nothing sent: only the balancer's silence can end the drain.
    const dataDir = await newDataDir();
    const redis = await startRedisServer(dataDir);
    const held = new Socket().on("error", () => {});
    try {
      const { url, proc } = await startBff(
        bffEnv({ UPSTREAM_API_URL: upstreamUrl, DATA_DIR: dataDir, REDIS_URL: redis.url, TRUST_PROXY: "loopback", SHUTDOWN_DRAIN_MS: "120000" }),
      );
      await once(held.connect(portOf(url), "127.0.0.1"), "connect");
      proc.signal("SIGTERM");
      await expect.poll(async () => (await rawGet(`${url}/readyz`)).res.statusCode).toBe(503);

      // Sent straight to the process: answered, and its connection closed after.
      const straight = await rawGet(`${url}/healthz`);
      expect([straight.res.statusCode, straight.res.headers.connection]).toEqual([200, "close"]);
      // A write the balancer forwards is answered too: nginx could not send it to another instance.
      const write = await fetch(`${url}/healthz`, { method: "POST", headers: { "X-Forwarded-For": "203.0.113.7" } });
      expect([write.status, write.headers.get("connection")]).toEqual([405, "close"]);
      // A read the balancer forwards is handed back: its connection closed with no answer, which
      // nginx takes as this instance failing, and sends to another.
      await expect(rawGet(`${url}/healthz`, { "X-Forwarded-For": "203.0.113.7" })).rejects.toThrow(/socket hang up|ECONNRESET/);

      // Nothing more comes: the listener closes long before the drain's end, and the process exits 0
      // (once the held connection, which would wait out the grace, is gone).
      await proc.waitForStdout(/"event":"drained".*"ended":"read handed back, then quiet"/, 20_000);
      expect(await tryConnect(portOf(url))).toBe("refused");
      held.destroy();
      expect(await proc.waitForExit(20_000)).toEqual({ code: 0, signal: null });
    } finally {
      held.destroy();
      await redis.stop();
    }
  });

  test("logs each request the grace cut, one line each", async () => {
    let called: () => void;
    const upstreamCalled = new Promise<void>((resolve) => (called = resolve));
    const hanging = createServer((req) => {
      // Never answers: the BFF's call waits past the grace.
      req.resume();
      called();
    });
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const { url, proc } = await startBff(
      bffEnv({
        UPSTREAM_API_URL: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
        UPSTREAM_TIMEOUT_MS: "60000",
        SHUTDOWN_DRAIN_MS: "0",
        SHUTDOWN_GRACE_MS: "500",
        DATA_DIR: await newDataDir(),
      }),
    );
    const cut = fetch(`${url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ADMIN_EMAIL, password: "salah-sekali" }),
    }).catch((error: unknown) => error);
    await upstreamCalled;
    proc.signal("SIGTERM");
    expect(await proc.waitForExit(10_000)).toEqual({ code: 0, signal: null });
    await cut;
    hanging.closeAllConnections();
    hanging.close();
    const lines = proc.logLines().filter((line) => line.event === "request_cut_by_shutdown");
    expect(lines).toEqual([expect.objectContaining({ method: "POST", path: "/login", grace_ms: 500 })]);
    expect(lines[0].request_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

test.describe("start failures", () => {
  async function failedStart(env: Env) {
    const proc = own(spawnSite(env));
    const exit = await proc.waitForExit(15_000);
    const stderrLines = proc.stderr().split("\n").filter((line) => line.trim() !== "");
    return { exit, stderrLines, stdout: proc.stdout() };
  }

  test("exits 1 with one line naming UPSTREAM_API_URL when it is missing", async () => {
    const { exit, stderrLines, stdout } = await failedStart(bffEnv({ UPSTREAM_API_URL: undefined, DATA_DIR: await newDataDir() }));
    expect(exit.code).toBe(1);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toContain("UPSTREAM_API_URL");
    expect(stdout).not.toContain('"event":"listening"');
  });

  test("exits 1 with one line naming SESSION_SECRET in production without a secret", async () => {
    const { exit, stderrLines, stdout } = await failedStart(
      bffEnv({
        NODE_ENV: "production",
        SESSION_SECRET: undefined,
        UPSTREAM_API_URL: "http://127.0.0.1:9",
        DATA_DIR: await newDataDir(),
      }),
    );
    expect(exit.code).toBe(1);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toContain("SESSION_SECRET");
    expect(stdout).not.toContain('"event":"listening"');
  });

  test("exits 1 with one line naming PORT when PORT is not a number", async () => {
    const { exit, stderrLines, stdout } = await failedStart(
      bffEnv({ PORT: "abc", UPSTREAM_API_URL: "http://127.0.0.1:9", DATA_DIR: await newDataDir() }),
    );
    expect(exit.code).toBe(1);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toContain("PORT");
    expect(stdout).not.toContain('"event":"listening"');
  });

  test("exits 1 with one line naming the port when PORT is taken or METRICS_PORT is PORT, never an uncaught EADDRINUSE", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      for (const [settings, line] of [
        [{ PORT: String(port) }, `Invalid configuration: PORT cannot be listened on at 127.0.0.1:${port} (EADDRINUSE)`],
        [{ PORT: "0", METRICS_PORT: String(port) }, `Invalid configuration: METRICS_PORT cannot be listened on at 127.0.0.1:${port} (EADDRINUSE)`],
        [{ PORT: "45999", METRICS_PORT: "45999" }, "Invalid configuration: METRICS_PORT must differ from PORT (the metrics have a listener of their own)"],
      ] as const) {
        const { exit, stderrLines, stdout } = await failedStart(bffEnv({ ...settings, UPSTREAM_API_URL: "http://127.0.0.1:9", DATA_DIR: await newDataDir() }));
        expect(exit.code).toBe(1);
        expect(stderrLines).toEqual([line]);
        expect(stdout).not.toContain('"event":"listening"');
        expect(stdout).not.toContain("uncaught_exception");
      }
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  test("exits 1 with one line when METRICS_HOST is not loopback and METRICS_REACH does not say remote on purpose", async () => {
    const { exit, stderrLines, stdout } = await failedStart(
      bffEnv({ METRICS_HOST: "0.0.0.0", METRICS_PORT: "0", UPSTREAM_API_URL: "http://127.0.0.1:9", DATA_DIR: await newDataDir() }),
    );
    expect(exit.code).toBe(1);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toMatch(/^Invalid configuration: METRICS_HOST must be a loopback address \(the metrics have no login\); .*METRICS_REACH=remote/);
    expect(stdout).not.toContain('"event":"listening"');
  });

  test("exits 1 with one line saying why TRUST_PROXY=true is refused and what to write instead", async () => {
    const { exit, stderrLines, stdout } = await failedStart(
      bffEnv({ TRUST_PROXY: "true", UPSTREAM_API_URL: "http://127.0.0.1:9", DATA_DIR: await newDataDir() }),
    );
    expect(exit.code).toBe(1);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toMatch(/^Invalid configuration: TRUST_PROXY must not be true or a subnet of every address: it lets any client choose its address/);
    expect(stderrLines[0]).toContain("loopback");
    expect(stdout).not.toContain('"event":"listening"');
  });
});
