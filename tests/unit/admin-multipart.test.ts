import { detectAcceptedType } from "~/lib/file-kinds";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  encodeMultipart,
  FormRejected,
  IncomingForm,
  inBatchesOf,
  PartsForm,
  readLeadingFields,
  relayFile,
  relayMultipart,
  type FileRule,
} from "~/platform/multipart.server";
import type { StreamedBody } from "~/platform/upstream-transport.server";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { uploadLimits } from "@server/upload-limits.server";
import { pdfBytes } from "../helpers/book-files";
import { requestWithBody } from "../helpers/form-body";
import { giantGif, giantJpeg, giantPng, giantWebp, padJpeg } from "../helpers/image-headers";

/**
 * The streaming upload machinery on its own: bytes are checked by content, limits hold, and the
 * browser's body is read only as fast as the upstream takes the new one (backpressure).
 */

const MiB = 1024 * 1024;
const BOUNDARY = "----TestBoundary";
const encoder = new TextEncoder();
/** A PNG's signature and the start of its IHDR: 1 × 1 pixels (the upload reads the dimensions too). */
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);

/**
 * PNG_HEAD with the rest of its IHDR and the header of an IDAT chunk whose data (and CRC) fill
 * the file to `fileBytes`, whatever the filler: a file whose end the relay finds where it should
 * (app/lib/file-ends/), so that it streams whole.
 */
function pngHead(fileBytes: number): Uint8Array {
  // IHDR's last 5 bytes (8-bit RGB) and its CRC, then IDAT's length and type.
  const rest = Buffer.alloc(5 + 4 + 8);
  rest.set([8, 2], 0);
  rest.writeUInt32BE(fileBytes - PNG_HEAD.length - rest.length - 4, 9);
  rest.write("IDAT", 13, "latin1");
  return Buffer.concat([PNG_HEAD, rest]);
}

const image = (maxBytes: number): Record<string, FileRule> => ({ file: { kind: "image", maxBytes, label: "Gambar" } });

/** A browser-like multipart request whose file part is `fileBytes` long, produced only when read. */
function streamingUpload(fileBytes: number, options: { head?: Uint8Array; contentLength?: boolean } = {}) {
  const head = options.head ?? pngHead(fileBytes);
  const preamble = encoder.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBesar\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="besar.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const closing = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let produced = 0;
  let fileSent = 0;
  let stage: "preamble" | "head" | "file" | "closing" | "done" = "preamble";
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        let piece: Uint8Array;
        if (stage === "preamble") {
          piece = preamble;
          stage = "head";
        } else if (stage === "head") {
          piece = head;
          fileSent = head.length;
          stage = "file";
        } else if (stage === "file") {
          piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - fileSent));
          fileSent += piece.length;
          if (fileSent >= fileBytes) stage = "closing";
        } else if (stage === "closing") {
          piece = closing;
          stage = "done";
        } else {
          controller.close();
          return;
        }
        produced += piece.length;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  const total = preamble.length + fileBytes + closing.length;
  const headers: Record<string, string> = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
  if (options.contentLength) headers["content-length"] = String(total);
  const request = new Request("http://bff.test/admin/slider-manager", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, produced: () => produced, total };
}

/**
 * Resolves after a turn of the event loop in which `count` did not change. Streams that move bytes
 * held in memory do so in ticks and microtasks, all run before the turn ends: once a whole turn
 * has passed without a change, nothing more moves until someone reads.
 */
