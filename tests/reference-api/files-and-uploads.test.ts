import { request as httpRequest, type IncomingMessage } from "node:http";
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { maxUploadBytesFromEnv, startReferenceApi } from "../../reference-api/server.ts";
import {
  eventually,
  form,
  login,
  ADMIN_EMAIL,
  call,
  makeDataDir,
  pngFile,
  removeDataDir,
  testApiForFile,
  storedFiles,
  tempFiles,
} from "./helpers.ts";

const api = testApiForFile();

interface RawReply {
  status: number;
  headers: IncomingMessage["headers"];
  text: string;
}

/** A request with an exact, unnormalised path (fetch would resolve `..`). */
function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer[],
): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    // Several writes and no Content-Length: the body goes out chunked.
    for (const chunk of body ?? []) req.write(chunk);
    req.end();
  });
}

const BOUNDARY = "----batas-uji-7d3a";

function multipartPart(name: string, value: string | Buffer, filename?: string): Buffer {
  const disposition = filename
    ? `form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream`
    : `form-data; name="${name}"`;
  return Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.from(value), Buffer.from("\r\n")]);
}

const multipartEnd = Buffer.from(`--${BOUNDARY}--\r\n`);
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

/** POSTs raw multipart parts (sent chunked) to `path` as the admin, with any extra headers. */
function postMultipart(path: string, parts: Buffer[], headers: Record<string, string> = {}): Promise<RawReply> {
  return rawRequest(api.url, "POST", path, { "content-type": multipartType, authorization: `Bearer ${api.adminToken}`, ...headers }, parts);
}

function padded(head: number[] | string, size = 512): Buffer {
  const start = typeof head === "string" ? Buffer.from(head, "latin1") : Buffer.from(head);
  return Buffer.concat([start, Buffer.alloc(size - start.length, 7)]);
}

/** A zip whose first entry is the stored file "mimetype", as EPUB requires. */
function epubBytes(): Buffer {
  const header = Buffer.alloc(30);
  header.write("PK\x03\x04", 0, "latin1");
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(20, 18);
  header.writeUInt32LE(20, 22);
  header.writeUInt16LE(8, 26);
  return padded(Buffer.concat([header, Buffer.from("mimetypeapplication/epub+zip", "latin1")]).toString("latin1"));
}

const SAMPLES = {
  jpeg: padded([0xff, 0xd8, 0xff, 0xe0]),
  gif: padded("GIF89a"),
  webp: padded("RIFF\x00\x10\x00\x00WEBPVP8 "),
  mp4: padded("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00isommp42"),
  mov: padded("\x00\x00\x00\x14ftypqt  \x00\x00\x02\x00"),
  webm: padded("\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm"),
  epub: epubBytes(),
  text: padded("<html><script>alert(1)</script>"),
};

const blob = (bytes: Buffer, name: string): File => new File([new Uint8Array(bytes)], name);

