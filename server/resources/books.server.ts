import * as z from "zod";
import { toDateInputValue } from "~/admin/format";
import { bookResource, type BookCells, type bookSchema } from "~/admin/resources/books";
import { coverUrl, fileUrl } from "~/lib/files";
import type { UpstreamClient } from "../upstream.server.ts";
import { bookLookups } from "./lookups.server.ts";
import type { OutgoingFields, PageRequest, ResourceAdapter } from "./screen.server.ts";
import { keyedList, upstreamId, upstreamText } from "./upstream-shapes.server.ts";

/**
 * Adapter for `/books` (spec §7): listed from `GET /books/all` (`{ books: [...] }`), written as
 * multipart with the relations as ids (`genres[]`, `tags[]` repeated) and the files `cover`
 * (image) and `file` (PDF or EPUB); an edit is `PATCH /books/{id}`.
 */

/** A related record as the book carries it: the spec promises a name, the id may come along. */
const related = z
  .object({ id: upstreamId.optional(), name: upstreamText })
  .nullish()
  .transform((value) => value ?? { id: undefined, name: "" });

const book = z.object({
  id: upstreamId,
  title: upstreamText,
  synopsis: upstreamText,
  published_date: upstreamText,
  isbn_issn: upstreamText,
  author_id: upstreamId.nullish(),
  author: related,
  publisher_id: upstreamId.nullish(),
  publisher: related,
  classification_id: upstreamId.nullish(),
  genres: z.array(related).nullish().transform((list) => list ?? []),
  tags: z.array(related).nullish().transform((list) => list ?? []),
  cover: upstreamText,
  file: upstreamText,
});
export type Book = z.infer<typeof book>;


export function listBooks(api: UpstreamClient, page: PageRequest | undefined): Promise<Book[]> {
  return api.call(keyedList("books", book), { path: "/books/all", query: page });
}

function idsOf(list: Array<{ id?: string }>): string[] {
  return list.flatMap((item) => (item.id ? [item.id] : []));
}

/**
 * The text fields in the order of spec §7. A relation list goes as one repeated `name[]` field;
 * on an edit an empty list is sent as one empty value, since leaving the field out keeps the
 * stored links.
 */
function bookFields(values: z.output<typeof bookSchema>, update: boolean): OutgoingFields {
  const list = (ids: string[]) => (ids.length > 0 ? ids : update ? [""] : []);
  return {
    title: values.title,
    author_id: values.author_id,
    publisher_id: values.publisher_id,
    published_date: values.published_date,
    isbn_issn: values.isbn_issn,
    classification_id: values.classification_id,
    synopsis: values.synopsis,
    "genres[]": list(values.genres),
    "tags[]": list(values.tags),
  };
}

export const bookAdapter: ResourceAdapter<Book, BookCells, typeof bookSchema> = {
  definition: bookResource,
  list: listBooks,
  lookups: bookLookups,
  idOf: (record) => record.id,
  cells: (record, text) => ({
    title: record.title,
    author: record.author.name,
    publisher: record.publisher.name,
    synopsis: text.summary(record.synopsis),
    published_date: text.date(record.published_date),
    isbn_issn: record.isbn_issn,
    genres: record.genres.map((genre) => genre.name).join(", "),
    cover: coverUrl(record.cover),
  }),
  formValues: (record) => ({
    title: record.title,
    synopsis: record.synopsis,
    published_date: toDateInputValue(record.published_date),
    isbn_issn: record.isbn_issn,
    author_id: record.author_id ?? record.author.id ?? "",
    publisher_id: record.publisher_id ?? record.publisher.id ?? "",
    classification_id: record.classification_id ?? "",
    genres: idsOf(record.genres),
    tags: idsOf(record.tags),
  }),
  files: (record) => ({ cover: coverUrl(record.cover), file: fileUrl(record.file) }),
  create: { method: "POST", path: "/books", encoding: "multipart", body: (values) => bookFields(values, false) },
  update: {
    method: "PATCH",
    path: (id) => `/books/${encodeURIComponent(id ?? "")}`,
    encoding: "multipart",
    body: (values) => bookFields(values, true),
  },
  removePath: (id) => `/books/${encodeURIComponent(id)}`,
};
