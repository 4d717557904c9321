import { describe, expect, it } from "vitest";
import { checkKeptUpload, keptUploadText, planUploads, type KeptUpload, type UploadDraft } from "~/components/admin/kept-uploads";
import { fileSizeText, type DraftFile } from "~/lib/draft-files";
import { dropFileHandles, fileFromHandle, keepFileHandle, type HandleStore, type ReadableFileHandle } from "~/lib/file-handles";
import { readDraft, saveDraft, updateDraftFile, type DraftKey, type DraftStorage } from "~/lib/form-drafts";

/**
 * An upload form's draft keeps its files (app/lib/draft-files.ts): the names and sizes chosen and
 * how far each upload went, so that a reopened form reuses a finished upload, resumes an
 * unfinished one (the file read again from its kept handle, or chosen again), and says plainly
 * when the site lost one. Maps stand in for localStorage and IndexedDB; a fake fetch for the site.
 */

class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

class MemoryHandles implements HandleStore {
  readonly items = new Map<string, ReadableFileHandle>();
  get = (name: string) => Promise.resolve(this.items.get(name));
  set = (name: string, handle: ReadableFileHandle) => Promise.resolve(void this.items.set(name, handle));
  names = () => Promise.resolve([...this.items.keys()]);
  delete = (names: string[]) => Promise.resolve(names.forEach((name) => this.items.delete(name)));
}

const GB = 1024 ** 3;
const T0 = Date.UTC(2026, 11, 2, 9, 0);
const VIDEO_URL = `/admin/uploads/${"a".repeat(32)}`;
const COVER_URL = `/admin/uploads/${"b".repeat(32)}`;
const key: DraftKey = { owner: "owner-of-ana", screen: "video", record: "add" };
const video: DraftFile = { name: "video-rapat.mp4", size: 1.2 * GB, type: "video/mp4", lastModified: T0, offset: 0, finished: false };
const fileLike = (name: string, size: number) => ({ name, size, lastModified: T0, type: "" }) as File;
const inputOf = (name: string, file?: File) => ({ name, files: file ? [file] : [] }) as unknown as HTMLInputElement;

describe("a draft's files", () => {
  it("are kept by name, size and type, with how far each upload went, until the draft goes", () => {
    const storage = new MemoryStorage();
    saveDraft(key, { values: { title: ["Rapat"] }, labels: {}, hadFiles: true, files: { video } }, { storage, now: T0 });
    updateDraftFile(key, "video", { uploadUrl: VIDEO_URL }, { storage });
    updateDraftFile(key, "video", { offset: 50 * 1024 * 1024 }, { storage });
    // A field the draft has no file for is not made up.
    updateDraftFile(key, "thumbnail", { offset: 5 }, { storage });
    const draft = readDraft(key, { storage, maxAgeMs: 8 * 3_600_000, now: T0 + 1000 });
    expect(draft?.savedAt).toBe(T0);
    expect(draft?.files).toEqual({ video: { ...video, uploadUrl: VIDEO_URL, offset: 50 * 1024 * 1024 } });
  });

  it("read back only as this site's uploads: another address is dropped, and a file without one is not finished", () => {
    const storage = new MemoryStorage();
    saveDraft(key, { values: {}, labels: {}, hadFiles: true, files: { video } }, { storage, now: T0 });
    updateDraftFile(key, "video", { uploadUrl: `https://evil.example${VIDEO_URL}`, finished: true, offset: 99 * GB }, { storage });
    expect(readDraft(key, { storage, maxAgeMs: 8 * 3_600_000, now: T0 })?.files?.video).toEqual({ ...video, offset: video.size, finished: false });
  });

  it("sizes read as Indonesian GB, MB and KB", () => {
    expect([fileSizeText(1.2 * GB), fileSizeText(350 * 1024 * 1024), fileSizeText(12 * 1024)]).toEqual(["1,2 GB", "350 MB", "12 KB"]);
  });
});

describe("where a kept upload stands, as the site says", () => {
  const answer = (status: number, headers: Record<string, string> = {}) => () => Promise.resolve(new Response(null, { status, headers }));
  const kept = { ...video, uploadUrl: VIDEO_URL };

  it("finished, resumable from the site's offset, or lost", async () => {
    const size = String(video.size);
    expect(await checkKeptUpload(kept, answer(200, { "upload-offset": size, "upload-length": size }))).toMatchObject({ state: "finished", offset: video.size });
    expect(await checkKeptUpload(kept, answer(200, { "upload-offset": "734003200", "upload-length": size }))).toMatchObject({ state: "resumable", offset: 734003200 });
    expect(await checkKeptUpload(kept, answer(404))).toMatchObject({ state: "lost", offset: 0 });
    // Offline: as the draft noted; the save's upload finds out.
    expect(await checkKeptUpload({ ...kept, offset: 10 }, () => Promise.reject(new TypeError("offline")))).toMatchObject({ state: "resumable", offset: 10 });
  });

  it("is said in Indonesian under its field", () => {
    const at = (state: KeptUpload["state"], offset = 0): KeptUpload => ({ file: kept, state, offset });
    expect(keptUploadText(at("resumable", 0.6 * GB), false)).toBe("Pilih lagi berkas “video-rapat.mp4” (1,2 GB) untuk melanjutkan unggahan.");
    expect(keptUploadText(at("resumable", 0.6 * GB), true)).toBe("Unggahan berkas “video-rapat.mp4” (1,2 GB) dilanjutkan dari 50% saat disimpan.");
    expect(keptUploadText(at("finished", video.size), false)).toBe("Berkas “video-rapat.mp4” (1,2 GB) sudah terunggah dan dipakai saat disimpan.");
    expect(keptUploadText(at("lost"), false)).toBe(
      "Unggahan berkas “video-rapat.mp4” tidak ada lagi di server (kedaluwarsa atau dihapus). Pilih lagi berkas “video-rapat.mp4” (1,2 GB) untuk mengunggahnya dari awal.",
    );
    expect(keptUploadText(at("checking"), false)).toBeUndefined();
  });
});