describe("stored files", () => {
  it("serves files with type, nosniff, ETag and Last-Modified, and honours If-None-Match", async () => {
    const response = await fetch(`${api.url}/files/seed-slider-1.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(response.headers.get("last-modified")).toBeTruthy();
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);

    // Raw requests: fetch adds "Cache-Control: no-cache" to conditional requests, which forbids a 304.
    const sameTag = await rawRequest(api.url, "GET", "/files/seed-slider-1.png", { "if-none-match": etag ?? "" });
    expect(sameTag.status).toBe(304);
    const lastModified = response.headers.get("last-modified") ?? "";
    const notModified = await rawRequest(api.url, "GET", "/files/seed-slider-1.png", { "if-modified-since": lastModified });
    expect(notModified.status).toBe(304);
    const otherTag = await rawRequest(api.url, "GET", "/files/seed-slider-1.png", { "if-none-match": 'W/"lain"' });
    expect(otherTag.status).toBe(200);
    const range = await fetch(`${api.url}/files/seed-slider-1.png`, { headers: { range: "bytes=1-3" } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe("PNG");
    const head = await fetch(`${api.url}/covers/seed-book-1.png`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
  });

  it("answers 404 JSON for a missing file", async () => {
    for (const path of ["/files/tidak-ada.png", "/covers/tidak-ada.png", "/files/seed-book-1.png"]) {
      const response = await fetch(`${api.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Berkas tidak ditemukan" });
    }
  });

  it.each([
    "/files/../reference-api.sqlite",
    "/files/..%2freference-api.sqlite",
    "/files/%2e%2e%2freference-api.sqlite",
    "/files/%2E%2E/reference-api.sqlite",
    "/covers/..%5c..%5cetc%5cpasswd",
    "/files/..",
    "/files/%2e%2e",
    "/files/seed-slider-1.png%00.txt",
    "/files/seed-slider-1.png/",
    "/files/a/b.png",
    "/files/%2fetc%2fpasswd",
    "/files/.upload-x.part",
    "/files/%E0%A4%A",
  ])("refuses %s with 400", async (path) => {
    const reply = await rawRequest(api.url, "GET", path);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toEqual({ error: "Nama berkas tidak valid" });
  });

  it("only allows GET and HEAD", async () => {
    const reply = await rawRequest(api.url, "DELETE", "/files/seed-slider-1.png");
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe("GET, HEAD");
  });
});

describe("uploads", () => {
  it.each([
    ["/api/upload/video", "video", "video_url", SAMPLES.mp4, "mp4", "video/mp4"],
    ["/api/upload/video", "video", "video_url", SAMPLES.webm, "webm", "video/webm"],
    ["/api/upload/video", "video", "video_url", SAMPLES.mov, "mov", "video/quicktime"],
    ["/api/upload/thumbnail", "thumbnail", "thumbnail_url", SAMPLES.jpeg, "jpg", "image/jpeg"],
    ["/api/upload/thumbnail", "thumbnail", "thumbnail_url", SAMPLES.webp, "webp", "image/webp"],
    ["/api/upload/video-background", "background", "background_url", SAMPLES.gif, "gif", "image/gif"],
  ])("%s accepts a %s file by content (%s)", async (path, field, key, bytes, extension, contentType) => {
    const reply = await api.call("POST", path, { token: api.adminToken, form: form({ [field]: blob(bytes, "tanpa-ekstensi") }) });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body)).toEqual([key]);
    const url: string = reply.body[key];
    expect(url).toMatch(new RegExp(`^${api.url}/files/[a-z0-9]+-[0-9a-f]{16}\\.${extension}$`));
    const file = await fetch(url);
    expect(file.headers.get("content-type")).toBe(contentType);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("builds the URL from the request's Host", async () => {
    const body = [multipartPart("thumbnail", SAMPLES.jpeg, "a.jpg"), multipartEnd];
    const reply = await postMultipart("/api/upload/thumbnail", body, { host: "api.contoh.test:8080" });
    expect(reply.status).toBe(201);
    expect(JSON.parse(reply.text).thumbnail_url).toMatch(/^http:\/\/api\.contoh\.test:8080\/files\/.+\.jpg$/);
  });

  it("refuses a wrong type or a missing file with 400 and keeps nothing", async () => {
    const before = await storedFiles(api.dataDir, "files");
    const cases: Array<[string, FormData, string]> = [
      ["/api/upload/video", form({ video: blob(SAMPLES.jpeg, "a.mp4") }), "Berkas video harus berformat MP4, WebM, atau QuickTime"],
      ["/api/upload/thumbnail", form({ thumbnail: blob(SAMPLES.text, "a.png") }), "Berkas gambar harus berformat JPEG, PNG, WebP, atau GIF"],
      ["/api/upload/video-background", form({ background: blob(SAMPLES.mp4, "a.gif") }), "Berkas gambar harus berformat JPEG, PNG, WebP, atau GIF"],
      ["/api/upload/video", form({ other: blob(SAMPLES.mp4, "a.mp4") }), "Berkas video wajib diunggah"],
      ["/api/upload/thumbnail", form({ thumbnail: blob(Buffer.alloc(0), "kosong.png") }), "Berkas thumbnail kosong"],
      ["/api/upload/thumbnail", form({ thumbnail: blob(Buffer.from([0xff, 0xd8]), "pendek.jpg") }), "Berkas gambar harus berformat JPEG, PNG, WebP, atau GIF"],
    ];
    for (const [path, body, error] of cases) {
      const reply = await api.call("POST", path, { token: api.adminToken, form: body });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error });
    }
    expect(await storedFiles(api.dataDir, "files")).toEqual(before);
    expect(await tempFiles(api.dataDir, "files")).toEqual([]);
  });

  it("treats an empty file input (no file chosen) as no file", async () => {
    const body = [multipartPart("title", "Tanpa Berkas"), multipartPart("file", "", ""), multipartEnd];
    const reply = await postMultipart("/api/banners", body);
    expect(reply.status).toBe(201);
    expect(JSON.parse(reply.text).data).toMatchObject({ title: "Tanpa Berkas", file: "" });
  });

  it("accepts an EPUB book file", async () => {
    const reply = await api.call("POST", "/api/books", {
      token: api.adminToken,
      form: form({ title: "EPUB", author_id: "1", publisher_id: "1", published_date: "2024-01-01", file: blob(SAMPLES.epub, "b.epub") }),
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.file).toMatch(/\.epub$/);
    const file = await fetch(`${api.url}/files/${reply.body.data.file}`);
    expect(file.headers.get("content-type")).toBe("application/epub+zip");
  });

  it("accepts a chunked multipart body without Content-Length", async () => {
    const png = Buffer.from(await pngFile().arrayBuffer());
    const body = [
      multipartPart("title", "Chunked"),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\n\r\n`),
      png.subarray(0, 10),
      png.subarray(10),
      Buffer.from("\r\n"),
      multipartEnd,
    ];
    const reply = await postMultipart("/api/sliders", body);
    expect(reply.status).toBe(201);
    const { file } = JSON.parse(reply.text).data;
    expect(statSync(join(api.dataDir, "files", file)).size).toBe(png.length);
  });

  it("answers 400 for broken multipart bodies", async () => {
    const headers = { authorization: `Bearer ${api.adminToken}` };
    const noBoundary = await rawRequest(api.url, "POST", "/api/sliders", { ...headers, "content-type": "multipart/form-data" }, [
      Buffer.from("x"),
    ]);
    expect(noBoundary.status).toBe(400);
    const truncated = await rawRequest(api.url, "POST", "/api/sliders", { ...headers, "content-type": multipartType }, [
      multipartPart("title", "A"),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
      Buffer.from(await pngFile().arrayBuffer()),
    ]);
    expect(truncated.status).toBe(400);
    expect(JSON.parse(truncated.text)).toEqual({ error: expect.any(String) });
    await eventually(async () => expect(await tempFiles(api.dataDir, "files")).toEqual([]));
  });

  it("leaves no file and no record when the client aborts mid-upload", async () => {
    const sliders = (await api.call("GET", "/api/sliders")).body;
    const filesBefore = await storedFiles(api.dataDir, "files");
    const { hostname, port } = new URL(api.url);
    const req = httpRequest({
      hostname,
      port,
      method: "POST",
      path: "/api/sliders",
      headers: { "content-type": multipartType, authorization: `Bearer ${api.adminToken}` },
    });
    req.on("error", () => {});
    req.write(multipartPart("title", "Dibatalkan"));
    req.write(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`));
    req.write(Buffer.from(await pngFile().arrayBuffer()));
    req.write(Buffer.alloc(256 * 1024, 1));
    // Wait until the server is writing the file, then cut the connection.
    await eventually(async () => expect((await tempFiles(api.dataDir, "files")).length).toBe(1));
    req.destroy();

    await eventually(async () => expect(await tempFiles(api.dataDir, "files")).toEqual([]));
    expect(await storedFiles(api.dataDir, "files")).toEqual(filesBefore);
    expect((await api.call("GET", "/api/sliders")).body).toEqual(sliders);
  });
});

