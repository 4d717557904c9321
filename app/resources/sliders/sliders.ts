import { optionalText, optionalUrl, upperCasedTitle } from "~/admin-kit/fields";
import { ADMIN_MESSAGES, GENERIC_SCREEN_MESSAGES } from "~/admin-kit/messages";
import type { Placement, SiteSettings } from "~/admin-kit/placement";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/** Slider (spec §2 "Slider page", §3, §7 /sliders): the home page's slider when `HOME_SLIDER_SOURCE=slider`. */

const sliderForm = formOf([
  { name: "title", label: "Judul", type: "text", rule: upperCasedTitle(), sentAsRuled: true, hint: "Disimpan dalam huruf kapital." },
  { name: "description", label: "Deskripsi", type: "textarea", rule: optionalText(2000) },
  { name: "url", label: "URL", type: "text", inputType: "url", icon: "link", rule: optionalUrl(), hint: "Alamat tombol SELENGKAPNYA (boleh kosong)." },
  { name: "file", label: "Gambar", type: "file", accept: "image", requiredOnCreate: true },
]);

export const sliderSchema = sliderForm.schema;

export type SliderCells = {
  title: string;
  description: string;
  url: string;
  file: string | null;
};

const sliderPlacement = ({ homeSliderSource }: SiteSettings): Placement =>
  homeSliderSource === "slider"
    ? { text: "Tampil di slider beranda situs.", publicPath: "/" }
    : {
        text:
          "Tidak tampil di situs publik saat ini: slider beranda menampilkan data Banner. " +
          "Pengelola server dapat mengaturnya (HOME_SLIDER_SOURCE=slider) agar beranda menampilkan data ini.",
      };

export const sliderScreen = defineScreen<SliderCells, typeof sliderSchema>({
  id: "slider-manager",
  menu: { alias: "Slider", icon: "slides" },
  placement: sliderPlacement,
  caption: "Daftar slider",
  rowLabel: (slider) => slider.title,
  columns: [
    { header: "Judul", accessor: "title", wrap: true, width: "28%" },
    { header: "Deskripsi", accessor: "description", wrap: true, width: "32%" },
    { header: "URL", accessor: "url" },
    { header: "Gambar", accessor: "file", display: "image", width: 100 },
  ],
  ...sliderForm,
  texts: {
    addTitle: "TAMBAH SLIDER",
    addSubmit: "SIMPAN",
    editTitle: "UBAH SLIDER",
    editSubmit: "UBAH",
    deleteQuestion: ADMIN_MESSAGES.confirmDelete,
    empty: "Belum ada slider.",
  },
  messages: {
    ...GENERIC_SCREEN_MESSAGES,
    // Spec §8: the slider screen reports a failed delete with the load-failure text.
    deleteFailed: ADMIN_MESSAGES.loadFailed,
  },
  addButton: { placement: "extra", label: "Tambah Slider" },
  edit: true,
  remove: true,
  exportable: true,
});

export const sliderResource = defineResource({ name: "sliders", screen: sliderScreen });
