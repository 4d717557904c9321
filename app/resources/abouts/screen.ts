import * as z from "zod";
import { optionalEmail, optionalHandle, optionalPhone, optionalText, requiredText, richText } from "~/admin-kit/fields";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { defineResource } from "~/admin-kit/resource";

/**
 * About (spec §3: a single record, the list's first; add and edit, no delete). The contact and
 * social fields feed the public footer; the policy texts feed /privacy-policy and /terms.
 */

export const aboutSchema = z.object({
  title: requiredText("Judul"),
  description: richText(),
  address: optionalText("Alamat", 500),
  phone: optionalPhone(),
  email: optionalEmail(),
  facebook: optionalHandle("Facebook"),
  instagram: optionalHandle("Instagram"),
  twitter: optionalHandle("Twitter"),
  youtube: optionalHandle("YouTube"),
  tiktok: optionalHandle("TikTok"),
  privacy_policy: richText(),
  terms_and_condition: richText(),
});

export type AboutCells = {
  title: string;
  description: string;
  address: string;
  phone: string;
  email: string;
  privacy_policy: string;
  terms_and_condition: string;
  file: string | null;
};

const handleHint = "Nama akun saja, tanpa alamat situs.";

export const aboutResource = defineResource<AboutCells, typeof aboutSchema>({
  id: "about-manager",
  menu: { alias: "Tentang", icon: "info" },
  placement: () => ({ text: "Tampil di halaman Tentang, ringkasannya di beranda; kebijakan privasi dan syarat & ketentuan di halamannya masing-masing.", publicPath: "/about" }),
  caption: "Data tentang instansi",
  rowLabel: (about) => about.title,
  columns: [
    { header: "Judul", accessor: "title" },
    { header: "Deskripsi", accessor: "description", wrap: true },
    { header: "Alamat", accessor: "address", wrap: true },
    { header: "Telepon", accessor: "phone" },
    { header: "Email", accessor: "email" },
    { header: "Kebijakan Privasi", accessor: "privacy_policy", wrap: true },
    { header: "Syarat & Ketentuan", accessor: "terms_and_condition", wrap: true },
    { header: "Gambar", accessor: "file", display: "image", width: 100 },
  ],
  fields: [
    { name: "title", label: "Judul", type: "text" },
    { name: "description", label: "Deskripsi", type: "textEditor" },
    { name: "address", label: "Alamat", type: "textarea", icon: "pin", textareaHeight: "90px" },
    { name: "phone", label: "Telepon", type: "text", inputType: "tel", icon: "phone" },
    { name: "email", label: "Email", type: "text", inputType: "email", icon: "mail" },
    { name: "facebook", label: "Facebook", type: "text", icon: "at", hint: handleHint },
    { name: "instagram", label: "Instagram", type: "text", icon: "at", hint: handleHint },
    { name: "twitter", label: "Twitter", type: "text", icon: "at", hint: handleHint },
    { name: "youtube", label: "YouTube", type: "text", icon: "at", hint: handleHint },
    { name: "tiktok", label: "TikTok", type: "text", icon: "at", hint: handleHint },
    { name: "privacy_policy", label: "Kebijakan Privasi", type: "textEditor" },
    { name: "terms_and_condition", label: "Syarat & Ketentuan", type: "textEditor" },
    { name: "file", label: "Gambar", type: "file", accept: "image" },
  ],
  schema: aboutSchema,
  texts: {
    addTitle: "TAMBAH DATA TENTANG",
    addSubmit: "SIMPAN",
    editTitle: "UBAH DATA TENTANG",
    editSubmit: "UBAH",
    empty: "Belum ada data tentang instansi.",
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
