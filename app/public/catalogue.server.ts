import { bookResource } from "~/resources/books/books";
import { bookList, relationName, type Book } from "~/resources/books/books.server";
import { classificationResource } from "~/resources/classifications/classifications";
import { listClassifications, type Classification } from "~/resources/classifications/classifications.server";
import { videoResource } from "~/resources/videos/videos";
import { shownUrl, videoList, type Video } from "~/resources/videos/videos.server";
import type { BookCardData, VideoCardData } from "~/lib/cards";
import { formatPublished, publishedIso } from "~/lib/dates";
import { coverUrl } from "~/lib/files";
import { nameKey } from "~/lib/name-keys";
import { UNTITLED } from "~/lib/placeholder-cover";
import { getConfig } from "@server/config.server";
import { errorFields, log } from "@server/log.server";
import { cachedRead, readsResource } from "~/platform/cache.server";
import { listCopy, newestFirst, readWholeList, type ListCopy } from "~/platform/list-copy.server";
import { createUpstreamClient, isUpstreamError, type UpstreamClient } from "~/platform/upstream.server";
import { shownPlainText } from "~/platform/sanitize.server";
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
 *   one copy for the back-office and the public pages, searched with a ranked index of its own
 *   (catalogue-search.server.ts), cleared by a write to the books or to what they show (genres, tags, authors,
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
  /** DD-MM-YYYY, the year alone where only that was written ("c1998": "1998"), or "" when the upstream has none it can read. */
  publishedDate: string;
  /** For machines (schema.org `datePublished`): YYYY-MM-DD or YYYY, when the date is readable. */
  publishedDateIso?: string;
  isbn: string;
  tags: string[];
  classification?: { notation: string; name: string };
  /** Made from the notation, the author and the title (`callNumber`); "" without a classification. */
  callNumber: string;
  /** The book in the mobile app (`APP_BOOK_URL` with `{id}`), when that is set up. */
  appUrl?: string;
}

/** A book's genres or tags as its pages show and its search finds them: as text, none the upstream sent unreadable. */
export const shownNames = (relations: Array<{ name: string }>) => relations.map((relation) => shownPlainText(relationName(relation))).filter((name) => name !== "");

export function bookCard(book: Book): BookCardData {
  return { id: book.id, title: shownPlainText(book.title).trim() || UNTITLED, author: shownPlainText(relationName(book.author)), cover: coverUrl(book.cover), genres: shownNames(book.genres) };
}

function bookDetails(book: Book, classification: Classification | undefined): BookDetails {
  const template = getConfig().product.appBookUrl;
  const card = bookCard(book);
  return {
    ...card,
    publisher: shownPlainText(relationName(book.publisher)),
    synopsis: shownPlainText(book.synopsis),
    publishedDate: formatPublished(book.published_date),
    publishedDateIso: publishedIso(book.published_date),
    isbn: book.isbn_issn,
    tags: shownNames(book.tags),
    classification: classification && { notation: classification.notation, name: shownPlainText(classification.general_name) },
    callNumber: callNumber(classification?.notation ?? "", card.author, shownPlainText(book.title)),
    appUrl: template ? template.replaceAll("{id}", encodeURIComponent(book.id)) : undefined,
  };
}

/**
 * A call number (nomor panggil) as SLiMS prints it on a spine: the classification's notation,
 * the first three letters of the author's entry element in capitals, the title's first letter in
 * lower case ("398.2 WUL d"). The entry element is what Indonesian cataloguing files a person
 * under: the last part of the name, titles and degrees aside ("Dr. Rina Wulandari, M.Hum." and
 * "Wulandari, Rina" are WUL). The upstream keeps none; it is made here, and is empty without a notation.
 */
export function callNumber(notation: string, author: string, title: string): string {
  if (!notation.trim()) return "";
  const letters = (text: string) => text.normalize("NFKD").replace(/[^\p{L}]/gu, "");
  const entry = nameKey(author).split(" ").at(-1) ?? "";
  return [notation.trim(), letters(entry).slice(0, 3).toLocaleUpperCase("id"), letters(title).slice(0, 1).toLocaleLowerCase("id")].filter(Boolean).join(" ");
}

export type BookModel = ListCopy<Book>;

const requestIdOf = (request: Request) => request.headers.get("x-request-id") ?? undefined;

/** The book list's copy, read with the reader account (catalogue-search.server.ts searches it). */
export function catalogueBookCopy(request: Request): Promise<BookModel> {
  return books(request);
}

/** No classifications: one array, so that the search index made with it is kept (catalogue-search.server.ts). */
const NO_CLASSIFICATIONS: readonly Classification[] = [];
/** A refused or failed read of the classifications is not tried again for this long (every visitor would send one). */
const CLASSIFICATIONS_RETRY_MS = 60_000;
let classificationsFailedAt = -Infinity;

/**
 * The classifications (a book names its own by `classification_id` only), read whole with the
 * reader account through the public cache, cleared by a write to them. An upstream that lets only
 * admins read them (the reference API) gives none: the pages then show no classification.
 */
export async function catalogueClassifications(request: Request): Promise<readonly Classification[]> {
  if (Date.now() - classificationsFailedAt < CLASSIFICATIONS_RETRY_MS) return NO_CLASSIFICATIONS;
  try {
    return await cachedRead("catalogue-classifications", classificationResource, () =>
      asReader(requestIdOf(request), (api) => readWholeList(api, { key: "classification", paged: true, list: listClassifications, idOf: (record) => record.id })),
    );
  } catch (error) {
    classificationsFailedAt = Date.now();
    log("catalogue_classifications_unread", { ...errorFields(error) });
    return NO_CLASSIFICATIONS;
  }
}

function books(request: Request): Promise<BookModel> {
  // The page shows the books, and with them their relations' names (cache.server.ts clears both ways).
  readsResource(bookResource);
  return asReader(requestIdOf(request), (api) => listCopy(api, bookList));
}

/** One book, or undefined when the list has no such id. */
export async function catalogueBook(request: Request, id: string): Promise<BookDetails | undefined> {
  const model = await books(request);
  const book = model.records.find((record) => bookList.idOf(record) === id);
  if (!book) return undefined;
  const classifications = book.classification_id ? await catalogueClassifications(request) : NO_CLASSIFICATIONS;
  return bookDetails(book, classifications.find((each) => each.id === book.classification_id));
}

/** Every book's id, for the sitemap. */
export async function catalogueBookIds(request: Request): Promise<string[]> {
  return (await books(request)).records.map((book) => bookList.idOf(book));
}

function videoCard(video: Video): VideoCardData {
  return {
    id: video.id,
    title: shownPlainText(video.title).trim() || UNTITLED,
    description: shownPlainText(video.description),
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
  classificationsFailedAt = -Infinity;
  loginFailed = undefined;
}
