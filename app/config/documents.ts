import { formatDayMonthYear } from "~/lib/dates";

/**
 * The agency's public documents: PDFs at fixed addresses (`/<name>.pdf`), deployed in public/
 * and replaceable by an admin at /admin/documents (app/platform/documents.server.ts keeps the
 * replacement). The public site links them with their current version's size and date.
 */

export const PUBLIC_DOCUMENTS = [
  { name: "tupoksi", title: "Tupoksi" },
  { name: "renja", title: "Renja" },
  { name: "renstra", title: "Renstra" },
  { name: "laporan_kinerja", title: "Laporan Kinerja" },
] as const;

/**
 * The duties' main points, on the home page above the link to the whole Tupoksi PDF: its
 * chapter III (the head of office, the secretariat, the library and the archive divisions, the
 * mobile library) in five lines, as the demo's document (scripts/public-documents/tupoksi.ts)
 * sets it out. A deployment that publishes its own Tupoksi rewrites them here.
 */
export const TUPOKSI_POINTS = [
  "Perumusan kebijakan teknis bidang perpustakaan dan bidang kearsipan.",
  "Penyelenggaraan layanan perpustakaan umum daerah, perpustakaan digital, dan perpustakaan keliling.",
  "Pengembangan dan pelestarian koleksi bahan pustaka, termasuk koleksi muatan lokal.",
  "Pembinaan perpustakaan desa dan sekolah serta pembudayaan gemar membaca.",
  "Pengelolaan, penyelamatan, dan pelestarian arsip daerah, serta pembinaan kearsipan perangkat daerah dan desa.",
] as const;

export type PublicDocumentName = (typeof PUBLIC_DOCUMENTS)[number]["name"];

export function documentHref(name: PublicDocumentName): string {
  return `/${name}.pdf`;
}

export function isPublicDocumentName(value: string | null | undefined): value is PublicDocumentName {
  return PUBLIC_DOCUMENTS.some((document) => document.name === value);
}

/** Made on first use, once: a NumberFormat costs about 0.1 ms of CPU to make, a format 2 µs. */
let sizeFormat: Intl.NumberFormat | undefined;

/** "2 KB", "1,2 MB": a file's size as Indonesian readers write it. */
export function documentSize(bytes: number): string {
  const number = (value: number) => (sizeFormat ??= new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 })).format(value);
  return bytes < 1024 * 1024 ? `${number(Math.max(1, Math.round(bytes / 1024)))} KB` : `${number(bytes / (1024 * 1024))} MB`;
}

/** A document's small label beside its link, in its two parts: "PDF, 1,2 MB" and "diperbarui 02-12-2026". */
export interface DocumentNote {
  size: string;
  date: string;
}

export function documentNote(version: { size: number; updatedAt: string }): DocumentNote {
  return { size: `PDF, ${documentSize(version.size)}`, date: `diperbarui ${formatDayMonthYear(version.updatedAt)}` };
}

/** The label as one line: "PDF, 1,2 MB, diperbarui 02-12-2026". */
export function documentLabel(version: { size: number; updatedAt: string }): string {
  const { size, date } = documentNote(version);
  return `${size}, ${date}`;
}
