import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONFLICT_MESSAGES } from "~/admin-kit/edit-conflicts";
import * as route from "~/routes/admin-screen";
import * as uploadRoute from "~/routes/admin-screen-upload";
import { request } from "../helpers/sessions";
import { upstream, UPSTREAM } from "../mocks/upstream";
import {
  adminScreen,
  fieldErrors,
  form,
  imageFile,
  noFile,
  PNG_BYTES,
  recordAllRequests,
  type RecordedWrite,
  recordWrites,
  uploadedPng,
} from "./admin-screen-support";

/**
 * /admin/video against a mocked upstream: each file goes to its own upload call in the form's
 * order, then the record is written as JSON with the returned URLs; a failure at any step
 * writes no record and says which step failed.
 */

const FILES = "http://upstream.test/files";
const VIDEOS = [
  {
    id: 3,
    title: "Tur Perpustakaan",
    description: "Berkeliling ruang baca anak, ruang arsip, dan pojok literasi digital di gedung dinas.",
    link: `${FILES}/tur.mp4`,
    thumbnail: `${FILES}/tur-thumb.png`,
    background: `${FILES}/tur-bg.png`,
    watched: 1234,
  },
  { id: 4, title: "Dari luar", description: null, link: "https://video.example/a.mp4", thumbnail: "https://cdn.example/a.png", background: "", watched: "7" },
];

const MP4_BYTES = Uint8Array.from([
  0x00, 0x00, 0x00, 0x18, ...new TextEncoder().encode("ftypmp42"), 0x00, 0x00, 0x00, 0x00, ...new TextEncoder().encode("mp42isom"),
  ...new Uint8Array(200),
]);
function videoFile(name = "tur.mp4") {
  return new File([MP4_BYTES], name, { type: "video/mp4" });
}

function serveUpload(path: string, reply: { status: number; body?: Record<string, string> }) {
  return recordWrites("post", path, reply);
}

function fileOf(write: RecordedWrite | undefined) {
  return write?.fields?.map(([name, value]) => (typeof value === "string" ? [name, value] : [name, value.filename, value.type, value.size]));
}

const admin = adminScreen(route, "/admin/video");
let calls: Array<{ method: string; path: string }>;
beforeEach(async () => {
  upstream.use(http.get(`${UPSTREAM}/videos`, () => HttpResponse.json({ data: VIDEOS })));
});

