import { log } from "@server/log.server";
import { isUpstreamError, refusesToken, UpstreamError } from "./upstream.server.ts";

/**
 * Reading an upstream list that pages (`page`, `limit`: spec §7) as an upstream written from the
 * spec alone may page it, not only as the reference API does (1-based, page 0 the same as page 1,
 * `limit` as asked, an empty page past the end):
 *
 * - `limit` capped (spec §9: 20, tags 1) or ignored: a short page is not the end; the end is an
 *   empty page or one shorter than the longest so far;
 * - pages counted from 0 or from 1 (spec §9: "0 or 1 depending on screen"): page 0 is read beside
 *   page 1. Records of page 0 that page 1 repeats make them one first page (counted from 1, 0
 *   read as 1); records page 1 does not repeat are the first page of an upstream counting from 0;
 *   an empty or refused page 0 is an upstream counting from 1;
 * - a page past the end answered with the last page again (all repeats) or refused (400, 404,
 *   422) is the end;
 * - `page` ignored (the first page to every page): the first page of repeats ends the read.
 *
 * Only one page with records, then its repeats, is an upstream ignoring `page` or answering a
 * short list's page again past its end: the site cannot tell whether there is more when the page
 * is as long as a cap might be (the spec's 20 or more, or its tags' 1) and no longer than asked.
 * Then the read is `complete: false` and the log says so once per list: the list shows what was
 * read, and a record it lacks may only be unread. Another length is the whole list (a cap of 20
 * answers 20; an upstream that does not page answers everything, longer than asked).
 */

/** One page of the upstream's list, by the upstream's own page number. */
export type ReadPage<Rec> = (page: number, limit: number) => Promise<Rec[]>;

export interface PagedRead<Rec> {
  /** In the upstream's order, each id once. */
  records: Rec[];
  /** False when the upstream may hold records its pages did not show. */
  complete: boolean;
  /** The number of the upstream's first page, 0 or 1: where a window of the list is read. */
  firstPage: 0 | 1;
}

export interface PagedReadOptions<Rec> {
  /** The list's name in the log. */
  key: string;
  limit: number;
  /** Past this page number, the pages are taken to go on without end (the log says so). */
  maxPages: number;
  /** Pages asked for at once once the first three have come. */
  concurrency: number;
  /** A search: ends the read once it holds for a page's new records. */
  until?: (fresh: Rec[]) => boolean;
}

/** Spec §9's page sizes: 20 (genres, classifications, publishers, books, videos), and tags' 1. */
const SPEC_PAGE_SIZE = 20;
const SPEC_TAGS_PAGE_SIZE = 1;

/** Whether a page an upstream answers again for every page may be a cap's, not the whole list. */
const mayBeCapped = (length: number, limit: number) => length <= limit && (length >= SPEC_PAGE_SIZE || length === SPEC_TAGS_PAGE_SIZE);

/** How an upstream may refuse a page past its end, beside answering an empty list. */
const NO_SUCH_PAGE = new Set([400, 404, 422]);

export function isNoSuchPage(error: unknown): boolean {
  return isUpstreamError(error) && error.kind === "http" && NO_SUCH_PAGE.has(error.status);
}

/** A window of a list (a page past the end, refused, is an empty one). */
export function pageOrNone<Rec>(read: Promise<Rec[]>): Promise<Rec[]> {
  return read.catch((error: unknown) => (isNoSuchPage(error) ? [] : Promise.reject(error)));
}

/** What the log has said of each list since the process started (or the tests forgot it): once each. */
const noted = new Set<string>();

function noteOnce(event: string, key: string, fields: Record<string, number | string>): void {
  if (noted.has(`${event} ${key}`)) return;
  noted.add(`${event} ${key}`);
  log(event, { list: key, ...fields });
}

export function forgetPagingNotes(): void {
  noted.clear();
}

/**
 * For a record the read did not find: a read failure when the list may be incomplete (the record
 * may be on a page the upstream never gave), never "deleted".
 */
export function unreadRecord(call: string): UpstreamError {
  return new UpstreamError("invalid-response", 0, "the list's pages repeat: the record may be on a page the upstream does not give", call);
}

