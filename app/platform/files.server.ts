import { createHash } from "node:crypto";
import parseRange from "range-parser";
import { getSession } from "./session.server.ts";
import { upstreamFor } from "./auth.server.ts";
import { imageVariant, requestedWidth, WIDTH_MESSAGE } from "./images.server.ts";
import { PLACEHOLDER_COVER_CSP, placeholderCoverSvg } from "~/lib/placeholder-cover";

/**
 * Images and documents stored upstream, streamed through this site (so visitors never need the
 * upstream's address): `/files/{name}` and `/covers/{name}`. Names are single path segments;
 * anything that could climb out of the folder is refused before the upstream is asked.
 * `?w=` asks for a resized image instead of the original (app/platform/images.server.ts); a variant is
 * always answered in full.
 *
 * A video player seeks with `Range`, so originals answer it: the header (with `If-Range`) goes
 * upstream, whose 206 is relayed; an upstream that ignores it (200 with the whole file) has the
 * range cut here from its stream, the bytes before it read and dropped, the upstream cancelled
 * after its end, so nothing is ever held whole. One range only: a malformed or multi-range header
 * is answered 200 in full, as RFC 9110 allows. Conditional requests are answered here too when the
 * upstream does not: `If-None-Match` against the upstream's ETag, or a weak one made from the
 * name, length and Last-Modified when it sends none. A HEAD gets the GET's headers, its upstream
 * download cancelled as soon as they are known (a variant's length needs the original's bytes).
 */

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;
const PASSED_HEADERS = ["content-type", "last-modified"];
/** Stored names are random and a replaced file gets a new name: a day's cache is safe. */
const CACHE_CONTROL = "public, max-age=86400";
/** A part must reach the visitor as the bytes it names: compression() would gzip a text file's part. */
const PART_CACHE_CONTROL = `${CACHE_CONTROL}, no-transform`;
/** One range of bytes (RFC 9110 §14.1.1): `first-last`, `first-` or `-suffix`. */
const ONE_RANGE = /^bytes[ \t]*=[ \t]*(\d+-\d*|-\d+)[ \t]*$/i;
const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+|\*)$/;
const TEXT = { "content-type": "text/plain; charset=utf-8" };

export type FileArea = "files" | "covers";

export function isSafeFileName(name: string | undefined): name is string {
  return name !== undefined && SAFE_NAME.test(name) && !name.includes("..");
}

const badRequest = (message: string) => new Response(message, { status: 400, headers: TEXT });
const unavailable = () => new Response("Berkas tidak dapat diambil saat ini", { status: 502, headers: TEXT });
/** 416, saying the file's length when it is known. */
const unsatisfiable = (contentRange: string | undefined) =>
  new Response("Rentang berkas tidak dapat dipenuhi", { status: 416, headers: { ...TEXT, ...(contentRange ? { "content-range": contentRange } : {}) } });
/**
 * A cover a book names that the upstream does not have (a file lost since): still 404, with a
 * drawn cover as its body, which a browser shows in the page's place for it instead of a broken
 * image; with JavaScript or without.
 */
const missingCover = () =>
  new Response(placeholderCoverSvg("Sampul tidak tersedia", ""), {
    status: 404,
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=300",
      "x-content-type-options": "nosniff",
      "content-security-policy": PLACEHOLDER_COVER_CSP,
    },
  });

/** Not awaited: a body nobody reads must not hold the answer up. */
const drop = (response: Response) => void response.body?.cancel().catch(() => {});

