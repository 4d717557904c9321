import { bookResource } from "~/resources/books/books";
import { bookList, type Book } from "~/resources/books/books.server";
import { videoResource } from "~/resources/videos/videos";
import { shownUrl, videoList, type Video } from "~/resources/videos/videos.server";
import type { BookCardData, VideoCardData } from "~/lib/cards";
import { formatDayMonthYear, isoDate } from "~/lib/dates";
import { coverUrl } from "~/lib/files";
import { getConfig } from "@server/config.server";
import { errorFields, log } from "@server/log.server";
import { pageOfList } from "./public-page.server.ts";
import { cachedRead, readsResource } from "~/platform/cache.server";
import { listCopy, newestFirst, readWholeList, type ListCopy } from "~/platform/list-copy.server";
import { createUpstreamClient, isUpstreamError, type UpstreamClient } from "~/platform/upstream.server";
import { logIn } from "~/platform/users.server";

/**
 * The public catalogue (Koleksi Digital, issue 24): the mobile app's books and videos on the
 * public site. The upstream lets only signed-in users read them, so the BFF reads them with an
 * account of its own (`CATALOGUE_READER_EMAIL` / `CATALOGUE_READER_PASSWORD`, read-only by
 * its role): logged in when first needed, its token kept in this process only, never in a page
 * or a cookie, and renewed once when the upstream refuses it (401). A failed login is not tried
 * again for 30 s (the pages answer 503 meanwhile), so a wrong password cannot become a login per visitor.
 *
 * - Books come from the book resource's list copy (app/resources/books/books.server.ts, `bookList`):
 *   one copy for the back-office and the public pages, searched with its FTS5 index (title and
 *   author here), cleared by a write to the books or to what they show (genres, tags, authors,
 *   publishers, classifications: cache.server.ts) and read again after `ADMIN_LIST_REFRESH_MS`.
 * - Videos are a public read (cache.server.ts), cleared by a write to the videos.
 * Without the setting the catalogue does not exist: its pages answer 404 and nothing links to them.
 */

export const BOOKS_PER_PAGE = 24;
export const VIDEOS_PER_PAGE = 12;

export function catalogueEnabled(): boolean {
  return getConfig().catalogueReader !== undefined;
}

let readerToken: Promise<string> | undefined;
/** A refused or failed login is not tried again for this long: every visitor would otherwise send one. */
const LOGIN_RETRY_MS = 30_000;
let loginFailed: { at: number; error: unknown } | undefined;

/**
 * Runs `read` with the reader account's token, logging in first when there is none. A token the
 * upstream refuses (401: expired, revoked) is dropped and the read tried once more with a new one.
 */
async function asReader<T>(requestId: string | undefined, read: (api: UpstreamClient) => Promise<T>): Promise<T> {
  const reader = getConfig().catalogueReader;
  if (!reader) throw new Error("the catalogue has no reader account (CATALOGUE_READER_EMAIL)");
  for (let attempt = 1; ; attempt += 1) {
    if (!readerToken && loginFailed && Date.now() - loginFailed.at < LOGIN_RETRY_MS) throw loginFailed.error;
    const token = (readerToken ??= logIn(createUpstreamClient({ requestId }), reader).then(
      (newToken) => {
        loginFailed = undefined;
        return newToken;
      },
      (error: unknown) => {
        readerToken = undefined;
        loginFailed = { at: Date.now(), error };
        log("catalogue_reader_login_failed", { ...errorFields(error) });
        throw error;
      },
    ));
    try {
      return await read(createUpstreamClient({ requestId, token: await token }));
    } catch (error) {
      const refused = isUpstreamError(error) && error.kind === "http" && error.status === 401;
      if (!refused) throw error;
      if (readerToken === token) readerToken = undefined;
      if (attempt > 1) {
        // A token fresh from the login refused too (the account disabled, its rights taken): wait as for a failed login.
        loginFailed = { at: Date.now(), error };
        log("catalogue_reader_refused", { ...errorFields(error) });
        throw error;
      }
    }
  }
}

/** A book as its own page shows it. */
export interface BookDetails extends BookCardData {
  publisher: string;
  synopsis: string;
  /** DD-MM-YYYY, or "" when the upstream has none. */
  publishedDate: string;
  /** ISO 8601 for machines (schema.org `datePublished`), when the date is readable. */
  publishedDateIso?: string;
  isbn: string;
  tags: string[];
}

const names = (relations: Array<{ name: string }>) => relations.map((relation) => relation.name).filter((name) => name !== "");