async function stillAfterATurn(count: () => number): Promise<void> {
  for (let before = Number.NaN; before !== count(); ) {
    before = count();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A relayed body as the upstream receives it: streamed when a file goes with it, else whole. */
async function readAll(body: StreamedBody | Uint8Array): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  const parts: Uint8Array[] = [];
  for await (const batch of body) parts.push(...batch);
  return Buffer.concat(parts);
}

/** A streamed body's batches, read one at a time as the sender reads them; their sizes summed. */
function batchReader(body: StreamedBody | Uint8Array) {
  if (body instanceof Uint8Array) throw new Error("a body with a file is streamed");
  const batches = body[Symbol.asyncIterator]();
  return async (): Promise<{ done: boolean; bytes: number }> => {
    const next = await batches.next();
    return next.done ? { done: true, bytes: 0 } : { done: false, bytes: next.value.reduce((sum, piece) => sum + piece.length, 0) };
  };
}

describe("file type by content", () => {
  it("recognises JPEG, PNG, WebP and GIF by their first bytes, and nothing else", async () => {
    expect(await detectAcceptedType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), "image")).toBe("image/jpeg");
    expect(await detectAcceptedType(Buffer.from(PNG_HEAD), "image")).toBe("image/png");
    expect(await detectAcceptedType(Buffer.from("GIF89a......"), "image")).toBe("image/gif");
    expect(await detectAcceptedType(Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1"), "image")).toBe("image/webp");
    expect(await detectAcceptedType(Buffer.from("%PDF-1.7"), "image")).toBeUndefined();
    expect(await detectAcceptedType(Buffer.from("<svg xmlns="), "image")).toBeUndefined();
    expect(await detectAcceptedType(Buffer.alloc(0), "image")).toBeUndefined();
  });

  it("sends each accepted kind as the type the upstream knows: M4V and 3GP as MP4; a HEIC picture is no video", async () => {
    const ftyp = (brand: string) => Buffer.concat([Buffer.from(`\x00\x00\x00\x18ftyp${brand}\x00\x00\x00\x00isommp42`, "latin1"), Buffer.alloc(200)]);
    expect(await detectAcceptedType(ftyp("mp42"), "video")).toBe("video/mp4");
    expect(await detectAcceptedType(ftyp("M4V "), "video")).toBe("video/mp4");
    expect(await detectAcceptedType(ftyp("3gp4"), "video")).toBe("video/mp4");
    expect(await detectAcceptedType(ftyp("qt  "), "video")).toBe("video/quicktime");
    expect(await detectAcceptedType(Buffer.from("\x00\x00\x00\x18moov", "latin1"), "video")).toBe("video/quicktime");
    expect(await detectAcceptedType(Buffer.from("\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm", "latin1"), "video")).toBe("video/webm");
    expect(await detectAcceptedType(ftyp("heic"), "video")).toBeUndefined();
    expect(await detectAcceptedType(ftyp("M4A "), "video")).toBeUndefined();
    expect(await detectAcceptedType(Buffer.from("%PDF-1.7\n"), "book")).toBe("application/pdf");
    const epub = Buffer.alloc(30);
    epub.write("PK\x03\x04", 0, "latin1");
    epub.writeUInt32LE(20, 18);
    epub.writeUInt32LE(20, 22);
    epub.writeUInt16LE(8, 26);
    expect(await detectAcceptedType(Buffer.concat([epub, Buffer.from("mimetypeapplication/epub+zip")]), "book")).toBe("application/epub+zip");
    expect(await detectAcceptedType(Buffer.from("PK\x03\x04", "latin1"), "book")).toBeUndefined();
  });
});

describe("streaming relay", () => {
  it("reads the browser's body only as fast as the upstream takes the new one", async () => {
    const upload = streamingUpload(64 * MiB);
    const form = IncomingForm.open(upload.request);
    const { fields, firstFile } = await readLeadingFields(form, new Set(["file"]));
    expect(fields).toEqual([
      ["intent", "create"],
      ["title", "Besar"],
    ]);
    const sent = await relayMultipart(form, {
      fields: [["title", "BESAR"]],
      firstFile,
      rules: image(1024 * MiB),
      async send(body, contentType) {
        expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
        const read = batchReader(body);
        let consumed = 0;
        while (consumed < 2 * MiB) consumed += (await read()).bytes;
        // A slow upstream: nothing more is read from the browser than a few buffers' worth, also
        // once the streams between them have filled what they hold.
        await stillAfterATurn(upload.produced);
        expect(upload.produced() - consumed).toBeLessThan(2 * MiB);
        for (let batch = await read(); !batch.done; batch = await read()) consumed += batch.bytes;
        return consumed;
      },
    });
    await form.discard();
    expect(upload.produced()).toBe(upload.total);
    expect(sent).toBeGreaterThan(64 * MiB);
  });

  it("re-encodes text fields first, then the file with the type its bytes show", async () => {
    const upload = streamingUpload(100);
    const form = IncomingForm.open(upload.request);
    const { firstFile } = await readLeadingFields(form, new Set(["file"]));
    const body = await relayMultipart(form, {
      fields: [
        ["id", "7"],
        ["title", "JUDUL \"BARU\""],
      ],
      firstFile,
      rules: image(MiB),
      send: async (stream, contentType) => ({ bytes: await readAll(stream), contentType }),
    });
    const parsed = await new Response(Uint8Array.from(body.bytes), { headers: { "content-type": body.contentType } }).formData();
    expect([...parsed.keys()]).toEqual(["id", "title", "file"]);
    expect(parsed.get("title")).toBe('JUDUL "BARU"');
    const file = parsed.get("file") as File;
    expect([file.name, file.type, file.size]).toEqual(["besar.png", "image/png", 100]);
  });

  it("refuses a file that is not an image before the upstream request is opened", async () => {
    const upload = streamingUpload(4096, { head: encoder.encode("<?php system($_GET['x']); ?>") });
    const form = IncomingForm.open(upload.request);
    const { firstFile } = await readLeadingFields(form, new Set(["file"]));
    let opened = false;
    const relay = relayMultipart(form, {
      fields: [],
      firstFile,
      rules: image(MiB),
      send: async () => {
        opened = true;
      },
    });
    await expect(relay).rejects.toEqual(new FormRejected("file", "Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF"));
    expect(opened).toBe(false);
    await form.discard();
  });

  it("refuses a text field past the form's limit as it arrives, not after reading the rest of it", async () => {
    const fieldBytes = 32 * MiB;
    const piece = new Uint8Array(64 * 1024).fill(0x61);
    let produced = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced === 0) controller.enqueue(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="description"\r\n\r\n`));
        if (produced >= fieldBytes) {
          controller.enqueue(encoder.encode(`\r\n--${BOUNDARY}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(piece);
        produced += piece.length;
      },
    });
    const request = new Request("http://bff.test/admin/activity", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    } as RequestInit);
    const form = IncomingForm.open(request, { fieldsMaxBytes: 256 * 1024 });
    await expect(readLeadingFields(form, new Set())).rejects.toMatchObject({ message: "Isian formulir melebihi batas 0,3 MB", status: 413 });
    await form.discard();
    // The limit, the framing allowance and the reader's read-ahead: not the 32 MiB field.
    expect(produced).toBeLessThan(4 * MiB);
  });

  it("refuses an upload whose declared size is over the limit before opening the upstream request", async () => {
    const upload = streamingUpload(3 * MiB, { contentLength: true });
    const form = IncomingForm.open(upload.request);
    const { firstFile } = await readLeadingFields(form, new Set(["file"]));
    let opened = false;
    const relay = relayMultipart(form, { fields: [], firstFile, rules: image(MiB), send: async () => (opened = true) });
    await expect(relay).rejects.toMatchObject({ field: "file", message: "Ukuran berkas melebihi batas 1 MB", status: 413 });
    expect(opened).toBe(false);
    await form.discard();
  });

  it("aborts the upstream body as soon as an undeclared-size file passes the limit", async () => {
    const upload = streamingUpload(3 * MiB);
    const form = IncomingForm.open(upload.request);
    const { firstFile } = await readLeadingFields(form, new Set(["file"]));
    let upstreamSaw = 0;
    const relay = relayMultipart(form, {
      fields: [],
      firstFile,
      rules: image(MiB),
      async send(body) {
        const read = batchReader(body);
        for (let batch = await read(); !batch.done; batch = await read()) upstreamSaw += batch.bytes;
        return "complete";
      },
    });
    await expect(relay).rejects.toMatchObject({ field: "file", message: "Ukuran berkas melebihi batas 1 MB", status: 413 });
    expect(upstreamSaw).toBeLessThanOrEqual(MiB + 1024);
    await form.discard();
  });

  it("encodes a body nobody has read yet without producing it", async () => {
    let pulled = 0;
    async function* parts() {
      pulled++;
      yield { name: "title", value: "A" };
    }
    const { body } = encodeMultipart(parts());
    await stillAfterATurn(() => pulled);
    expect(pulled).toBe(0);
    expect(new TextDecoder().decode(await readAll(body))).toMatch(/name="title"\r\n\r\nA\r\n--.*--\r\n$/);
  });
});

