import { hash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";

/**
 * A stored public page is kept as the bytes it is sent as: compressed once when it is stored,
 * gzip and Brotli beside the plain bytes, so that an answer is a lookup and a write. A store is
 * bounded in count and in bytes (all three encodings counted); the page cache may hold several
 * (each with its own bounds) under the one answering path here.
 */

export type PageEncoding = "br" | "gzip" | "identity";
/** Ours is the order among encodings a client accepts equally: Brotli's bytes are the fewest. */
const PREFERRED: PageEncoding[] = ["br", "gzip", "identity"];

export interface StoredPage {
  /** The page's own headers, Cache-Control included; never those answered per response. */
  headers: Array<[string, string | string[]]>;
  bodies: Record<PageEncoding, Buffer>;
  /** One strong ETag per encoding: each is a different representation. */
  etags: Record<PageEncoding, string>;
  storedAt: number;
  /** What it shows, and the clear it was made after (cache.server.ts). */
  resources: ReadonlySet<string>;
  madeAfterClear: number;
}

export type PageStore = LRUCache<string, StoredPage>;

/** A store of pages: the least recently served goes first when either bound is reached. */
export function pageStore({ maxPages, maxBytes }: { maxPages: number; maxBytes: number }): PageStore {
  return new LRUCache<string, StoredPage>({
    max: maxPages,
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length),
  });
}

/**
 * Brotli's quality 5: about a millisecond for the home page, within 15 % of quality 11's bytes,
 * which costs some 100 ms a page (and a visitor who makes up query strings makes us store).
 */
const BROTLI_QUALITY = 5;

/**
 * The page compressed once, both ways. At once, not in libuv's pool: a couple of milliseconds
 * after a render that cost more, and the page is stored before its first answer goes out.
 */
export function storedPage(body: Buffer, page: Omit<StoredPage, "bodies" | "etags">): StoredPage {
  const gzipBody = gzipSync(body, { level: zlib.Z_BEST_COMPRESSION });
  const brBody = brotliCompressSync(body, {
    params: {
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const tag = hash("sha256", body, "base64url").slice(0, 27);
  return {
    ...page,
    bodies: { identity: body, gzip: gzipBody, br: brBody },
    etags: { identity: `"${tag}"`, gzip: `"${tag}-gzip"`, br: `"${tag}-br"` },
  };
}

/** Negotiator's 0.6.4 `encodings(available, preferred)`, which its published types leave out. */
type WithPreferred = (available: string[], preferred: string[]) => string[];

/**
 * The encoding this request gets: the highest q-value it gives (negotiator reads the header as
 * RFC 9110 says: `*`, `q=0`, identity implied), ours among equals; identity when it accepts none.
 */
export function pageEncoding(req: Pick<Request, "headers">): PageEncoding {
  const negotiator = new Negotiator(req);
  const [best] = (negotiator.encodings.bind(negotiator) as unknown as WithPreferred)(PREFERRED, PREFERRED);
  return (best as PageEncoding | undefined) ?? "identity";
}

/**
 * Answers a stored page: its headers, the encoding the request prefers, its strong ETag, and a
 * 304 without a body when the request's If-None-Match names it (Express's `req.fresh`).
 */
export function sendStoredPage(req: Request, res: Response, page: StoredPage): void {
  const encoding = pageEncoding(req);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", page.etags[encoding]);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.status(200);
  if (req.fresh) {
    res.removeHeader("Content-Encoding");
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Length", page.bodies[encoding].length);
  res.end(page.bodies[encoding]);
}

/**
 * What a stored page says to caches in front (nginx, a CDN) and to browsers: a shared cache may
 * keep it for the page cache's own time to live and no longer, so that an admin's change is on
 * every page within it; for as long again it may answer its stale copy while it fetches a new one.
 * A browser asks again every time (its ETag makes that a 304).
 */
export function sharedCacheControl(ttlMs: number): string {
  const seconds = Math.floor(ttlMs / 1000);
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;
}

/** What an answer to a visitor with a session (a cookie, credentials) says: no cache keeps it. */
export const SESSION_CACHE_CONTROL = "private, no-store";
