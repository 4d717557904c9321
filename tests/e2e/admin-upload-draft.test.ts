import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { type AdminBrowsers, expect, test } from "./fixtures.ts";
import { axeViolations } from "./helpers/browser.ts";
import { alertShown, apiData, dialogNamed, mp4Buffer, pngBuffer, referenceApiToken, rowWith, type Video, waitForHydration } from "./helpers/index.ts";
import { cuttingProxy, UPLOAD_URL, uploadPieces } from "./helpers/resumable-uploads.ts";

/**
 * An upload form survives a closed tab: the video form is sent through a link that goes quiet in
 * the middle of its second file (the thumbnail finished, the video not), and the tab dies. A new
 * tab on the form offers the draft back; "Pulihkan" brings the text and the files: the finished
 * thumbnail is named as it is (not one byte of it sent again), and the video, chosen again as the
 * form asks, resumes from what the site had. A video chosen through the browser's file picker
 * (stubbed: it returns the handle of a real file in the origin's private file system) resumes
 * without being chosen again. And when the site no longer has an upload, the form says so and
 * that file starts over.
 */

const VIDEO_BYTES = 6 * 1024 * 1024;
const THUMBNAIL_BYTES = 1024 * 1024;
/** The thumbnail, sent first (the form's order), whole; a fresh file each time it is chosen. */
const thumbnail = () => ({ name: "sampul.png", mimeType: "image/png", buffer: pngBuffer(THUMBNAIL_BYTES) });
/** The link goes quiet once this much of a request body has passed: inside the video's bytes. */
const QUIET_AFTER_BYTES = 2 * 1024 * 1024;

let proxy: Awaited<ReturnType<typeof cuttingProxy>>;
let token: string;
let dir: string;
let videoFile: string;
test.beforeAll(async ({ mainStack }) => {
  proxy = await cuttingProxy(mainStack.bffUrl, QUIET_AFTER_BYTES);
  token = await referenceApiToken(mainStack.referenceApiUrl);
  dir = await mkdtemp(path.join(tmpdir(), "upload-draft-e2e-"));
  // On disk: the browser knows the same file again by its name, size and date.
  videoFile = path.join(dir, "video-rapat.mp4");
  await writeFile(videoFile, mp4Buffer(VIDEO_BYTES));
});
test.afterAll(async () => {
  await proxy?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface StoredDraftFile {
  name: string;
  size: number;
  uploadUrl?: string;
  offset: number;
  finished: boolean;
}

/** The form drafts this browser keeps, as stored. */
function storedDrafts(page: Page): Promise<Array<{ files?: Record<string, StoredDraftFile> } & Record<string, unknown>>> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((name) => name.startsWith("formDraft:"))
      .map((name) => JSON.parse(localStorage.getItem(name) ?? "null") as { files?: Record<string, StoredDraftFile> }),
  );
}

/** Requests of the page that made a new upload (tus's creation). */
function uploadsCreated(page: Page): string[] {
  const created: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/admin/uploads") created.push(request.url());
  });
  return created;
}

/** The video form filled and sent through the link, which goes quiet in the video; then the tab dies. Returns the stored draft. */
async function sendAndCloseMidUpload(adminsAt: (bffUrl: string) => AdminBrowsers, title: string) {
  const admin = await adminsAt(proxy.url).open({ javaScript: true });
  await admin.open("/admin/video?modal=add");
  const dialog = dialogNamed(admin.page, "TAMBAH VIDEO");
  await dialog.getByLabel("Judul").fill(title);
  await dialog.getByLabel("Deskripsi").fill("Rapat koordinasi perpustakaan desa.");
  await dialog.getByLabel("Thumbnail").setInputFiles(thumbnail());
  await dialog.getByLabel("Video").setInputFiles(videoFile);
  proxy.arm("stall");
  await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
  await expect.poll(() => proxy.cuts(), { message: "the link went quiet mid-video" }).toBe(1);
  // Kept with the draft while the uploads run: the files' names, sizes and uploads, never a token.
  await expect.poll(async () => (await storedDrafts(admin.page))[0]?.files?.video?.uploadUrl, { message: "the video's upload noted" }).toMatch(UPLOAD_URL);
  const [draft] = await storedDrafts(admin.page);
  expect(draft.files?.thumbnail).toMatchObject({ name: "sampul.png", size: THUMBNAIL_BYTES, finished: true, offset: THUMBNAIL_BYTES });
  expect(draft.files?.video).toMatchObject({ name: "video-rapat.mp4", size: VIDEO_BYTES, finished: false });
  expect(JSON.stringify(draft)).not.toMatch(/token|bearer/i);
  await admin.page.close({ runBeforeUnload: false });
  return { context: admin.context, draft };
}

