import type { Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { getConfig } from "@server/config.server";
import { requestOrigin } from "@server/origin.server";
import { countPageCacheLookup } from "./metrics.server.ts";
import { clearedSince, clearSequence, trackReads } from "./cache.server.ts";
import { pageStore, type PageStore, SESSION_CACHE_CONTROL, sendStoredPage, sharedCacheControl, storedPage, type StoredPage } from "./page-store.server.ts";

/**
 * Whole public pages, cached in the process for the public cache's TTL: within it a visitor's
 * page is the last one rendered, so a burst of visitors costs neither upstream calls nor React
 * renders. Only anonymous GETs (no cookie) whose answer is a 200 HTML page that sets no cookie,
 * no Cache-Control `no-store` or `private` and no CSP of its own (which is not replayed: a stored
 * HTML file's sandbox) are kept, and only when the request's host headers are the usual ones
 * (server/origin.server.ts). A request with a CSP nonce is a page that hydrates (the back-office,
 * the login: server/security.server.ts) and is never kept; a public page has no nonce, so its
 * bytes are the same for every visitor and are kept compressed as they are sent
 * (page-store.server.ts), with a strong ETag, and say that caches in front may keep them as long.
 * A page knows which resources its reads showed (cache.server.ts, `trackReads`): a write to one
 * of them makes it stale, a write to another leaves it (a page whose reads are not known is
 * stale after any write).
 */

/** Bounded in count and bytes (every encoding counted), because URLs (query strings, hosts) are chosen by visitors. */
const pages = pageStore({ maxPages: 200, maxBytes: 32 * 1024 * 1024 });
/**
 * Pages whose address has a query string (a search, a facet, a page of a list) are the ones a
 * visitor can vary without end: they are kept apart, in a store of their own bounded lower, so
 * that a flood of distinct searches never pushes the home page or an activity's page out.
 */
const queryPages = pageStore({ maxPages: 100, maxBytes: 8 * 1024 * 1024 });
/** The store a request's page is kept in. */
function storeFor(req: Request): PageStore {
  return req.originalUrl.includes("?") ? queryPages : pages;
}
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

export function publicPageCache(): RequestHandler {
  return (req, res, next) => {
    const config = getConfig();
    const { ttlMs } = config.publicCache;
    if (req.headers.cookie || req.headers.authorization) return answeredPrivately(res, next);
    if ((req.method !== "GET" && req.method !== "HEAD") || res.locals.cspNonce || ttlMs === 0) return next();

    const origin = requestOrigin(req, res, config);
    if (!origin) return next();
    // What selects the page: its path and query, and without PUBLIC_URL the origin too (its
    // canonical and og:url are written from it). Never a header that only looks like the host.
    const key = config.publicUrl ? req.originalUrl : `${origin.origin}${req.originalUrl}`;
    const madeAfterClear = clearSequence();
    const store = storeFor(req);
    const cached = store.get(key);
    const hit = cached !== undefined && !clearedSince(cached.resources, cached.madeAfterClear) && Date.now() - cached.storedAt <= ttlMs;
    countPageCacheLookup(hit);
    if (cached && hit) return sendStoredPage(req, res, cached);
    // A HEAD gets a stored page's head (its ETag, its length, as a GET's); missed, it is rendered as
    // before and never stored: Node sends no body for it, and none would be kept.
    if (req.method === "HEAD") return next();

    const reads = new Set<string>();
    // A rendered page leaves the site's policy as it was set before this middleware (a replay gets
    // a fresh one); an answer with a policy of its own, a stored file's sandbox, is no page.
    const pagePolicy = res.getHeader("content-security-policy");
    const forEveryone = () =>
      !res.getHeader("set-cookie") &&
      !forbidsSharing(res.getHeader("cache-control")) &&
      res.getHeader("content-security-policy") === pagePolicy &&
      !clearedSince(reads, madeAfterClear);
    const keepable = () => {
      const type = String(res.getHeader("content-type") ?? "");
      const declared = Number(res.getHeader("content-length") ?? 0);
      // A page rendered for odd host headers (another spelling of the host, a forwarded host,
      // with PUBLIC_URL another host) is that request's alone.
      const keep = res.statusCode === 200 && type.startsWith("text/html") && !(declared > MAX_PAGE_BYTES) && origin.usual && forEveryone();
      // A page kept here may be kept as long by a cache in front, and no longer.
      if (keep) res.setHeader("Cache-Control", sharedCacheControl(ttlMs));
      return keep;
    };
    const keep = (body: Buffer): StoredPage => {
      const headers = Object.entries(res.getHeaders()).flatMap(([name, value]): Array<[string, string | string[]]> =>
        value === undefined || OWN_HEADERS.has(name) ? [] : [[name, typeof value === "number" ? String(value) : value]],
      );
      const page = storedPage(body, { headers, storedAt: Date.now(), resources: reads, madeAfterClear });
      store.set(key, page);
      return page;
    };
    let copy: Buffer | undefined;
    captureBody(res, keepable, {
      // The page whole before its head went out: stored, then answered as stored (ETag, encodings).
      held(body) {
        sendStoredPage(req, res, keep(body));
      },
      // A page whose head went out first (a handler's writeHead): kept for the next visitors.
      copied(body) {
        copy = body;
      },
    });
    // Checked again once it went out: a header may be set after this middleware's look (on-headers
    // listeners registered before it run after it: the back-office's no-store, for one).
    res.once("finish", () => {
      if (!forEveryone()) store.delete(key);
      else if (copy) keep(copy);
    });
    trackReads(reads, next);
  };
}

/** A page for a visitor with a session: no cache anywhere keeps it, whatever it says of itself. */
function answeredPrivately(res: Response, next: () => void): void {
  onHeaders(res, () => {
    if (String(res.getHeader("content-type") ?? "").startsWith("text/html") && !forbidsSharing(res.getHeader("cache-control"))) {
      res.setHeader("Cache-Control", SESSION_CACHE_CONTROL);
    }
  });
  next();
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

interface CaptureEnds {
  /** The whole page, none of it sent yet: the answer is the caller's to send. */
  held(body: Buffer): void;
  /** A copy of a page that went out as it was written. */
  copied(body: Buffer): void;
}

/**
 * Sees what the handler writes (before compression, which wraps these same calls). It decides
 * once, from the head, with `keepable()`: when the handler first flushes or writes with its head
 * not yet sent (Remix's pages), the page is held, not sent, and handed to `held` at its end;
 * when the head goes out first (writeHead), a copy is kept as the page goes out and handed to
 * `copied`. Either stops past MAX_PAGE_BYTES: what was held is sent, the copy dropped, the rest
 * passes untouched. Everything else (a file, a redirect, a failed or private page) passes
 * through with nothing held.
 */
function captureBody(res: Response, keepable: () => boolean, ends: CaptureEnds): void {
  let state: "undecided" | "holding" | "copying" | "passing" = "undecided";
  let chunks: Buffer[] = [];
  let bytes = 0;
  const write = res.write;
  const end = res.end;
  const flushHeaders = res.flushHeaders;
  const release = () => {
    heldBytes -= bytes;
    chunks = [];
    bytes = 0;
  };
  const decide = () => {
    if (state === "undecided") state = keepable() ? "holding" : "passing";
  };
  onHeaders(res, () => {
    if (state === "undecided") state = keepable() ? "copying" : "passing";
  });
  // What was kept is released when the response ends, finished or not.
  res.once("close", () => {
    if (state === "holding" || state === "copying") release();
  });
  /** Whether the chunk was kept (false: past the bound, and what was held is on its way). */
  const keep = (chunk: unknown): boolean => {
    // A copy: the writer may reuse its buffer.
    const copy = typeof chunk === "string" || chunk instanceof Uint8Array ? Buffer.from(chunk) : undefined;
    if (!copy) return true;
    if (bytes + copy.length <= MAX_PAGE_BYTES) {
      chunks.push(copy);
      bytes += copy.length;
      heldBytes += copy.length;
      return true;
    }
    const held = state === "holding" ? chunks : [];
    state = "passing";
    release();
    for (const part of held) (write as (chunk: Buffer) => boolean).call(res, part);
    return false;
  };
  res.flushHeaders = function (this: Response) {
    decide();
    if (state !== "holding") flushHeaders.call(this);
  };
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    if (!res.headersSent) decide();
    if (state === "holding" && keep(chunk)) return true;
    // The original call first: it sends the head (on-headers above decides) before the chunk is looked at.
    const accepted = (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    if (state === "copying" && !keep(chunk)) state = "passing";
    return accepted;
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    if (!res.headersSent) decide();
    if (state === "holding" && (typeof chunk === "function" || keep(chunk))) {
      const body = Buffer.concat(chunks);
      release();
      state = "passing";
      // The response is now the caller's: it answers with the original calls (this one restored).
      res.write = write;
      res.end = end;
      res.flushHeaders = flushHeaders;
      ends.held(body);
      return res;
    }
    const ended = (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    if (state === "copying" && typeof chunk !== "function" && keep(chunk)) {
      const body = Buffer.concat(chunks);
      release();
      state = "passing";
      ends.copied(body);
    }
    return ended;
  } as Response["end"];
}
