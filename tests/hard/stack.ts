import { createServer, request as httpRequest, Agent, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { startReferenceApi, type RunningReferenceApi } from "../../reference-api/server.ts";
import type { ApiShape } from "../../reference-api/spec-shape.ts";
import { type Bff, bffEnv, removeDir, startBff, tempDir } from "../e2e/helpers/processes.ts";
import { DEMO_PASSWORD } from "../e2e/helpers/reference-api.ts";

/**
 * What the reliability suites attack: a real BFF process (the built app) in front of a
 * controllable upstream, a proxy on loopback before the reference API. The proxy passes
 * requests through, counts the writes that reach the real upstream, and on demand misbehaves.
 */

export type Fault =
  | { kind: "pass" }
  | { kind: "delay"; ms: number }
  /** Never answers: the BFF's UPSTREAM_TIMEOUT_MS must end the call. */
  | { kind: "hang" }
  /**
   * Passed on once `until(call)` settles (it is asked as the call arrives): the test decides when
   * the call reaches the upstream. Not passed on if the BFF gave up on it first.
   */
  | { kind: "hold"; until: (call: UpstreamCall) => Promise<unknown> }
  /** Resets the connection (TCP RST) before any answer. */
  | { kind: "reset" }
  | { kind: "status"; status: number }
  /** 200 with a JSON content type and a body cut in the middle. */
  | { kind: "malformed-json" }
  /** 200 and half of the announced body, then silence: the BFF's UPSTREAM_TIMEOUT_MS must end the call. */
  | { kind: "stall-body" }
  /** 200 and half of the announced body, then the connection closes. */
  | { kind: "cut-body" }
  /** 200 with valid JSON of the wrong shape. */
  | { kind: "wrong-shape" }
  /** A request with a body: reads its first bytes, then drops the connection (reads pass). */
  | { kind: "cut-upload"; afterBytes: number }
  /** Passed on, and the upstream's success answered as `{ message }` only: an upstream that names no new record's id (spec §7 names none). */
  | { kind: "no-id" };

export const FAULTS: Fault[] = [
  { kind: "delay", ms: 300 },
  { kind: "hang" },
  { kind: "reset" },
  { kind: "status", status: 500 },
  { kind: "malformed-json" },
  { kind: "stall-body" },
  { kind: "cut-body" },
  { kind: "wrong-shape" },
  { kind: "cut-upload", afterBytes: 512 },
];

export function describeFault(fault: Fault): string {
  switch (fault.kind) {
    case "delay":
      return `delay ${fault.ms} ms`;
    case "status":
      return `HTTP ${fault.status}`;
    case "cut-upload":
      return `upload cut after ${fault.afterBytes} B`;
    default:
      return fault.kind;
  }
}

export interface UpstreamCall {
  method: string;
  path: string;
}

/** Login and role checks pass untouched by default, so that an admin stays logged in while the rest fails. */
const spareAuthCalls = (call: UpstreamCall) => !call.path.startsWith("/api/users/");

export class FaultyUpstream {
  fault: Fault = { kind: "pass" };
  /** Which calls the fault hits. */
  hits: (call: UpstreamCall) => boolean = spareAuthCalls;
  /** Every call that reached the real upstream. */
  readonly calls: UpstreamCall[] = [];
  /** The same calls' paths with their queries (which page of a list was read). */
  readonly urls: string[] = [];
  /** Writes (not GET/HEAD) that reached the real upstream, login excepted. */
  readonly writes: UpstreamCall[] = [];
  private readonly held = new Set<Socket>();
  /** The calls a "hang" fault holds or held, and how many of those the site has since given up on (closed). */
  readonly heldCalls: UpstreamCall[] = [];
  givenUp = 0;
  private readonly agent = new Agent({ keepAlive: true });

  private readonly server: Server;
  readonly url: string;
  private readonly target: URL;

  private constructor(
    server: Server,
    url: string,
    target: URL,
  ) {
    this.server = server;
    this.url = url;
    this.target = target;
  }

  static async start(targetUrl: string): Promise<FaultyUpstream> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const proxy = new FaultyUpstream(server, `http://127.0.0.1:${port}`, new URL(targetUrl));
    server.on("request", (req, res) => proxy.handle(req, res));
    return proxy;
  }

  /** Back to pass-through for every call. */
  reset(): void {
    this.fault = { kind: "pass" };
    this.hits = spareAuthCalls;
  }

  writesSince(mark: number): UpstreamCall[] {
    return this.writes.slice(mark);
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const call = { method: req.method ?? "GET", path: (req.url ?? "/").split("?")[0] };
    const fault = this.hits(call) ? this.fault : ({ kind: "pass" } as const);
    const socket = req.socket;
    switch (fault.kind) {
      case "pass":
        return this.forward(req, res, call);
      case "delay": {
        const timer = setTimeout(() => this.forward(req, res, call), fault.ms);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      case "hold": {
        let open = true;
        res.on("close", () => (open = false));
        const pass = () => {
          if (open) this.forward(req, res, call);
        };
        fault.until(call).then(pass, pass);
        return;
      }
      case "hang":
        this.held.add(socket);
        this.heldCalls.push(call);
        socket.on("close", () => {
          this.held.delete(socket);
          this.givenUp += 1;
        });
        req.resume();
        return;
      case "reset":
        socket.resetAndDestroy();
        return;
      case "status":
        req.resume();
        res.writeHead(fault.status, { "content-type": "text/html" }).end("<h1>Internal Server Error</h1>");
        return;
      case "malformed-json":
        req.resume();
        res.writeHead(200, { "content-type": "application/json" }).end('{"data":[{"id":1,"title":"terpoton');
        return;
      case "stall-body":
      case "cut-body": {
        req.resume();
        const body = '{"data":[{"id":1,"title":"Kegiatan"}]}';
        res.writeHead(200, { "content-type": "application/json", "content-length": String(body.length) });
        res.write(body.slice(0, body.length >> 1));
        if (fault.kind === "cut-body") setTimeout(() => socket.destroy(), 20);
        else {
          this.held.add(socket);
          socket.on("close", () => this.held.delete(socket));
        }
        return;
      }
      case "wrong-shape":
        req.resume();
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: "bukan daftar", id: { nested: [1, 2] }, token: 42 }));
        return;
      case "no-id":
        return this.forward(req, res, call, { withoutId: true });
      case "cut-upload": {
        if (call.method === "GET" || call.method === "HEAD") return this.forward(req, res, call);
        let received = 0;
        req.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received >= fault.afterBytes) socket.destroy();
        });
        req.on("end", () => socket.destroy());
        return;
      }
    }
  }

  private forward(req: IncomingMessage, res: ServerResponse, call: UpstreamCall, { withoutId = false } = {}) {
    this.calls.push(call);
    this.urls.push(req.url ?? "/");
    // A login or a token's revocation (a session ending) writes no data.
    if (call.method !== "GET" && call.method !== "HEAD" && call.path !== "/api/users/login" && call.path !== "/api/users/logout") this.writes.push(call);
    const outgoing = httpRequest(
      {
        host: this.target.hostname,
        port: this.target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: this.target.host },
        agent: this.agent,
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        if (withoutId && status < 300) {
          answer.resume();
          res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ message: "Data berhasil disimpan" }));
          return;
        }
        res.writeHead(status, answer.headers);
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      },
    );
    outgoing.on("error", () => res.destroy());
    req.pipe(outgoing);
    res.on("close", () => {
      if (!res.writableFinished) outgoing.destroy();
    });
  }

  async close(): Promise<void> {
    for (const socket of this.held) socket.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.agent.destroy();
  }
}

