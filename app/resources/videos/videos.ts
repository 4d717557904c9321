import { catalogueOnSite } from "~/admin-kit/placement";
import { CATALOGUE_VIDEOS_PATH } from "~/lib/paths";
import { optionalText, requiredText } from "~/admin-kit/fields";
import { GENERIC_SCREEN_MESSAGES } from "~/admin-kit/messages";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/**
 * Videos of the mobile app (spec §3, §7 /videos). The form takes the files; the server sends
 * each to its upload call and then writes the record with the returned URLs
 * (./videos.server.ts). With JavaScript the form goes through the upload route below so that
 * the browser can show the upload's progress.
 */

const videoForm = formOf([
  { name: "title", label: "Judul", type: "text", rule: requiredText() },
  { name: "description", label: "Deskripsi", type: "textarea", rule: optionalText(5000) },
  // The pictures before the video: the browser sends a form's files in this order, and the server
  // checks each picture whole before any of the video goes upstream (./videos.server.ts).
  { name: "thumbnail", label: "Thumbnail", type: "file", accept: "image" },
  { name: "background", label: "Gambar latar", type: "file", accept: "image" },
  { name: "video", label: "Video", type: "file", accept: "video", requiredOnCreate: true },
]);

export const videoSchema = videoForm.schema;

export type VideoCells = {
  title: string;
  description: string;
  link: string;
  thumbnail: string | null;
  watched: string;
};

export const videoScreen = defineScreen<VideoCells, typeof videoSchema>({
  id: "video",
  menu: { alias: "Video", icon: "video" },
  placement: (site) => catalogueOnSite(site, CATALOGUE_VIDEOS_PATH),
  caption: "Daftar video",
  rowLabel: (video) => video.title,
  columns: [
    { header: "Judul", accessor: "title", wrap: true, width: "24%" },
    { header: "Deskripsi", accessor: "description", wrap: true, width: "30%" },
    { header: "Tautan Video", accessor: "link", wrap: true },
    { header: "Thumbnail", accessor: "thumbnail", display: "image", width: 100 },
    { header: "Ditonton", accessor: "watched", textAlign: "right", count: true },
  ],
  // File inputs come after the text fields: the server validates those before any upload starts.
  ...videoForm,
  texts: {
    addTitle: "TAMBAH VIDEO",
    addSubmit: "SIMPAN",
    editTitle: "UBAH VIDEO",
    editSubmit: "UBAH",
    deleteQuestion: "Are you sure you want to delete this video?",
    empty: "Belum ada video.",
  },
  // Spec §8 only logs video failures; the admin is told (design.md).
  messages: GENERIC_SCREEN_MESSAGES,
  addButton: { placement: "toolbar" },
  edit: true,
  remove: true,
  pageSize: 20,
  uploadProgress: true,
  exportable: true,
});

export const videoResource = defineResource({ name: "videos", screen: videoScreen });
