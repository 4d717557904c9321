import type { RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { getConfig } from "@server/config.server";
import { requestOrigin } from "@server/origin.server";
import { publicCacheGeneration } from "./public-cache.server.ts";

/**
 * Whole public pages, cached in the process for the public cache's TTL: within it a visitor's
 * page is the last one rendered, so a burst of visitors costs neither upstream calls nor React
 * renders. Only anonymous GETs (no cookie) whose answer is a 200 HTML page that sets no cookie
 * are kept, and only when the request's host headers are the usual ones (server/origin.server.ts);
 * every admin change clears them with the public reads (the generation moves on).
 * The page's CSP nonce is replaced by this response's own.
 */

interface CachedPage {
  headers: Array<[string, string | string[]]>;
  /** The page's bytes cut where its nonce was, to be joined with the next response's nonce. */
  parts: Buffer[];
  storedAt: number;
  generation: number;
}

/** Bounded in count and bytes, because URLs (query strings, hosts) are chosen by visitors. */
const MAX_PAGES = 200;
const MAX_BYTES = 32 * 1024 * 1024;
/** Answered per response, never replayed. */
const OWN_HEADERS = new Set([
  "set-cookie",
  "content-security-policy",
  "x-request-id",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "etag",
  "date",
  "connection",
  "keep-alive",
]);

/** The least recently served page goes first when a bound is reached. */
const pages = new LRUCache<string, CachedPage>({
  max: MAX_PAGES,
  maxSize: MAX_BYTES,
  sizeCalculation: (page) => Math.max(1, page.parts.reduce((bytes, part) => bytes + part.length, 0)),
});

export function publicPageCache(): RequestHandler {
  return (req, res, next) => {
    const nonce = res.locals.cspNonce as string | undefined;
    const config = getConfig();
    const { ttlMs } = config.publicCache;
    if (req.method !== "GET" || req.headers.cookie || req.headers.authorization || !nonce || ttlMs === 0) return next();

    const origin = requestOrigin(req, res, config);
    if (!origin) return next();
    // What selects the page: its path and query, and without PUBLIC_URL the origin too (its
    // canonical and og:url are written from it). Never a header that only looks like the host.
    const key = config.publicUrl ? req.originalUrl : `${origin.origin}${req.originalUrl}`;
    const generation = publicCacheGeneration();
    const cached = pages.get(key);
    if (cached && cached.generation === generation && Date.now() - cached.storedAt <= ttlMs) {
      for (const [name, value] of cached.headers) res.setHeader(name, value);
      const body = joinWith(cached.parts, Buffer.from(nonce));
      res.setHeader("Content-Length", body.length);
      res.status(200).end(body);
      return;
    }

    const chunks = captureBody(res);
    res.once("finish", () => {
      const type = String(res.getHeader("content-type") ?? "");
      if (res.statusCode !== 200 || !type.startsWith("text/html") || res.getHeader("set-cookie") || publicCacheGeneration() !== generation) return;
      // A page rendered for odd host headers (another spelling of the host, a forwarded host,
      // with PUBLIC_URL another host) is that request's alone.
      if (!origin.usual) return;
      const headers = Object.entries(res.getHeaders()).flatMap(([name, value]): Array<[string, string | string[]]> =>
        value === undefined || OWN_HEADERS.has(name) ? [] : [[name, typeof value === "number" ? String(value) : value]],
      );
      pages.set(key, { headers, parts: splitOn(Buffer.concat(chunks), Buffer.from(nonce)), storedAt: Date.now(), generation });
    });
    next();
  };
}

/** Keeps a copy of what the handler writes (before compression, which wraps these same calls). */
function captureBody(res: Response): Buffer[] {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown) => {
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk)); // a copy: the writer may reuse its buffer
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    keep(chunk);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk);
    return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
  } as Response["end"];
  return chunks;
}

function splitOn(bytes: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let found = bytes.indexOf(separator); found !== -1; found = bytes.indexOf(separator, start)) {
    parts.push(bytes.subarray(start, found));
    start = found + separator.length;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

function joinWith(parts: Buffer[], separator: Buffer): Buffer {
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part])));
}
