import { once } from "node:events";
import { createServer, connect, type AddressInfo, type Socket } from "node:net";
import type { Page } from "playwright-core";

/** The resumable upload tests' tools: a link to the site that breaks once, and what the browser sent and heard through it. */

/**
 * A TCP proxy to the site at `bffUrl` that, once, cuts the first connection carrying more than
 * `cutAfterBytes` towards it (`cut`), or stops passing its bytes on and holds it open (`stall`,
 * a network that went quiet, as under a closed laptop lid).
 */
export async function cuttingProxy(bffUrl: string, cutAfterBytes: number) {
  const target = new URL(bffUrl);
  let mode: "cut" | "stall" = "cut";
  let cuts = 0;
  const sockets = new Set<Socket>();
  const server = createServer((browser) => {
    const site = connect(Number(target.port), target.hostname);
    sockets.add(browser).add(site);
    let carried = 0;
    browser.on("data", (chunk: Buffer) => {
      carried += chunk.length;
      if (cuts === 0 && carried > cutAfterBytes) {
        cuts += 1;
        if (mode === "stall") {
          browser.pause();
          return;
        }
        browser.destroy();
        site.destroy();
        return;
      }
      if (!site.write(chunk)) browser.pause();
    });
    site.on("drain", () => browser.resume());
    site.pipe(browser);
    const close = () => {
      browser.destroy();
      site.destroy();
    };
    browser.on("error", close).on("close", close);
    site.on("error", close).on("close", close);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cuts: () => cuts,
    /** The next time, in this way. */
    arm(next: "cut" | "stall") {
      mode = next;
      cuts = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

export const UPLOAD_URL = /\/admin\/uploads\/[0-9a-f]{32}$/;

/** Where each piece of the form's uploads started, as the browser asked the site to take it, in the form's order (the video's form: the thumbnail and background, one piece each from 0, then the video's pieces). */
export function uploadPieces(page: Page): number[] {
  const pieces: number[] = [];
  page.on("request", (request) => {
    const headers = request.headers();
    if (UPLOAD_URL.test(request.url()) && headers["x-http-method-override"] === "PATCH") pieces.push(Number(headers["upload-offset"]));
  });
  return pieces;
}

/** The offsets the site answered when the browser asked where an upload stood (tus's HEAD). */
export function reportedOffsets(page: Page): number[] {
  const offsets: number[] = [];
  page.on("response", (response) => {
    if (UPLOAD_URL.test(response.url()) && response.request().method() === "HEAD") offsets.push(Number(response.headers()["upload-offset"]));
  });
  return offsets;
}
