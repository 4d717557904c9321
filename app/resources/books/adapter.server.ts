import type * as z from "zod";
import { toDateInputValue } from "~/lib/format";
import { bookResource, type BookCells, type bookSchema } from "~/resources/books/screen";
import { coverUrl, fileUrl } from "~/lib/files";
import { OPTION_SOURCES } from "~/resources/books/pickers.server";
import type { StoredRelation } from "~/admin-kit/relations";
import type { OutgoingFields, ResourceAdapter, WriteContext } from "~/admin-kit/server/screen.server";
import { bookList, listBooks, type Book } from "./books.server";

/**
 * The book screen's adapter for `/books` (spec §7; the record and its list copy: books.server.ts):
 * written as multipart with the relations as ids (`genres[]`, `tags[]` repeated) and the files
 * `cover` (image) and `file` (PDF or EPUB); an edit is `PATCH /books/{id}`.
 */

/** A to-one relation as stored: its id from the book's own `*_id` or the object's, and its name. */
function single(id: string | null | undefined, related: { id?: string; name: string }): StoredRelation[] {
  const storedId = id ?? related.id;
  return storedId === undefined && related.name === "" ? [] : [{ id: storedId, name: related.name }];
}

function listed(relations: Array<{ id?: string; name: string }>): StoredRelation[] {
  return relations.filter((relation) => relation.id !== undefined || relation.name !== "");
}

/**
 * The text fields in the order of spec §7, less those the edit leaves as stored (unchanged, or
 * relations the form could not show). A relation list goes as one repeated `name[]` field. A new
 * book leaves out a relation it has none of; an edit, where leaving a field out keeps what is
 * stored, clears one with a single empty value.
 */
function bookFields(values: z.output<typeof bookSchema>, { id, omitted }: WriteContext): OutgoingFields {
  const list = (ids: string[]) => (ids.length > 0 ? ids : id !== undefined ? [""] : []);
  const fields: OutgoingFields = {
    title: values.title,
    author_id: values.author_id,
    publisher_id: values.publisher_id,
    published_date: values.published_date,
    isbn_issn: values.isbn_issn,
    classification_id: values.classification_id,
    synopsis: values.synopsis,
  };
  for (const name of omitted) delete fields[name];
  if (id === undefined && !values.classification_id) delete fields.classification_id;
  if (!omitted.has("genres")) fields["genres[]"] = list(values.genres);
  if (!omitted.has("tags")) fields["tags[]"] = list(values.tags);
  return fields;
}

export const bookAdapter: ResourceAdapter<Book, BookCells, typeof bookSchema> = {
  definition: bookResource,
  resource: "books",
  list: listBooks,
  listSource: bookList,
  choices: OPTION_SOURCES,
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
  }),
  relations: (record) => ({
    author_id: single(record.author_id, record.author),
    publisher_id: single(record.publisher_id, record.publisher),
    classification_id: record.classification_id ? [{ id: record.classification_id }] : [],
    genres: listed(record.genres),
    tags: listed(record.tags),
  }),
  files: (record) => ({ cover: coverUrl(record.cover), file: fileUrl(record.file) }),
  create: { method: "POST", path: "/books", encoding: "multipart", body: bookFields },
  update: { method: "PATCH", path: (id) => `/books/${encodeURIComponent(id ?? "")}`, encoding: "multipart", partial: true, body: bookFields },
  removePath: (id) => `/books/${encodeURIComponent(id)}`,
};
