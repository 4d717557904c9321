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
export function servePagedList(path: string, key: string, total: number, make: (id: number) => Record<string, unknown>): ListQuery[] {
  const queries: ListQuery[] = [];
  upstream.use(
    http.get(`${UPSTREAM}${path}`, ({ request: incoming }) => {
      const params = new URL(incoming.url).searchParams;
      queries.push({ page: params.get("page"), limit: params.get("limit"), authorization: incoming.headers.get("authorization") });
      const limit = Number(params.get("limit") || 0) || total;
      const page = Math.max(1, Number(params.get("page") || 0));
      const first = (page - 1) * limit + 1;
      const last = Math.min(total, page * limit);
      const records = Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => make(first + index));
      return HttpResponse.json({ [key]: records, total });
    }),
  );
  return queries;
}

/** The query of a page as the screens send it. */
export function pageQuery(page: number) {
  return { page: String(page), limit: "20", authorization: "Bearer token-role-3" };
}
