import { catalogueOnSite } from "~/admin-kit/placement";
import { choices, optionalChoice, optionalText, requiredChoice, requiredIsoDate, requiredText } from "~/admin-kit/fields";
import { optionalIsbnIssn } from "~/admin-kit/isbn";
import { ADMIN_MESSAGES, GENERIC_SCREEN_MESSAGES } from "~/admin-kit/messages";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/**
 * Books of the mobile catalogue (spec §3, §7 /books). Its relations are chosen from the
 * upstream's authors, publishers, classifications, genres and tags with pickers that search
 * those lists as the admin types (app/admin-kit/pickers.ts).
 */

const bookForm = formOf([
  { name: "title", label: "Judul", type: "text", rule: requiredText() },
  { name: "synopsis", label: "Sinopsis", type: "textarea", rule: optionalText(10_000) },
  { name: "published_date", label: "Tanggal terbit", type: "date", rule: requiredIsoDate(), icon: "calendar" },
  { name: "isbn_issn", label: "ISBN/ISSN", type: "text", rule: optionalIsbnIssn(), hint: "ISBN 10 atau 13 digit, atau ISSN 8 digit; tanda hubung boleh." },
  { name: "author_id", label: "Pengarang", type: "select", rule: requiredChoice(), optionsFrom: "author" },
  { name: "publisher_id", label: "Penerbit", type: "select", rule: requiredChoice(), optionsFrom: "publisher" },
  { name: "classification_id", label: "Klasifikasi", type: "select", rule: optionalChoice(), optionsFrom: "classification" },
  { name: "genres", label: "Genre", type: "pills", rule: choices(), optionsFrom: "genre" },
  { name: "tags", label: "Tag", type: "pills", rule: choices(), optionsFrom: "tag" },
  { name: "cover", label: "Sampul", type: "file", accept: "image", expected: true },
  { name: "file", label: "Berkas buku", type: "file", accept: "book", expected: true },
]);

export const bookSchema = bookForm.schema;

export type BookCells = {
  title: string;
  author: string;
  publisher: string;
  synopsis: string;
  published_date: string;
  isbn_issn: string;
  genres: string;
  /** The stored cover's address, or the placeholder typeset from the title and author. */
  cover: string;
};

export const bookScreen = defineScreen<BookCells, typeof bookSchema>({
  id: "book",
  menu: { alias: "Buku", icon: "book" },
  placement: (site) => catalogueOnSite(site),
  caption: "Daftar buku",
  rowLabel: (book) => book.title,
  // At 1366×768 a row is two short lines (issue 47): the cover no taller than they are (26 px
  // wide), the author under the title, the synopsis on one line; the publisher, the date and the
  // author's own column are in the column chooser. The listed order stays the book list copy's (books.server.ts, `bookList`).
  columns: [
    { header: "Sampul", accessor: "cover", display: "image", width: 26 },
    { header: "Judul", accessor: "title", oneLine: true, under: "author", width: "13rem" },
    { header: "Pengarang", accessor: "author", wrap: true, optional: true },
    { header: "Penerbit", accessor: "publisher", wrap: true, optional: true },
    { header: "Sinopsis", accessor: "synopsis", oneLine: true, width: "9.5rem" },
    { header: "Tanggal Terbit", accessor: "published_date", optional: true },
    { header: "ISBN/ISSN", accessor: "isbn_issn" },
    { header: "Genre", accessor: "genres", display: "chips", width: "10rem" },
  ],
  ...bookForm,
  texts: {
    addTitle: "TAMBAH BUKU",
    addSubmit: "SIMPAN",
    editTitle: "UBAH BUKU",
    editSubmit: "UBAH",
    deleteQuestion: ADMIN_MESSAGES.confirmDelete,
    empty: "Belum ada buku.",
  },
  messages: {
    ...GENERIC_SCREEN_MESSAGES,
    createFailed: "Terjadi kesalahan saat menambah buku!",
    updateFailed: "Terjadi kesalahan saat mengedit buku!",
    deleteFailed: "Terjadi kesalahan saat menghapus buku!",
    preferUpstreamError: true,
  },
  addButton: { placement: "toolbar" },
  edit: true,
  remove: true,
  pageSize: 20,
  exportable: true,
  importable: true,
  duplicates: [
    { fields: [{ name: "isbn_issn", by: "standard-number" }], reason: "ISBN/ISSN sama" },
    {
      fields: [
        { name: "title", by: "text" },
        { name: "author_id", by: "relation" },
      ],
      reason: "judul dan pengarang sama",
    },
  ],
});

export const bookResource = defineResource({ name: "books", screen: bookScreen });
