import { richText, upperCasedTitle } from "~/admin-kit/fields";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/** History (spec §3: a single record; §7: edited only, with PUT /histories). */

const historyForm = formOf([
  { name: "title", label: "Judul", type: "text", rule: upperCasedTitle(), sentAsRuled: true, hint: "Disimpan dalam huruf kapital." },
  { name: "description", label: "Deskripsi", type: "textEditor", rule: richText() },
  { name: "file", label: "Gambar", type: "file", accept: "image" },
]);

export const historySchema = historyForm.schema;

export type HistoryCells = {
  title: string;
  description: string;
  file: string | null;
};

export const historyScreen = defineScreen<HistoryCells, typeof historySchema>({
  id: "history",
  menu: { alias: "Sejarah", icon: "clock" },
  placement: () => ({ text: "Tampil di halaman Sejarah dan ringkasannya di beranda.", publicPath: "/history" }),
  caption: "Sejarah instansi",
  rowLabel: (history) => history.title,
  columns: [
    { header: "Judul", accessor: "title", wrap: true, width: "30%" },
    { header: "Deskripsi", accessor: "description", wrap: true },
    { header: "Gambar", accessor: "file", display: "image", width: 100 },
  ],
  ...historyForm,
  texts: {
    editTitle: "UBAH SEJARAH",
    editSubmit: "UBAH",
    empty: "Belum ada data sejarah.",
  },
  messages: {
    loadFailed: ADMIN_MESSAGES.loadFailed,
    updated: ADMIN_MESSAGES.updated,
    updateFailed: ADMIN_MESSAGES.updateFailed,
  },
  edit: true,
  singleRecord: true,
  exportable: true,
});

export const historyResource = defineResource({ name: "histories", screen: historyScreen });
