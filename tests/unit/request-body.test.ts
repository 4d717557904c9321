import { once } from "node:events";
import { request as httpRequest, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bodyRefused } from "@server/body-refusals.server";
import { boundRequestBodies, requestBodyOf } from "@server/request-body.server";
import { routeMatcher } from "@server/route-matcher.server";
import { uploadsOf } from "@server/upload-handle.server";
import { visitorErrorHandler } from "@server/visitor-errors.server";
import { MANIFEST } from "../helpers/route-manifest.ts";

/**
 * The process's body bounds (issue 20, points 1, 6, 8) on a real HTTP server, with a handler that
 * reads the body the way Remix does (through requestBodyOf). Limits and times are small here so
 * that every case takes milliseconds; tests/hard/attack-bodies.bounded.test.ts runs the same against the
 * built app.
 */



describe("routeMatcher", () => {
  const match = routeMatcher(MANIFEST);
  it("finds the route whose action a form submission runs, as Remix chooses it", () => {
    expect(match("/login", "")).toMatchObject({ routeId: "routes/login", hasAction: true });
    expect(match("/LOGIN/", "")).toMatchObject({ routeId: "routes/login" });
    expect(match("/login.data", "")).toMatchObject({ routeId: "routes/login" });
    expect(match("/admin/book", "")).toMatchObject({ routeId: "routes/admin.book", uploads: ["image", "book"] });
    expect(match("/admin/video.upload", "")).toMatchObject({ uploads: ["video", "image", "image"] });
    expect(match("/admin/genre", "")?.uploads).toBeUndefined();
    // A static segment wins over a parameter.
    expect(match("/activity/feed.xml", "")).toMatchObject({ routeId: "routes/activity.feed[.]xml" });
    expect(match("/activity/12", "")).toMatchObject({ routeId: "routes/_public.activity.$activityId" });
    expect(match("/files/a%20b.png", "")).toMatchObject({ routeId: "routes/files.$name", hasAction: false });
  });

  it("takes a path that cannot be decoded for no address, saying nothing on the console (the log is JSON)", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      for (const path of ["/about%ZZ", "/activity/%E0%A4%A", "/admin/%"]) expect(match(path, ""), path).toBeUndefined();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it("reads a module's uploads per route id where one module serves several routes, and only its own keys", () => {
    const handle = { uploads: { "routes/admin.book": ["image", "book", "script"] } };
    expect(uploadsOf(handle, "routes/admin.book")).toEqual(["image", "book"]);
    for (const routeId of ["routes/admin.genre", "constructor", "__proto__", "toString"]) expect(uploadsOf(handle, routeId), routeId).toBeUndefined();
    expect(uploadsOf({ uploads: ["video"] }, "any")).toEqual(["video"]);
    expect(uploadsOf({ uploads: "video" }, "any")).toBeUndefined();
  });

  it("sends a submission to a layout's own path to the layout, to its index only with ?index", () => {
    expect(match("/admin", "")).toMatchObject({ routeId: "routes/admin", hasAction: false });
    expect(match("/admin", "?index")).toMatchObject({ routeId: "routes/admin._index" });
    expect(match("/", "")).toMatchObject({ routeId: "root" });
    expect(match("/_root.data", "?index")).toMatchObject({ routeId: "routes/_public._index" });
  });

  it("matches nothing for an address no route has (Remix answers 404)", () => {
    expect(match("/nothing", "")).toBeUndefined();
    expect(match("/files", "")).toBeUndefined();
    expect(match("/files/a/b", "")).toBeUndefined();
  });
});

const FORM_MAX = 4 * 1024;
const IDLE_MS = 300;
let server: Server;
let port: number;
/** What the handler saw of each request body, by the value of its x-test header. */
const seen = new Map<string, { bytes?: number; error?: string }>();
let releaseSlowReader: (() => void) | undefined;
/** The server's side of every connection, to see how much it read. */
const serverSockets: Socket[] = [];

beforeAll(async () => {
  process.env.UPLOAD_IMAGE_MAX_BYTES = String(16 * 1024);
  process.env.UPLOAD_BOOK_MAX_BYTES = String(32 * 1024);
  const app = express();
  app.use(boundRequestBodies({ routes: MANIFEST }, { formMaxBytes: FORM_MAX, bodyIdleTimeoutMs: IDLE_MS }));
  app.post("*", (req, res, next) => {
    // Answers before the app is handed the body, as the origin checks do (server/security.server.ts).
    const before = req.get("x-before-app-status");
    if (before) return void res.status(Number(before)).end();
    // Answers without reading, with the status the test asks for (302: the guard's redirect). The
    // app was handed the body first, as Remix's request is made before any action runs.
    const status = req.get("x-early-status");
    if (!status) return next();
    requestBodyOf(req).read(0);
    res.status(Number(status)).set("Location", "/").end();
  });
  app.all("*", async (req, res) => {
    const key = req.get("x-test") ?? "";
    const body = requestBodyOf(req);
    if (req.get("x-slow-reader")) await new Promise<void>((resolve) => (releaseSlowReader = resolve));
    let bytes = 0;
    try {
      for await (const chunk of body) bytes += (chunk as Buffer).length;
      seen.set(key, { bytes });
    } catch (error) {
      seen.set(key, { error: (error as Error).name });
    }
    if (bodyRefused(res)) return;
    res.json({ bytes });
  });
  app.use(visitorErrorHandler);
  server = app.listen(0, "127.0.0.1");
  server.on("connection", (socket: Socket) => serverSockets.push(socket));
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  delete process.env.UPLOAD_IMAGE_MAX_BYTES;
  delete process.env.UPLOAD_BOOK_MAX_BYTES;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** How many of the chunks had been written when the answer ended. */
  chunksSent: number;
}

/** Sends `chunks` (each after `gapMs`), with or without a Content-Length, and resolves with the answer. */
function send(
  path: string,
  chunks: Buffer[],
  { method = "POST", headers = {}, gapMs = 0, declare = true }: { method?: string; headers?: Record<string, string>; gapMs?: number; declare?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const outgoing = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: { "content-type": "application/x-www-form-urlencoded", ...(declare ? { "content-length": String(total) } : {}), ...headers },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, chunksSent: index }));
      },
    );
    outgoing.on("error", reject);
    let index = 0;
    const next = () => {
      if (outgoing.destroyed) return;
      if (index >= chunks.length) return void outgoing.end();
      outgoing.write(chunks[index++]);
      if (gapMs) setTimeout(next, gapMs);
      else next();
    };
    next();
  });
}

