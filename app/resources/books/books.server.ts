import * as z from "zod";
import type { ListSource } from "~/platform/list-copy.server";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { keyedList, upstreamId, upstreamStrictText, upstreamText } from "~/platform/upstream-shapes.server";
import { formatDayMonthYear } from "~/lib/dates";
import { standardNumberQuery, standardNumberSearchTerms } from "~/lib/standard-numbers";

/**
 * `/books` (spec §7) as the upstream answers it: listed from `GET /books/all` (`{ books: [...] }`),
 * relations by name (an id may come along). The record's shape, its reads, and the books' list
 * copy with its search index, which the back-office's book screen and the public catalogue share
 * (app/platform/list-copy.server.ts).
 */

/**
 * A relation the upstream sent in no shape we know. It is shown under this name and, matching
 * no choice, is never preselected: an edit leaves it as it is stored, never clears it.
 */
const UNREADABLE: { id?: string; name: string } = { id: undefined, name: "(tidak terbaca)" };

/** A related record as the book carries it: the spec promises a name, the id may come along. */
const related = z
  .union([
    // An object that names nothing ({} or {name: ""}) is unreadable, not "no relation": only null is that.
    z.object({ id: upstreamId.optional().catch(undefined), name: upstreamText }).refine((value) => value.id !== undefined || value.name !== ""),
    upstreamStrictText.transform((name) => ({ id: undefined, name })),
  ])
  .nullish()
  .transform((value) => value ?? { id: undefined, name: "" })
  .catch(UNREADABLE);
const relatedList = z
  .array(related)
  .nullish()
  .transform((list) => list ?? [])
  .catch([UNREADABLE]);

const book = z.object({
  id: upstreamId,
  title: upstreamText,
  synopsis: upstreamText,
  published_date: upstreamText,
  isbn_issn: upstreamText,
  author_id: upstreamId.nullish().catch(undefined),
  author: related,
  publisher_id: upstreamId.nullish().catch(undefined),
  publisher: related,
  classification_id: upstreamId.nullish().catch(undefined),
  genres: relatedList,
  tags: relatedList,
  cover: upstreamText,
  file: upstreamText,
});
export type Book = z.infer<typeof book>;

export function listBooks(api: UpstreamClient, page: PageRequest | undefined): Promise<Book[]> {
  return api.call(keyedList("books", book), { path: "/books/all", query: page });
}

const names = (relations: Array<{ name: string }>) => relations.map((relation) => relation.name).filter((name) => name !== "").join(", ");

/**
 * The books' list copy: one for the back-office and the public catalogue (about 50 MiB at
 * 10,000 books, so never two), searched over these fields; the book screen's listed columns are
 * the same, in the same order (a unit test holds them so), so that its search and sorting find
 * their column here. An ISBN or ISSN is found in any writing (app/lib/standard-numbers.ts).
 */
export const bookList: ListSource<Book> = {
  key: "book",
  resource: "books",
  paged: true,
  list: listBooks,
  idOf: (book) => book.id,
  textFields: ["title", "author", "publisher", "synopsis", "published_date", "isbn_issn", "genres"],
  texts: (book) => [
    book.title,
    book.author.name,
    book.publisher.name,
    book.synopsis,
    formatDayMonthYear(book.published_date),
    // As stored, and each number it holds compact with its ISBN-10/13 twin: any writing finds it.
    [book.isbn_issn, ...standardNumberSearchTerms(book.isbn_issn)].join(" "),
    names(book.genres),
  ],
  searchKey: { field: "isbn_issn", key: standardNumberQuery },
};