/** `clientAddress` is the visitor's address (the load context's `clientIp`): it bounds their resizes. */
export async function streamStoredFile(request: Request, area: FileArea, name: string | undefined, clientAddress = "unknown"): Promise<Response> {
  const response = await storedFileAnswer(request, area, name, clientAddress);
  if (request.method !== "HEAD") return response;
  // Remix answers a HEAD with these headers and leaves the body unread, which would keep the
  // upstream download running: the GET's headers, and its body cancelled now.
  drop(response);
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function storedFileAnswer(request: Request, area: FileArea, name: string | undefined, clientAddress: string): Promise<Response> {
  const url = new URL(request.url);
  if (!isSafeFileName(name) || /%2e|%2f|%5c|%00/i.test(url.pathname)) return badRequest("Nama berkas tidak valid");
  const width = requestedWidth(url);
  if (width === null) return badRequest(WIDTH_MESSAGE);
  const session = await getSession(request);
  const range = width ? undefined : ONE_RANGE.exec(request.headers.get("range") ?? "")?.[1];
  // The bytes as stored (undici would decode a compressed answer under the upstream's length).
  const asked = new Headers({ accept: "*/*", "accept-encoding": "identity" });
  // A variant's validators are not the original's: its conditional request is answered here.
  for (const header of width ? [] : ["if-none-match", "if-modified-since"]) {
    const value = request.headers.get(header);
    if (value) asked.set(header, value);
  }
  if (range) {
    asked.set("range", `bytes=${range}`);
    const ifRange = request.headers.get("if-range");
    if (ifRange) asked.set("if-range", ifRange);
  }
  // fetch adds `Cache-Control: no-cache` to a conditional request unless it has one, and that
  // forbids the upstream's 304: this one lets the upstream revalidate.
  if (asked.has("if-none-match") || asked.has("if-modified-since") || asked.has("if-range")) asked.set("cache-control", "max-age=0");
  let upstream: Response;
  try {
    upstream = await upstreamFor(request, session.get("token")).fetch({
      path: `/${area}/${encodeURIComponent(name)}`,
      outsideApi: true,
      headers: asked,
    });
  } catch {
    return unavailable();
  }
  if (upstream.status !== 304 && upstream.status !== 206 && upstream.status !== 416 && !upstream.ok) {
    drop(upstream);
    const missing = upstream.status === 404 || upstream.status === 400;
    if (missing && area === "covers") return missingCover();
    return missing ? new Response("Berkas tidak ditemukan", { status: 404, headers: TEXT }) : unavailable();
  }

  const headers = new Headers({
    "cache-control": CACHE_CONTROL,
    "x-content-type-options": "nosniff",
    // A stored file is never a page: even an SVG or HTML that slipped through cannot run script here.
    "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  });
  if (width && upstream.ok) {
    const variant = await imageVariant(request, { area, name, width, upstream, headers, clientAddress });
    if (variant) return variant;
  }
  for (const header of PASSED_HEADERS) {
    const value = upstream.headers.get(header);
    if (value) headers.set(header, value);
  }
  const part = CONTENT_RANGE.exec(upstream.headers.get("content-range") ?? "");

  if (upstream.status === 416) {
    drop(upstream);
    return unsatisfiable(/^bytes \*\/\d+$/.exec(upstream.headers.get("content-range") ?? "")?.[0]);
  }

  const length = upstream.status === 206 ? part?.[3] : upstream.headers.get("content-length");
  // The file's whole length, when the upstream says it (a 206's `/*` does not).
  const size = length && /^\d+$/.test(length) ? Number(length) : undefined;
  const etag = upstream.headers.get("etag") ?? (size !== undefined && length ? weakEtag(area, name, length, upstream.headers.get("last-modified")) : undefined);
  if (etag) headers.set("etag", etag);
  if (upstream.status === 304 || (etag && matchesNoneOf(request.headers.get("if-none-match"), etag))) {
    drop(upstream);
    return new Response(null, { status: 304, headers });
  }

  if (upstream.status === 206) {
    // The upstream cut the range itself: relayed as it is, if it says which bytes it sent.
    if (!range || !part) {
      drop(upstream);
      return unavailable();
    }
    headers.set("cache-control", PART_CACHE_CONTROL);
    headers.set("accept-ranges", "bytes");
    headers.set("content-range", part[0]);
    headers.set("content-length", upstream.headers.get("content-length") ?? String(Number(part[2]) - Number(part[1]) + 1));
    return new Response(upstream.body, { status: 206, headers });
  }

  // A 200: the whole file. A range is cut here when the file's length is known.
  if (size !== undefined) {
    headers.set("content-length", String(size));
    headers.set("accept-ranges", "bytes");
  }
  if (range && size !== undefined && ifRangeHolds(request.headers.get("if-range"), etag, upstream.headers.get("last-modified"))) {
    const bytes = byteRange(range, size);
    if (!bytes) {
      drop(upstream);
      return unsatisfiable(`bytes */${size}`);
    }
    headers.set("cache-control", PART_CACHE_CONTROL);
    headers.set("content-range", `bytes ${bytes.start}-${bytes.end}/${size}`);
    headers.set("content-length", String(bytes.end - bytes.start + 1));
    return new Response(upstream.body ? bytesOf(upstream.body, bytes.start, bytes.end) : null, { status: 206, headers });
  }
  return new Response(upstream.body, { status: 200, headers });
}

/** A validator for an upstream that sends none: weak, as name, length and date only suggest the same bytes. */
function weakEtag(area: FileArea, name: string, length: string, lastModified: string | null): string {
  const digest = createHash("sha256").update(JSON.stringify([area, name, length, lastModified])).digest("base64url");
  return `W/"${digest.slice(0, 27)}"`;
}

/** Whether `If-None-Match` names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
function matchesNoneOf(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Whether a range may be served (RFC 9110 §13.1.5): no `If-Range`, or one that names the file as
 * it is by a strong ETag or exactly its Last-Modified date. Otherwise the whole file goes.
 */
function ifRangeHolds(header: string | null, etag: string | undefined, lastModified: string | null): boolean {
  if (!header) return true;
  const value = header.trim();
  if (value.startsWith('"')) return etag !== undefined && !etag.startsWith("W/") && value === etag;
  const date = Date.parse(value);
  return !value.startsWith("W/") && lastModified !== null && !Number.isNaN(date) && date === Date.parse(lastModified);
}

/**
 * The first and last byte of one `Range` spec (as ONE_RANGE took it) in a file of `size` bytes,
 * or undefined when it is unsatisfiable (`-0`, or a start past the end) and the answer is 416.
 */
function byteRange(spec: string, size: number): { start: number; end: number } | undefined {
  // range-parser reads a suffix longer than the file as unsatisfiable; RFC 9110 §14.1.2 serves the file whole.
  const suffix = /^-(\d+)$/.exec(spec);
  const ranges = parseRange(size, suffix && size > 0 && Number(suffix[1]) > size ? "bytes=0-" : `bytes=${spec}`);
  return Array.isArray(ranges) && ranges.length === 1 ? ranges[0] : undefined;
}

/**
 * Bytes `start` to `end` of a stream that begins at byte 0: those before are read and dropped as
 * they come, and the stream is cancelled once `end` has gone. Read only as fast as the visitor
 * takes the part (highWaterMark 0); an upstream that ends early fails the download rather than
 * sending it short.
 */
function bytesOf(body: ReadableStream<Uint8Array>, start: number, end: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let position = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return controller.error(new Error(`the upstream's file ended at byte ${position}, before byte ${end}`));
          const chunkStart = position;
          position += value.byteLength;
          if (position <= start) continue;
          controller.enqueue(value.subarray(Math.max(0, start - chunkStart), Math.min(value.byteLength, end + 1 - chunkStart)));
          if (position > end) {
            controller.close();
            reader.cancel().catch(() => {});
          }
          return;
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}