/** A raw connection: the headers of a body that then sends `first` and nothing more. */
async function silentBody(path: string, first: string): Promise<{ socket: Socket; answer: Promise<string> }> {
  const socket = connect({ host: "127.0.0.1", port });
  await once(socket, "connect");
  socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 2000\r\n\r\n${first}`);
  let text = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
  const answer = new Promise<string>((resolve) => socket.once("close", () => resolve(text)));
  return { socket, answer };
}

/** A raw connection to the test server: what it has answered so far, and when it is closed. */
async function rawConnection(): Promise<{ socket: Socket; text: () => string; closed: Promise<unknown> }> {
  const socket = connect({ host: "127.0.0.1", port });
  await once(socket, "connect");
  socket.on("error", () => {});
  let text = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
  // Resolved by the close however it came: a reset (the cut of a body that trickles on) is a close too.
  return { socket, text: () => text, closed: new Promise((resolve) => socket.once("close", resolve)) };
}

describe("boundRequestBodies", () => {
  it("a client that goes on sending after a refusal still reads the whole answer (the close lingers)", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const socket = connect({ host: "127.0.0.1", port });
      await once(socket, "connect");
      socket.on("error", () => {});
      let text = "";
      socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      socket.write(`POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 300000000\r\n\r\n`);
      const piece = "a".repeat(256 * 1024);
      const flood = () => {
        if (!socket.destroyed && socket.writable) socket.write(piece, () => setImmediate(flood));
      };
      flood();
      await once(socket, "close");
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toContain("</html>");
    }
  });

  it("a client trickling on after a refusal, too busy to read until after the linger, still reads the answer", async () => {
    const socket = connect({ host: "127.0.0.1", port });
    await once(socket, "connect");
    const serverSide = serverSockets.at(-1)!;
    socket.on("error", () => {});
    // Busy: nothing is read from the kernel until the end (as a client whose loop lags).
    socket.pause();
    socket.write(`POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 300000000\r\n\r\nemail=`);
    // The answer has gone out and our side is ended: the client's next bytes arrive during the linger.
    await once(serverSide, "finish");
    socket.write("aaa");
    await once(serverSide, "close");
    // Bytes left unread when the server closes make its kernel reset the connection; the busy
    // client's next write then fails and destroys its socket with the answer still unread (as
    // the check phase of a lagging loop writes before the next poll reads). Read during the
    // linger, they leave nothing to reset: the write goes out and the answer is read after it.
    await new Promise<void>((resolve) => socket.write("bbb", () => resolve()));
    let text = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    socket.resume();
    await once(socket, "close");
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain("</html>");
  });

  it("reads nothing more of a streamed body once it refused it, however fast the client sends", async () => {
    const socket = connect({ host: "127.0.0.1", port });
    await once(socket, "connect");
    const serverSide = serverSockets.at(-1)!;
    socket.on("error", () => {});
    let text = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    socket.write(`POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`);
    // Many small HTTP chunks per write, so that the limit is passed in the middle of a read.
    const piece = Buffer.alloc(1024, 0x61);
    const chunk = Buffer.concat(Array.from({ length: 256 }, () => Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")])));
    let sent = 0;
    const flood = () => {
      if (socket.destroyed || !socket.writable || sent > 64 * 1024 * 1024) return;
      sent += chunk.length;
      socket.write(chunk, () => setImmediate(flood));
    };
    flood();
    await once(socket, "close");
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    // The limit, and what was already in flight in one read; not what the client went on sending.
    expect(serverSide.bytesRead).toBeLessThan(FORM_MAX + 2 * chunk.length);
  });

  it("passes a form within FORM_MAX_BYTES whole", async () => {
    const answer = await send("/login", [Buffer.alloc(FORM_MAX, 0x61)], { headers: { "x-test": "within" } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: FORM_MAX });
  });

  it("refuses a declared Content-Length over the limit with 413 in Indonesian, before the app reads a byte", async () => {
    const answer = await send("/login", [Buffer.alloc(FORM_MAX + 1, 0x61)], { headers: { "x-test": "declared" } });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("Ukuran kiriman melebihi batas");
    expect(answer.body).not.toContain("aaaa");
    expect(seen.has("declared")).toBe(false);
    // Over a limit, however little: never read on, and the connection closes after the answer.
    expect(answer.headers.connection).toBe("close");
  });

  it("closes the connection after refusing a declared body it will not read to the end", async () => {
    const socket = connect({ host: "127.0.0.1", port });
    await once(socket, "connect");
    let text = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    socket.write(`POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 300000000\r\n\r\nemail=aaaa`);
    await once(socket, "close");
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    expect(text).not.toContain("aaaa");
  });

  it("refuses a streamed body the moment it passes the limit; the app's reading fails and its answer is dropped", async () => {
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(1024, 0x61));
    const answer = await send("/login", chunks, { declare: false, gapMs: 2, headers: { "x-test": "streamed" } });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("melebihi batas");
    await expect.poll(() => seen.get("streamed")).toEqual({ error: "BodyRefused" });
  });

  it("lets an upload route take its files' limits on top of the form's", async () => {
    // FORM_MAX + image 16 KiB + book 32 KiB + framing: 40 KiB passes, 300 KiB does not.
    const ok = await send("/admin/book", [Buffer.alloc(40 * 1024, 0x61)], { headers: { "x-test": "upload" } });
    expect(ok.status).toBe(200);
    const tooLarge = await send("/admin/book", [Buffer.alloc(300 * 1024, 0x61)]);
    expect(tooLarge.status).toBe(413);
    // The same body on a route without uploads: the form's limit.
    expect((await send("/admin/genre", [Buffer.alloc(40 * 1024, 0x61)])).status).toBe(413);
  });

  it("answers a method a route does not take with 405, Allow and an Indonesian page", async () => {
    for (const [method, path, allow] of [
      ["POST", "/files/x", "GET, HEAD"],
      ["PUT", "/files/x", "GET, HEAD"],
      ["DELETE", "/admin/genre", "GET, HEAD, POST"],
      ["PATCH", "/", "GET, HEAD"],
      ["POST", "/about", "GET, HEAD"],
      ["OPTIONS", "/login", "GET, HEAD, POST"],
    ] as const) {
      const answer = await send(path, [Buffer.from("a=1")], { method });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow).toBe(allow);
      expect(answer.body).toContain("Metode tidak diizinkan");
    }
  });

  it("closes a body that sends nothing for the idle time with 408", async () => {
    const started = performance.now();
    const { answer } = await silentBody("/login", "email=");
    const text = await answer;
    const elapsed = performance.now() - started;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain("Waktu pengiriman habis");
    // Not before the idle time; a body held open for good would fail by the test's own timeout.
    expect(elapsed).toBeGreaterThanOrEqual(IDLE_MS - 20);
  });

  it("reads what arrived while the process was busy before judging the body too slow", async () => {
    const { socket } = await silentBody("/login", "email=");
    const answered = new Promise<string>((resolve) => socket.once("data", (chunk) => resolve(String(chunk))));
    // The server has begun the request and read its first bytes: its idle time and deadline run.
    await vi.waitFor(() => expect(serverSockets.at(-1)?.bytesRead).toBeGreaterThan(0));
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        // The rest is in the server's socket before its time is up; then the process is busy past it
        // (a loaded machine), so that its timers fall due before it gets to read those bytes.
        socket.write("a".repeat(2000 - "email=".length));
        const busyUntil = performance.now() + IDLE_MS * 2;
        while (performance.now() < busyUntil);
        resolve();
      }),
    );
    expect(await answered).toMatch(/^HTTP\/1\.1 200 /);
    socket.destroy();
  });

  it("gives a form that keeps trickling no more than the idle time in all", async () => {
    // 2 s of trickle against 300 ms in all: the answer comes long before the client is done.
    const chunks = Array.from({ length: 40 }, () => Buffer.from("a"));
    const answer = await send("/login", chunks, { gapMs: 50 }).catch((error: Error) => ({ status: -1, body: error.message, chunksSent: -1 }));
    expect(answer.status).toBe(408);
    expect(answer.chunksSent).toBeLessThan(chunks.length);
  });

  it("lets an upload that keeps moving go on past the idle time", async () => {
    const chunks = Array.from({ length: 12 }, () => Buffer.alloc(512, 0x61));
    const started = performance.now();
    const answer = await send("/admin/book", chunks, { gapMs: IDLE_MS / 3, headers: { "x-test": "moving" } });
    expect(performance.now() - started).toBeGreaterThan(IDLE_MS * 2);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: 12 * 512 });
  });

  it("never counts the app's own pause (a slow upstream) as the visitor's silence", async () => {
    const body = Buffer.alloc(FORM_MAX, 0x61);
    const pending = send("/login", [body], { headers: { "x-test": "slow-reader", "x-slow-reader": "1" } });
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));
    releaseSlowReader?.();
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: FORM_MAX });
  });

  it("reads the rest of a body the app refused for what it read into nothing, and the connection serves the next request", async () => {
    const { socket, text } = await rawConnection();
    const half = "a".repeat(1000);
    socket.write(`POST /admin/genre HTTP/1.1\r\nHost: x\r\nX-Early-Status: 413\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 2000\r\n\r\n${half}`);
    await expect.poll(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text()).not.toMatch(/connection: close/i);
    socket.write(half);
    socket.write("GET /about HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => text().match(/HTTP\/1\.1 \d+/g)?.length).toBe(2);
    socket.destroy();
  });

  it("does not read on after a refusal made before the app was handed the body (a bad Host's 400 from the origin checks)", async () => {
    const reads = serverSockets.length;
    const { socket, text, closed } = await rawConnection();
    socket.write(`POST /admin/book HTTP/1.1\r\nHost: x\r\nX-Before-App-Status: 400\r\nContent-Type: application/octet-stream\r\nContent-Length: 150000\r\n\r\n${"a".repeat(100)}`);
    await expect.poll(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text()).toMatch(/connection: close/i);
    const trickle = setInterval(() => socket.writable && socket.write("a"), 50);
    await closed;
    clearInterval(trickle);
    expect(serverSockets[reads]?.bytesRead ?? 0, "read of the rest").toBeLessThan(4096);
  });

  it("closes the connection after any other early answer (the guard's redirect), reading on no longer than the idle time, whatever the route allows", async () => {
    // Declared within each route's limit, so that its allowance would have let the rest in.
    for (const [path, status, declared] of [["/admin/genre", "302", FORM_MAX], ["/admin/genre", "403", FORM_MAX], ["/admin/book", "302", 150_000]] as const) {
      const reads = serverSockets.length;
      const { socket, text, closed } = await rawConnection();
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nX-Early-Status: ${status}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\n\r\n${"a".repeat(100)}`);
      await expect.poll(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(text()).toMatch(/connection: close/i);
      // A byte now and then would have kept a drained body open for the whole request timeout.
      const trickle = setInterval(() => socket.writable && socket.write("a"), 50);
      await closed;
      clearInterval(trickle);
      const server = serverSockets[reads];
      expect(server?.bytesRead ?? 0, `${path} ${status}: read of the rest`).toBeLessThan(4096);
    }
  });

  it("reads a small form answered early to its end before closing, so a client that paused while sending it meets no reset", async () => {
    for (const status of ["403", "302", "405"]) {
      const reads = serverSockets.length;
      const { socket, text, closed } = await rawConnection();
      const errors: string[] = [];
      socket.on("error", (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
      const ended = new Promise<void>((resolve) => socket.once("end", resolve));
      // 405: a method the route does not take, answered by this process; the others by the app.
      const requestLine = status === "405" ? "PUT /about" : "POST /admin/genre";
      const head = `${requestLine} HTTP/1.1\r\nHost: x\r\nX-Early-Status: ${status}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 2000\r\n\r\n`;
      socket.write(`${head}${"a".repeat(100)}`);
      await expect.poll(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} [^]*\\r\\n\\r\\n`));
      expect(text()).toMatch(/connection: close/i);
      // The rest of the form after the answer (the client was busy): read, then a clean close.
      socket.write("a".repeat(1900));
      await ended;
      await closed;
      expect(errors, `${status}: the client's view of the close`).toEqual([]);
      // Ended only once the whole form was read: nothing left unread to turn the close into a reset.
      expect(serverSockets[reads]?.bytesRead, `${status}: what the server read`).toBe(head.length + 2000);
    }
  });

  it("cuts the connection of an early-answered body that goes on past its allowance", async () => {
    const { socket, text, closed } = await rawConnection();
    socket.write("POST /admin/genre HTTP/1.1\r\nHost: x\r\nX-Early-Status: 413\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n");
    // The form's allowance after the answer is FORM_MAX more: a body that goes on is cut.
    const chunk = `1000\r\n${"a".repeat(0x1000)}\r\n`;
    let sent = 0;
    const flood = () => {
      if (socket.destroyed || !socket.writable || sent > 100 * FORM_MAX) return;
      sent += 0x1000;
      socket.write(chunk, () => setImmediate(flood));
    };
    flood();
    await closed;
    expect(text()).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeLessThan(100 * FORM_MAX);
  });
});

describe("visitorErrorHandler", () => {
  it("answers a malformed percent-encoding in the path with our 400, not Express's English page", async () => {
    const answer = await send("/about%ZZ", [], { method: "GET", declare: false });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Permintaan tidak valid");
    expect(answer.body).not.toContain("Bad Request");
    expect(answer.body).not.toContain("URIError");
  });
});
