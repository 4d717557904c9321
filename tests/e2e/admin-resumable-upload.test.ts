import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "./fixtures.ts";
import { cuttingProxy, reportedOffsets, uploadPieces } from "./helpers/resumable-uploads.ts";
import { alertShown, apiData, dialogNamed, mp4Buffer, pngBuffer, referenceApiToken, rowWith, type Video, waitForHydration } from "./helpers/index.ts";

/**
 * Issue 23.6: an upload survives a dropped connection. Chromium reaches the site through a proxy
 * of this test that cuts the connection once, in the middle of the video's bytes; the browser's
 * resumable upload asks where it stands and goes on from there, and the video is saved whole.
 */

const VIDEO_BYTES = 6 * 1024 * 1024;
/** The connection is cut once this much of a request body has passed: inside the video's bytes. */
const CUT_AFTER_BYTES = 2 * 1024 * 1024;

let proxy: Awaited<ReturnType<typeof cuttingProxy>>;
let token: string;
test.beforeAll(async ({ mainStack }) => {
  proxy = await cuttingProxy(mainStack.bffUrl, CUT_AFTER_BYTES);
  token = await referenceApiToken(mainStack.referenceApiUrl);
});
test.afterAll(() => proxy?.close());

test.describe("a video upload cut in the middle", () => {
  test("resumes from where it stopped and saves the whole video", async ({ adminsAt, mainStack }) => {
    const { bffUrl, referenceApiUrl } = mainStack;
    const admin = await adminsAt(proxy.url).open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/video?modal=add");
    const title = "Video yang koneksinya terputus";
    const dialog = dialogNamed(page, "TAMBAH VIDEO");
    await dialog.getByLabel("Judul").fill(title);
    await dialog.getByLabel("Deskripsi").fill("Terputus di tengah, lalu dilanjutkan.");
    await dialog.getByLabel("Video").setInputFiles({ name: "putus.mp4", mimeType: "video/mp4", buffer: mp4Buffer(VIDEO_BYTES) });
    await dialog.getByLabel("Thumbnail").setInputFiles({ name: "t.png", mimeType: "image/png", buffer: pngBuffer() });
    await dialog.getByLabel("Gambar latar").setInputFiles({ name: "l.png", mimeType: "image/png", buffer: pngBuffer() });
    const pieces = uploadPieces(page);
    const offsets = reportedOffsets(page);
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();

    await alertShown(page, "Berhasil menambahkan data!");
    await rowWith(page, title).waitFor();
    expect(proxy.cuts()).toBe(1);
    // The thumbnail and the background first (the form's order), each one piece from 0; then the
    // video's first piece from 0, cut; then the browser asked where it stood and went on from
    // exactly what the site said it had. How
    // much that is depends on how much of the cut piece the site had read before the cut (bytes
    // still in the sockets' buffers are lost with the connection): none at all now and then, on
    // a busy machine, and then Chromium may send the piece again by itself, unseen by the page,
    // as it does for a request whose reused connection closed before any answer: no HEAD at all.
    // That the upload goes on from the middle is the next test's, whose stalled connection the
    // site reads to its end. Either way the stored video is whole (below).
    const [thumbnailPiece, backgroundPiece, ...videoPieces] = pieces;
    expect([thumbnailPiece, backgroundPiece, videoPieces[0]]).toEqual([0, 0, 0]);
    expect(offsets.length).toBeLessThanOrEqual(1);
    if (offsets.length === 1) {
      expect(videoPieces[1]).toBe(offsets[0]);
      expect(videoPieces[1]).toBeLessThanOrEqual(CUT_AFTER_BYTES);
    }

    const saved = (await apiData<Video[]>(referenceApiUrl, "/videos?limit=0", token)).find((video) => video.title === title);
    expect(saved?.link).toMatch(/\.mp4$/);
    const stored = await fetch(new URL(saved?.link ?? "", bffUrl));
    expect((await stored.arrayBuffer()).byteLength).toBe(VIDEO_BYTES);
  });
});

test.describe("a video upload whose page died in the middle", () => {
  async function fillVideoForm(page: Page, title: string, videoFile: string) {
    const dialog = dialogNamed(page, "TAMBAH VIDEO");
    await dialog.getByLabel("Judul").fill(title);
    await dialog.getByLabel("Deskripsi").fill("Halaman tertutup di tengah unggahan.");
    // The same file from disk both times (its name, size and date are how the browser knows it again).
    await dialog.getByLabel("Video").setInputFiles(videoFile);
    await dialog.getByLabel("Thumbnail").setInputFiles({ name: "t.png", mimeType: "image/png", buffer: pngBuffer() });
    await dialog.getByLabel("Gambar latar").setInputFiles({ name: "l.png", mimeType: "image/png", buffer: pngBuffer() });
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
  }

  test("resumes from what the site kept when the admin chooses the same file again after reopening the page", async ({ adminsAt, mainStack }) => {
    const { bffUrl, referenceApiUrl } = mainStack;
    const dir = await mkdtemp(path.join(tmpdir(), "resumable-e2e-"));
    try {
      const videoFile = path.join(dir, "tutup-laptop.mp4");
      await writeFile(videoFile, mp4Buffer(VIDEO_BYTES));
      const admin = await adminsAt(proxy.url).open({ javaScript: true });
      await admin.open("/admin/video?modal=add");
      const title = "Video yang halamannya tertutup";
      proxy.arm("stall");
      await fillVideoForm(admin.page, title, videoFile);
      await expect.poll(() => proxy.cuts(), { message: "the network went quiet mid-video" }).toBe(1);
      // The tab dies without a word (no leave question): a crash, a phone that killed it.
      await admin.page.close({ runBeforeUnload: false });

      const page = await admin.context.newPage();
      const pieces = uploadPieces(page);
      await page.goto(`${proxy.url}/admin/video?modal=add`);
      await waitForHydration(page);
      await fillVideoForm(page, title, videoFile);
      await alertShown(page, "Berhasil menambahkan data!");
      await rowWith(page, title).waitFor();
      // The pictures, chosen anew, are new uploads (one piece each from 0); the video's upload went
      // on from what reached the site before the page died, not from 0.
      const [thumbnailPiece, backgroundPiece, videoPiece] = pieces;
      expect([thumbnailPiece, backgroundPiece]).toEqual([0, 0]);
      expect(videoPiece).toBeGreaterThan(0);
      expect(videoPiece).toBeLessThanOrEqual(CUT_AFTER_BYTES);

      const saved = (await apiData<Video[]>(referenceApiUrl, "/videos?limit=0", token)).find((video) => video.title === title);
      const stored = await fetch(new URL(saved?.link ?? "", bffUrl));
      expect(Buffer.from(await stored.arrayBuffer()).equals(mp4Buffer(VIDEO_BYTES))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
