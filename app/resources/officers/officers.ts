import { optionalText, requiredText } from "~/admin-kit/fields";
import { ADMIN_MESSAGES, GENERIC_SCREEN_MESSAGES } from "~/admin-kit/messages";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/** Officers (spec §3, §7 /officers), shown on the home page with a round photo. */

const officerForm = formOf([
  { name: "name", label: "Nama", type: "text", rule: requiredText(), icon: "user" },
  { name: "position", label: "Jabatan", type: "text", rule: requiredText() },
  { name: "additional_text", label: "Keterangan tambahan", type: "text", rule: optionalText(500), hint: "Misalnya NIP atau gelar." },
  { name: "file", label: "Foto", type: "file", accept: "image" },
]);

export const officerSchema = officerForm.schema;

export type OfficerCells = {
  name: string;
  position: string;
  additional_text: string;
  file: string | null;
};

export const officerScreen = defineScreen<OfficerCells, typeof officerSchema>({
  id: "officer",
  menu: { alias: "Pejabat", icon: "user" },
  placement: () => ({ text: "Tampil di beranda, di daftar pejabat.", publicPath: "/" }),
  caption: "Daftar pejabat",
  rowLabel: (officer) => officer.name,
  columns: [
    { header: "Nama", accessor: "name", wrap: true },
    { header: "Jabatan", accessor: "position", wrap: true },
    { header: "Keterangan", accessor: "additional_text", wrap: true },
    { header: "Foto", accessor: "file", display: "image", width: 100 },
  ],
  ...officerForm,
  texts: {
    addTitle: "TAMBAH PEJABAT",
    addSubmit: "SIMPAN",
    editTitle: "UBAH PEJABAT",
    editSubmit: "UBAH",
    deleteQuestion: ADMIN_MESSAGES.confirmDeleteShort,
    empty: "Belum ada pejabat.",
  },
  // Spec §8 only logs failed updates, deletes and loads; the admin is told (design.md).
  messages: {
    ...GENERIC_SCREEN_MESSAGES,
    created: "Berhasil menambah pejabat!",
    createFailed: "Gagal menambah pejabat!",
  },
  addButton: { placement: "toolbar" },
  edit: true,
  remove: true,
  exportable: true,
});

export const officerResource = defineResource({ name: "officers", screen: officerScreen });