describe("a reopened form's save", () => {
  const draftWith = (kept: Record<string, KeptUpload>, handles: Record<string, File> = {}): UploadDraft => ({
    kept,
    fileOf: (field) => Promise.resolve(handles[field]),
    note: () => undefined,
  });
  const cover: DraftFile = { name: "sampul.png", size: 2048, type: "image/png", lastModified: T0, uploadUrl: COVER_URL, offset: 2048, finished: true };
  const unfinished = { ...video, uploadUrl: VIDEO_URL, offset: 100 };

  it("names a finished upload as it is, and resumes an unfinished one from its kept handle without the file chosen again", async () => {
    const same = fileLike(video.name, video.size);
    const draft = draftWith(
      { cover: { file: cover, state: "finished", offset: cover.size }, video: { file: unfinished, state: "resumable", offset: 0.5 * GB } },
      { video: same },
    );
    expect(await planUploads([inputOf("video"), inputOf("cover")], draft)).toEqual({
      send: [{ field: "video", file: same, uploadUrl: VIDEO_URL }],
      reuse: [{ field: "cover", id: "b".repeat(32), size: 2048 }],
    });
  });

  it("without a handle, asks for the same file again, and resumes once it is chosen; another file starts over", async () => {
    const draft = draftWith({ video: { file: unfinished, state: "resumable", offset: 100 } });
    const input = inputOf("video");
    expect(await planUploads([input], draft)).toEqual({ refusal: "Pilih lagi berkas “video-rapat.mp4” (1,2 GB) untuk melanjutkan unggahan.", input });
    const same = fileLike(video.name, video.size);
    expect(await planUploads([inputOf("video", same)], draft)).toEqual({ send: [{ field: "video", file: same, uploadUrl: VIDEO_URL }], reuse: [] });
    const other = fileLike("lain.mp4", 10);
    expect(await planUploads([inputOf("video", other)], draft)).toEqual({ send: [{ field: "video", file: other, uploadUrl: undefined }], reuse: [] });
  });

  it("starts a lost upload over, from its handle or the file chosen again", async () => {
    const same = fileLike(video.name, video.size);
    const lost = { video: { file: unfinished, state: "lost" as const, offset: 0 } };
    expect(await planUploads([inputOf("video")], draftWith(lost, { video: same }))).toEqual({ send: [{ field: "video", file: same, uploadUrl: undefined }], reuse: [] });
    expect(await planUploads([inputOf("cover")], draftWith({ cover: { file: cover, state: "lost", offset: 0 } }))).toMatchObject({
      refusal: expect.stringContaining("tidak ada lagi di server"),
    });
  });
});

describe("a kept file handle", () => {
  const handleOf = (file: File, permission: PermissionState, granted: PermissionState = permission) => ({
    kind: "file" as const,
    asked: 0,
    getFile: () => Promise.resolve(file),
    queryPermission: () => Promise.resolve(permission),
    requestPermission() {
      this.asked += 1;
      return Promise.resolve(granted);
    },
  });

  it("reads the file again once the browser allows it, asking only during a click", async () => {
    const store = new MemoryHandles();
    const file = fileLike(video.name, video.size);
    const handle = handleOf(file, "prompt", "granted");
    expect(await keepFileHandle(key, "video", handle, { store })).toBe(true);
    expect(await fileFromHandle(key, "video", { ask: false, store })).toBeUndefined();
    expect(handle.asked).toBe(0);
    expect(await fileFromHandle(key, "video", { ask: true, store })).toBe(file);
    expect(await fileFromHandle(key, "video", { ask: true, store: new MemoryHandles() })).toBeUndefined();
    await keepFileHandle(key, "video", handleOf(file, "prompt", "denied"), { store });
    expect(await fileFromHandle(key, "video", { ask: true, store })).toBeUndefined();
  });

  it("is another account's never, and goes with its draft or at its account's logout", async () => {
    const store = new MemoryHandles();
    const handle = handleOf(fileLike("a.mp4", 1), "granted");
    await keepFileHandle(key, "video", handle, { store });
    await keepFileHandle({ ...key, record: "7" }, "video", handle, { store });
    await keepFileHandle({ ...key, owner: "owner-of-budi" }, "video", handle, { store });
    expect(await fileFromHandle({ ...key, owner: "owner-of-cici" }, "video", { ask: true, store })).toBeUndefined();
    await dropFileHandles(key.owner, key, { store });
    expect(store.items.size).toBe(2);
    await dropFileHandles(key.owner, undefined, { store });
    expect([...store.items.keys()]).toEqual([expect.stringContaining("owner-of-budi")]);
  });
});
