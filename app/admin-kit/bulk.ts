/**
 * Many records at once, as both sides read it: a list's selection (the rows' checkboxes, all on
 * the page, or every record matching the list's view), its bulk delete (one question naming the
 * count, then each record deleted or reported) and its export of the selection. The server's half
 * is app/admin-kit/server/screen/bulk.server.ts; the export reads the same fields
 * (export.server.ts).
 */

/** The form's fields: the chosen ids (repeated), or "all matching the view", and the delete's confirmation. */
export const BULK_FIELDS = { ids: "ids", all: "all", confirmed: "confirmed", count: "count", matched: "matched" } as const;

/** The intent of the bulk delete's form (the screen's action tells its forms apart by it). */
export const BULK_DELETE_INTENT = "bulk-delete";

/** The URL's selection state without JavaScript: `?select=page` (every row shown) or `?select=all` (every record the view matches). */
export const SELECT_PARAM = "select";
export type SelectionMode = "page" | "all" | null;

/** Ids sent one by one at most: a page's rows (the largest page holds 100). "All matching" is sent as the view, never as ids. */
export const BULK_MAX_IDS = 100;
/** Records deleted by one "all matching" request at most: each is its own upstream call, one or two at a time. */
export const BULK_ALL_MAX = 1000;
/** Deletes sent to the upstream at once. */
export const BULK_CONCURRENCY = 2;

export function readSelectionMode(search: URLSearchParams): SelectionMode {
  const mode = search.get(SELECT_PARAM);
  return mode === "page" || mode === "all" ? mode : null;
}

/** What the bulk delete answers: the question (nothing deleted yet), or the report of what was deleted and what was not. */
export type BulkAnswer =
  | {
      stage: "confirm";
      count: number;
      /** The chosen ids; null: every record matching the view (sent again as the view). */
      ids: string[] | null;
      /** Every record matching the view: which ones, as a digest the confirmation sends back (deleted only while the view matches exactly them). */
      matched?: string;
    }
  | {
      stage: "report";
      deleted: number;
      failed: Array<{ id: string; label: string; message: string }>;
    };

const GONE = "Data sudah tidak ada (mungkin sudah dihapus di tempat lain).";

export const BULK_TEXTS = {
  none: "Belum ada data yang dipilih. Centang data yang akan diproses terlebih dahulu.",
  tooMany: `Terlalu banyak data dipilih sekaligus (paling banyak ${BULK_MAX_IDS}). Untuk semua data yang cocok, gunakan “Pilih semua yang cocok”.`,
  tooManyMatching: `Terlalu banyak data yang cocok untuk dihapus sekaligus (paling banyak ${BULK_ALL_MAX}). Persempit pencarian atau filter terlebih dahulu.`,
  forged: "Pilihan tidak valid: ada nomor data yang tidak dikenal. Silakan muat ulang halaman dan pilih lagi.",
  notListed: "Sebagian data terpilih tidak ada di daftar ini (mungkin sudah dihapus). Silakan muat ulang halaman dan pilih lagi.",
  noneMatching: "Tidak ada data yang cocok dengan pencarian dan filter ini.",
  filtersIgnored: (ignored: readonly string[]) =>
    `Sebagian filter tidak dapat dipakai (${ignored.join(", ")}), sehingga daftar ini lebih luas dari yang dipilih. Tidak ada yang diproses; perbaiki atau hapus filter itu, lalu coba lagi.`,
  countChanged: (count: number) => `Jumlah data yang cocok berubah menjadi ${count} sejak pertanyaan diajukan. Tidak ada yang dihapus; silakan periksa lagi.`,
  matchesChanged: "Data yang cocok dengan pencarian dan filter ini berubah sejak pertanyaan diajukan (diubah di tempat lain). Tidak ada yang dihapus; silakan periksa lagi.",
  question: (count: number) => `Apakah anda yakin ingin menghapus ${count} data?`,
  deleted: (count: number) => `Berhasil menghapus ${count} data!`,
  /** What a bulk delete came to: the records already gone (deleted elsewhere) are what was wanted, not failures. */
  partly: (deleted: number, failed: ReadonlyArray<{ message: string }>) => {
    const gone = failed.filter((failure) => failure.message === GONE).length;
    const notDeleted = failed.length - gone;
    if (notDeleted === 0) return `${deleted} data terhapus; ${gone} data sudah tidak ada (mungkin sudah dihapus di tempat lain).`;
    return `${deleted} data terhapus, ${notDeleted} data gagal dihapus${gone > 0 ? `, ${gone} data sudah tidak ada` : ""}.`;
  },
  gone: GONE,
  progress: (count: number) => `Menghapus ${count} data, satu per satu…`,
} as const;
