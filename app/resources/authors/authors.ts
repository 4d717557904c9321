import { firstWords } from "~/lib/format";
import { catalogueOnSite } from "~/admin-kit/placement";
import { optionalText, requiredText } from "~/admin-kit/fields";
import { GENERIC_SCREEN_MESSAGES } from "~/admin-kit/messages";
import { SAME_NAME } from "~/admin-kit/duplicates";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/**
 * Authors (Pengarang, spec §3, §7 /authors): multipart writes with the photo in `photo`. The
 * number of books is the upstream's: a new author starts with none, an edit leaves it alone.
 */

const authorForm = formOf([
  { name: "name", label: "Nama", type: "text", rule: requiredText(), icon: "user" },
  { name: "biography", label: "Biografi", type: "textarea", rule: optionalText(5000) },
  { name: "photo", label: "Foto", type: "file", accept: "image" },
]);

export const authorSchema = authorForm.schema;

export type AuthorCells = {
  name: string;
  biography: string;
  total_books: string;
  photo: string | null;
};

export const authorScreen = defineScreen<AuthorCells, typeof authorSchema>({
  id: "author",
  menu: { alias: "Pengarang", icon: "pen" },
  placement: (site) => catalogueOnSite(site),
  caption: "Daftar pengarang",
  rowLabel: (author) => author.name,
  columns: [
    { header: "Nama", accessor: "name", wrap: true, width: "24%" },
    { header: "Biografi", accessor: "biography", wrap: true },
    { header: "Jumlah Buku", accessor: "total_books", textAlign: "right", count: true, width: "8rem" },
    { header: "Foto", accessor: "photo", display: "image", width: 100 },
  ],
  ...authorForm,
  texts: {
    addTitle: "TAMBAH PENGARANG",
    addSubmit: "SIMPAN",
    editTitle: "UBAH PENGARANG",
    editSubmit: "UBAH",
    deleteQuestion: "Are you sure you want to delete this author?",
    empty: "Belum ada pengarang.",
  },
  messages: GENERIC_SCREEN_MESSAGES,
  addButton: { placement: "toolbar" },
  edit: true,
  remove: true,
  pageSize: 20,
  exportable: true,
  importable: true,
  duplicates: [SAME_NAME],
});

export const authorResource = defineResource({
  name: "authors",
  screen: authorScreen,
  shownIn: ["books"],
  pickable: {
    label: ["name"],
    addInline: true,
    // Their books, and the first words of the biography: two "Fitri Sutrisno" are two people.
    detail: (cells) => [`${cells.total_books || "0"} buku`, firstWords(cells.biography)].filter(Boolean).join(" · "),
    lookupFailed: "Terjadi kesalahan saat mengambil data pengarang!",
  },
});