/** A new tab on the form, its draft offered and taken back. */
async function reopenAndRestore(context: BrowserContext, title: string, files = "“sampul.png” (1 MB), “video-rapat.mp4” (6 MB).") {
  const page = await context.newPage();
  const created = uploadsCreated(page);
  const pieces = uploadPieces(page);
  await page.goto(`${proxy.url}/admin/video?modal=add`);
  await waitForHydration(page);
  const dialog = dialogNamed(page, "TAMBAH VIDEO");
  const offer = dialog.getByRole("status").filter({ hasText: "Ada isian yang belum tersimpan" });
  await offer.waitFor();
  expect(await offer.innerText()).toContain(`Berkas yang dipilih saat itu ikut dipulihkan: ${files}`);
  await offer.getByRole("button", { name: "Pulihkan" }).click();
  await offer.waitFor({ state: "detached" });
  expect(await dialog.getByLabel("Judul").inputValue()).toBe(title);
  return { page, dialog, created, pieces };
}

test.describe("an upload form whose tab was closed mid-upload", () => {
  test("takes back its text and files: the finished thumbnail is reused, the video chosen again resumes, and the record is saved whole", async ({ adminsAt, mainStack }) => {
    const title = "Rapat yang tabnya tertutup";
    const { context, draft } = await sendAndCloseMidUpload(adminsAt, title);
    const { page, dialog, created, pieces } = await reopenAndRestore(context, title);

    await dialog.getByText("Berkas “sampul.png” (1 MB) sudah terunggah dan dipakai saat disimpan.").waitFor();
    const chooseAgain = "Pilih lagi berkas “video-rapat.mp4” (6 MB) untuk melanjutkan unggahan.";
    await dialog.getByRole("status").filter({ hasText: chooseAgain }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Saved without the video chosen again: the form names it, nothing is sent.
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await dialog.getByRole("alert").filter({ hasText: chooseAgain }).waitFor();
    await expect(dialog.getByLabel("Video")).toBeFocused();
    expect(created).toEqual([]);

    await dialog.getByLabel("Video").setInputFiles(videoFile);
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await alertShown(page, "Berhasil menambahkan data!");
    await rowWith(page, title).waitFor();
    // No new upload: the video went on from what the site had, and the thumbnail was not sent again.
    expect(created).toEqual([]);
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces[0]).toBeGreaterThan(0);
    expect(pieces[0]).toBeLessThanOrEqual(QUIET_AFTER_BYTES);
    expect(draft.files?.thumbnail.uploadUrl).toMatch(UPLOAD_URL);
    await expect.poll(() => storedDrafts(page), { message: "saved: the draft is gone" }).toEqual([]);

    const saved = (await apiData<Video[]>(mainStack.referenceApiUrl, "/videos?limit=0", token)).find((video) => video.title === title);
    const stored = await fetch(new URL(saved?.link ?? "", mainStack.bffUrl));
    expect(Buffer.from(await stored.arrayBuffer()).equals(mp4Buffer(VIDEO_BYTES))).toBe(true);
    expect(saved?.thumbnail).toBeTruthy();
  });

  test("says plainly that the site lost an upload, and sends that file again from the start", async ({ adminsAt, mainStack }) => {
    const title = "Rapat yang unggahannya hilang";
    const { context, draft } = await sendAndCloseMidUpload(adminsAt, title);
    // The site no longer has the finished thumbnail's upload (expired, or deleted).
    const cleaner = await context.newPage();
    await cleaner.goto(`${proxy.url}/admin/video`);
    const status = await cleaner.evaluate(
      (url) => fetch(url, { method: "POST", headers: { "Tus-Resumable": "1.0.0", "X-HTTP-Method-Override": "DELETE" } }).then((answer) => answer.status),
      draft.files?.thumbnail.uploadUrl ?? "",
    );
    expect(status).toBe(204);
    await cleaner.close();

    const { page, dialog, created } = await reopenAndRestore(context, title);
    await dialog
      .getByRole("status")
      .filter({ hasText: "Unggahan berkas “sampul.png” tidak ada lagi di server (kedaluwarsa atau dihapus). Pilih lagi berkas “sampul.png” (1 MB) untuk mengunggahnya dari awal." })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel("Thumbnail").setInputFiles(thumbnail());
    await dialog.getByLabel("Video").setInputFiles(videoFile);
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await alertShown(page, "Berhasil menambahkan data!");
    await rowWith(page, title).waitFor();
    // The thumbnail's upload made anew, the video's resumed.
    expect(created).toHaveLength(1);

    const saved = (await apiData<Video[]>(mainStack.referenceApiUrl, "/videos?limit=0", token)).find((video) => video.title === title);
    const stored = await fetch(new URL(saved?.link ?? "", mainStack.bffUrl));
    expect(Buffer.from(await stored.arrayBuffer()).equals(mp4Buffer(VIDEO_BYTES))).toBe(true);
  });

  test("resumes a video chosen through the file picker without choosing it again", async ({ adminsAt, mainStack }) => {
    const title = "Rapat yang videonya dibaca lagi";
    const videoBytes = 6 * 1024 * 1024;
    const admin = await adminsAt(proxy.url).open({ javaScript: true });
    // The picker answers with a real file's handle (as Chromium's does), which the draft keeps.
    await admin.context.addInitScript(
      ({ head, size }) => {
        Object.assign(window, {
          async showOpenFilePicker() {
            const handle = await (await navigator.storage.getDirectory()).getFileHandle("video-rapat.mp4", { create: true });
            const writable = await handle.createWritable();
            const bytes = new Uint8Array(size);
            bytes.set(head);
            await writable.write(bytes);
            await writable.close();
            return [handle];
          },
        });
      },
      { head: [...mp4Buffer(64)], size: videoBytes },
    );
    await admin.open("/admin/video?modal=add");
    const dialog = dialogNamed(admin.page, "TAMBAH VIDEO");
    await dialog.getByLabel("Judul").fill(title);
    await dialog.getByLabel("Video").click();
    await expect.poll(() => dialog.getByLabel("Video").evaluate((input) => (input as HTMLInputElement).files?.[0]?.size)).toBe(videoBytes);
    proxy.arm("stall");
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await expect.poll(() => proxy.cuts(), { message: "the link went quiet mid-video" }).toBe(1);
    await expect.poll(async () => (await storedDrafts(admin.page))[0]?.files?.video, { message: "the video's handle kept" }).toMatchObject({ handle: true, uploadUrl: expect.stringMatching(UPLOAD_URL) });
    await admin.page.close({ runBeforeUnload: false });

    const { page, dialog: reopened, created, pieces } = await reopenAndRestore(admin.context, title, "“video-rapat.mp4” (6 MB).");
    await reopened.getByRole("status").filter({ hasText: /^Unggahan berkas “video-rapat\.mp4” \(6 MB\) dilanjutkan dari \d+% saat disimpan\.$/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await reopened.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await alertShown(page, "Berhasil menambahkan data!");
    await rowWith(page, title).waitFor();
    expect(created).toEqual([]);
    expect(pieces[0]).toBeGreaterThan(0);

    const saved = (await apiData<Video[]>(mainStack.referenceApiUrl, "/videos?limit=0", token)).find((video) => video.title === title);
    const stored = Buffer.from(await (await fetch(new URL(saved?.link ?? "", mainStack.bffUrl))).arrayBuffer());
    expect(stored.length).toBe(videoBytes);
    expect(stored.subarray(0, 64).equals(mp4Buffer(64))).toBe(true);
  });
});