describe("picture dimensions at upload", () => {
  function formWith(file: Buffer, type: string) {
    const body = new FormData();
    body.append("title", "Foto");
    body.append("file", new File([new Uint8Array(file)], "foto", { type }));
    return IncomingForm.open(requestWithBody("http://bff.test/admin/activity", { method: "POST", body }));
  }

  it("refuses a picture over 50 megapixels from its header, before the upstream request is opened", async () => {
    const giants: Array<[string, Buffer]> = [
      ["PNG 30000 × 30000", Buffer.concat([giantPng(30_000, 30_000), Buffer.alloc(4096)])],
      ["JPEG 30000 × 30000", await giantJpeg(30_000, 30_000)],
      ["WebP 16384 × 16384", giantWebp(16_384, 16_384)],
      ["GIF 65535 × 65535", giantGif(65_535, 65_535)],
    ];
    for (const [what, bytes] of giants) {
      const form = formWith(bytes, "image/png");
      const { firstFile } = await readLeadingFields(form, new Set(["file"]));
      let opened = false;
      const relay = relayMultipart(form, { fields: [], firstFile, rules: image(10 * MiB), send: async () => (opened = true) });
      await expect(relay, what).rejects.toMatchObject({
        field: "file",
        status: 400,
        message: expect.stringMatching(/^Resolusi gambar [\d.]+ × [\d.]+ piksel melebihi batas 50 megapiksel$/),
      });
      expect(opened, what).toBe(false);
      await form.discard();
    }
  });

  it("takes a JPEG whose frame header follows 300 KB of metadata, and sends every byte on unchanged", async () => {
    const photo = padJpeg(await sharp({ create: { width: 800, height: 600, channels: 3, background: "#48c" } }).jpeg().toBuffer(), 300_000);
    const form = formWith(photo, "image/jpeg");
    const { firstFile } = await readLeadingFields(form, new Set(["file"]));
    const body = await relayMultipart(form, {
      fields: [],
      firstFile,
      rules: image(MiB),
      send: async (stream, contentType) => ({ bytes: await readAll(stream), contentType }),
    });
    const parsed = await new Response(Uint8Array.from(body.bytes), { headers: { "content-type": body.contentType } }).formData();
    const sent = parsed.get("file") as File;
    expect(sent.type).toBe("image/jpeg");
    expect(Buffer.from(await sent.arrayBuffer()).equals(photo)).toBe(true);
  });

  it("refuses the same in a file sent on its own (the video's thumbnail and background)", async () => {
    const form = formWith(giantPng(20_000, 20_000), "image/png");
    const { firstFile } = await readLeadingFields(form, new Set(["file"]));
    let opened = false;
    const relay = relayFile(firstFile!, image(MiB).file, "thumbnail", async () => (opened = true));
    await expect(relay).rejects.toEqual(new FormRejected("file", "Resolusi gambar 20.000 × 20.000 piksel melebihi batas 50 megapiksel"));
    expect(opened).toBe(false);
    await form.discard();
  });

  it("checks only pictures' dimensions: a book's first bytes (and its end) are enough", async () => {
    const form = formWith(pdfBytes(), "application/pdf");
    const { firstFile } = await readLeadingFields(form, new Set(["file"]));
    const sent = await relayMultipart(form, {
      fields: [],
      firstFile,
      rules: { file: { kind: "book", maxBytes: MiB, label: "Berkas" } },
      send: async (stream) => (await readAll(stream)).length,
    });
    expect(sent).toBeGreaterThan(0);
  });
});

