import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "~/lib/images";
import { MAX_IMAGE_PIXELS } from "./image-header.server.ts";
import { readVariant, storeVariant, variantFile } from "./image-cache.server.ts";
import { errorFields, log } from "@server/log.server";

/**
 * Resized variants of stored images (`/files/{name}?w=640`): AVIF or WebP as the browser's
 * Accept header allows (JPEG for one that takes neither), never larger than the original,
 * without metadata, kept on disk under DATA_DIR/image-cache (image-cache.server.ts, which bounds
 * it). The cache key includes the upstream's validators (ETag, Last-Modified, length), so a
 * changed original never serves an old variant. The upstream is asked on every request (it
 * decides who may see the file); only the resize is cached.
 *
 * Decoding is the costly part, so it is bounded three ways: an original that failed to resize is
 * remembered (its later requests go to the original without decoding it again), resizes of one
 * original run one after another (a burst for its widths and formats decodes a broken one once),
 * and one client address has at most MAX_RESIZES_PER_ADDRESS new variants being made or waiting
 * at a time, under the process-wide MAX_RESIZES.
 */

export const WIDTH_MESSAGE = `Lebar gambar tidak didukung. Gunakan salah satu: ${IMAGE_WIDTHS.join(", ")}.`;
export const NOT_AN_IMAGE_MESSAGE = "Parameter w hanya berlaku untuk berkas gambar.";

/**
 * Formats sharp decodes reliably as a single still picture; an SVG is served as it is. A GIF's
 * variant is its first frame, as small as a photo's (a 12-frame GIF went whole, 2.6 MB, to every
 * card and phone); its original, animation and all, stays at the plain address.
 */
const RESIZABLE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);
/** An original larger than this is served as it is rather than held in memory to resize. */
const MAX_SOURCE_BYTES = 32 * 1024 * 1024;
/**
 * Uploads over the same limit are refused (app/platform/image-header.server.ts); an original that
 * reached the upstream another way is refused here from its header, before it is decoded.
 */
const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;
/**
 * A JPEG is decoded already shrunk (libjpeg's DCT scaling, 1/2 to 1/8, which sharp applies to any
 * resize that much smaller), so a camera's 108-megapixel photo costs what a 7-megapixel one does:
 * up to four times the limit is resized rather than sent whole (9 MB) to a phone.
 */
const MAX_JPEG_INPUT_PIXELS = 4 * MAX_IMAGE_PIXELS;
/** The key changes with this, so a new encoder setting never serves variants made by the old one. */
const ENCODER_VERSION = 1;
/** Stored names are random (a replaced file gets a new name) and a variant is derived from one. */
const VARIANT_CACHE_CONTROL = "public, max-age=2592000";

type VariantFormat = "avif" | "webp" | "jpeg";

const ENCODERS: Record<VariantFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  // Only for browsers that accept neither: JPEG has no transparency, so it goes on white.
  jpeg: (image) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 75, mozjpeg: true }),
};

// One libvips thread per resize and at most two resizes at once: a burst of new variants cannot
// take every core or hold many decoded pictures in memory. The disk cache replaces libvips' own.
sharp.concurrency(1);
sharp.cache(false);
const MAX_RESIZES = Math.min(2, availableParallelism());
let running = 0;
const waiting: Array<() => void> = [];

async function withResizeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RESIZES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Concurrent requests for the same variant wait for one resize. */
const inflight = new Map<string, Promise<Buffer>>();

/**
 * New variants being made (or waiting for a slot) per client address: past this many, the
 * address's next new variant is answered with the original, which is always a correct picture
 * for an `<img srcset>` and costs no decoding. A variant another request is already making, or
 * one on disk, is not counted. The bound is a page's worth: the first visitor after a content
 * change asks for every picture of the home page at once, and must get variants, not the
 * originals (with two, a phone was sent four 60 KB originals of the home page). The CPU stays
 * bounded by MAX_RESIZES; this keeps one address from filling the queue. Waiting beyond it would
 * hold a connection and an upstream answer open per request; a 503 would show a broken picture
 * on a legitimate page. The redirect is not cached, so the browser's next view asks again.
 */
