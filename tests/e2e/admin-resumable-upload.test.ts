import { once } from "node:events";
import { createServer, connect, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminBrowsers, alertWith, apiData, dialogNamed, mainStack, mp4Buffer, pngBuffer, referenceApiToken, rowWith, type Video } from "./helpers/index.ts";

/**
 * Issue 23.6: an upload survives a dropped connection. Chromium reaches the site through a proxy
 * of this test that cuts the connection once, in the middle of the video's bytes; the browser's
 * resumable upload asks where it stands and goes on from there, and the video is saved whole.
 */

const { bffUrl, referenceApiUrl } = mainStack();
const target = new URL(bffUrl);
const VIDEO_BYTES = 6 * 1024 * 1024;
/** The connection is cut once this much of a request body has passed: inside the video's bytes. */
const CUT_AFTER_BYTES = 2 * 1024 * 1024;

/** A TCP proxy to the site that cuts the first connection carrying more than CUT_AFTER_BYTES towards it. */
async function cuttingProxy() {
  let cuts = 0;
  const sockets = new Set<Socket>();
  const server = createServer((browser) => {
    const site = connect(Number(target.port), target.hostname);
    sockets.add(browser).add(site);
    let carried = 0;
    browser.on("data", (chunk: Buffer) => {
      carried += chunk.length;
      if (cuts === 0 && carried > CUT_AFTER_BYTES) {
        cuts += 1;
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
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

const proxy = await cuttingProxy();
afterAll(() => proxy.close());
const admins = adminBrowsers(proxy.url);

let token: string;
beforeAll(async () => {
  token = await referenceApiToken(referenceApiUrl);
});


describe("a video upload cut in the middle", () => {
  it("resumes from where it stopped and saves the whole video", async () => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/video?modal=add");
    const title = "Video yang koneksinya terputus";
    const dialog = dialogNamed(page, "TAMBAH VIDEO");
    await dialog.getByLabel("Judul").fill(title);
    await dialog.getByLabel("Deskripsi").fill("Terputus di tengah, lalu dilanjutkan.");
    await dialog.getByLabel("Video").setInputFiles({ name: "putus.mp4", mimeType: "video/mp4", buffer: mp4Buffer(VIDEO_BYTES) });
    await dialog.getByLabel("Thumbnail").setInputFiles({ name: "t.png", mimeType: "image/png", buffer: pngBuffer() });
    await dialog.getByLabel("Gambar latar").setInputFiles({ name: "l.png", mimeType: "image/png", buffer: pngBuffer() });
    // Where each piece of the upload started, as the browser asked the site to take it.
    const pieces: number[] = [];
    page.on("request", (request) => {
      if (/\/admin\/uploads\/[0-9a-f]{32}$/.test(request.url()) && request.headers()["x-http-method-override"] === "PATCH") {
        pieces.push(Number(request.headers()["upload-offset"]));
      }
    });
    await dialog.getByRole("button", { name: "SIMPAN" }).click();

    await alertWith(page, "Berhasil menambahkan data!").waitFor();
    await rowWith(page, title).waitFor();
    expect(proxy.cuts()).toBe(1);
    // The video's first piece from 0, cut; the next from where the site said it had got to (the
    // thumbnail and background follow, each from 0).
    expect(pieces[0]).toBe(0);
    expect(pieces[1]).toBeGreaterThan(CUT_AFTER_BYTES / 2);
    expect(pieces[1]).toBeLessThanOrEqual(CUT_AFTER_BYTES);

    const saved = (await apiData<Video[]>(referenceApiUrl, "/videos?limit=0", token)).find((video) => video.title === title);
    expect(saved?.link).toMatch(/\.mp4$/);
    const stored = await fetch(new URL(saved?.link ?? "", bffUrl));
    expect((await stored.arrayBuffer()).byteLength).toBe(VIDEO_BYTES);
  });
});
