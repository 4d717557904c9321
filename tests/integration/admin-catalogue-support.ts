import { READ_PAGE_LIMIT } from "~/platform/list-copy.server";
import { http, HttpResponse } from "msw";
import { upstream, UPSTREAM } from "../mocks/upstream";

/**
 * The catalogue screens' upstream lists: paged as the reference API pages (`page` 1-based, 0 or
 * missing = 1; `limit` 0 or missing = all), generated on demand so that a list of any length
 * costs only the records actually asked for.
 */

export interface ListQuery {
  page: string | null;
  limit: string | null;
  authorization: string | null;
}

/** Answers `GET path` with records `make(1..total)` under `key`, and records every query. */
/**
 * How an upstream may page besides the reference API's way: `maxLimit` caps the page size whatever
 * is asked (a spec-only upstream may), `ignoresPage` answers the whole list to every page.
 */
export interface PagingQuirks {
  maxLimit?: number;
  ignoresPage?: boolean;
}

export function servePagedList(
  path: string,
  key: string,
  total: number,
  make: (id: number) => Record<string, unknown>,
  { maxLimit = Infinity, ignoresPage = false }: PagingQuirks = {},
): ListQuery[] {
  const queries: ListQuery[] = [];
  upstream.use(
    http.get(`${UPSTREAM}${path}`, ({ request: incoming }) => {
      const params = new URL(incoming.url).searchParams;
      queries.push({ page: params.get("page"), limit: params.get("limit"), authorization: incoming.headers.get("authorization") });
      const limit = ignoresPage ? total : Math.min(maxLimit, Number(params.get("limit") || 0) || total);
      const page = ignoresPage ? 1 : Math.max(1, Number(params.get("page") || 0));
      const first = (page - 1) * limit + 1;
      const last = Math.min(total, page * limit);
      const records = Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => make(first + index));
      return HttpResponse.json({ [key]: records, total });
    }),
  );
  return queries;
}

/** The query of one page of the BFF's read of a whole list (pages of READ_PAGE_LIMIT, 100). */
export function readQuery(page: number, limit = READ_PAGE_LIMIT) {
  return { page: String(page), limit: String(limit), authorization: "Bearer token-role-3" };
}

/**
 * The queries of a whole list's read: a short list is two (its page, and the empty page after it
 * that shows a short page was not the upstream capping `limit`).
 */
export function readQueries(pages: number) {
  return Array.from({ length: pages }, (_, index) => readQuery(index + 1));
}