describe("upload size limit", () => {
  it("answers 413 JSON beyond the limit and keeps nothing", async () => {
    const dataDir = await makeDataDir();
    const small = await startReferenceApi({ dataDir, port: 0, maxUploadBytes: 1024 });
    try {
      const token = await login(small.url, ADMIN_EMAIL);
      const before = await storedFiles(dataDir, "files");
      const big = blob(padded("\x00\x00\x00\x18ftypmp42", 4096), "v.mp4");
      const reply = await call(small.url, "POST", "/api/upload/video", { token, form: form({ video: big }) });
      expect(reply.status).toBe(413);
      expect(reply.body).toEqual({ error: "Ukuran berkas melebihi batas 1 KB" });

      const chunked = await rawRequest(
        small.url,
        "POST",
        "/api/sliders",
        { "content-type": multipartType, authorization: `Bearer ${token}` },
        [multipartPart("title", "Besar"), multipartPart("file", padded([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 5000), "b.png"), multipartEnd],
      );
      expect(chunked.status).toBe(413);

      const declared = await new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(small.url);
        const req = httpRequest(
          {
            hostname,
            port,
            method: "POST",
            path: "/api/upload/video",
            headers: { "content-type": multipartType, authorization: `Bearer ${token}`, "content-length": String(64 * 1024 ** 2) },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
            req.destroy();
          },
        );
        req.on("error", reject);
        req.write(multipartPart("title", "x"));
      });
      expect(declared).toBe(413);

      await eventually(async () => expect(await tempFiles(dataDir, "files")).toEqual([]));
      expect(await storedFiles(dataDir, "files")).toEqual(before);
      expect((await call(small.url, "GET", "/api/sliders")).body.total).toBe(3);
    } finally {
      await small.close();
      await removeDataDir(dataDir);
    }
  });

  it("answers 413 for an oversized text field in a multipart body", async () => {
    const reply = await api.call("POST", "/api/abouts", {
      token: api.adminToken,
      form: form({ title: "A", description: "x".repeat(9 * 1024 * 1024) }),
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ error: "Isian description terlalu panjang" });
  });

  it("reads REFERENCE_API_MAX_UPLOAD_BYTES", () => {
    expect(maxUploadBytesFromEnv({})).toBe(4 * 1024 ** 3);
    expect(maxUploadBytesFromEnv({ REFERENCE_API_MAX_UPLOAD_BYTES: "1048576" })).toBe(1048576);
    expect(() => maxUploadBytesFromEnv({ REFERENCE_API_MAX_UPLOAD_BYTES: "banyak" })).toThrow(/REFERENCE_API_MAX_UPLOAD_BYTES/);
    expect(() => maxUploadBytesFromEnv({ REFERENCE_API_MAX_UPLOAD_BYTES: "0" })).toThrow(/REFERENCE_API_MAX_UPLOAD_BYTES/);
  });
});

