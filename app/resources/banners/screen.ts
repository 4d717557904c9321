import { bannerPlacement } from "~/admin-kit/placement";
import { optionalText, optionalUrl, requiredText } from "~/admin-kit/fields";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { defineScreen, formOf } from "~/admin-kit/screen";

/** Banners of the mobile app (spec §3, §7 /banners); the public home slider shows them too. */

const bannerForm = formOf([
  { name: "title", label: "Judul", type: "text", rule: requiredText() },
  { name: "description", label: "Deskripsi", type: "textarea", rule: optionalText(2000) },
  { name: "url", label: "URL", type: "text", rule: optionalUrl(), inputType: "url", icon: "link", hint: "Alamat tombol SELENGKAPNYA (boleh kosong)." },
  { name: "file", label: "Gambar", type: "file", accept: "image" },
]);

export const bannerSchema = bannerForm.schema;

export type BannerCells = {
  title: string;
  description: string;
  url: string;
  file: string | null;
};

export const bannerResource = defineScreen<BannerCells, typeof bannerSchema>({
  id: "banner",
  menu: { alias: "Banner", icon: "image" },
  placement: bannerPlacement,
  caption: "Daftar banner",
  rowLabel: (banner) => banner.title,
  columns: [
    { header: "Judul", accessor: "title", wrap: true, width: "28%" },
    { header: "Deskripsi", accessor: "description", wrap: true, width: "32%" },
    { header: "URL", accessor: "url" },
    { header: "Gambar", accessor: "file", display: "image", width: 100 },
  ],
  ...bannerForm,
  texts: {
    addTitle: "TAMBAH BANNER",
    addSubmit: "SIMPAN",
    editTitle: "UBAH BANNER",
    editSubmit: "UBAH",
    deleteQuestion: ADMIN_MESSAGES.confirmDelete,
    empty: "Belum ada banner.",
  },
  messages: {
    loadFailed: ADMIN_MESSAGES.loadFailed,
    created: ADMIN_MESSAGES.bannerCreated,
    createFailed: ADMIN_MESSAGES.bannerCreateFailed,
    updated: ADMIN_MESSAGES.bannerUpdated,
    updateFailed: ADMIN_MESSAGES.bannerUpdateFailed,
    deleted: ADMIN_MESSAGES.bannerDeleted,
    deleteFailed: ADMIN_MESSAGES.bannerDeleteFailed,
  },
  addButton: { placement: "toolbar" },
  edit: true,
  remove: true,
  pageSize: 20,
  exportable: true,
});
