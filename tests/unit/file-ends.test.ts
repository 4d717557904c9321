import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { FILE_MESSAGES } from "~/lib/file-kinds";
import { blobBytes, fileEndRefusal } from "~/lib/file-ends";
import { endCheckOf, withJudgedEnd } from "~/platform/file-ends.server";
import { epubBytes, linearizedPdfBytes, pdfBytes } from "../helpers/book-files";

/**
 * A file's end judged as the relay streams it: its last bytes held back until judged, a picture
 * followed to its end marker, a book by its head and tail alone; and judged whole, as the browser
 * judges a chosen file before sending it (the same checks, app/lib/file-ends.ts).
 */

class Refused extends Error {}

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Streams `bytes` in pieces of `chunk` through the judged end: what was passed on, and the refusal if any. */
async function streamed(bytes: Buffer, mimeType: string, chunk = 1000) {
  const check = endCheckOf(mimeType);
  if (!check) throw new Error(`no check for ${mimeType}`);
  const sent: Uint8Array[] = [];
  try {
    for await (const piece of withJudgedEnd(chunksOf(bytes, chunk), check, (message) => new Refused(message))) sent.push(piece);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { refusal: error.message, sent: Buffer.concat(sent) };
  }
  return { refusal: undefined, sent: Buffer.concat(sent) };
}

/** The refusal as the relay streams the file; the browser, judging the same file chosen (a Blob) before sending it, must say the same. */
async function refusalOf(bytes: Buffer, mimeType: string, chunk?: number) {
  const { refusal } = await streamed(bytes, mimeType, chunk);
  expect(await fileEndRefusal(blobBytes(new Blob([new Uint8Array(bytes)])), mimeType), "judged whole, as the browser judges a chosen file").toBe(refusal);
  return refusal;
}

/** Whether sharp decodes the picture to its end, as the resumable uploads' imageIsWhole asks. */
async function sharpDecodes(bytes: Buffer): Promise<boolean> {
  try {
    await sharp(bytes, { failOn: "truncated", limitInputPixels: false }).stats();
    return true;
  } catch {
    return false;
  }
}

/** A photo-like picture: noise, so a JPEG's scan holds 0xFF bytes (stuffed), with EXIF as a camera writes it. */
function noisy(width = 96, height = 64) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0, seed = 7; index < pixels.length; index++) pixels[index] = seed = (seed * 1103515245 + 12345) >>> 16;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).withExif({ IFD0: { Make: "samsung", Model: "SM-A546E" } });
}

/** What a Samsung phone appends after a JPEG's end, and what a motion photo does (its video). */
const SAMSUNG_TRAILER = Buffer.concat([Buffer.from("\x00\x00\x0a\x30Image_UTC_Data1712345678901SEFH", "latin1"), Buffer.alloc(40, 1), Buffer.from("SEFT", "latin1")]);
const motionVideo = () => Buffer.concat([Buffer.from("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom", "latin1"), Buffer.alloc(20_000, 0xff)]);

describe("a picture's end", () => {
  it("passes whole JPEGs (baseline, progressive, with EXIF), with a phone's trailer or a motion photo's video after the end, in any pieces", async () => {
    const baseline = await noisy().jpeg().toBuffer();
    const progressive = await noisy().jpeg({ progressive: true }).toBuffer();
    for (const jpeg of [baseline, progressive, Buffer.concat([baseline, SAMSUNG_TRAILER]), Buffer.concat([baseline, motionVideo()])]) {
      for (const chunk of [1, 7, 1000, 1 << 20]) expect(await refusalOf(jpeg, "image/jpeg", chunk)).toBeUndefined();
    }
  });

  it("refuses a JPEG cut anywhere before its end marker, in any pieces; and never one sharp decodes whole", async () => {
    const jpeg = await noisy().jpeg({ progressive: true }).toBuffer();
    for (const chunk of [1, 13, 4096]) expect(await refusalOf(jpeg.subarray(0, jpeg.length - 2), "image/jpeg", chunk)).toBe(FILE_MESSAGES.brokenImage);
    for (let cut = 200; cut < jpeg.length; cut += 97) {
      const bytes = jpeg.subarray(0, cut);
      expect([cut, await refusalOf(bytes, "image/jpeg")]).toEqual([cut, (await sharpDecodes(bytes)) ? undefined : FILE_MESSAGES.brokenImage]);
    }
  });

  it("refuses a PNG, GIF or WebP cut mid-way, and never one sharp decodes whole (a PNG without IEND, a GIF without its trailer)", async () => {
    const samples: Array<[string, Buffer]> = [
      ["image/png", await noisy(200, 120).png({ compressionLevel: 0 }).toBuffer()],
      ["image/gif", await noisy(120, 80).gif().toBuffer()],
      ["image/webp", await noisy().webp().toBuffer()],
    ];
    for (const [mimeType, bytes] of samples) {
      expect(await refusalOf(bytes, mimeType, 5)).toBeUndefined();
      expect(await refusalOf(bytes.subarray(0, bytes.length >> 1), mimeType, 5)).toBe(FILE_MESSAGES.brokenImage);
      for (let cut = 100; cut < bytes.length; cut += Math.ceil(bytes.length / 60)) {
        const decodes = await sharpDecodes(bytes.subarray(0, cut));
        if (decodes) expect([mimeType, cut, await refusalOf(bytes.subarray(0, cut), mimeType)]).toEqual([mimeType, cut, undefined]);
      }
    }
    const png = samples[0][1];
    expect(await refusalOf(png.subarray(0, png.length - 12), "image/png", 3)).toBeUndefined();
    const gif = samples[1][1];
    expect(await refusalOf(gif.subarray(0, gif.length - 1), "image/gif", 3)).toBeUndefined();
    expect(await refusalOf(Buffer.concat([samples[2][1], Buffer.from("tambahan")]), "image/webp")).toBeUndefined();
  });
});

