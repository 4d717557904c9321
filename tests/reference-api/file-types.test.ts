import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { detectFileType, type FileKind } from "../../reference-api/file-types.ts";
import { emptyMp4 } from "../../reference-api/seed/mp4.ts";
import { textPdf } from "../../reference-api/seed/pdf.ts";
import { giantPng, pngChunk } from "../helpers/image-headers.ts";

const bytes = (head: string | number[], size = 512): Buffer => {
  const start = typeof head === "string" ? Buffer.from(head, "latin1") : Buffer.from(head);
  return Buffer.concat([start, Buffer.alloc(Math.max(0, size - start.length), 7)]);
};

/** A zip whose first entry is the stored file "mimetype" holding `mimeType`. */
function zipWithMimetype(mimeType: string): Buffer {
  const header = Buffer.alloc(30);
  header.write("PK\x03\x04", 0, "latin1");
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(mimeType.length, 18);
  header.writeUInt32LE(mimeType.length, 22);
  header.writeUInt16LE(8, 26);
  return bytes([...Buffer.concat([header, Buffer.from(`mimetype${mimeType}`, "latin1")])]);
}

const ftyp = (brand: string): Buffer => bytes(`\x00\x00\x00\x18ftyp${brand}\x00\x00\x00\x00isommp42`);

describe("detectFileType (file-type on the leading bytes)", () => {
  it.each<[string, () => Promise<Buffer> | Buffer, FileKind, string]>([
    ["a PNG", () => sharp({ create: { width: 4, height: 3, channels: 3, background: "#3366cc" } }).png().toBuffer(), "image", "png"],
    ["a JPEG", () => sharp({ create: { width: 4, height: 3, channels: 3, background: "#3366cc" } }).jpeg().toBuffer(), "image", "jpg"],
    ["a WebP", () => sharp({ create: { width: 4, height: 3, channels: 3, background: "#3366cc" } }).webp().toBuffer(), "image", "webp"],
    ["an animated PNG, stored as PNG", () => Buffer.concat([giantPng(4, 3), pngChunk("acTL", Buffer.alloc(8))]), "image", "png"],
    ["a GIF", () => bytes("GIF89a"), "image", "gif"],
    ["a PDF", () => textPdf({ title: "Uji", paragraphs: ["Isi."], page: "A5", producer: "tests" }), "book", "pdf"],
    ["an EPUB", () => zipWithMimetype("application/epub+zip"), "book", "epub"],
    ["an MP4", () => ftyp("mp42"), "video", "mp4"],
    ["the seed's MP4 stand-in", emptyMp4, "video", "mp4"],
    ["an M4V, stored as MP4", () => ftyp("M4V "), "video", "mp4"],
    ["a 3GP, stored as MP4", () => ftyp("3gp4"), "video", "mp4"],
    ["a QuickTime movie", () => ftyp("qt  "), "video", "mov"],
    ["an older QuickTime movie (a moov atom first)", () => bytes("\x00\x00\x00\x18moov"), "video", "mov"],
    ["a WebM", () => bytes("\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm"), "video", "webm"],
    ["a Matroska", () => bytes("\x1a\x45\xdf\xa3\xa3\x42\x86\x81\x01\x42\x82\x88matroska"), "video", "mkv"],
  ])("accepts %s", async (_what, make, kind, extension) => {
    expect((await detectFileType(await make(), kind))?.extension).toBe(extension);
  });

  it.each<[string, Buffer, FileKind]>([
    ["a JPEG as a video", bytes([0xff, 0xd8, 0xff, 0xe0]), "video"],
    ["a PDF as an image", bytes("%PDF-1.7\n"), "image"],
    ["HTML as an image", bytes("<html><script>alert(1)</script>"), "image"],
    ["a HEIC picture (an ftyp box) as a video", ftyp("heic"), "video"],
    ["a HEIC picture as an image", ftyp("heic"), "image"],
    ["an M4A sound as a video", ftyp("M4A "), "video"],
    ["a zip that is not an EPUB as a book", zipWithMimetype("application/vnd.oasis.opendocument.text"), "book"],
    ["a PNG signature followed by no valid chunk", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "image"],
    ["two bytes", Buffer.from([0xff, 0xd8]), "image"],
    ["nothing", Buffer.alloc(0), "book"],
  ])("refuses %s", async (_what, head, kind) => {
    expect(await detectFileType(head, kind)).toBeUndefined();
  });
});
