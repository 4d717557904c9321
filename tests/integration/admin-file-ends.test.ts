import { open } from "node:fs/promises";
import path from "node:path";
import { http, HttpResponse, type JsonBodyType } from "msw";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { getConfig } from "@server/config.server";
import { FILE_MESSAGES } from "~/lib/file-kinds";
import { UPLOAD_MESSAGES } from "~/platform/uploads.server";
import * as route from "~/routes/admin-screen";
import * as uploadsRoute from "~/routes/admin.uploads";
import * as uploadRoute from "~/routes/admin.uploads.$uploadId";
import { epubBytes, pdfBytes } from "../helpers/book-files";
import { request } from "../helpers/sessions";
import { tusMetadata } from "../helpers/tus";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminScreen, fieldErrors, noFile, submit } from "./admin-screen-support";

/**
 * A file whose end is missing or unusable is refused, not stored upstream, whichever way it
 * came: streamed in the form's body (no JavaScript), its last bytes held back from the upstream
 * until judged, the upstream's request aborted for a refused one; or as a resumable upload,
 * judged once finished and again as it is relayed at the save.
 */

const LISTS: Record<string, JsonBodyType> = {
  "/books/all": { books: [] },
  "/authors": { author: [{ id: 2, name: "Sari Wulandari" }] },
  "/publishers": { publishers: [{ id: 3, name: "Penerbit Lembah", books: [] }] },
  "/classifications": { data: [] },
  "/genres": { data: [] },
  "/tags": { data: [] },
};

const BOOK: Array<[string, string]> = [
  ["title", "Sejarah Perpustakaan Daerah"],
  ["published_date", "2024-05-02"],
  ["author_id", "2"],
  ["publisher_id", "3"],
];

interface Received {
  path: string;
  /** Whether the whole body arrived (a request aborted mid-body never completes). */
  complete: boolean;
  /** The body's pieces as they arrive, whole or not. */
  pieces: Uint8Array[];
  /** Each file part's name and bytes, from a complete body. */
  files: Map<string, { filename: string; bytes: Buffer }>;
}

/** Answers POST `paths` with 201 and `reply`, recording what each request's body brought, to its end or to its abort. */
function receive(paths: string[], reply: (path: string) => JsonBodyType = () => ({ data: { id: 11 } })): Received[] {
  const received: Received[] = [];
  for (const path of paths) {
    upstream.use(
      http.post(`${UPSTREAM}${path}`, async ({ request: incoming }) => {
        const entry: Received = { path, complete: false, pieces: [], files: new Map() };
        received.push(entry);
        try {
          const reader = incoming.body!.getReader();
          for (let next = await reader.read(); !next.done; next = await reader.read()) entry.pieces.push(next.value);
        } catch {
          return HttpResponse.json({ error: "dibatalkan" }, { status: 400 });
        }
        entry.complete = true;
        const parsed = await new Response(Buffer.concat(entry.pieces), { headers: { "content-type": incoming.headers.get("content-type") ?? "" } }).formData();
        for (const [name, value] of parsed.entries()) {
          if (typeof value !== "string") entry.files.set(name, { filename: value.name, bytes: Buffer.from(await value.arrayBuffer()) });
        }
        return HttpResponse.json(reply(path), { status: 201 });
      }),
    );
  }
  return received;
}

/** A photo as a phone takes it: noise (so its scan is long and holds stuffed 0xFF bytes) and EXIF. */
function photo(width = 320, height = 240) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0, seed = 11; index < pixels.length; index++) pixels[index] = seed = (seed * 1103515245 + 12345) >>> 16;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).withExif({ IFD0: { Make: "samsung" } });
}

const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });
/** The bytes cut at `share` of their length, as a dropped connection that still ended its body leaves them. */
const cut = (bytes: Buffer, share = 0.6) => bytes.subarray(0, Math.floor(bytes.length * share));

const admin = adminScreen(route, "/admin/book");
beforeEach(() => {
  for (const [path, body] of Object.entries(LISTS)) upstream.use(http.get(`${UPSTREAM}${path}`, () => HttpResponse.json(body)));
});