function bookCard(book: Book): BookCardData {
  return { id: book.id, title: book.title, author: book.author.name, cover: coverUrl(book.cover), genres: names(book.genres) };
}

function bookDetails(book: Book): BookDetails {
  return {
    ...bookCard(book),
    publisher: book.publisher.name,
    synopsis: book.synopsis,
    publishedDate: formatDayMonthYear(book.published_date),
    publishedDateIso: isoDate(book.published_date),
    isbn: book.isbn_issn,
    tags: names(book.tags),
  };
}

type BookModel = ListCopy<Book>;

const requestIdOf = (request: Request) => request.headers.get("x-request-id") ?? undefined;

function books(request: Request): Promise<BookModel> {
  // The page shows the books, and with them their relations' names (cache.server.ts clears both ways).
  readsResource(bookResource);
  return asReader(requestIdOf(request), (api) => listCopy(api, bookList));
}

const collator = new Intl.Collator("id", { sensitivity: "base", numeric: true });
const sameName = (a: string, b: string) => collator.compare(a, b) === 0;

/** The genres and tags the books carry (the filters offer only those that find something), per copy of the list. */
const filterNames = new WeakMap<BookModel, { genres: string[]; tags: string[] }>();
function filtersOf(model: BookModel) {
  let kept = filterNames.get(model);
  if (!kept) {
    const distinct = (lists: string[][]) => {
      const seen = new Map<string, string>();
      for (const name of lists.flat()) if (!seen.has(name.toLocaleLowerCase("id"))) seen.set(name.toLocaleLowerCase("id"), name);
      return [...seen.values()].sort(collator.compare);
    };
    kept = { genres: distinct(model.records.map((book) => names(book.genres))), tags: distinct(model.records.map((book) => names(book.tags))) };
    filterNames.set(model, kept);
  }
  return kept;
}

/** The search fields of the book list: title and author (their places in its index); an ISBN in any writing finds its book too (`bookList.searchKey`). */
const SEARCHED_COLUMNS = ["title", "author"].map((field) => bookList.textFields.indexOf(field));

export interface CatalogueQuery {
  /** Words of a title or an author's name, or an ISBN/ISSN ("" for none). */
  q: string;
  /** A genre's or a tag's name ("" for any). */
  genre: string;
  tag: string;
  page: number;
}

export interface CataloguePage {
  books: BookCardData[];
  total: number;
  page: number;
  pageCount: number;
  genres: string[];
  tags: string[];
}

/** One page of the books matching the query, newest first. A page past the last is undefined. */
export async function catalogueBooks(request: Request, query: CatalogueQuery): Promise<CataloguePage | undefined> {
  const model = await books(request);
  const matched = query.q ? model.find(query.q, SEARCHED_COLUMNS) : undefined;
  const chosen = model.records.filter(
    (book, position) =>
      (!matched || matched.has(position)) &&
      (!query.genre || book.genres.some((genre) => sameName(genre.name, query.genre))) &&
      (!query.tag || book.tags.some((tag) => sameName(tag.name, query.tag))),
  );
  const shown = pageOfList(chosen, query.page, BOOKS_PER_PAGE);
  return shown && { books: shown.items.map(bookCard), total: shown.total, page: shown.page, pageCount: shown.pages, ...filtersOf(model) };
}

/** One book, or undefined when the list has no such id. */
export async function catalogueBook(request: Request, id: string): Promise<BookDetails | undefined> {
  const model = await books(request);
  const book = model.records.find((record) => bookList.idOf(record) === id);
  return book ? bookDetails(book) : undefined;
}

/** Every book's id, for the sitemap. */
export async function catalogueBookIds(request: Request): Promise<string[]> {
  return (await books(request)).records.map((book) => bookList.idOf(book));
}

function videoCard(video: Video): VideoCardData {
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    link: shownUrl(video.link),
    thumbnail: shownUrl(video.thumbnail),
    watched: video.watched,
  };
}

/** Every video, newest first (the whole list, read in pages as the back-office reads it). */
export async function catalogueVideos(request: Request): Promise<VideoCardData[]> {
  const videos = await cachedRead("catalogue-videos", videoResource, () =>
    asReader(requestIdOf(request), (api) => readWholeList(api, videoList)),
  );
  return newestFirst(videos, (video) => video.id).map(videoCard);
}

/** For tests: the next read logs in again, whatever the last login did. */
export function forgetReaderToken(): void {
  readerToken = undefined;
  loginFailed = undefined;
}
