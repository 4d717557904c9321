import { optionalEmail, optionalHandle, optionalPhone, optionalText, requiredText, richText } from "~/admin-kit/fields";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/**
 * About (spec §3: a single record, the list's first; add and edit, no delete). The contact and
 * social fields feed the public footer; the policy texts feed /privacy-policy and /terms.
 */

const handleHint = "Nama akun saja, tanpa alamat situs.";

const aboutForm = formOf([
  { name: "title", label: "Judul", type: "text", rule: requiredText() },
  { name: "description", label: "Deskripsi", type: "textEditor", rule: richText() },
  { name: "address", label: "Alamat", type: "textarea", rule: optionalText(500), icon: "pin", textareaHeight: "90px" },
  { name: "phone", label: "Telepon", type: "text", rule: optionalPhone(), inputType: "tel", icon: "phone" },
  { name: "email", label: "Email", type: "text", rule: optionalEmail(), inputType: "email", icon: "mail" },
  { name: "facebook", label: "Facebook", type: "text", rule: optionalHandle(), icon: "at", hint: handleHint },
  { name: "instagram", label: "Instagram", type: "text", rule: optionalHandle(), icon: "at", hint: handleHint },
  { name: "twitter", label: "Twitter", type: "text", rule: optionalHandle(), icon: "at", hint: handleHint },
  { name: "youtube", label: "YouTube", type: "text", rule: optionalHandle(), icon: "at", hint: handleHint },
  { name: "tiktok", label: "TikTok", type: "text", rule: optionalHandle(), icon: "at", hint: handleHint },
  { name: "privacy_policy", label: "Kebijakan Privasi", type: "textEditor", rule: richText() },
  { name: "terms_and_condition", label: "Syarat & Ketentuan", type: "textEditor", rule: richText() },
  { name: "file", label: "Gambar", type: "file", accept: "image" },
]);

export const aboutSchema = aboutForm.schema;

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

export const aboutScreen = defineScreen<AboutCells, typeof aboutSchema>({
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
  ...aboutForm,
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

export const aboutResource = defineResource({ name: "abouts", screen: aboutScreen });