describe("streamed in the form's body (without JavaScript)", () => {
  it("stores a whole PDF of several batches and a whole JPEG cover byte for byte", async () => {
    const pdf = pdfBytes({ fillerBytes: 2_500_000 });
    const cover = await photo().jpeg().toBuffer();
    const received = receive(["/books"]);
    const submitted = await admin.add([...BOOK, ["cover", file(cover, "sampul.jpg", "image/jpeg")], ["file", file(pdf, "buku.pdf", "application/pdf")]]);
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/book" });
    expect(received.map(({ complete }) => complete)).toEqual([true]);
    expect(received[0].files.get("cover")?.bytes.equals(cover)).toBe(true);
    expect(received[0].files.get("file")?.bytes.equals(pdf)).toBe(true);
  });

  it("stores a whole EPUB byte for byte", async () => {
    const epub = epubBytes({ chapterBytes: 400_000 });
    const received = receive(["/books"]);
    const submitted = await admin.add([...BOOK, ["cover", noFile()], ["file", file(epub, "buku.epub", "application/epub+zip")]]);
    expect(submitted).toMatchObject({ kind: "redirect" });
    expect(received[0].files.get("file")).toEqual({ filename: "buku.epub", bytes: epub });
  });

  const refusals: Array<[string, () => Promise<{ field: string; file: File; message: string }>]> = [
    ["a JPEG cover cut short", async () => ({ field: "cover", file: file(cut(await photo().jpeg().toBuffer()), "sampul.jpg", "image/jpeg"), message: FILE_MESSAGES.brokenImage })],
    ["a PNG cover cut short", async () => ({ field: "cover", file: file(cut(await photo().png().toBuffer()), "sampul.png", "image/png"), message: FILE_MESSAGES.brokenImage })],
    ["a PDF cut short", async () => ({ field: "file", file: file(cut(pdfBytes({ fillerBytes: 1_500_000 })), "buku.pdf", "application/pdf"), message: FILE_MESSAGES.brokenPdf })],
    ["an EPUB cut short", async () => ({ field: "file", file: file(cut(epubBytes({ chapterBytes: 400_000 }), 0.95), "buku.epub", "application/epub+zip"), message: FILE_MESSAGES.brokenEpub })],
  ];
  for (const [what, made] of refusals) {
    it(`refuses ${what} beside its field (400): the upstream's request is aborted before the file's end, nothing stored`, async () => {
      const { field, file: chosen, message } = await made();
      const sent = Buffer.from(await chosen.arrayBuffer());
      const received = receive(["/books"]);
      const other: Array<[string, File]> = field === "cover" ? [["file", file(pdfBytes(), "buku.pdf", "application/pdf")]] : [];
      const submitted = await admin.add([...BOOK, [field, chosen], ...other]);
      expect(submitted).toMatchObject({ kind: "data", status: 400 });
      expect(fieldErrors(submitted)).toEqual({ [field]: [message] });
      // The upload had begun (judged at the file's end, not its head), and never completed.
      await expect.poll(() => received.length).toBe(1);
      expect(received[0].complete).toBe(false);
      // What arrived of the file is at most its beginning: its end never left the BFF.
      const arrived = Buffer.concat(received[0].pieces);
      expect(arrived.length).toBeGreaterThan(0);
      const start = arrived.indexOf(sent.subarray(0, 64));
      const ofFile = start < 0 ? Buffer.alloc(0) : arrived.subarray(start);
      expect(ofFile.length).toBeLessThan(sent.length);
      expect(ofFile.equals(sent.subarray(0, ofFile.length))).toBe(true);
    });
  }

  for (const order of ["the form's", "the video first"] as const) {
    it(`stops a video's save at a thumbnail cut short, checked whole before it is sent (${order} order): ${order === "the form's" ? "nothing reaches the upstream" : "the video's step alone done"}, no record`, async () => {
      upstream.use(http.get(`${UPSTREAM}/videos`, () => HttpResponse.json({ data: [] })));
      const mp4 = Buffer.concat([Buffer.from("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom", "latin1"), Buffer.alloc(4096)]);
      const steps = receive(["/upload/video", "/upload/thumbnail", "/upload/video-background", "/videos"], (step) =>
        step === "/upload/video" ? { video_url: "http://upstream.test/files/v.mp4" } : { thumbnail_url: "http://upstream.test/files/t.jpg" },
      );
      const body = new FormData();
      for (const [name, value] of [["intent", "create"], ["title", "Lomba Mendongeng"], ["description", ""]]) body.append(name, value);
      const video = file(mp4, "lomba.mp4", "video/mp4");
      if (order === "the video first") body.append("video", video);
      body.append("thumbnail", file(cut(await photo(160, 120).jpeg().toBuffer()), "t.jpg", "image/jpeg"));
      body.append("background", file(await photo(160, 120).jpeg().toBuffer(), "b.jpg", "image/jpeg"));
      if (order === "the form's") body.append("video", video);
      const submitted = await submit(route, "/admin/video?modal=add", admin.cookie, body);
      expect(submitted).toMatchObject({ kind: "data", status: 400 });
      expect(fieldErrors(submitted)).toEqual({ thumbnail: [FILE_MESSAGES.brokenImage] });
      const expected = order === "the form's" ? [] : ["/upload/video true"];
      await expect.poll(() => steps.map(({ path, complete }) => `${path} ${complete}`)).toEqual(expected);
    });
  }
});

