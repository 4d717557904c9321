import { optionalText, optionalUrl, requiredText } from "~/admin-kit/fields";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import type { Placement, SiteSettings } from "~/admin-kit/placement";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/** Banners of the mobile app (spec §3, §7 /banners); the public home slider shows them too (unless `HOME_SLIDER_SOURCE=slider`). */

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

/** Spec §8's banner alerts. */
const BANNER_MESSAGES = {
  created: "Berhasil menambahkan banner",
  createFailed: "Gagal menambahkan banner",
  updated: "Berhasil mengubah banner",
  updateFailed: "Gagal mengubah banner",
  deleted: "Berhasil menghapus banner",
  deleteFailed: "Gagal menghapus banner",
} as const;

const bannerPlacement = ({ homeSliderSource }: SiteSettings): Placement =>
  homeSliderSource === "banner"
    ? { text: "Tampil di slider beranda situs dan di aplikasi mobile.", publicPath: "/" }
    : { text: "Tampil di aplikasi mobile. Slider beranda situs saat ini menampilkan data Slider." };

export const bannerScreen = defineScreen<BannerCells, typeof bannerSchema>({
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
  messages: { loadFailed: ADMIN_MESSAGES.loadFailed, ...BANNER_MESSAGES },
  addButton: { placement: "toolbar" },
  edit: true,
  remove: true,
  pageSize: 20,
  exportable: true,
});

export const bannerResource = defineResource({ name: "banners", screen: bannerScreen });