describe("a book's end", () => {
  it("passes whole PDFs: a table and trailer, a cross-reference stream, linearized, pdf-lib's, and one padded after %%EOF", async () => {
    const document = await PDFDocument.create();
    document.addPage().drawText("Laporan Kinerja", { font: await document.embedFont(StandardFonts.Helvetica) });
    const samples = [
      pdfBytes(),
      pdfBytes({ xrefStream: true }),
      linearizedPdfBytes(),
      Buffer.from(await document.save()),
      Buffer.from(await document.save({ useObjectStreams: false })),
      pdfBytes({ after: `${"\0".repeat(3000)}\r\n  ` }),
    ];
    for (const pdf of samples) expect(await refusalOf(pdf, "application/pdf")).toBeUndefined();
  });

  it("refuses a PDF without %%EOF in its last 1,024 bytes: cut short, or followed by more than padding", async () => {
    const pdf = pdfBytes();
    expect(await refusalOf(pdf.subarray(0, pdf.length - 8), "application/pdf")).toBe(FILE_MESSAGES.brokenPdf);
    expect(await refusalOf(pdf.subarray(0, 400), "application/pdf")).toBe(FILE_MESSAGES.brokenPdf);
    const big = linearizedPdfBytes();
    expect(await refusalOf(big.subarray(0, big.length >> 1), "application/pdf", 65_536)).toBe(FILE_MESSAGES.brokenPdf);
    expect(await refusalOf(pdfBytes({ after: "x".repeat(1100) }), "application/pdf")).toBe(FILE_MESSAGES.brokenPdf);
  });

  it("passes an encrypted PDF: one whose owner password only restricts copying or printing opens without one, and its end cannot tell which", async () => {
    for (const pdf of [pdfBytes({ encrypted: true }), pdfBytes({ encrypted: true, xrefStream: true }), linearizedPdfBytes({ encrypted: true })]) {
      expect(await refusalOf(pdf, "application/pdf")).toBeUndefined();
    }
  });

  it("passes a whole EPUB, with a comment up to the longest a zip takes; refuses one cut anywhere", async () => {
    const epub = epubBytes({ chapterBytes: 150_000 });
    expect(await refusalOf(epub, "application/epub+zip", 16_384)).toBeUndefined();
    const commented = epubBytes({ comment: "k".repeat(0xffff) });
    expect(await refusalOf(commented, "application/epub+zip")).toBeUndefined();
    for (const cut of [1, 21, 22, 23, 5000, epub.length >> 1]) {
      expect([cut, await refusalOf(epub.subarray(0, epub.length - cut), "application/epub+zip")]).toEqual([cut, FILE_MESSAGES.brokenEpub]);
    }
    expect(await refusalOf(commented.subarray(0, commented.length - 1), "application/epub+zip")).toBe(FILE_MESSAGES.brokenEpub);
  });
});

describe("the held-back end", () => {
  it("passes every byte on in order, holding back only the last ones until they are judged", async () => {
    const epub = epubBytes({ chapterBytes: 300_000 });
    const check = endCheckOf("application/epub+zip")!;
    let given = 0;
    async function* counted() {
      for await (const piece of chunksOf(epub, 10_000)) {
        given += piece.length;
        yield piece;
      }
    }
    const sent: Uint8Array[] = [];
    let sentBytes = 0;
    for await (const piece of withJudgedEnd(counted(), check, (message) => new Refused(message))) {
      sent.push(piece);
      sentBytes += piece.length;
      // Never more than what arrived, less the tail held back (until the end has come and been judged).
      if (given < epub.length) expect(sentBytes).toBeLessThanOrEqual(given - check.tailBytes);
    }
    expect(Buffer.concat(sent).equals(epub)).toBe(true);
  });

  it("sends nothing of a refused file's held-back end", async () => {
    const whole = linearizedPdfBytes({ fillerBytes: 300_000 });
    const pdf = whole.subarray(0, whole.length - 8);
    const { refusal, sent } = await streamed(pdf, "application/pdf", 8192);
    expect(refusal).toBe(FILE_MESSAGES.brokenPdf);
    expect(sent.length).toBe(pdf.length - endCheckOf("application/pdf")!.tailBytes);
    expect(sent.equals(pdf.subarray(0, sent.length))).toBe(true);
  });

  it("has no check for a video: its bytes go on as they come", () => {
    expect(endCheckOf("video/mp4")).toBeUndefined();
  });
});
