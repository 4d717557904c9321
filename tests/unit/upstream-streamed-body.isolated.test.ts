import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExchangeFailed, exchangeOnce, type Outgoing, type StreamedBody } from "~/platform/upstream-transport.server";
import { rejectionOf } from "../helpers/rejection";
import { upstream } from "../mocks/upstream";

/**
 * An upload as the upstream client sends it (Node's HTTP client, each batch one corked write),
 * against a real HTTP server on loopback: what the upstream receives, and what the client does
 * when the upstream answers early, reads slowly, never answers, or the body fails mid-way.
 * msw is closed here (this file runs in its own process): it would buffer the request body.
 */

const KiB = 1024;
const MiB = 1024 * KiB;
const BATCH_BYTES = 4 * 64 * KiB;

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;
let handler: Handler = () => {};
let server: http.Server;
let base = "";

beforeAll(async () => {
  upstream.close();
  server = http.createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function outgoing(body: StreamedBody, overrides: Partial<Outgoing> = {}): Outgoing {
  return {
    url: new URL(`${base}/api/upload/video`),
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body,
    answerWithinMs: 60_000,
    idleMs: 60_000,
    maxBytes: MiB,
    signal: undefined,
    ...overrides,
  };
}

/**
 * `count` batches of four 64 KiB pieces, each piece filled with its number; counts what was asked
 * for and whether it was stopped. With `failAt`, that batch fails instead, once `failWhen` settles.
 */
function batches(count: number, failAt?: number, failWhen?: Promise<unknown>) {
  const state = { asked: 0, stopped: false };
  async function* body(): AsyncGenerator<Uint8Array[]> {
    try {
      for (let index = 0; index < count; index++) {
        state.asked += 1;
        if (index === failAt) {
          await failWhen;
          throw new Error("berkas terlalu besar");
        }
        yield Array.from({ length: 4 }, (_, piece) => new Uint8Array(64 * KiB).fill((index * 4 + piece) % 256));
      }
    } finally {
      state.stopped = true;
    }
  }
  return { state, body: body() };
}

/** The request's body as the server read it, and whether it arrived whole, once it ended or its connection closed. */
function readRequest(request: http.IncomingMessage): Promise<{ bytes: Buffer; complete: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = () => resolve({ bytes: Buffer.concat(chunks), complete: request.complete });
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", done);
    // Once its answer is sent, a request is not closed again when the connection goes: the socket is.
    request.socket.on("close", done);
  });
}

const failureOf = (promise: Promise<unknown>) => rejectionOf(promise, ExchangeFailed);

describe("a streamed body sent to the upstream", () => {
  it("arrives whole and in order, and the answer is read", async () => {
    let received: Promise<{ bytes: Buffer; complete: boolean }> | undefined;
    handler = (request, response) => {
      received = readRequest(request);
      void received.then(() => response.writeHead(201, { "content-type": "application/json" }).end('{"data":{"id":7}}'));
    };
    const { body } = batches(16);
    const answer = await exchangeOnce(outgoing(body));
    expect(answer).toEqual({ status: 201, text: '{"data":{"id":7}}' });
    const { bytes, complete } = await received!;
    expect(complete).toBe(true);
    expect(bytes.length).toBe(16 * 4 * 64 * KiB);
    for (let piece = 0; piece < 64; piece++) expect(bytes[piece * 64 * KiB]).toBe(piece % 256);
  });

  it("asks for the next batch only as the upstream reads: a stalled reader holds back the producer", async () => {
    let paused: http.IncomingMessage | undefined;
    const serverRead = { bytes: 0 };
    handler = (request, response) => {
      paused = request;
      request.pause();
      request.on("data", (chunk: Buffer) => (serverRead.bytes += chunk.length));
      request.on("end", () => response.writeHead(200).end("{}"));
    };
    const { state, body } = batches(400);
    const sent = exchangeOnce(outgoing(body));
    // Until the upstream reads, the producer is held after what the two sockets' buffers take.
    await expect.poll(() => paused).toBeDefined();
    // Both ends are in this process: once a whole turn of the event loop (its I/O poll among it)
    // has passed with nothing more asked for, nothing moves until the server reads.
    for (let before = -1; before !== state.asked; ) {
      before = state.asked;
      await new Promise((resolve) => setImmediate(resolve));
    }
    // What the kernel's socket buffers hold on loopback, a few MiB: not the 100 MiB body.
    expect(state.asked * BATCH_BYTES).toBeLessThan(32 * MiB);
    paused!.resume();
    await expect(sent).resolves.toMatchObject({ status: 200 });
    expect(state.asked).toBe(400);
    expect(serverRead.bytes).toBe(400 * BATCH_BYTES);
  });

  it("takes an early answer (a refusal before the body ended) and stops the producer", async () => {
    let serverSaw: Promise<{ bytes: Buffer; complete: boolean }> | undefined;
    handler = (request, response) => {
      serverSaw = readRequest(request);
      request.once("data", () => response.writeHead(413, { "content-type": "application/json" }).end('{"error":"Berkas terlalu besar"}'));
    };
    const { state, body } = batches(100_000);
    const answer = await exchangeOnce(outgoing(body));
    expect(answer).toEqual({ status: 413, text: '{"error":"Berkas terlalu besar"}' });
    await expect.poll(() => state.stopped).toBe(true);
    expect(state.asked).toBeLessThan(100_000);
    // The connection held half a body: it is closed, never used for another call.
    expect((await serverSaw!).complete).toBe(false);
  });

  it("fails, and the upstream sees an unfinished body, when producing the body fails mid-way", async () => {
    let serverSaw: Promise<{ bytes: Buffer; complete: boolean }> | undefined;
    let firstBytes!: () => void;
    const serverGotBytes = new Promise<void>((resolve) => (firstBytes = resolve));
    handler = (request, response) => {
      serverSaw = readRequest(request);
      request.once("data", firstBytes);
      void serverSaw.then(({ complete }) => complete && response.writeHead(201).end("{}"));
    };
    // Fails once the upstream has begun to take the body (before, the request would just not be sent).
    const { body } = batches(10, 5, serverGotBytes);
    const failure = await failureOf(exchangeOnce(outgoing(body)));
    expect(failure.kind).toBe("network");
    expect((failure.cause as Error).message).toBe("berkas terlalu besar");
    const saw = await serverSaw!;
    expect(saw.complete).toBe(false);
    expect(saw.bytes.length).toBeLessThanOrEqual(5 * BATCH_BYTES);
  });

  it("gives the upstream the call's own answer time once the body is all sent, not the upload's long deadline", async () => {
    handler = (request) => {
      request.resume();
    };
    const { state, body } = batches(4);
    const failure = await failureOf(exchangeOnce(outgoing(body, { answerWithinMs: 600_000, idleMs: 200 })));
    expect(failure.kind).toBe("timeout");
    expect(state.asked).toBe(4);
  });

  it("stops sending when the visitor goes away, and stops the producer", async () => {
    handler = (request) => {
      request.resume();
    };
    const visitor = new AbortController();
    const { state, body } = batches(1_000_000);
    const sending = exchangeOnce(outgoing(body, { signal: visitor.signal }));
    await expect.poll(() => state.asked).toBeGreaterThan(2);
    visitor.abort();
    expect((await failureOf(sending)).kind).toBe("aborted");
    await expect.poll(() => state.stopped).toBe(true);
  });
});
