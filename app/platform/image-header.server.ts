import { imageSize } from "image-size";
import sharp from "sharp";

/**
 * A picture's dimensions from its header, and the one pixel limit the site holds pictures to:
 * an upload over it is refused (app/platform/multipart.server.ts) and the resizer never decodes one
 * (app/platform/images.server.ts). A decompression bomb (a few KB that claim 30000 × 30000 pixels)
 * costs its decoder the claimed size in memory and CPU, whatever the file's size.
 */

/** 50 megapixels: more than any camera or phone photo an admin will upload (48 MP is 8000 × 6000). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * How much of an image's start is read to find its dimensions. PNG, GIF and WebP keep them in
 * the first 30 bytes; a JPEG after its metadata segments (EXIF with a thumbnail, ICC profile,
 * XMP), tens of KiB for a camera's photo. A JPEG whose frame header lies past this is refused
 * as unreadable rather than buffered further.
 */
export const IMAGE_HEADER_MAX_BYTES = 1024 * 1024;

export interface Dimensions {
  width: number;
  height: number;
}

/** Formats whose dimensions sit at fixed offsets near the start (image-size's names), all within 30 bytes. */
const FIXED_HEADER_TYPES = new Set(["png", "gif", "webp"]);
const FIXED_HEADER_BYTES = 64;

const isJpeg = (head: Uint8Array) => head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
const found = (width: number | undefined, height: number | undefined): Dimensions | undefined =>
  Number.isSafeInteger(width) && Number.isSafeInteger(height) ? { width: width as number, height: height as number } : undefined;

/**
 * The dimensions in an image's leading bytes (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X, GIF
 * logical screen), or undefined while they are not there (too few bytes, or not such a file).
 *
 * PNG, GIF and WebP are read by image-size, from fixed offsets. A JPEG is read by libjpeg
 * (sharp's metadata, which needs the bytes up to the start of the scan and no pixels): the
 * decoder the resizer uses, so the dimensions judged are the ones it would decode, whatever
 * the kind of frame header, and a cut-off header is an error, never a guess. (image-size's
 * JPEG reader is made for whole files: on bytes that stop at a segment boundary it scans on
 * through the previous segment's data and can take its bytes for a frame header.)
 */
export async function imageDimensions(head: Uint8Array): Promise<Dimensions | undefined> {
  try {
    if (isJpeg(head)) {
      const { width, height, format } = await sharp(head, { limitInputPixels: false }).metadata();
      return format === "jpeg" ? found(width, height) : undefined;
    }
    // A copy of exactly the bytes there are: image-size reads through a DataView on the
    // buffer's whole ArrayBuffer, which for a short Buffer (from Node's shared pool) holds
    // other bytes past its end.
    const { width, height, type } = imageSize(new Uint8Array(head.subarray(0, FIXED_HEADER_BYTES)));
    return type && FIXED_HEADER_TYPES.has(type) ? found(width, height) : undefined;
  } catch {
    // Thrown while the header is not all there yet, or for a broken one.
    return undefined;
  }
}

const grouped = (value: number) => new Intl.NumberFormat("id-ID").format(value);

export const IMAGE_HEADER_MESSAGES = {
  tooManyPixels: ({ width, height }: Dimensions) =>
    `Resolusi gambar ${grouped(width)} × ${grouped(height)} piksel melebihi batas ${grouped(MAX_IMAGE_PIXELS / 1_000_000)} megapiksel`,
  unreadable: "Ukuran gambar tidak dapat dibaca dari berkasnya; simpan ulang gambar lalu unggah kembali",
};

export interface ImageHeaderCheck {
  /** The bytes read so far (the caller's head and any read after it), to be sent on in order. */
  head: Buffer;
  /** Why the picture is refused (Indonesian, for the admin), if it is. */
  refusal?: string;
}

/**
 * Reads on from `head` until the picture's dimensions show (or the file ends, or `stopAfter`
 * bytes are held), then judges them against MAX_IMAGE_PIXELS. `rest` yields the file's later
 * bytes; what is read from it is returned in `head`, so nothing is lost. When more than
 * `stopAfter` bytes were read the caller's size limit decides, so no refusal is given here.
 */
export async function checkImageHeader(head: Buffer, rest: AsyncIterator<Buffer>, stopAfter: number): Promise<ImageHeaderCheck> {
  let dimensions = await imageDimensions(head);
  const limit = Math.min(stopAfter, IMAGE_HEADER_MAX_BYTES);
  while (!dimensions && head.length <= limit) {
    const { value, done } = await rest.next();
    if (done) break;
    head = Buffer.concat([head, value]);
    dimensions = await imageDimensions(head);
  }
  if (!dimensions) return head.length > stopAfter ? { head } : { head, refusal: IMAGE_HEADER_MESSAGES.unreadable };
  if (dimensions.width * dimensions.height > MAX_IMAGE_PIXELS) return { head, refusal: IMAGE_HEADER_MESSAGES.tooManyPixels(dimensions) };
  return { head };
}

/**
 * Whether a stored picture decodes to its end: a PNG or JPEG cut short (a copy that stopped
 * half-way) passes every header check and shows visitors a broken image. Read in strips
 * (`sequentialRead`), so memory stays small whatever its size; its pixels were bounded before.
 */
export async function imageIsWhole(file: string): Promise<boolean> {
  try {
    await sharp(file, { failOn: "truncated", sequentialRead: true, limitInputPixels: false }).stats();
    return true;
  } catch {
    return false;
  }
}
