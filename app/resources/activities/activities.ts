import { requiredIsoDate, requiredText, richText } from "~/admin-kit/fields";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { activityPath } from "~/lib/paths";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/** Activities (spec §3, §7 /activities): each has its own public page, /activity/{id}. */

const activityForm = formOf([
  { name: "date", label: "Tanggal", type: "date", rule: requiredIsoDate(), icon: "calendar" },
  { name: "title", label: "Judul", type: "text", rule: requiredText() },
  { name: "description", label: "Deskripsi", type: "textEditor", rule: richText() },
  { name: "file", label: "Gambar", type: "file", accept: "image" },
]);

export const activitySchema = activityForm.schema;

export type ActivityCells = {
  date: string;
  title: string;
  description: string;
  file: string | null;
};

export const activityScreen = defineScreen<ActivityCells, typeof activitySchema>({
  id: "activity",
  menu: { alias: "Kegiatan", icon: "calendar" },
  placement: () => ({ text: "Tampil di beranda (carousel kegiatan) dan di halaman setiap kegiatan.", publicPath: "/" }),
  caption: "Daftar kegiatan",
  rowLabel: (activity) => activity.title,
  columns: [
    { header: "Tanggal", accessor: "date", width: "8rem" },
    { header: "Judul", accessor: "title", wrap: true, width: "24%" },
    { header: "Deskripsi", accessor: "description", wrap: true },
    { header: "Gambar", accessor: "file", display: "image", width: 100 },
  ],
  ...activityForm,
  texts: {
    addTitle: "TAMBAH KEGIATAN",
    addSubmit: "SIMPAN",
    editTitle: "UBAH KEGIATAN",
    editSubmit: "UBAH",
    deleteQuestion: ADMIN_MESSAGES.confirmDeleteWill,
    empty: "Belum ada kegiatan.",
  },
  // Spec §8's activity alerts.
  messages: {
    loadFailed: "Gagal mendapatkan data kegiatan!",
    created: "Berhasil menambah kegiatan!",
    createFailed: "Gagal menambah kegiatan!",
    updated: "Berhasil mengubah kegiatan!",
    updateFailed: "Gagal mengubah kegiatan!",
    deleted: "Kegiatan berhasil dihapus!",
    deleteFailed: "Gagal menghapus kegiatan!",
  },
  addButton: { placement: "toolbar" },
  edit: true,
  remove: true,
  detailHref: activityPath,
  exportable: true,
  pageSize: 20,
});

export const activityResource = defineResource({ name: "activities", screen: activityScreen });
