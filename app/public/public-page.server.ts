import { data } from "@remix-run/node";
import { MESSAGES } from "~/config/messages";
import { getConfig } from "@server/config.server";
import { createUpstreamClient, isUpstreamError, type UpstreamClient } from "~/platform/upstream.server";

/**
 * What every public loader starts from: an anonymous upstream client and the site's origin.
 * The client does not follow the visitor's abort signal: its reads are cached and shared with
 * other visitors, who must not lose them because the first one left.
 */
export function publicContext(request: Request): { api: UpstreamClient; siteUrl: string } {
  const api = createUpstreamClient({ requestId: request.headers.get("x-request-id") ?? undefined });
  return { api, siteUrl: siteUrlOf(request) };
}

/**
 * The origin every absolute URL of a page, feed, sitemap or robots.txt starts with: PUBLIC_URL
 * when it is set, otherwise the request's own origin, which server/origin.server.ts validated
 * from the Host header (never from X-Forwarded-Host) before Remix saw the request.
 */
export function siteUrlOf(request: Request): string {
  return getConfig().publicUrl ?? new URL(request.url).origin;
}


/** Sections of a page that may fail alone (spec: public load failures are silent): null instead. */
export async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (isUpstreamError(error)) return null;
    throw error;
  }
}

/** `?page=` of a public list: absent is the first; anything but a page number is no page of the list (404). */
export function pageNumberOf(url: URL): number {
  const value = url.searchParams.get("page");
  if (value === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) notFound();
  return Number(value);
}

/** One page of a public list (`perPage` items from page `page`, 1-based), or undefined past its last page; an empty list has one, empty page. */
export function pageOfList<T>(items: T[], page: number, perPage: number): { items: T[]; page: number; pages: number; total: number } | undefined {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  if (page > pages) return undefined;
  const first = (page - 1) * perPage;
  return { items: items.slice(first, first + perPage), page, pages, total: items.length };
}

export function notFound(): never {
  throw data({ message: MESSAGES.pageNotFound }, { status: 404 });
}

/**
 * The upstream's refusals of a record the visitor named: it does not exist (404, 410), or the
 * upstream will not read the name (400, 422: an id past its own limit, which ours cannot know).
 */
const NO_SUCH_RECORD = new Set([400, 404, 410, 422]);

/**
 * The page's main content could not be had: 404 when the upstream says there is no such record,
 * 503 when the upstream cannot answer. Anything else is a real bug and stays one.
 */
export function failPage(error: unknown): never {
  if (isUpstreamError(error)) {
    if (error.kind === "http" && NO_SUCH_RECORD.has(error.status)) notFound();
    throw data({ message: MESSAGES.upstreamUnavailable }, { status: 503 });
  }
  throw error;
}
