import { csvDialect, type CsvDialect } from "./table-files/csv-dialect.server";
import { csvRecords } from "./table-files/csv.server";
import { refuse } from "./table-files/refusals.server";
import { tableRows, type TableRow } from "./table-files/rows.server";
import { HEAD_BYTES, readHead, sniffTableFile, type TextEncoding } from "./table-files/sniff.server";
import { checkXlsxFile, xlsxRecords, type XlsxSheets } from "./table-files/xlsx.server";

/**
 * A table file (XLSX or CSV, a SLiMS bibliography export among them) already stored on disk, read
 * row by row for an import: its kind from its content, a CSV's encoding and dialect detected (or
 * given), every limit (TABLE_FILE_LIMITS) enforced before or while it is read, and every refusal
 * a TableFileRefused whose Indonesian message names the file (and the row). Rows come lazily:
 * memory stays flat whatever the file's length. It knows no resource: the import maps the cells.
 */

export { refuse as refuseTableFile, TABLE_FILE_LIMITS, TableFileRefused } from "./table-files/refusals.server";
export type { CsvDialect, TableRow, XlsxSheets };

export type TableFileFormat = "xlsx" | "csv";

export interface TableFileOptions {
  /** The name the admin gave the file, for the messages. */
  fileName: string;
  /** A CSV's separator and enclosure, where the admin gave them (SLiMS's export form asks for both). */
  dialect?: Partial<CsvDialect>;
  /** Read a quote inside an enclosed value as part of it unless a separator or the line's end follows (SLiMS's export). */
  lenientQuotes?: boolean;
  signal?: AbortSignal;
}

export interface OpenedTableFile {
  format: TableFileFormat;
  /** What a CSV was read as ("utf-8" for XLSX). */
  encoding: TextEncoding;
  /** What a CSV was read with (detected or given); undefined for XLSX. */
  dialect: CsvDialect | undefined;
  /** XLSX: the worksheet read, and the other shown worksheets holding values (not read). */
  sheets: XlsxSheets | undefined;
  /** The non-empty rows, header first; each call reads the file anew. Throws TableFileRefused at a row past a limit. */
  rows(): AsyncGenerator<TableRow>;
}

/** Opens a stored table file: refused here when it is empty, too large, of another kind, or a zip bomb. */
export async function openTableFile(path: string, options: TableFileOptions): Promise<OpenedTableFile> {
  const { fileName, signal } = options;
  signal?.throwIfAborted();
  const sniffed = await sniffTableFile(path, fileName, signal);
  if (sniffed.kind === "zip") {
    const sheets = await checkXlsxFile(path, fileName);
    return { format: "xlsx", encoding: "utf-8", dialect: undefined, sheets, rows: () => tableRows(xlsxRecords(path, fileName, signal), fileName) };
  }
  const head = await readHead(path, HEAD_BYTES + sniffed.bomBytes);
  const headText = new TextDecoder(sniffed.encoding).decode(head.subarray(sniffed.bomBytes));
  if (headText.trim() === "") throw refuse.empty(fileName);
  const dialect = csvDialect(options.dialect, headText, fileName);
  const source = { path, fileName, encoding: sniffed.encoding, bomBytes: sniffed.bomBytes, dialect, lenientQuotes: options.lenientQuotes === true, signal };
  return { format: "csv", encoding: sniffed.encoding, dialect, sheets: undefined, rows: () => tableRows(csvRecords(source), fileName) };
}
