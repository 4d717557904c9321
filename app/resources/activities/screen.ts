import * as z from "zod";
import { requiredIsoDate, requiredText, richText } from "~/admin-kit/fields";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { activityPath } from "~/lib/paths";
import { defineResource } from "~/admin-kit/resource";

/** Activities (spec §3, §7 /activities): each has its own public page, /activity/{id}. */

export const activitySchema = z.object({
  date: requiredIsoDate("Tanggal"),
  title: requiredText("Judul"),
  description: richText(),
});

export type ActivityCells = {
  date: string;
  title: string;
  description: string;
  file: string | null;
};

export const activityResource = defineResource<ActivityCells, typeof activitySchema>({
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
  fields: [
    { name: "date", label: "Tanggal", type: "date", icon: "calendar" },
    { name: "title", label: "Judul", type: "text" },
    { name: "description", label: "Deskripsi", type: "textEditor" },
    { name: "file", label: "Gambar", type: "file", accept: "image" },
  ],
  schema: activitySchema,
  texts: {
    addTitle: "TAMBAH KEGIATAN",
    addSubmit: "SIMPAN",
    editTitle: "UBAH KEGIATAN",
    editSubmit: "UBAH",
    deleteQuestion: ADMIN_MESSAGES.confirmDeleteWill,
    empty: "Belum ada kegiatan.",
  },
  messages: {
    loadFailed: ADMIN_MESSAGES.activitiesLoadFailed,
    created: ADMIN_MESSAGES.activityCreated,
    createFailed: ADMIN_MESSAGES.activityCreateFailed,
    updated: ADMIN_MESSAGES.activityUpdated,
    updateFailed: ADMIN_MESSAGES.activityUpdateFailed,
    deleted: ADMIN_MESSAGES.activityDeleted,
    deleteFailed: ADMIN_MESSAGES.activityDeleteFailed,
  },
  addButton: { placement: "toolbar" },
  edit: true,
  remove: true,
  detailHref: activityPath,
  exportable: true,
  pageSize: 20,
});