describe("routing and errors", () => {
  it("answers GET /api/health without a token", async () => {
    const reply = await api.call("GET", "/api/health");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: "ok" });
  });

  it("answers 404 JSON for unknown routes", async () => {
    for (const [method, path] of [
      ["GET", "/api/tidak-ada"],
      ["POST", "/api/users/me"],
      ["PATCH", "/api/sliders"],
      ["GET", "/"],
    ]) {
      const reply = await api.call(method, path, { token: api.adminToken });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ error: expect.any(String) });
    }
  });

  it("maps undecodable paths, odd query strings and wrong content types to 4xx, never 500", async () => {
    const badPath = await rawRequest(api.url, "GET", "/api/activities/%E0%A4%A");
    expect(badPath.status).toBe(400);
    expect(JSON.parse(badPath.text)).toEqual({ error: expect.any(String) });
    expect((await api.call("GET", "/api/sliders?page[]=2&limit[x]=1")).status).toBe(200);
    const textBody = await api.call("POST", "/api/genres", {
      token: api.adminToken,
      headers: { "content-type": "text/plain" },
    });
    expect(textBody.status).toBe(400);
    const charset = await rawRequest(
      api.url,
      "POST",
      "/api/genres",
      { "content-type": "application/json; charset=klingon", authorization: `Bearer ${api.adminToken}` },
      [Buffer.from('{"name":"x"}')],
    );
    expect(charset.status).toBe(415);
    const huge = await api.call("POST", "/api/genres", { token: api.adminToken, json: { name: "x".repeat(9 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: expect.any(String) });
  });
});
