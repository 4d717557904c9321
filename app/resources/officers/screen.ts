import * as z from "zod";
import { optionalText, requiredText } from "~/admin-kit/fields";
import { ADMIN_MESSAGES, GENERIC_SCREEN_MESSAGES } from "~/admin-kit/messages";
import { defineResource } from "~/admin-kit/resource";

/** Officers (spec §3, §7 /officers), shown on the home page with a round photo. */

export const officerSchema = z.object({
  name: requiredText("Nama"),
  position: requiredText("Jabatan"),
  additional_text: optionalText("Keterangan tambahan", 500),
});

export type OfficerCells = {
  name: string;
  position: string;
  additional_text: string;
  file: string | null;
};

export const officerResource = defineResource<OfficerCells, typeof officerSchema>({
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
  fields: [
    { name: "name", label: "Nama", type: "text", icon: "user" },
    { name: "position", label: "Jabatan", type: "text" },
    { name: "additional_text", label: "Keterangan tambahan", type: "text", hint: "Misalnya NIP atau gelar." },
    { name: "file", label: "Foto", type: "file", accept: "image" },
  ],
  schema: officerSchema,
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
    created: ADMIN_MESSAGES.officerCreated,
    createFailed: ADMIN_MESSAGES.officerCreateFailed,
  },
  addButton: { placement: "toolbar" },
  edit: true,
  remove: true,
  exportable: true,
});
