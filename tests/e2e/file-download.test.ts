import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures.ts";
import { type Bff, bffEnv, removeDir, startBff, tempDir } from "./helpers/index.ts";

/**
 * A large stored file proxied to a visitor who reads slowly: the BFF pulls from the upstream
 * only as fast as the visitor takes it (its memory does not fill with the file), and a pause
 * longer than the upstream timeout does not cut the download.
 */

const FILE_BYTES = 256 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);
const UPSTREAM_TIMEOUT_MS = 1_000;

let upstream: Server;
let bff: Bff | undefined;
let dataDir: string | undefined;
/** Bytes of the current download the upstream has handed to its socket so far. */
let sentByUpstream = 0;

test.beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.url === "/files/macet.pdf") {
      // Sends its head and the first MiB, then nothing: a stalled upstream.
      res.writeHead(200, { "content-type": "application/pdf", "content-length": String(FILE_BYTES) });
      res.write(Buffer.alloc(1024 * 1024));
      return;
    }
    if (req.url !== "/files/besar.pdf") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/pdf", "content-length": String(FILE_BYTES) });
    sentByUpstream = 0;
    const pump = () => {
      while (sentByUpstream < FILE_BYTES) {
        sentByUpstream += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  dataDir = await tempDir("download");
  bff = await startBff(bffEnv({ UPSTREAM_API_URL: upstreamUrl, DATA_DIR: dataDir, UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) }));
});

test.afterAll(async () => {
  await bff?.proc.stop();
  await new Promise((resolve) => upstream?.close(resolve));
  await removeDir(dataDir);
});

function startDownload(name = "besar.pdf"): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpRequest(`${bff!.url}/files/${name}`, { headers: { "accept-encoding": "identity" } }, resolve).on("error", reject).end();
  });
}

/**
 * Resolves once UPSTREAM_TIMEOUT_MS has passed, as the BFF's own clock tells it: the BFF cuts a
 * download whose upstream stalls (`macet.pdf`) that long after its last byte.
 */
async function stallTimedOut(): Promise<void> {
  const response = await startDownload("macet.pdf");
  const outcome = await readAll(response).then(
    (received) => `ended after ${received} bytes`,
    (error: Error) => `failed: ${error.message}`,
  );
  expect(outcome, "a stalled download, cut after UPSTREAM_TIMEOUT_MS").toBe("failed: aborted");
}

/**
 * Waits until the upstream has stopped sending (it is held back by backpressure): until it sent
 * nothing for a whole UPSTREAM_TIMEOUT_MS. Returns what it sent.
 */
async function upstreamSettles(): Promise<number> {
  for (;;) {
    const before = sentByUpstream;
    await stallTimedOut();
    if (sentByUpstream === before || sentByUpstream >= FILE_BYTES) return sentByUpstream;
  }
}

async function readAll(response: IncomingMessage): Promise<number> {
  let received = 0;
  for await (const chunk of response) received += (chunk as Buffer).length;
  return received;
}

test.describe("a large file for a slow visitor", () => {
  test("is read from the upstream only as fast as the visitor takes it, and arrives whole after a long pause", async () => {
    const response = await startDownload();
    expect(response.statusCode).toBe(200);
    response.pause();

    const sentWhilePaused = await upstreamSettles();
    // Socket buffers on both sides hold a few MiB; the rest of the 256 MiB waits upstream.
    expect(sentWhilePaused).toBeLessThan(48 * 1024 * 1024);

    // Paused for longer than UPSTREAM_TIMEOUT_MS (three times over, one stalled download cut after
    // another): a patient visitor is not an upstream fault.
    for (let timeout = 0; timeout < 3; timeout++) await stallTimedOut();
    response.resume();
    expect(await readAll(response)).toBe(FILE_BYTES);
  });

  test("is cut off, not left hanging, when the upstream stops sending mid-file", async () => {
    const response = await startDownload("macet.pdf");
    expect(response.statusCode).toBe(200);
    const outcome = await readAll(response).then(
      (received) => `ended after ${received} bytes`,
      (error: Error) => `failed: ${error.message}`,
    );
    // The visitor's download fails (so the browser shows it as failed) instead of waiting forever.
    expect(outcome).toBe("failed: aborted");
  });
});
