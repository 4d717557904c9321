/**
 * How an upstream may page a list besides the reference API's way (spec §7 and §9 leave it open):
 * `maxLimit` caps the page size whatever is asked, `fixedLimit` answers that many whatever is
 * asked, `ignoresPage` answers the first page to every page, `firstPage: 0` counts pages from 0
 * (else from 1, and `pageZero` says what page 0 answers: the first page, as the reference API, an
 * empty list or an error status), `pastEnd` what a page past the end answers (an empty list, the
 * last page again, or an error status).
 */
export interface PagingQuirks {
  maxLimit?: number;
  fixedLimit?: number;
  ignoresPage?: boolean;
  firstPage?: 0 | 1;
  pageZero?: "first" | "empty" | number;
  pastEnd?: "empty" | "last" | number;
}

/**
 * What such an upstream holding records 1..`total` (in that order) answers to `?page=&limit=` (null
 * when absent: the first page, every record): the records' numbers, or an error status.
 */
export function pagedAnswer(total: number, query: { page: string | null; limit: string | null }, quirks: PagingQuirks = {}): number[] | { status: number } {
  const { maxLimit = Infinity, fixedLimit, ignoresPage = false, firstPage = 1, pageZero = "first", pastEnd = "empty" } = quirks;
  const limit = fixedLimit ?? Math.min(maxLimit, Number(query.limit || 0) || total);
  const page = Number(query.page || 0);
  if (!ignoresPage && firstPage === 1 && query.page !== null && page === 0 && pageZero !== "first") return pageZero === "empty" ? [] : { status: pageZero };
  let index = ignoresPage ? 0 : firstPage === 0 ? page : Math.max(0, page - 1);
  if (index > 0 && index * limit >= total) {
    if (pastEnd === "empty") return [];
    if (pastEnd !== "last") return { status: pastEnd };
    index = Math.max(0, Math.ceil(total / limit) - 1);
  }
  const first = index * limit + 1;
  const last = Math.min(total, (index + 1) * limit);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, offset) => first + offset);
}