describe("as a resumable upload (with JavaScript)", () => {
  const TUS = { "Tus-Resumable": "1.0.0" };
  const context = { clientIp: "127.0.0.1" };

  /** A finished upload of `bytes` for the book form's `field`: the tus answer to its last piece, and its id. */
  async function uploaded(field: string, bytes: Buffer, filename: string) {
    const created = (await uploadsRoute.action({
      request: request("/admin/uploads", {
        method: "POST",
        cookie: admin.cookie,
        headers: { ...TUS, "Upload-Length": String(bytes.length), "Upload-Metadata": tusMetadata({ screen: "book", field, filename }) },
      }),
      params: {},
      context,
    })) as Response;
    expect(created.status).toBe(201);
    const id = created.headers.get("Location")?.split("/").pop() ?? "";
    const finished = (await uploadRoute.action({
      request: request(`/admin/uploads/${id}`, {
        method: "POST",
        cookie: admin.cookie,
        headers: { ...TUS, "X-HTTP-Method-Override": "PATCH", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
        body: new Uint8Array(bytes),
      }),
      params: { uploadId: id },
      context,
    })) as Response;
    return { id, status: finished.status, text: await finished.text() };
  }

  const save = (uploads: Record<string, string>) =>
    submit(route, "/admin/book?modal=add", admin.cookie, new URLSearchParams([["intent", "create"], ...BOOK, ...Object.entries(uploads).map(([field, id]) => [`_upload_${field}`, id])]));

  it("refuses a PDF or an EPUB cut short once finished (422, in Indonesian), and deletes it", async () => {
    const samples: Array<[Buffer, string, string]> = [
      [cut(pdfBytes({ fillerBytes: 200_000 })), "buku.pdf", FILE_MESSAGES.brokenPdf],
      [cut(epubBytes({ chapterBytes: 200_000 }), 0.9), "buku.epub", FILE_MESSAGES.brokenEpub],
    ];
    for (const [bytes, filename, message] of samples) {
      const { id, status, text } = await uploaded("file", bytes, filename);
      expect([filename, status, text]).toEqual([filename, 422, message]);
      // Deleted: a save naming it is refused as gone, nothing sent.
      const received = receive(["/books"]);
      expect(await save({ file: id })).toMatchObject({ kind: "data", status: 400, data: { alert: { message: UPLOAD_MESSAGES.notFound } } });
      expect(received).toEqual([]);
    }
  });

  it("relays a whole PDF and a whole EPUB, each with its JPEG cover, byte for byte at the save", async () => {
    for (const [book, filename] of [[pdfBytes({ xrefStream: true, fillerBytes: 1_500_000 }), "buku.pdf"], [epubBytes({ chapterBytes: 300_000 }), "buku.epub"]] as const) {
      const cover = await photo().jpeg().toBuffer();
      const coverUpload = await uploaded("cover", cover, "sampul.jpg");
      const bookUpload = await uploaded("file", book, filename);
      expect([coverUpload.status, bookUpload.status]).toEqual([204, 204]);
      const received = receive(["/books"]);
      expect(await save({ cover: coverUpload.id, file: bookUpload.id })).toMatchObject({ kind: "redirect", location: "/admin/book" });
      expect(received[0].files.get("cover")?.bytes.equals(cover)).toBe(true);
      expect(received[0].files.get("file")).toEqual({ filename, bytes: book });
    }
  });

  it("refuses at the save a stored upload whose end was lost since it finished, aborting the upstream's request", async () => {
    const pdf = pdfBytes({ fillerBytes: 300_000 });
    const { id, status } = await uploaded("file", pdf, "buku.pdf");
    expect(status).toBe(204);
    // The stored copy's end is lost (zeroed on a failing disk), its length the same.
    const stored = await open(path.join(getConfig().resumableUploads.directory, id), "r+");
    await stored.write(Buffer.alloc(2000), 0, 2000, pdf.length - 2000);
    await stored.close();
    const received = receive(["/books"]);
    const saved = await save({ file: id });
    expect(saved).toMatchObject({ kind: "data", status: 400 });
    expect(fieldErrors(saved)).toEqual({ file: [FILE_MESSAGES.brokenPdf] });
    await expect.poll(() => received.map(({ complete }) => complete)).toEqual([false]);
    // Kept for the admin to choose again, as a refused save keeps its uploads: cancelled here, as the
    // admin's next choice would, so that no other file's desk finds it unsaved.
    const cancelled = (await uploadRoute.action({
      request: request(`/admin/uploads/${id}`, { method: "POST", cookie: admin.cookie, headers: { ...TUS, "X-HTTP-Method-Override": "DELETE" } }),
      params: { uploadId: id },
      context,
    })) as Response;
    expect(cancelled.status).toBe(204);
  });
});
