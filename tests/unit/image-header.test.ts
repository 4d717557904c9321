import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkImageHeader, IMAGE_HEADER_MAX_BYTES, imageDimensions, MAX_IMAGE_PIXELS } from "~/platform/image-header.server";
import { giantGif, giantJpeg, giantPng, giantWebp, padJpeg } from "../helpers/image-headers";

/** A picture's dimensions from its first bytes, and the pixel limit uploads are held to. */

const CHUNK = 16 * 1024;

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Runs the check as the upload does: the first `first` bytes in hand, the rest from the stream. */
async function check(bytes: Buffer, first = 64, stopAfter = 10 * 1024 * 1024) {
  const rest = chunksOf(bytes.subarray(first), CHUNK);
  const result = await checkImageHeader(bytes.subarray(0, first), rest, stopAfter);
  const remaining: Buffer[] = [];
  for (let next = await rest.next(); !next.done; next = await rest.next()) remaining.push(next.value);
  return { ...result, all: Buffer.concat([result.head, ...remaining]) };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#888" } })
    .withExif({ IFD0: { Copyright: "Dinas Perpustakaan" } })
    .jpeg()
    .toBuffer();

describe("imageDimensions", () => {
  it("reads PNG, GIF and WebP (VP8, VP8L, VP8X) from their first 64 bytes", async () => {
    const base = sharp({ create: { width: 123, height: 45, channels: 4, background: "#3a6" } });
    const samples: Array<[string, Buffer]> = [
      ["png", await base.clone().png().toBuffer()],
      ["gif", await base.clone().gif().toBuffer()],
      ["webp lossy", await base.clone().webp().toBuffer()],
      ["webp lossless", await base.clone().webp({ lossless: true }).toBuffer()],
      ["webp with metadata (VP8X)", await base.clone().withExif({ IFD0: { Artist: "Dinas" } }).webp().toBuffer()],
    ];
    for (const [what, bytes] of samples) expect(await imageDimensions(bytes.subarray(0, 64)), what).toEqual({ width: 123, height: 45 });
  });

  it("reads a JPEG's frame header after its metadata, and nothing before those bytes are there", async () => {
    const jpeg = padJpeg(await photo(640, 480), 20_000);
    expect(await imageDimensions(jpeg.subarray(0, 64))).toBeUndefined();
    expect(await imageDimensions(jpeg.subarray(0, 20_000))).toBeUndefined();
    expect(await imageDimensions(jpeg)).toEqual({ width: 640, height: 480 });
  });

  it("never guesses from a JPEG cut at any of its segment boundaries", async () => {
    const jpeg = padJpeg(await photo(640, 480), 3 * 70_000);
    const answers = new Set<string>();
    for (let at = 2; at + 4 <= jpeg.length && jpeg[at + 1] !== 0xda; at += 2 + jpeg.readUInt16BE(at + 2)) {
      for (const cut of [at, at + 1, at + 2, at + 4]) answers.add(JSON.stringify((await imageDimensions(jpeg.subarray(0, cut))) ?? null));
    }
    expect([...answers].filter((answer) => answer !== "null" && answer !== JSON.stringify({ width: 640, height: 480 }))).toEqual([]);
  });

  it("reads header-only giants without their pixels", async () => {
    expect(await imageDimensions(giantPng(30_000, 30_000))).toEqual({ width: 30_000, height: 30_000 });
    expect(await imageDimensions(await giantJpeg(30_000, 30_000))).toEqual({ width: 30_000, height: 30_000 });
    expect(await imageDimensions(giantWebp(16_384, 16_384))).toEqual({ width: 16_384, height: 16_384 });
    expect(await imageDimensions(giantGif(65_535, 65_535))).toEqual({ width: 65_535, height: 65_535 });
  });

  it("never reads past the bytes it is given (a short Buffer shares its memory with others)", async () => {
    const pool = Buffer.concat([giantPng(30_000, 30_000), Buffer.alloc(64)]);
    for (let length = 0; length < 24; length++) expect(await imageDimensions(pool.subarray(0, length)), `${length} bytes`).toBeUndefined();
    expect(await imageDimensions(pool.subarray(0, 24))).toEqual({ width: 30_000, height: 30_000 });
  });

  it("answers undefined for what is not one of the uploaded formats", async () => {
    expect(await imageDimensions(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9'/>"))).toBeUndefined();
    expect(await imageDimensions(Buffer.from("%PDF-1.7"))).toBeUndefined();
    expect(await imageDimensions(Buffer.alloc(0))).toBeUndefined();
  });
});

describe("checkImageHeader", () => {
  it("passes a picture at the limit and refuses one pixel row over it, in Indonesian with its size", async () => {
    // 50 000 000 = 10 000 × 5 000.
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    expect((await check(giantPng(10_000, 5_000))).refusal).toBeUndefined();
    expect((await check(giantPng(10_000, 5_001))).refusal).toBe("Resolusi gambar 10.000 × 5.001 piksel melebihi batas 50 megapiksel");
  });

  it("refuses every format's giant: 900 megapixels as PNG and JPEG, 268 as WebP, 4295 as GIF", async () => {
    for (const bytes of [giantPng(30_000, 30_000), await giantJpeg(30_000, 30_000), giantWebp(16_384, 16_384), giantGif(65_535, 65_535)]) {
      expect((await check(bytes, Math.min(64, bytes.length))).refusal).toMatch(/^Resolusi gambar [\d.]+ × [\d.]+ piksel melebihi batas 50 megapiksel$/);
    }
  });

  it("reads on past a JPEG's metadata, keeping every byte in order", async () => {
    const giant = padJpeg(await giantJpeg(8_000, 8_000), 200_000);
    const checked = await check(giant);
    expect(checked.refusal).toBe("Resolusi gambar 8.000 × 8.000 piksel melebihi batas 50 megapiksel");
    expect(checked.head.length).toBeGreaterThan(200_000);
    expect(checked.head.length).toBeLessThan(200_000 + 64 + 2 * CHUNK);
    expect(checked.all.equals(giant)).toBe(true);

    const small = padJpeg(await photo(800, 600), 200_000);
    const passed = await check(small);
    expect(passed.refusal).toBeUndefined();
    expect(passed.all.equals(small)).toBe(true);
  });

  it("refuses as unreadable a JPEG whose frame header lies past what is read, and a cut-off header", async () => {
    const late = padJpeg(await photo(800, 600), IMAGE_HEADER_MAX_BYTES + 100_000);
    const checked = await check(late);
    expect(checked.refusal).toBe("Ukuran gambar tidak dapat dibaca dari berkasnya; simpan ulang gambar lalu unggah kembali");
    expect(checked.head.length).toBeLessThanOrEqual(IMAGE_HEADER_MAX_BYTES + CHUNK + 64);
    expect((await check(giantPng(10, 10).subarray(0, 20), 20)).refusal).toMatch(/tidak dapat dibaca/);
  });

  it("leaves a file over the caller's byte limit to the caller: no refusal, reading stops just past it", async () => {
    const jpeg = padJpeg(await photo(800, 600), 300_000);
    const checked = await check(jpeg, 64, 100_000);
    expect(checked.refusal).toBeUndefined();
    expect(checked.head.length).toBeGreaterThan(100_000);
    expect(checked.head.length).toBeLessThanOrEqual(100_000 + CHUNK);
  });
});