describe("pieces sent to the upstream", () => {
  const KiB = 1024;
  async function* chunksOf(count: number, bytes: number, gapMs: number, produced: number[] = []) {
    for (let i = 0; i < count; i++) {
      if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
      produced.push(performance.now());
      yield new Uint8Array(bytes).fill(i);
    }
  }

  it("groups a fast upload's small pieces into 1 MiB batches, the pieces themselves unchanged and uncopied", async () => {
    const source: Uint8Array[] = [];
    async function* remembered() {
      for await (const piece of chunksOf(40, 64 * KiB, 0)) {
        source.push(piece);
        yield piece;
      }
    }
    const batches: Uint8Array[][] = [];
    for await (const batch of inBatchesOf(MiB, 200, remembered())) batches.push(batch);
    expect(batches.map((batch) => batch.reduce((sum, piece) => sum + piece.length, 0))).toEqual([MiB, MiB, 8 * 64 * KiB]);
    // The very buffers the source gave, in order: written together, never copied into one.
    expect(batches.flat()).toHaveLength(40);
    for (const [index, piece] of batches.flat().entries()) expect(piece).toBe(source[index]);
  });

  it("hands a slow upload's bytes on after the wait, before its next bytes come", async () => {
    const produced: number[] = [];
    const arrived: number[] = [];
    for await (const batch of inBatchesOf(MiB, 50, chunksOf(3, 16 * KiB, 300, produced))) {
      arrived.push(performance.now());
      expect(batch.map((piece) => piece.length)).toEqual([16 * KiB]);
    }
    expect(arrived).toHaveLength(3);
    // An order, not a time (the machine may be busy): the 50 ms wait always ends before the source's
    // next 300 ms gap does, so a piece held until more bytes came would arrive after them.
    for (const [index, at] of arrived.slice(0, -1).entries()) expect(at).toBeLessThan(produced[index + 1]);
  });

  it("passes a failure of its source on", async () => {
    async function* failing() {
      yield new Uint8Array(10);
      throw new FormRejected("file", "Ukuran berkas melebihi batas", 413);
    }
    const read = async () => {
      for await (const batch of inBatchesOf(MiB, 50, failing())) void batch;
    };
    await expect(read()).rejects.toBeInstanceOf(FormRejected);
  });
});