function writesOnly() {
  return calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.path}`);
}

const NEW_VIDEO: Array<[string, string | File]> = [
  ["intent", "create"],
  ["title", "Lomba Mendongeng"],
  ["description", "Final lomba mendongeng tingkat SD"],
];

describe("video list", () => {
  it("reads the whole list in pages; thumbnails from the upstream's file area come through this site's /files", async () => {
    calls = recordAllRequests();
    const { screen } = await admin.load("/admin/video");
    // Pages 0 and 1 the same first page, 2 its repeat: an upstream that does not page.
    expect(calls).toEqual([
      { method: "GET", path: "/api/videos?page=0&limit=100" },
      { method: "GET", path: "/api/videos?page=1&limit=100" },
      { method: "GET", path: "/api/videos?page=2&limit=100" },
    ]);
    expect(screen.rows.map((row) => row.id)).toEqual(["4", "3"]);
    expect(screen.rows[1]).toMatchObject({
      id: "3",
      cells: {
        title: "Tur Perpustakaan",
        description: `${VIDEOS[0].description?.slice(0, 50)}...`,
        link: `${FILES}/tur.mp4`,
        thumbnail: "/files/tur-thumb.png",
        watched: "1.234",
      },
      values: { title: "Tur Perpustakaan", description: VIDEOS[0].description },
      files: { video: "/files/tur.mp4", thumbnail: "/files/tur-thumb.png", background: "/files/tur-bg.png" },
    });
    expect(screen.rows[0].cells).toMatchObject({ thumbnail: "https://cdn.example/a.png", watched: "7", description: "" });
    expect(screen.rows[0].files).toEqual({ video: "https://video.example/a.mp4", thumbnail: "https://cdn.example/a.png", background: null });
  });
});

describe("adding a video", () => {
  it("streams each file to its upload call in order, then POSTs /videos as JSON with the returned URLs", async () => {
    calls = recordAllRequests();
    const videoUploads = serveUpload("/upload/video", { status: 201, body: { video_url: `${FILES}/v1.mp4` } });
    const thumbnailUploads = serveUpload("/upload/thumbnail", { status: 201, body: { thumbnail_url: `${FILES}/t1.png` } });
    const backgroundUploads = serveUpload("/upload/video-background", { status: 201, body: { background_url: `${FILES}/b1.png` } });
    const records = recordWrites("post", "/videos", { status: 201, body: { data: { id: 9 } } });
    const submitted = await admin.submit(
      "/admin/video?modal=add",
      [...NEW_VIDEO, ["video", videoFile("lomba.mp4")], ["thumbnail", imageFile("t.png")], ["background", imageFile("b.png")]],
    );
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/video" });
    expect(writesOnly()).toEqual(["POST /api/upload/video", "POST /api/upload/thumbnail", "POST /api/upload/video-background", "POST /api/videos"]);
    for (const uploads of [videoUploads, thumbnailUploads, backgroundUploads]) {
      expect(uploads[0]).toMatchObject({ authorization: "Bearer token-role-3" });
      expect(uploads[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    }
    expect(fileOf(videoUploads[0])).toEqual([["video", "lomba.mp4", "video/mp4", MP4_BYTES.length]]);
    expect(thumbnailUploads[0].fields).toEqual([["thumbnail", uploadedPng("t.png")]]);
    expect(fileOf(backgroundUploads[0])).toEqual([["background", "b.png", "image/png", PNG_BYTES.length]]);
    expect(records[0]).toMatchObject({ method: "POST", path: "/api/videos", authorization: "Bearer token-role-3", contentType: "application/json" });
    expect(records[0].json).toEqual({
      title: "Lomba Mendongeng",
      description: "Final lomba mendongeng tingkat SD",
      link: `${FILES}/v1.mp4`,
      thumbnail: `${FILES}/t1.png`,
      background: `${FILES}/b1.png`,
      watched: 0,
    });
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menambahkan data!" }]);
  });

  const steps = [
    { failing: "/upload/video", done: [], message: "Gagal mengunggah video: Penyimpanan penuh" },
    { failing: "/upload/thumbnail", done: ["POST /api/upload/video"], message: "Gagal mengunggah thumbnail: Penyimpanan penuh" },
    {
      failing: "/upload/video-background",
      done: ["POST /api/upload/video", "POST /api/upload/thumbnail"],
      message: "Gagal mengunggah gambar latar: Penyimpanan penuh",
    },
    {
      failing: "/videos",
      done: ["POST /api/upload/video", "POST /api/upload/thumbnail", "POST /api/upload/video-background"],
      message: "Berkas sudah terunggah, tetapi data video gagal disimpan: Penyimpanan penuh",
    },
  ];
  for (const { failing, done, message } of steps) {
    it(`stops at a failed POST ${failing}: no later call, no record, and the admin is told why`, async () => {
      calls = recordAllRequests();
      serveUpload("/upload/video", { status: 201, body: { video_url: `${FILES}/v1.mp4` } });
      serveUpload("/upload/thumbnail", { status: 201, body: { thumbnail_url: `${FILES}/t1.png` } });
      serveUpload("/upload/video-background", { status: 201, body: { background_url: `${FILES}/b1.png` } });
      const records = recordWrites("post", "/videos", { status: 201 });
      const failed = serveUpload(failing, { status: 507, body: { error: "Penyimpanan penuh" } });
      const submitted = await admin.submit(
        "/admin/video?modal=add",
        [...NEW_VIDEO, ["video", videoFile()], ["thumbnail", imageFile()], ["background", imageFile()]],
      );
      expect(submitted).toMatchObject({ kind: "data", status: 502, data: { alert: { type: "error", message } } });
      if (submitted.kind === "data") expect(submitted.data.result?.initialValue).toMatchObject({ title: "Lomba Mendongeng" });
      expect(failed).toHaveLength(1);
      expect(writesOnly()).toEqual([...done, `POST /api${failing}`]);
      if (failing !== "/videos") expect(records).toEqual([]);
    });
  }

  it("answers a step the upstream refuses (422) as a refusal, with its error text, never Laravel's English message", async () => {
    calls = recordAllRequests();
    serveUpload("/upload/video", { status: 422, body: { error: "Format video tidak didukung", message: "The given data was invalid." } });
    const refused = await admin.submit("/admin/video?modal=add", [...NEW_VIDEO, ["video", videoFile()]]);
    expect(refused).toMatchObject({ kind: "data", status: 422, data: { alert: { message: "Gagal mengunggah video: Format video tidak didukung" } } });
    serveUpload("/upload/video", { status: 500, body: { message: "SQLSTATE[HY000]: General error" } });
    const failed = await admin.submit("/admin/video?modal=add", [...NEW_VIDEO, ["video", videoFile()]]);
    expect(failed).toMatchObject({ kind: "data", status: 502, data: { alert: { message: "Gagal mengunggah video!" } } });
  });

  it("names the failed step alone when the upstream gives no reason", async () => {
    calls = recordAllRequests();
    upstream.use(http.post(`${UPSTREAM}/upload/video`, () => new HttpResponse(null, { status: 500 })));
    const submitted = await admin.submit("/admin/video?modal=add", [...NEW_VIDEO, ["video", videoFile()]]);
    expect(submitted).toMatchObject({ kind: "data", data: { alert: { message: "Gagal mengunggah video!" } } });
    expect(writesOnly()).toEqual(["POST /api/upload/video"]);
  });

  it("sends nothing upstream when a picture, which the form sends before the video, is refused: the video never becomes an upload no record names", async () => {
    calls = recordAllRequests();
    serveUpload("/upload/video", { status: 201, body: { video_url: `${FILES}/v1.mp4` } });
    serveUpload("/upload/thumbnail", { status: 201, body: { thumbnail_url: `${FILES}/t1.png` } });
    const notAPicture = new File(["<svg onload=alert(1)>"], "t.png", { type: "image/png" });
    let submitted = await admin.submit("/admin/video?modal=add", [...NEW_VIDEO, ["thumbnail", imageFile()], ["background", notAPicture], ["video", videoFile()]]);
    expect(fieldErrors(submitted)).toEqual({ background: ["Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF"] });
    const cutShort = new File([PNG_BYTES.subarray(0, PNG_BYTES.length - 8)], "t.png", { type: "image/png" });
    submitted = await admin.submit("/admin/video?modal=add", [...NEW_VIDEO, ["thumbnail", cutShort], ["video", videoFile()]]);
    expect(Object.keys(fieldErrors(submitted) ?? {})).toEqual(["thumbnail"]);
    // No browser sends a one-file input twice: a body that does is refused, not held picture by picture.
    submitted = await admin.submit("/admin/video?modal=add", [...NEW_VIDEO, ["thumbnail", imageFile()], ["thumbnail", imageFile()], ["video", videoFile()]]);
    expect(fieldErrors(submitted)).toEqual({ thumbnail: ["Isian berkas ini terkirim lebih dari sekali"] });
    expect(calls).toEqual([]);
  });

  it("sends the video first and the pictures the form put before it after it, in their order", async () => {
    calls = recordAllRequests();
    serveUpload("/upload/video", { status: 201, body: { video_url: `${FILES}/v1.mp4` } });
    const thumbnails = serveUpload("/upload/thumbnail", { status: 201, body: { thumbnail_url: `${FILES}/t1.png` } });
    const backgrounds = serveUpload("/upload/video-background", { status: 201, body: { background_url: `${FILES}/b1.png` } });
    const records = recordWrites("post", "/videos", { status: 201, body: { data: { id: 9 } } });
    const submitted = await admin.submit("/admin/video?modal=add", [...NEW_VIDEO, ["thumbnail", imageFile("t.png")], ["background", imageFile("b.png")], ["video", videoFile()]]);
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/video" });
    expect(writesOnly()).toEqual(["POST /api/upload/video", "POST /api/upload/thumbnail", "POST /api/upload/video-background", "POST /api/videos"]);
    expect(thumbnails[0].fields).toEqual([["thumbnail", uploadedPng("t.png")]]);
    expect(fileOf(backgrounds[0])).toEqual([["background", "b.png", "image/png", PNG_BYTES.length]]);
    expect(records[0].json).toMatchObject({ link: `${FILES}/v1.mp4`, thumbnail: `${FILES}/t1.png`, background: `${FILES}/b1.png` });
  });

  it("requires the video for a new record, and refuses a file that is no video by its bytes, before any upload", async () => {
    calls = recordAllRequests();
    let submitted = await admin.submit("/admin/video?modal=add", [...NEW_VIDEO, ["video", noFile()], ["thumbnail", imageFile()]]);
    expect(fieldErrors(submitted)).toEqual({ video: ["Video wajib diunggah"] });
    submitted = await admin.submit(
      "/admin/video?modal=add",
      [...NEW_VIDEO, ["video", new File(["<html>bukan video</html>"], "a.mp4", { type: "video/mp4" })]],
    );
    expect(fieldErrors(submitted)).toEqual({ video: ["Berkas video harus berupa MP4, WebM, atau QuickTime"] });
    submitted = await admin.add([["title", ""], ["video", videoFile()]]);
    expect(fieldErrors(submitted)).toEqual({ title: ["Judul wajib diisi"] });
    expect(calls).toEqual([]);
  });
});

describe("video size limits", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("stops a video over UPLOAD_VIDEO_MAX_BYTES mid-stream: the upload is aborted and no record is written", async () => {
    vi.stubEnv("UPLOAD_VIDEO_MAX_BYTES", String(1024 * 1024));
    calls = recordAllRequests();
    const big = new Uint8Array(1536 * 1024);
    big.set(MP4_BYTES);
    const uploads = serveUpload("/upload/video", { status: 201, body: { video_url: `${FILES}/v.mp4` } });
    const records = recordWrites("post", "/videos", { status: 201 });
    const submitted = await admin.submit("/admin/video?modal=add", [...NEW_VIDEO, ["video", new File([big], "besar.mp4")]]);
    expect(submitted).toMatchObject({ kind: "data", status: 413 });
    expect(fieldErrors(submitted)).toEqual({ video: ["Ukuran berkas melebihi batas 1 MB"] });
    expect(uploads).toEqual([]);
    expect(records).toEqual([]);
  });

  it("refuses at once, by its declared Content-Length, a body larger than its files may be", async () => {
    vi.stubEnv("UPLOAD_VIDEO_MAX_BYTES", String(1024 * 1024));
    vi.stubEnv("UPLOAD_IMAGE_MAX_BYTES", String(1024 * 1024));
    calls = recordAllRequests();
    const body = form([...NEW_VIDEO, ["video", videoFile()]]);
    const encoded = new Response(body);
    const submitted = await route.action({
      request: request("/admin/video?modal=add", {
        method: "POST",
        cookie: admin.cookie,
        body: encoded.body,
        headers: { "content-type": encoded.headers.get("content-type") ?? "", "content-length": String(10 * 1024 * 1024) },
        duplex: "half",
      } as RequestInit & { cookie: string }),
      params: {},
      context: { clientIp: "127.0.0.1" },
    });
    expect(submitted).toMatchObject({ init: { status: 413 } });
    expect(calls).toEqual([]);
  });
});

describe("editing a video", () => {
  it("keeps the stored files it is not given: one upload for the new thumbnail, then PUT /videos with the id and the rest as stored", async () => {
    calls = recordAllRequests();
    serveUpload("/upload/thumbnail", { status: 201, body: { thumbnail_url: `${FILES}/baru.png` } });
    const records = recordWrites("put", "/videos", { status: 200 });
    const submitted = await admin.edit("3", [
      ["title", "Tur Perpustakaan Baru"],
      ["description", ""],
      ["video", noFile()],
      ["thumbnail", imageFile("baru.png")],
      ["background", noFile()],
    ]);
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/video" });
    expect(writesOnly()).toEqual(["POST /api/upload/thumbnail", "PUT /api/videos"]);
    expect(records[0]).toMatchObject({ authorization: "Bearer token-role-3", contentType: "application/json" });
    expect(records[0].json).toEqual({
      id: 3,
      title: "Tur Perpustakaan Baru",
      description: "",
      link: `${FILES}/tur.mp4`,
      thumbnail: `${FILES}/baru.png`,
      background: `${FILES}/tur-bg.png`,
      watched: 1234,
    });
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });

  it("sends back as stored what the form does not hold: an odd count, a null file address, a missing one as the site read it", async () => {
    // Written by an older tool: a count with a word, no thumbnail (null), no background key at all.
    const legacy = { id: 5, title: "Rekaman lama", description: "Arsip", link: "https://video.example/lama.mp4", thumbnail: null, watched: "1.234 kali" };
    upstream.use(http.get(`${UPSTREAM}/videos`, () => HttpResponse.json({ data: [legacy] })));
    const records = recordWrites("put", "/videos", { status: 200 });
    await admin.edit("5", [["title", "Rekaman lama (1998)"], ["description", "Arsip"], ["video", noFile()], ["thumbnail", noFile()], ["background", noFile()]]);
    expect(records.map((record) => record.json)).toEqual([
      { id: 5, title: "Rekaman lama (1998)", description: "Arsip", link: "https://video.example/lama.mp4", thumbnail: null, background: "", watched: "1.234 kali" },
    ]);
  });

  it("says the record failed, not that a file was uploaded, when the edit sent none", async () => {
    recordWrites("put", "/videos", { status: 422, body: { error: "Jumlah tontonan harus berupa bilangan bulat positif" } });
    const submitted = await admin.edit("3", [["title", "Tur Perpustakaan"], ["description", ""], ["video", noFile()], ["thumbnail", noFile()], ["background", noFile()]]);
    expect(submitted).toMatchObject({ data: { alert: { type: "error", message: "Data video gagal disimpan: Jumlah tontonan harus berupa bilangan bulat positif" } } });
  });

  it("finds the video to edit on a later page of an upstream that pages by 20 whatever limit it is asked (spec §7)", async () => {
    const many = Array.from({ length: 45 }, (_, index) => ({ ...VIDEOS[0], id: index + 1, title: `Video ${index + 1}` }));
    upstream.use(
      http.get(`${UPSTREAM}/videos`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
        return HttpResponse.json({ data: many.slice((page - 1) * 20, page * 20) });
      }),
    );
    const records = recordWrites("put", "/videos", { status: 200 });
    const submitted = await admin.edit("41", [["title", "Video 41 (baru)"], ["description", ""], ["video", noFile()], ["thumbnail", noFile()], ["background", noFile()]]);
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/video" });
    expect(records.map((record) => record.json)).toEqual([{ ...many[40], title: "Video 41 (baru)", description: "" }]);
  });

  it("answers 404 saying a video the upstream no longer has was deleted elsewhere, uploading nothing", async () => {
    calls = recordAllRequests();
    const submitted = await admin.edit("99", [["title", "Hilang"], ["video", videoFile()]]);
    expect(submitted).toMatchObject({ kind: "data", status: 404, data: { alert: { type: "error", message: CONFLICT_MESSAGES.gone } } });
    expect(writesOnly()).toEqual([]);
  });
});

describe("deleting a video", () => {
  it("sends DELETE /videos/{id} and says 'Berhasil menghapus data!'", async () => {
    const writes = recordWrites("delete", "/videos/3", { status: 200 });
    const submitted = await admin.remove("3");
    expect(writes).toEqual([{ method: "DELETE", path: "/api/videos/3", authorization: "Bearer token-role-3", contentType: "" }]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menghapus data!" }]);
  });
});

describe("the upload route (the form with JavaScript, for its progress bar)", () => {
  async function post(path: string, body: FormData) {
    const response = await uploadRoute.action({ request: request(path, { method: "POST", body, cookie: admin.cookie }), params: {}, context: { clientIp: "127.0.0.1" } });
    return response;
  }

  it("answers success as JSON with where to go (the list's first page, newest first, where the new video is), and flashes the alert for it", async () => {
    serveUpload("/upload/video", { status: 201, body: { video_url: `${FILES}/v1.mp4` } });
    recordWrites("post", "/videos", { status: 201 });
    const response = await post("/admin/video.upload?modal=add&page=2&q=lomba", form([...NEW_VIDEO, ["video", videoFile()]]));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ location: "/admin/video" });
    const flashed = await admin.load("/admin/video");
    expect(flashed.screen.alerts.map(({ message }) => message)).toEqual(["Berhasil menambahkan data!"]);
  });

  it("answers a refusal as JSON with the form's errors and status", async () => {
    const response = await post("/admin/video.upload?modal=add", form([...NEW_VIDEO, ["video", noFile()]]));
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { result?: { error?: Record<string, string[]> } };
    expect(answer.result?.error).toEqual({ video: ["Video wajib diunggah"] });
  });
});
