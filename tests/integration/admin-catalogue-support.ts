import { READ_PAGE_LIMIT } from "~/platform/list-copy.server";
import { http, HttpResponse } from "msw";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { pagedAnswer, type PagingQuirks } from "../helpers/paging-quirks";

export type { PagingQuirks };

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

/** Answers `GET path` with records `make(1..total)` under `key`, paged as `quirks` say, and records every query. */
export function servePagedList(path: string, key: string, total: number, make: (id: number) => Record<string, unknown>, quirks: PagingQuirks = {}): ListQuery[] {
  const queries: ListQuery[] = [];
  upstream.use(
    http.get(`${UPSTREAM}${path}`, ({ request: incoming }) => {
      const params = new URL(incoming.url).searchParams;
      queries.push({ page: params.get("page"), limit: params.get("limit"), authorization: incoming.headers.get("authorization") });
      const answer = pagedAnswer(total, { page: params.get("page"), limit: params.get("limit") }, quirks);
      if ("status" in answer) return HttpResponse.json({ error: "Halaman tidak ada" }, { status: answer.status });
      return HttpResponse.json({ [key]: answer.map(make), total });
    }),
  );
  return queries;
}

/** The query of one page of the BFF's read of a whole list (pages of READ_PAGE_LIMIT, 100). */
export function readQuery(page: number, limit = READ_PAGE_LIMIT) {
  return { page: String(page), limit: String(limit), authorization: "Bearer token-role-3" };
}

/**
 * The queries of a whole list's read, pages 0 to `lastPage`: a short list is three (pages 0 and 1,
 * which tell whether the upstream counts from 0 or 1, and the empty page after it that shows a
 * short page was not the upstream capping `limit`).
 */
export function readQueries(lastPage: number) {
  return Array.from({ length: lastPage + 1 }, (_, page) => readQuery(page));
}