/**
 * Page 0's refusal by an upstream counting from 1, as the error it is; a refused token, or no
 * answer at all, is a failed read and is thrown.
 */
function refusedPageZero(error: unknown): UpstreamError {
  if (!isUpstreamError(error) || error.kind !== "http" || refusesToken(error.status)) throw error;
  return error;
}

type Answer<Rec> = { records: Rec[] } | { error: unknown };

/** Every record of a paged list, read as the comment above says. */
export async function readPages<Rec>(readPage: ReadPage<Rec>, idOf: (record: Rec) => string, options: PagedReadOptions<Rec>): Promise<PagedRead<Rec>> {
  const { key, limit, maxPages, concurrency, until } = options;
  const read: PagedRead<Rec> = { records: [], complete: true, firstPage: 1 };
  const seen = new Set<string>();
  let longest = 0;
  let pagesWithNew = 0;
  // Page 0 answered a list (an empty one too), and one with records.
  let zeroListed = false;
  let zeroAnswered = false;
  const take = (records: Rec[]) => {
    const fresh = records.filter((record) => !seen.has(idOf(record)));
    for (const record of fresh) seen.add(idOf(record));
    read.records.push(...fresh);
    return fresh;
  };
  const incomplete = (event: string) => {
    read.complete = false;
    noteOnce(event, key, { records: read.records.length, pageLength: longest });
  };

  for (let next = 0; next <= maxPages; ) {
    // Pages 0 and 1 together (which is the first?), then 2 alone (a short list ends there), then several at once.
    const size = next === 0 ? 2 : next === 2 ? 1 : Math.min(concurrency, maxPages + 1 - next);
    const wave = Array.from({ length: size }, (_, index) => next + index);
    next += size;
    const answers = await Promise.all(
      wave.map((page): Promise<Answer<Rec>> => readPage(page, limit).then((records) => ({ records }), (error: unknown) => ({ error }))),
    );
    for (const [index, answer] of answers.entries()) {
      const page = wave[index];
      if (page === 0) {
        if ("error" in answer) {
          // A failure on its side may hide the first page of an upstream counting from 0.
          if (refusedPageZero(answer.error).status >= 500) incomplete("upstream_list_page_zero_failed");
          continue;
        }
        zeroListed = true;
        const fresh = take(answer.records);
        if (fresh.length > 0) [zeroAnswered, read.firstPage, longest, pagesWithNew] = [true, 0, answer.records.length, 1];
        if (fresh.length > 0 && until?.(fresh)) return read;
        continue;
      }
      if ("error" in answer) {
        // Page 1 refused after page 0 answered: the end of a list counting from 0.
        if (isNoSuchPage(answer.error) && (page > 1 || zeroListed)) return read;
        throw answer.error;
      }
      const fresh = take(answer.records);
      if (fresh.length > 0 && until?.(fresh)) return read;
      // Page 1 all repeats of page 0: one first page, numbered 0 and 1 alike.
      if (page === 1 && zeroAnswered && fresh.length === 0 && answer.records.length > 0) {
        read.firstPage = 1;
        continue;
      }
      if (answer.records.length === 0 || answer.records.length < longest) return read;
      if (fresh.length === 0) {
        if (pagesWithNew < 2 && mayBeCapped(longest, limit)) incomplete("upstream_list_pages_repeat");
        return read;
      }
      longest = Math.max(longest, answer.records.length);
      pagesWithNew += 1;
    }
  }
  incomplete("upstream_list_truncated");
  return read;
}

/**
 * The list's first page alone (a list the upstream orders newest first: its newest), whether the
 * upstream counts pages from 0 or from 1: page 0 when it answers records (an upstream counting
 * from 1 reads 0 as 1, answers nothing, or refuses it), else page 1.
 */
export async function readFirstPage<Rec>(readPage: ReadPage<Rec>, limit: number): Promise<Rec[]> {
  const zero = await readPage(0, limit).catch((error: unknown) => {
    refusedPageZero(error);
    return [];
  });
  return zero.length > 0 ? zero : readPage(1, limit);
}
