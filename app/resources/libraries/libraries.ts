import { MOBILE_APP_ONLY } from "~/admin-kit/placement";
import { optionalPhone, optionalText, requiredText } from "~/admin-kit/fields";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { defineResource } from "~/admin-kit/resource";
import { defineScreen, formOf } from "~/admin-kit/screen";

/**
 * Libraries (spec §3, §7 "Library", the separate panel service). The contract has no create:
 * a library is edited, switched on or off in the table, or deleted.
 */

const libraryForm = formOf([
  { name: "name", label: "Nama perpustakaan", type: "text", rule: requiredText() },
  { name: "address", label: "Alamat", type: "textarea", rule: optionalText(500), icon: "pin", textareaHeight: "90px" },
  { name: "phone_number", label: "Telepon", type: "text", rule: optionalPhone(), inputType: "tel", icon: "phone" },
  { name: "about", label: "Tentang perpustakaan", type: "textarea", rule: optionalText(5000) },
]);

export const librarySchema = libraryForm.schema;

export type LibraryCells = {
  name: string;
  address: string;
  phone_number: string;
  about: string;
  active: boolean;
};

export const libraryScreen = defineScreen<LibraryCells, typeof librarySchema>({
  id: "library",
  menu: { alias: "Perpustakaan", icon: "library", title: "Manajemen Perpustakaan" },
  placement: () => MOBILE_APP_ONLY,
  caption: "Daftar perpustakaan",
  rowLabel: (library) => library.name,
  columns: [
    { header: "Nama", accessor: "name", wrap: true },
    { header: "Alamat", accessor: "address", wrap: true },
    { header: "Telepon", accessor: "phone_number" },
    { header: "Tentang", accessor: "about", wrap: true },
  ],
  ...libraryForm,
  texts: {
    editTitle: "UBAH PERPUSTAKAAN",
    editSubmit: "UBAH",
    deleteQuestion: "Apakah Anda yakin ingin menghapus perpustakaan ini?",
    empty: "Belum ada perpustakaan.",
  },
  // Spec §8 only writes library failures to the console; the admin is told (design.md).
  messages: {
    loadFailed: ADMIN_MESSAGES.loadFailed,
    updated: ADMIN_MESSAGES.updated,
    updateFailed: ADMIN_MESSAGES.updateFailed,
    deleted: ADMIN_MESSAGES.deleted,
    deleteFailed: ADMIN_MESSAGES.deleteFailed,
    toggleFailed: ADMIN_MESSAGES.updateFailed,
  },
  edit: true,
  remove: true,
  toggle: { label: "Aktif", offLabel: "Nonaktif", isOn: (library) => library.active },
  exportable: true,
});

export const libraryResource = defineResource({ name: "libraries", screen: libraryScreen });
