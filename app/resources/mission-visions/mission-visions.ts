import { requiredLongText } from "~/admin-kit/fields";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/** Vision and mission (spec §3, §7 /mission-vision, JSON): one record shown on the home page. */

const missionVisionForm = formOf([
  { name: "vision", label: "Visi", type: "textarea", rule: requiredLongText() },
  { name: "mission", label: "Misi", type: "textarea", rule: requiredLongText(), textareaHeight: "220px" },
]);

export const missionVisionSchema = missionVisionForm.schema;

export type MissionVisionCells = {
  vision: string;
  mission: string;
};

export const missionVisionScreen = defineScreen<MissionVisionCells, typeof missionVisionSchema>({
  id: "mission-vission",
  menu: { alias: "Visi Misi", icon: "target" },
  placement: () => ({ text: "Tampil di beranda, di bagian Visi dan Misi.", publicPath: "/" }),
  caption: "Visi dan misi",
  rowLabel: () => "visi dan misi",
  columns: [
    { header: "Visi", accessor: "vision", wrap: true, width: "40%" },
    { header: "Misi", accessor: "mission", wrap: true },
  ],
  ...missionVisionForm,
  texts: {
    addTitle: "TAMBAH VISI MISI",
    addSubmit: "SIMPAN",
    editTitle: "UBAH VISI MISI",
    editSubmit: "UBAH",
    empty: "Belum ada visi dan misi.",
  },
  messages: {
    loadFailed: ADMIN_MESSAGES.loadFailed,
    created: ADMIN_MESSAGES.created,
    createFailed: ADMIN_MESSAGES.createFailed,
    updated: ADMIN_MESSAGES.updated,
    updateFailed: ADMIN_MESSAGES.updateFailed,
  },
  addButton: { placement: "toolbar" },
  edit: true,
  singleRecord: true,
});

export const missionVisionResource = defineResource({ name: "mission-visions", screen: missionVisionScreen });
