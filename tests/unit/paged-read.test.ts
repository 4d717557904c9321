import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetPagingNotes, readFirstPage, readPages, type PagedReadOptions } from "~/platform/paged-read.server";
import { UpstreamError } from "~/platform/upstream.server";
import { pagedAnswer, type PagingQuirks } from "../helpers/paging-quirks";

/**
 * A paged upstream list read whole (app/platform/paged-read.server.ts) from every way an upstream
 * written from spec §7 and §9 alone may page it: pages from 0 or 1 (and what page 0 is to one
 * counting from 1), `limit` as asked, capped at 20 or 1, ignored (20 always, or the whole list),
 * `page` ignored, and a page past the end empty, the last page again, or refused.
 */

type Row = { id: string };
const LIMIT = 100;
const OPTIONS: PagedReadOptions<Row> = { key: "uji", limit: LIMIT, maxPages: 2_000, concurrency: 4 };

/** The upstream as `pagedAnswer` says, each page a call; an error status thrown as the client throws it. */
function upstreamOf(total: number, quirks: PagingQuirks) {
  const calls: number[] = [];
  const readPage = async (page: number, limit: number): Promise<Row[]> => {
    calls.push(page);
    const answer = pagedAnswer(total, { page: String(page), limit: String(limit) }, quirks);
    if ("status" in answer) throw new UpstreamError("http", answer.status, "Halaman tidak ada", "GET /uji");
    return answer.map((id) => ({ id: String(id) }));
  };
  return { calls, readPage };
}

const ids = (count: number) => Array.from({ length: count }, (_, index) => String(index + 1));

const TOTALS = [0, 1, 19, 20, 21, 45, 100, 101, 250];
const SIZES: PagingQuirks[] = [{}, { maxLimit: 20 }, { maxLimit: 1 }, { fixedLimit: 20 }, { fixedLimit: 250 }];
const COUNTING: PagingQuirks[] = [
  { firstPage: 0 },
  { firstPage: 1, pageZero: "first" },
  { firstPage: 1, pageZero: "empty" },
  { firstPage: 1, pageZero: 422 },
  { firstPage: 1, pageZero: 500 },
];
const PAST_END: PagingQuirks["pastEnd"][] = ["empty", "last", 404, 422];
const cases = TOTALS.flatMap((total) => SIZES.flatMap((size) => COUNTING.flatMap((counting) => PAST_END.map((pastEnd) => ({ total, quirks: { ...size, ...counting, pastEnd } })))));

/** A page repeated may be a cap's (20 or more, or tags' 1, spec §9) unless it is longer than asked: the site cannot tell it from the whole list. */
const mayBeCapped = (length: number) => length <= LIMIT && (length >= 20 || length === 1);

/** The page length the upstream answers to our `limit`. */
const pageLength = (quirks: PagingQuirks) => quirks.fixedLimit ?? Math.min(quirks.maxLimit ?? Infinity, LIMIT);

afterEach(() => {
  forgetPagingNotes();
  vi.restoreAllMocks();
});

describe("an upstream that pages", () => {
  it.each(cases)("$total records, $quirks: every record once, in order, in a bounded number of calls", async ({ total, quirks }) => {
    const { calls, readPage } = upstreamOf(total, quirks);
    const read = await readPages(readPage, (row) => row.id, OPTIONS);
    expect(read.records.map((row) => row.id)).toEqual(ids(total));
    const length = pageLength(quirks);
    expect(calls.length).toBeLessThanOrEqual(Math.ceil(total / length) + 6);
    // Complete unless page 0 failed on the upstream's side, or one page, as long as a cap might be, was answered again past the end.
    const onePageAgain = quirks.pastEnd === "last" && total <= length && mayBeCapped(total);
    expect(read.complete).toBe(!(quirks.firstPage === 1 && quirks.pageZero === 500) && !onePageAgain);
    if (total > length) expect(read.firstPage).toBe(quirks.firstPage);
  });
});

