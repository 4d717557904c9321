import { MOBILE_APP_ONLY } from "~/admin-kit/placement";
import { requiredText } from "~/admin-kit/fields";
import { GENERIC_SCREEN_MESSAGES } from "~/admin-kit/messages";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/** Classifications (Klasifikasi, spec §3, §7 /classifications): a DDC notation and its general name. */

const classificationForm = formOf([
  { name: "notation", label: "Notasi", type: "text", rule: requiredText(30), hint: "Misalnya 001 atau 899.221." },
  { name: "general_name", label: "Nama umum", type: "text", rule: requiredText() },
]);

export const classificationSchema = classificationForm.schema;

export type ClassificationCells = {
  notation: string;
  general_name: string;
};

export const classificationScreen = defineScreen<ClassificationCells, typeof classificationSchema>({
  id: "classification",
  menu: { alias: "Klasifikasi", icon: "hash" },
  placement: () => MOBILE_APP_ONLY,
  caption: "Daftar klasifikasi",
  rowLabel: (classification) => `${classification.notation} ${classification.general_name}`,
  columns: [
    { header: "Notasi", accessor: "notation", width: "10rem" },
    { header: "Nama Umum", accessor: "general_name", wrap: true },
  ],
  ...classificationForm,
  texts: {
    addTitle: "TAMBAH KLASIFIKASI",
    addSubmit: "SIMPAN",
    editTitle: "UBAH KLASIFIKASI",
    editSubmit: "UBAH",
    deleteQuestion: "Are you sure you want to delete this classification?",
    empty: "Belum ada klasifikasi.",
  },
  messages: GENERIC_SCREEN_MESSAGES,
  addButton: { placement: "toolbar" },
  edit: true,
  remove: true,
  pageSize: 20,
  exportable: true,
  duplicates: [{ fields: [{ name: "notation", by: "text" }], reason: "notasi sama" }],
});

export const classificationResource = defineResource({
  name: "classifications",
  screen: classificationScreen,
  shownIn: ["books"],
  pickable: { label: ["notation", "general_name"], lookupFailed: "Terjadi kesalahan saat mengambil data kasifikasi!" },
});