export const MAX_RESIZES_PER_ADDRESS = 16;
const resizesByAddress = new Map<string, number>();

function admit(address: string): boolean {
  const count = resizesByAddress.get(address) ?? 0;
  if (count >= MAX_RESIZES_PER_ADDRESS) return false;
  resizesByAddress.set(address, count + 1);
  return true;
}

function release(address: string): void {
  const count = (resizesByAddress.get(address) ?? 1) - 1;
  if (count <= 0) resizesByAddress.delete(address);
  else resizesByAddress.set(address, count);
}

/**
 * Originals that could not be resized (corrupt, truncated, over the pixel or size limit), keyed
 * like the variants by the upstream's validators, so a replaced original is tried afresh. In
 * memory and bounded: a few hundred bytes an entry. Forgotten after an hour, so a failure that
 * was the machine's (memory, for one) does not stay forever; each process learns on its own,
 * at the cost of one decode per original per hour.
 */
const FAILED_ORIGINALS_MAX = 10_000;
const FAILED_ORIGINAL_TTL_MS = 60 * 60 * 1000;
const failedOriginals = new LRUCache<string, true>({ max: FAILED_ORIGINALS_MAX, ttl: FAILED_ORIGINAL_TTL_MS });

/** A failure of the original itself (not of reading it from the upstream): remembered. */
class OriginalUnusable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OriginalUnusable";
  }
}

/** The original is known not to resize: answered without reading or decoding it. */
class KnownUnusable extends Error {}

/** Resizes of one original, one after another: the second of a burst learns from the first. */
const turns = new Map<string, Promise<void>>();

function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const mine = (turns.get(key) ?? Promise.resolve()).then(work);
  const settled = mine.then(
    () => {},
    () => {},
  );
  turns.set(key, settled);
  void settled.then(() => {
    if (turns.get(key) === settled) turns.delete(key);
  });
  return mine;
}

/** `undefined` without `?w=`, `null` for a width outside IMAGE_WIDTHS (or given twice). */
export function requestedWidth(url: URL): number | null | undefined {
  const values = url.searchParams.getAll("w");
  if (values.length === 0) return undefined;
  // Exactly as listed ("0640" is refused too): one URL per variant, for browsers and caches.
  return IMAGE_WIDTHS.find((width) => values.length === 1 && values[0] === String(width)) ?? null;
}

function preferredFormat(accept: string | null): VariantFormat {
  const types = (accept ?? "")
    .split(",")
    // "image/avif;q=0" means "not this one".
    .filter((part) => !/;\s*q=0(\.0*)?\s*(;|$)/i.test(part))
    .map((part) => part.split(";")[0].trim().toLowerCase());
  if (types.includes("image/avif")) return "avif";
  if (types.includes("image/webp")) return "webp";
  return "jpeg";
}

export interface VariantSource {
  area: string;
  name: string;
  width: number;
  /** The upstream's answer for the original; its body is read, or cancelled when not needed. */
  upstream: Response;
  /** Headers every stored-file answer carries (security, nosniff). */
  headers: Headers;
  /** Who asked (the client's address as the server sees it): bounds their resizes. */
  clientAddress: string;
}

/**
 * The answer for `?w=`: the variant (from the cache, or resized now), 304, or 400 for a file
 * that is not an image. `undefined` when the original should be served as it is (an SVG, or one
 * too large to resize), so that an `<img srcset>` never breaks.
 */
