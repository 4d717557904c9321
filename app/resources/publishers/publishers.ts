import { firstWords } from "~/lib/format";
import { catalogueOnSite } from "~/admin-kit/placement";
import { optionalEmail, optionalIndonesianNumber, optionalPhone, optionalText, requiredText } from "~/admin-kit/fields";
import { GENERIC_SCREEN_MESSAGES } from "~/admin-kit/messages";
import { SAME_NAME } from "~/admin-kit/duplicates";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/** Publishers (Penerbit, spec §3, §7 /publishers): JSON writes; the number of books is typed in on edit (spec §7 sends it on update only). */

const publisherForm = formOf([
  { name: "name", label: "Nama", type: "text", rule: requiredText() },
  { name: "address", label: "Alamat", type: "textarea", rule: optionalText(500), icon: "pin", textareaHeight: "80px" },
  { name: "about", label: "Tentang penerbit", type: "textarea", rule: optionalText(5000) },
  { name: "email", label: "Email", type: "text", rule: optionalEmail(), inputType: "email", icon: "mail" },
  { name: "phone", label: "Telepon", type: "text", rule: optionalPhone(), inputType: "tel", icon: "phone" },
  { name: "total_books", label: "Jumlah buku", type: "number", rule: optionalIndonesianNumber(), updateOnly: true, hint: "Angka, misalnya 1.250." },
]);

export const publisherSchema = publisherForm.schema;

export type PublisherCells = {
  name: string;
  address: string;
  email: string;
  phone: string;
  total_books: string;
  about: string;
};

export const publisherScreen = defineScreen<PublisherCells, typeof publisherSchema>({
  id: "publisher",
  menu: { alias: "Penerbit", icon: "building" },
  placement: (site) => catalogueOnSite(site),
  caption: "Daftar penerbit",
  rowLabel: (publisher) => publisher.name,
  columns: [
    { header: "Nama", accessor: "name", wrap: true, width: "18%" },
    { header: "Alamat", accessor: "address", wrap: true },
    { header: "Email", accessor: "email" },
    { header: "Telepon", accessor: "phone" },
    { header: "Jumlah Buku", accessor: "total_books", textAlign: "right", count: true, width: "8rem" },
    { header: "Tentang", accessor: "about", wrap: true },
  ],
  ...publisherForm,
  texts: {
    addTitle: "TAMBAH PENERBIT",
    addSubmit: "SIMPAN",
    editTitle: "UBAH PENERBIT",
    editSubmit: "UBAH",
    deleteQuestion: "Are you sure you want to delete this publisher?",
    empty: "Belum ada penerbit.",
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

export const publisherResource = defineResource({
  name: "publishers",
  screen: publisherScreen,
  shownIn: ["books"],
  pickable: { label: ["name"], detail: (cells) => firstWords(cells.address), addInline: true, lookupFailed: "Terjadi kesalahan saat mengambil data penerbit!" },
});