describe("a form made here from stored files (PartsForm)", () => {
  it("relays a stored file as a browser's form would be, checked by its bytes, and names it for the audit log", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "parts-form-"));
    try {
      const file = path.join(dir, "tersimpan");
      const head = pngHead(3 * MiB);
      await writeFile(file, Buffer.concat([head, Buffer.alloc(3 * MiB - head.length, 7)]));
      const form = new PartsForm([
        { kind: "field", name: "title", value: "Dari unggahan" },
        { kind: "file", name: "file", filename: "foto.png", stream: createReadStream(file, { highWaterMark: MiB }) },
      ]);
      const { fields, firstFile } = await readLeadingFields(form, new Set(["file"]));
      expect(fields).toEqual([["title", "Dari unggahan"]]);
      const body = await relayMultipart(form, { fields, firstFile, rules: image(10 * MiB), send: async (stream, contentType) => ({ bytes: await readAll(stream), contentType }) });
      const parsed = await new Response(Uint8Array.from(body.bytes), { headers: { "content-type": body.contentType } }).formData();
      const sent = parsed.get("file") as File;
      expect([sent.name, sent.type, sent.size]).toEqual(["foto.png", "image/png", 3 * MiB]);
      expect([...form.chosenFiles]).toEqual([["file", "foto.png"]]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("fails the save, not the process, when a stored file is gone; and closes what is left unread", async () => {
    const gone = createReadStream(path.join(tmpdir(), "tidak-ada-berkas-ini"));
    const unread = createReadStream(import.meta.filename);
    const form = new PartsForm([
      { kind: "file", name: "file", filename: "hilang.png", stream: gone },
      { kind: "file", name: "thumbnail", filename: "lain.png", stream: unread },
    ]);
    const { firstFile } = await readLeadingFields(form, new Set(["file"]));
    await expect(relayMultipart(form, { fields: [], firstFile, rules: image(MiB), send: async () => "terkirim" })).rejects.toMatchObject({ code: "ENOENT" });
    await form.discard();
    expect(unread.destroyed).toBe(true);
  });
});

describe("upload limits", () => {
  it("default to 10 MB for images and follow UPLOAD_IMAGE_MAX_BYTES", () => {
    expect(uploadLimits({}).imageMaxBytes).toBe(10 * MiB);
    expect(uploadLimits({ UPLOAD_IMAGE_MAX_BYTES: "2048" }).imageMaxBytes).toBe(2048);
    expect(() => uploadLimits({ UPLOAD_IMAGE_MAX_BYTES: "banyak" })).toThrow(/UPLOAD_IMAGE_MAX_BYTES/);
  });
});