export interface HardStack {
  bff: Bff;
  upstream: FaultyUpstream;
  referenceApi: RunningReferenceApi;
  /** The BFF's DATA_DIR (its sessions). */
  bffDataDir: string;
  /** The reference API's data folder (its database: `changeUpstream` writes there). */
  referenceDataDir: string;
  close(): Promise<void>;
}

/** Low enough that a hung upstream costs the tests little; high enough for a loaded 2-core machine. */
export const HARD_UPSTREAM_TIMEOUT_MS = 2_000;

/**
 * Reference API (in this process), the faulty proxy before it, and a production BFF process
 * pointed at the proxy, with the public cache off so that every visit reaches the upstream.
 */
export async function startHardStack(env: Record<string, string | undefined> = {}, { shape }: { shape?: ApiShape } = {}): Promise<HardStack> {
  const referenceDir = await tempDir("hard-reference");
  const bffDir = await tempDir("hard-bff");
  const referenceApi = await startReferenceApi({ dataDir: referenceDir, host: "127.0.0.1", port: 0, demoPassword: DEMO_PASSWORD, shape });
  const upstream = await FaultyUpstream.start(referenceApi.url);
  let bff: Bff;
  try {
    bff = await startBff(
      bffEnv({
        UPSTREAM_API_URL: upstream.url,
        DATA_DIR: bffDir,
        UPSTREAM_TIMEOUT_MS: String(HARD_UPSTREAM_TIMEOUT_MS),
        PUBLIC_CACHE_TTL_MS: "0",
        PUBLIC_CACHE_STALE_MS: "0",
        ...env,
      }),
    );
  } catch (error) {
    await upstream.close();
    await referenceApi.close();
    throw error;
  }
  return {
    bff,
    upstream,
    referenceApi,
    bffDataDir: bffDir,
    referenceDataDir: referenceDir,
    async close() {
      // Rejects when the BFF logged an unhandled rejection or uncaught exception (after cleaning up).
      try {
        await bff.proc.stop();
      } finally {
        await upstream.close();
        await referenceApi.close();
        await removeDir(referenceDir);
        await removeDir(bffDir);
      }
    },
  };
}

/** Logs in through the site's own form (posted over HTTP) and returns the session's Cookie header. */
export { logIn } from "../e2e/helpers/session.ts";

/** Failures the BFF did not handle (an unhandled rejection, or an error that reached Remix's handler). */
const UNHANDLED_EVENTS = new Set(["unhandled_rejection", "unexpected_error"]);

/** The BFF's log lines about failures it did not handle: must stay empty. */
export function unhandledFailures(bff: Bff): string[] {
  return bff.proc
    .logLines()
    .filter((line) => UNHANDLED_EVENTS.has(String(line.event)))
    .map((line) => JSON.stringify(line));
}

/** The process is still running (not crashed, not stopped). */
export function isRunning(bff: Bff): boolean {
  return bff.proc.child.exitCode === null && bff.proc.child.signalCode === null;
}

/** Indonesian words every failure message the site shows carries at least one of. */
export const INDONESIAN_FAILURE = /kesalahan|melebihi|tidak dapat|tidak valid|gagal|terganggu|ditolak|wajib|tidak ditemukan|tidak disimpan|maksimal|terlalu|harus|silakan|belum/i;