export async function imageVariant(request: Request, source: VariantSource): Promise<Response | undefined> {
  const { upstream } = source;
  const type = (upstream.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const length = Number(upstream.headers.get("content-length") ?? NaN);
  if (!type.startsWith("image/")) {
    upstream.body?.cancel().catch(() => {});
    return new Response(NOT_AN_IMAGE_MESSAGE, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  if (!RESIZABLE_TYPES.has(type) || length > MAX_SOURCE_BYTES) return undefined;

  const format = preferredFormat(request.headers.get("accept"));
  const originalKey = createHash("sha256")
    .update(
      JSON.stringify([
        source.area,
        source.name,
        upstream.headers.get("etag"),
        upstream.headers.get("last-modified"),
        upstream.headers.get("content-length"),
      ]),
    )
    .digest("hex");
  const key = createHash("sha256")
    .update(
      JSON.stringify([
        ENCODER_VERSION,
        source.area,
        source.name,
        upstream.headers.get("etag"),
        upstream.headers.get("last-modified"),
        upstream.headers.get("content-length"),
        source.width,
        format,
      ]),
    )
    .digest("hex");
  const etag = `"${key.slice(0, 32)}"`;
  const headers = new Headers(source.headers);
  headers.set("cache-control", VARIANT_CACHE_CONTROL);
  headers.set("vary", "Accept");
  headers.set("etag", etag);

  if (request.headers.get("if-none-match")?.split(",").some((tag) => tag.trim() === etag)) {
    upstream.body?.cancel().catch(() => {});
    return new Response(null, { status: 304, headers });
  }

  const file = variantFile(key, format);
  let variant: Buffer | undefined = await readVariant(file);
  if (variant) {
    upstream.body?.cancel().catch(() => {});
  } else {
    let pending = inflight.get(key);
    if (pending) upstream.body?.cancel().catch(() => {});
    else if (failedOriginals.has(originalKey) || !admit(source.clientAddress)) {
      upstream.body?.cancel().catch(() => {});
      return toOriginal(source);
    } else {
      pending = inTurn(originalKey, () => resizeAndStore(originalKey, upstream, source.width, format, file)).finally(() => {
        inflight.delete(key);
        release(source.clientAddress);
      });
      inflight.set(key, pending);
    }
    try {
      variant = await pending;
    } catch (error) {
      if (!(error instanceof KnownUnusable)) {
        log("image_variant_failed", {
          area: source.area,
          name: source.name,
          width: source.width,
          format,
          remembered: error instanceof OriginalUnusable,
          ...errorFields(error),
        });
      }
      // Whatever went wrong (a corrupt or gigantic picture), the original is never worse than nothing.
      return toOriginal(source);
    }
  }
  headers.set("content-type", `image/${format}`);
  headers.set("content-length", String(variant.byteLength));
  headers.delete("last-modified");
  return new Response(new Uint8Array(variant), { status: 200, headers });
}

/** JPEG's start-of-image marker: the bytes say what the original is, whatever its Content-Type claims. */
const isJpeg = (bytes: Buffer) => bytes.length > 2 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** The answer that sends the browser to the original, for a variant that is not made now. */
function toOriginal(source: VariantSource): Response {
  return new Response(null, {
    status: 302,
    headers: { location: `/${source.area}/${encodeURIComponent(source.name)}`, "cache-control": "no-store" },
  });
}

async function resizeAndStore(originalKey: string, upstream: Response, width: number, format: VariantFormat, file: string): Promise<Buffer> {
  // An earlier turn for this original may have failed while this one waited.
  if (failedOriginals.has(originalKey)) {
    upstream.body?.cancel().catch(() => {});
    throw new KnownUnusable("original known not to resize");
  }
  let variant: Buffer;
  try {
    const original = await readAtMost(upstream, MAX_SOURCE_BYTES);
    variant = await withResizeSlot(async () => {
      try {
        return await ENCODERS[format](
          sharp(original, { limitInputPixels: isJpeg(original) ? MAX_JPEG_INPUT_PIXELS : MAX_INPUT_PIXELS, failOn: "error" })
            // Metadata is dropped, so a camera's orientation flag is applied to the pixels first.
            .rotate()
            .resize({ width, withoutEnlargement: true }),
        ).toBuffer();
      } catch (error) {
        throw new OriginalUnusable(`cannot resize: ${String(error)}`, { cause: error });
      }
    });
  } catch (error) {
    // A body that broke off on the way is the connection's fault, not the picture's: tried again next time.
    if (error instanceof OriginalUnusable) failedOriginals.set(originalKey, true);
    throw error;
  }
  await storeVariant(file, variant);
  return variant;
}

async function readAtMost(response: Response, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    total += read.value.byteLength;
    if (total > limit) {
      reader?.cancel().catch(() => {});
      throw new OriginalUnusable(`original larger than ${limit} bytes`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}
