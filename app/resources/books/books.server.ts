import * as z from "zod";
import { formatDayMonthYear } from "~/lib/dates";
import { coverUrl, fileUrl } from "~/lib/files";
import { placeholderCoverUrl } from "~/lib/placeholder-cover";
import { dateFormValue } from "~/lib/format";
import { standardNumberQuery, standardNumberSearchTerms } from "~/lib/standard-numbers";
import type { StoredRelation } from "~/admin-kit/relations";
import { serveResource } from "~/admin-kit/server/resource.server";
import type { ListFilter, OutgoingFields, WriteContext } from "~/admin-kit/server/screen.server";
import type { ListSource } from "~/platform/list-copy.server";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { keyedList, upstreamId, upstreamStrictText, upstreamText } from "~/platform/upstream-shapes.server";
import { bookResource, type bookSchema } from "./books";

/**
 * `/books` (spec §7) as the upstream answers it: listed from `GET /books/all` (`{ books: [...] }`),
 * relations by name (an id may come along). The record's shape, its reads, the books' list copy
 * with its search index, which the back-office's book screen and the public catalogue share
 * (app/platform/list-copy.server.ts), and the screen's writes: multipart with the relations as
 * ids (`genres[]`, `tags[]` repeated) and the files `cover` (image) and `file` (PDF or EPUB); an
 * edit is `PATCH /books/{id}`.
 */

/**
 * A relation the upstream sent in no shape we know. It is shown under this name and, matching
 * no choice, is never preselected: an edit leaves it as it is stored, never clears it.
 */
const UNREADABLE: { id?: string; name: string } = { id: undefined, name: "(tidak terbaca)" };

/**
 * A relation's name as visitors and files read it: none for one the upstream sent unreadable. The
 * back-office's table shows "(tidak terbaca)"; Koleksi Digital showed it as the author (and made
 * a call number of it), and an export read back would have made an author of that name.
 */
export const relationName = (relation: { name: string }) => (relation === UNREADABLE ? "" : relation.name);

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
  resource: bookResource,
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

const each = (relations: Array<{ name: string }>) => relations.map((relation) => relation.name);
/** Relations by name, less those the upstream sent unreadable: an export's cells, Koleksi Digital's filter values. */
export const readableNames = (relations: Array<{ name: string }>) => relations.map(relationName).filter((name) => name !== "");

/**
 * What the book list is filtered by, with the count of books beside each value: the relations by
 * name (as the upstream sends them), the classification by id (named by its list's options:
 * "959.8 Sejarah Asia Tenggara"), and a range of publication years. The public catalogue filters
 * by the same names, less the unreadable relations offered here to find them.
 */
export const bookFilters: ReadonlyArray<ListFilter<Book>> = [
  { kind: "values", name: "genre", label: "Genre", values: (book) => each(book.genres) },
  { kind: "values", name: "tag", label: "Tag", values: (book) => each(book.tags) },
  { kind: "values", name: "author", label: "Pengarang", values: (book) => [book.author.name] },
  { kind: "values", name: "publisher", label: "Penerbit", values: (book) => [book.publisher.name] },
  { kind: "values", name: "classification", label: "Klasifikasi", values: (book) => (book.classification_id ? [book.classification_id] : []), optionsFrom: "classification" },
  { kind: "range", name: "year", label: "Tahun terbit", unit: "year", date: (book) => book.published_date },
];

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

/**
 * SLiMS 9's bibliography export (admin/modules/bibliography/export.php), the columns in its order
 * (its header row is optional), and the fields they fill: its notes as the synopsis, its topics
 * as tags; the others (GMD, edition, collation, call number, …) have no field here.
 */
const SLIMS_BIBLIOGRAPHY = {
  columns: ["title", "gmd_name", "edition", "isbn_issn", "publisher_name", "publish_year", "collation", "series_title", "call_number", "language_name", "place_name", "classification", "notes", "image", "sor", "authors", "topics", "item_code"],
  fields: { title: "title", authors: "author_id", publisher_name: "publisher_id", publish_year: "published_date", isbn_issn: "isbn_issn", classification: "classification_id", topics: "tags", notes: "synopsis" },
} as const;

export const bookAdapter = serveResource(bookResource, {
  list: listBooks,
  listSource: bookList,
  filters: bookFilters,
  idOf: (record) => record.id,
  cells: (record, text) => ({
    title: record.title,
    author: record.author.name,
    publisher: record.publisher.name,
    synopsis: text.summary(record.synopsis),
    published_date: text.date(record.published_date),
    isbn_issn: record.isbn_issn,
    genres: record.genres.map((genre) => genre.name).join(", "),
    cover: coverUrl(record.cover) ?? placeholderCoverUrl(record.title, record.author.name),
  }),
  formValues: (record) => ({
    title: record.title,
    synopsis: record.synopsis,
    published_date: dateFormValue(record.published_date),
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
  // Every field, beyond the table's: relations by name (the classification as its list names it), the files' addresses.
  exportColumns: [
    { header: "Judul", field: "title", value: (record) => record.title },
    { header: "Pengarang", field: "author_id", value: (record) => relationName(record.author) },
    { header: "Penerbit", field: "publisher_id", value: (record) => relationName(record.publisher) },
    { header: "Sinopsis", field: "synopsis", value: (record, text) => text.summary(record.synopsis) },
    { header: "Tanggal Terbit", field: "published_date", value: (record, text) => text.date(record.published_date) },
    { header: "ISBN/ISSN", field: "isbn_issn", value: (record) => record.isbn_issn },
    { header: "Klasifikasi", field: "classification_id", value: (record) => record.classification_id ?? null, optionsFrom: "classification" },
    { header: "Genre", field: "genres", value: (record) => readableNames(record.genres) },
    { header: "Tag", field: "tags", value: (record) => readableNames(record.tags) },
    { header: "Sampul", value: (record) => coverUrl(record.cover), link: true },
    { header: "Berkas buku", value: (record) => fileUrl(record.file), link: true },
  ],
  slimsImport: SLIMS_BIBLIOGRAPHY,
  // A librarian's own sheet: what its columns are commonly called (not "Keterangan" or "Jenis", which hold a copy's state or kind).
  importHeaders: {
    title: ["Judul Buku", "Judul Utama", "Nama Buku", "Title"],
    author_id: ["Penulis", "Nama Pengarang", "Nama Penulis", "Pengarang Utama", "Author", "Authors"],
    publisher_id: ["Nama Penerbit", "Publisher"],
    synopsis: ["Ringkasan", "Abstrak", "Synopsis", "Abstract"],
    published_date: ["Tahun Terbit", "Tahun", "Tgl Terbit", "Tanggal Publikasi", "Publish Year", "Year"],
    isbn_issn: ["ISBN", "ISSN", "No ISBN", "Nomor ISBN"],
    classification_id: ["No Klasifikasi", "Nomor Klasifikasi", "Kode Klasifikasi", "DDC", "Nomor DDC", "Classification"],
    genres: ["Kategori", "Genres", "Category", "Categories"],
    tags: ["Subjek", "Topik", "Kata Kunci", "Subject", "Topics", "Tags"],
  },
  create: { method: "POST", path: "/books", encoding: "multipart", body: bookFields },
  update: { method: "PATCH", path: (id) => `/books/${encodeURIComponent(id ?? "")}`, encoding: "multipart", partial: true, body: bookFields },
  removePath: (id) => `/books/${encodeURIComponent(id)}`,
});
