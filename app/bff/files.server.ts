import { getSession } from "./session.server.ts";
import { upstreamFor } from "./auth.server.ts";
import { imageVariant, requestedWidth, WIDTH_MESSAGE } from "./images.server.ts";

/**
 * Images and documents stored upstream, streamed through this site (so visitors never need the
 * upstream's address): `/files/{name}` and `/covers/{name}`. Names are single path segments;
 * anything that could climb out of the folder is refused before the upstream is asked.
 * `?w=` asks for a resized image instead of the original (app/bff/images.server.ts).
 */

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;
const PASSED_HEADERS = ["content-type", "content-length", "etag", "last-modified"];
/** Stored names are random and a replaced file gets a new name: a day's cache is safe. */
const CACHE_CONTROL = "public, max-age=86400";

export type FileArea = "files" | "covers";

export function isSafeFileName(name: string | undefined): name is string {
  return name !== undefined && SAFE_NAME.test(name) && !name.includes("..");
}

const badRequest = (message: string) => new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });

/** `clientAddress` is the visitor's address (the load context's `clientIp`): it bounds their resizes. */
export async function streamStoredFile(request: Request, area: FileArea, name: string | undefined, clientAddress = "unknown"): Promise<Response> {
  const url = new URL(request.url);
  if (!isSafeFileName(name) || /%2e|%2f|%5c|%00/i.test(url.pathname)) return badRequest("Nama berkas tidak valid");
  const width = requestedWidth(url);
  if (width === null) return badRequest(WIDTH_MESSAGE);
  const session = await getSession(request);
  const conditional = new Headers({ accept: "*/*" });
  // A variant's validators are not the original's: its conditional request is answered here.
  for (const header of width ? [] : ["if-none-match", "if-modified-since"]) {
    const value = request.headers.get(header);
    if (value) conditional.set(header, value);
  }
  let upstream: Response;
  try {
    upstream = await upstreamFor(request, session.get("token")).fetch({
      path: `/${area}/${encodeURIComponent(name)}`,
      outsideApi: true,
      headers: conditional,
    });
  } catch {
    return new Response("Berkas tidak dapat diambil saat ini", { status: 502, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  if (upstream.status === 304 || upstream.ok) {
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
    return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers });
  }
  // Not awaited: a body nobody reads must not hold the answer up.
  upstream.body?.cancel().catch(() => {});
  const status = upstream.status === 404 || upstream.status === 400 ? 404 : 502;
  return new Response(status === 404 ? "Berkas tidak ditemukan" : "Berkas tidak dapat diambil saat ini", {
    status,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
