import type { RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import onHeaders from "on-headers";
import { getConfig } from "@server/config.server";
import { requestOrigin } from "@server/origin.server";
import { countPageCacheLookup } from "./metrics.server.ts";
import { clearedSince, clearSequence, trackReads } from "./cache.server.ts";

/**
 * Whole public pages, cached in the process for the public cache's TTL: within it a visitor's
 * page is the last one rendered, so a burst of visitors costs neither upstream calls nor React
 * renders. Only anonymous GETs (no cookie) whose answer is a 200 HTML page that sets no cookie,
 * no Cache-Control `no-store` or `private` and no CSP of its own (which is not replayed: a stored
 * HTML file's sandbox) are kept, and only when the request's host headers are the usual ones
 * (server/origin.server.ts).
 * A page knows which resources its reads showed (cache.server.ts, `trackReads`): a write to one
 * of them makes it stale, a write to another leaves it (a page whose reads are not known is
 * stale after any write).
 * The page's CSP nonce is replaced by this response's own.
 */

interface CachedPage {
  headers: Array<[string, string | string[]]>;
  /** The page's bytes cut where its nonce was, to be joined with the next response's nonce. */
  parts: Buffer[];
  storedAt: number;
  /** What it shows, and the clear it was made after. */
  resources: ReadonlySet<string>;
  madeAfterClear: number;
}

/** Bounded in count and bytes, because URLs (query strings, hosts) are chosen by visitors. */
const MAX_PAGES = 200;
const MAX_BYTES = 32 * 1024 * 1024;
/**
 * A page larger than this is not kept: 1 MiB, a thirty-second of the cache and about forty times
 * the home page (27 KB). Its copy is dropped as soon as it passes the bound, so no response is
 * ever held whole here, whatever its size.
 */
export const MAX_PAGE_BYTES = 1024 * 1024;
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

/**
 * Pages whose address has a query string (a search, a facet, a page of a list) are the ones a
 * visitor can vary without end: they are kept apart, in a part of their own bounded lower, so that
 * a flood of distinct searches never pushes the home page or an activity's page out.
 */
const MAX_QUERY_PAGES = 100;
const MAX_QUERY_BYTES = 8 * 1024 * 1024;
const queryPages = new LRUCache<string, CachedPage>({
  max: MAX_QUERY_PAGES,
  maxSize: MAX_QUERY_BYTES,
  sizeCalculation: (page) => Math.max(1, page.parts.reduce((bytes, part) => bytes + part.length, 0)),
});
const partFor = (url: string) => (url.includes("?") ? queryPages : pages);

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
    const madeAfterClear = clearSequence();
    const part = partFor(req.originalUrl);
    const cached = part.get(key);
    const hit = cached !== undefined && !clearedSince(cached.resources, cached.madeAfterClear) && Date.now() - cached.storedAt <= ttlMs;
    countPageCacheLookup(hit);
    if (cached && hit) {
      for (const [name, value] of cached.headers) res.setHeader(name, value);
      const body = joinWith(cached.parts, Buffer.from(nonce));
      res.setHeader("Content-Length", body.length);
      res.status(200).end(body);
      return;
    }

    const reads = new Set<string>();
    // A rendered page leaves the site's policy as it was set before this middleware (a replay gets
    // a fresh one); an answer with a policy of its own, a stored file's sandbox, is no page.
    const pagePolicy = res.getHeader("content-security-policy");
    const forEveryone = () =>
      !res.getHeader("set-cookie") &&
      !forbidsSharing(res.getHeader("cache-control")) &&
      res.getHeader("content-security-policy") === pagePolicy &&
      !clearedSince(reads, madeAfterClear);
    const capture = captureBody(res, () => {
      // Decided as the head goes out, before a byte of the body is kept: only what may be stored.
      const type = String(res.getHeader("content-type") ?? "");
      const declared = Number(res.getHeader("content-length") ?? 0);
      // A page rendered for odd host headers (another spelling of the host, a forwarded host,
      // with PUBLIC_URL another host) is that request's alone.
      return res.statusCode === 200 && type.startsWith("text/html") && !(declared > MAX_PAGE_BYTES) && origin.usual && forEveryone();
    });
    res.once("finish", () => {
      const chunks = capture.kept();
      // Checked again: a header may be set after this middleware's look (on-headers listeners
      // registered before it run after it: the back-office's no-store, for one).
      if (!chunks || !forEveryone()) return;
      const headers = Object.entries(res.getHeaders()).flatMap(([name, value]): Array<[string, string | string[]]> =>
        value === undefined || OWN_HEADERS.has(name) ? [] : [[name, typeof value === "number" ? String(value) : value]],
      );
      part.set(key, { headers, parts: splitOn(Buffer.concat(chunks), Buffer.from(nonce)), storedAt: Date.now(), resources: reads, madeAfterClear });
    });
    trackReads(reads, next);
  };
}

/** Whether Cache-Control (one header or several) says `no-store` or `private`: not for a shared cache. */
function forbidsSharing(value: number | string | string[] | undefined): boolean {
  const names = [value ?? ""].flat().join(",").split(",").map((directive) => directive.split("=")[0].trim().toLowerCase());
  return names.includes("no-store") || names.includes("private");
}

/** Bytes held by captures under way, across requests (for the tests: a file download holds none). */
let heldBytes = 0;
export function pageCaptureHeldBytes(): number {
  return heldBytes;
}

/**
 * Keeps a copy of what the handler writes (before compression, which wraps these same calls),
 * only when `keepable()` says so as the head goes out, and only up to MAX_PAGE_BYTES: past that
 * the copy is dropped and the rest passes untouched. Everything else (a file, a redirect, a
 * failed or private page) passes through with nothing kept. `kept()` is the copy once the
 * response has finished, or undefined.
 */
function captureBody(res: Response, keepable: () => boolean): { kept(): Buffer[] | undefined } {
  let state: "undecided" | "keeping" | "passing" = "undecided";
  let chunks: Buffer[] = [];
  let bytes = 0;
  const stop = () => {
    state = "passing";
    heldBytes -= bytes;
    chunks = [];
    bytes = 0;
  };
  onHeaders(res, () => {
    if (state === "undecided") state = keepable() ? "keeping" : "passing";
  });
  // What was kept is released when the response ends, finished or not.
  res.once("close", () => {
    if (state === "keeping") heldBytes -= bytes;
  });
  const keep = (chunk: unknown) => {
    if (state !== "keeping") return;
    // A copy: the writer may reuse its buffer.
    const copy = typeof chunk === "string" || chunk instanceof Uint8Array ? Buffer.from(chunk) : undefined;
    if (!copy) return;
    if (bytes + copy.length > MAX_PAGE_BYTES) return stop();
    chunks.push(copy);
    bytes += copy.length;
    heldBytes += copy.length;
  };
  const write = res.write;
  const end = res.end;
  // The original call first: it sends the head (on-headers above decides) before the chunk is looked at.
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    const accepted = (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    keep(chunk);
    return accepted;
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    const ended = (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    if (typeof chunk !== "function") keep(chunk);
    return ended;
  } as Response["end"];
  return { kept: () => (state === "keeping" ? chunks : undefined) };
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