describe("an upstream that ignores `page`", () => {
  const ignoring = TOTALS.flatMap((total) => SIZES.map((size) => ({ total, quirks: { ...size, ignoresPage: true } })));

  it.each(ignoring)("$total records, $quirks: its first page once, a few calls, incomplete when that page may be a cap's", async ({ total, quirks }) => {
    const { calls, readPage } = upstreamOf(total, quirks);
    const read = await readPages(readPage, (row) => row.id, OPTIONS);
    const shown = Math.min(total, pageLength(quirks));
    expect(read.records.map((row) => row.id)).toEqual(ids(shown));
    expect(calls.length).toBeLessThanOrEqual(3);
    expect(read.complete).toBe(!mayBeCapped(shown));
  });

  it("says so in the log once per list, however often the list is read", async () => {
    const lines: string[] = [];
    vi.stubEnv("LOG_LEVEL", "info");
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const { readPage } = upstreamOf(45, { maxLimit: 20, ignoresPage: true });
    await readPages(readPage, (row) => row.id, OPTIONS);
    await readPages(readPage, (row) => row.id, OPTIONS);
    vi.unstubAllEnvs();
    const events = lines.map((line) => JSON.parse(line) as { event: string; list: string; records: number });
    expect(events).toEqual([expect.objectContaining({ event: "upstream_list_pages_repeat", list: "uji", records: 20 })]);
  });
});

describe("failures", () => {
  it("a page that fails before the end fails the read; one refused past the end is the end", async () => {
    const failing = async (page: number): Promise<Row[]> => {
      if (page === 3) throw new UpstreamError("http", 500, undefined, "GET /uji");
      return page <= 4 ? ids(100).map((id) => ({ id: `${page}-${id}` })) : [];
    };
    await expect(readPages(failing, (row) => row.id, OPTIONS)).rejects.toMatchObject({ status: 500 });
    const refusedAtFive = async (page: number): Promise<Row[]> => {
      if (page >= 5) throw new UpstreamError("http", 404, undefined, "GET /uji");
      return page >= 1 ? ids(100).map((id) => ({ id: `${page}-${id}` })) : [];
    };
    expect((await readPages(refusedAtFive, (row) => row.id, OPTIONS)).records).toHaveLength(400);
  });

  it("a refused token or no answer at page 0 fails the read", async () => {
    for (const error of [new UpstreamError("http", 401, undefined, "GET /uji"), new UpstreamError("timeout", 0, undefined, "GET /uji")]) {
      const readPage = async (page: number): Promise<Row[]> => (page === 0 ? Promise.reject(error) : []);
      await expect(readPages(readPage, (row) => row.id, OPTIONS)).rejects.toBe(error);
    }
  });

  it("a list refused at pages 0 and 1 fails the read (no such list)", async () => {
    const { readPage } = upstreamOf(0, { pageZero: 404, pastEnd: 404 });
    const missing = async (page: number, limit: number) => (page === 1 ? Promise.reject(new UpstreamError("http", 404, undefined, "GET /uji")) : readPage(page, limit));
    await expect(readPages(missing, (row) => row.id, OPTIONS)).rejects.toMatchObject({ status: 404 });
  });
});

describe("a search", () => {
  it("stops at the page that holds what it looks for", async () => {
    const { calls, readPage } = upstreamOf(250, { maxLimit: 20, firstPage: 0, pastEnd: 404 });
    const read = await readPages(readPage, (row) => row.id, { ...OPTIONS, concurrency: 1, until: (fresh) => fresh.some((row) => row.id === "65") });
    expect(read.records.map((row) => row.id)).toContain("65");
    expect(calls).toEqual([0, 1, 2, 3]);
  });
});

describe("the first page alone", () => {
  it.each(COUNTING)("%o: the first records, whether pages count from 0 or 1", async (counting) => {
    const { readPage } = upstreamOf(45, { ...counting, maxLimit: 20 });
    expect((await readFirstPage(readPage, 12)).map((row) => row.id)).toEqual(ids(12));
  });
});
