/**
 * A list's import, as both sides read it: a spreadsheet (XLSX or CSV, the list's own export or a
 * file laid out like it) or a SLiMS bibliography export is read into a preview that judges every
 * row, then run, row by row, through the screen's own save; the run shows its progress, can be
 * stopped and resumed, and ends in a report of every row. The server's half is
 * app/admin-kit/server/import/.
 */

import { importPath } from "./menu";

export { importPath };

/** A job's page at `importPath(screen)?job=`. */
export const IMPORT_PARAMS = { job: "job" } as const;

/** A job's report, every row with its outcome, as CSV (a resource route: app/routes/admin.import.$screen.report.tsx). */
export function importReportPath(screenId: string, jobId: string): string {
  return `${importPath(screenId)}/report?${IMPORT_PARAMS.job}=${jobId}`;
}

/** What the file is: laid out as this site's export (headers by name), or as SLiMS's bibliography export. */
export type ImportSource = "site" | "slims";

/** The form's fields. */
export const IMPORT_FIELDS = {
  intent: "intent",
  file: "file",
  source: "source",
  separator: "separator",
  enclosure: "enclosure",
  /** A ticked list whose missing names are created (repeated: `create=author`). */
  create: "create",
  /** Rows that look like records already in the catalogue are written anyway. */
  duplicates: "duplicates",
} as const;

export const IMPORT_INTENTS = {
  upload: "upload",
  start: "start",
  stop: "stop",
  discard: "discard",
} as const;

/** Where a job stands. */
export type ImportStage = "reading" | "previewed" | "running" | "stopped" | "done" | "failed";

/** What a row came to, or will come to. */
export type RowAction = "create" | "update" | "unchanged" | "error";
export type RowOutcome = "created" | "updated" | "unchanged" | "skipped" | "failed";

/** A row the admin should read: one with errors, a likely duplicate, or (after the run) one not written. */
export interface RowNote {
  line: number;
  label: string;
  messages: string[];
}

/** What the page shows of a job. */
export interface ImportJobView {
  id: string;
  fileName: string;
  source: ImportSource;
  stage: ImportStage;
  /** Why the run stopped by itself (the upstream failing, the session ended), or why the file could not be read. */
  reason?: string;
  /** The admin's own choice stopped it. */
  stoppedByAdmin?: boolean;
  /** Still running on some process (its heartbeat is recent). */
  alive: boolean;
  /** Stored as reading or running: the page keeps following it even when its heartbeat looks stale (a busy process may beat again). */
  unsettled: boolean;
  createdAt: string;
  preview?: {
    rows: number;
    actions: Record<RowAction, number>;
    duplicates: number;
    /** By list (its field's label): names the file uses that the list lacks, and how many rows use them. */
    missing: Array<{
      list: string;
      field: string;
      label: string;
      names: string[];
      count: number;
      creatable: boolean;
    }>;
    /** What the reader found: "XLSX", "CSV (;) UTF-8"... */
    readAs: string;
    /** Columns of the file that mean nothing here. */
    ignoredColumns: string[];
    /** What the reader noticed about the file as a whole (sheets not read, rows above the header, hidden rows), one sentence each; absent on jobs read before it was kept. */
    fileNotes?: string[];
  };
  progress?: Record<RowOutcome, number> & { done: number; total: number };
  /** The first notes, in the file's order. */
  notes: RowNote[];
  notesTotal: number;
  /** The options the run was started with. */
  options?: { create: string[]; duplicates: boolean };
}

/** Rows noted on the page at most (the report has every row). */
export const IMPORT_NOTES_SHOWN = 100;

/** How often the page asks again while a job reads or runs (JavaScript or not). */
export const IMPORT_REFRESH_SECONDS = 2;

export const IMPORT_TEXTS = {
  title: (screen: string) => `Impor ${screen}`,
  link: "Impor",
  sourceSite: "Berkas XLSX atau CSV (kolom seperti ekspor daftar ini)",
  sourceSlims: "Ekspor bibliografi SLiMS (CSV)",
  noFile: "Pilih berkas XLSX atau CSV yang akan diimpor.",
  badSource: "Jenis berkas impor tidak dikenal.",
  noJob: "Impor tidak ditemukan (mungkin sudah dihapus). Silakan unggah berkasnya lagi.",
  notForScreen: "Daftar ini tidak dapat diimpor.",
  slimsBooksOnly: "Ekspor SLiMS hanya dapat diimpor ke daftar buku.",
  busy: "Impor ini sedang berjalan di proses lain. Tunggu sebentar lalu muat ulang halaman.",
  notReady: "Impor belum dapat dimulai: pratinjau belum selesai atau impor sudah selesai.",
  storage: "Berkas impor tidak dapat disimpan di server. Silakan coba lagi atau hubungi pengelola.",
  sessionEnded: "Sesi berakhir saat impor berjalan. Masuk lagi, lalu tekan “Lanjutkan impor”.",
  previewSessionEnded: "Sesi berakhir sebelum pratinjau dimulai. Masuk lagi, buang impor ini, lalu unggah berkasnya lagi.",
  upstreamDown: (line: number) => `Impor dihentikan: server API gagal berulang kali sejak baris ${line}. Baris yang sudah ditulis tetap tersimpan; tekan “Lanjutkan impor” setelah server pulih.`,
  processStopped: "Impor terhenti karena proses server berhenti. Baris yang sudah ditulis tetap tersimpan; tekan “Lanjutkan impor” untuk meneruskan.",
  previewStopped: "Pratinjau terhenti karena proses server berhenti. Buang impor ini, lalu unggah berkasnya lagi.",
  /** The same two with several processes (REDIS_URL): another takes the job up by itself (app/platform/background-jobs.server.ts). */
  processStoppedQueued: "Proses server yang menjalankan impor ini berhenti. Proses lain biasanya melanjutkannya dalam setengah menit; jika tidak, tekan “Lanjutkan impor”. Baris yang sudah ditulis tetap tersimpan.",
  previewStoppedQueued: "Proses server yang membaca berkas ini berhenti. Proses lain biasanya melanjutkan pratinjaunya dalam setengah menit; jika tidak, buang impor ini lalu unggah berkasnya lagi.",
  stopped: "Impor dihentikan. Baris yang sudah ditulis tetap tersimpan; tekan “Lanjutkan impor” untuk meneruskan.",
  start: "Mulai impor",
  resume: "Lanjutkan impor",
  stop: "Hentikan",
  discard: "Buang impor ini",
  report: "Unduh laporan (CSV)",
} as const;
