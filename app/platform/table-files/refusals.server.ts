import { megabytes } from "~/lib/file-kinds";
import { formatIndonesianNumber } from "~/lib/format";

/**
 * The spreadsheet reader's limits and its refusals. A table file comes from an admin's upload
 * and is read on the server: every dimension of it is bounded before or while it is read, and
 * every refusal is an Indonesian sentence naming the file (and the row, when there is one), ready
 * to show as it is.
 */

const MiB = 1024 * 1024;

export const TABLE_FILE_LIMITS = {
  /** A catalogue of 50,000 books is 5–10 MiB as CSV or XLSX: 20 MiB leaves room and keeps an upload short. */
  maxBytes: 20 * MiB,
  /** Rows after the header: one import the back-office previews and runs in one job. */
  maxRows: 50_000,
  /** A SLiMS export has 18 columns, a hand-made sheet a few dozen: 200 is generous and bounds a row's array. */
  maxColumns: 200,
  /** Longer than any title, note or abstract the catalogue holds, short enough to keep a row small. */
  maxCellChars: 20_000,
  /** A CSV record's characters, its cells together: bounds what a quote that is never closed takes in. */
  maxRowChars: 1_000_000,
  /** XLSX: parts in the zip (a workbook has a few dozen). */
  maxZipEntries: 10_000,
  /** XLSX: the first sheet's XML once inflated (50,000 rows of 200 short cells fit). */
  maxSheetXmlBytes: 256 * MiB,
  /** XLSX: the shared strings' XML once inflated, and how many strings it may hold (all kept while the sheet is read). */
  maxSharedStringsXmlBytes: 32 * MiB,
  maxSharedStrings: 1_000_000,
  /** XLSX: each other part read (workbook, its relations, styles) once inflated. */
  maxPartXmlBytes: 16 * MiB,
  /** XLSX: inflated size over compressed size, for parts over `ratioFloorBytes`; real sheets stay under 30, a zip bomb is near 1,000. */
  maxCompressionRatio: 200,
  ratioFloorBytes: MiB,
  /** XLSX: bytes of XML between two tags; a longer text (a cell of gigabytes) is refused before it is gathered. */
  maxXmlTextRunBytes: MiB,
} as const;

/** Why a table file is not read, in Indonesian; `line` is the spreadsheet's row number when a row is at fault. */
export class TableFileRefused extends Error {
  readonly line?: number;
  constructor(message: string, line?: number) {
    super(message);
    this.name = "TableFileRefused";
    if (line !== undefined) this.line = line;
  }
}

const thousands = (value: number) => formatIndonesianNumber(value);

/** The refusals' sentences: each takes the file's name (and the row where there is one). */
export const refuse = {
  empty: (file: string) => new TableFileRefused(`Berkas “${file}” kosong.`),
  tooLarge: (file: string) => new TableFileRefused(`Berkas “${file}” terlalu besar: batasnya ${megabytes(TABLE_FILE_LIMITS.maxBytes)}.`),
  notTable: (file: string) => new TableFileRefused(`Berkas “${file}” bukan berkas XLSX atau CSV.`),
  unreadable: (file: string) => new TableFileRefused(`Berkas “${file}” tidak dapat dibaca.`),
  corruptXlsx: (file: string) => new TableFileRefused(`Berkas “${file}” rusak: bukan berkas XLSX yang utuh.`),
  inflatesTooMuch: (file: string) =>
    new TableFileRefused(`Berkas “${file}” ditolak: isinya setelah dibuka jauh lebih besar dari berkasnya (lebih dari batas yang diizinkan).`),
  textRunTooLong: (file: string) => new TableFileRefused(`Berkas “${file}” memuat sel yang terlalu panjang (lebih dari ${thousands(TABLE_FILE_LIMITS.maxCellChars)} karakter).`),
  noSheet: (file: string) => new TableFileRefused(`Berkas “${file}” tidak memuat lembar kerja.`),
  tooManySharedStrings: (file: string) => new TableFileRefused(`Berkas “${file}” memuat terlalu banyak teks (lebih dari ${thousands(TABLE_FILE_LIMITS.maxSharedStrings)} teks berbeda).`),
  badDialect: (file: string) =>
    new TableFileRefused(`Berkas “${file}”: pemisah kolom harus 1 sampai 3 karakter dan pengapit nilai 1 karakter atau kosong, berbeda dari pemisahnya.`),
  tooManyRows: (file: string, line: number) =>
    new TableFileRefused(`Berkas “${file}”, baris ${thousands(line)}: lebih dari ${thousands(TABLE_FILE_LIMITS.maxRows)} baris data; bagi berkas menjadi beberapa.`, line),
  tooManyColumns: (file: string, line: number) =>
    new TableFileRefused(`Berkas “${file}”, baris ${thousands(line)}: lebih dari ${thousands(TABLE_FILE_LIMITS.maxColumns)} kolom.`, line),
  cellTooLong: (file: string, line: number) =>
    new TableFileRefused(`Berkas “${file}”, baris ${thousands(line)}: sebuah sel lebih dari ${thousands(TABLE_FILE_LIMITS.maxCellChars)} karakter.`, line),
  rowTooLong: (file: string, line: number) =>
    new TableFileRefused(
      `Berkas “${file}”, baris ${thousands(line)}: baris lebih dari ${thousands(TABLE_FILE_LIMITS.maxRowChars)} karakter; mungkin ada tanda kutip yang tidak ditutup.`,
      line,
    ),
  quoteNotClosed: (file: string, line: number) => new TableFileRefused(`Berkas “${file}”, baris ${thousands(line)}: tanda kutip tidak ditutup.`, line),
  badCsvRow: (file: string, line: number) => new TableFileRefused(`Berkas “${file}”, baris ${thousands(line)}: tidak dapat dibaca sebagai CSV.`, line),
};
