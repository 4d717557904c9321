import { rm } from "node:fs/promises";
import type * as z from "zod";
import { IMPORT_TEXTS, type ImportJobView } from "~/admin-kit/import";
import type { Cells } from "~/admin-kit/screen";
import type { AdminContext } from "~/platform/auth.server";
import { errorFields, log } from "@server/log.server";
import { formatDayMonthYear } from "~/lib/dates";
import { formatIndonesianNumber } from "~/lib/format";
import { openTableFile, TableFileRefused, type OpenedTableFile } from "~/platform/table-files.server";
import { isUpstreamError } from "~/platform/upstream.server";
import type { ResourceAdapter } from "../screen/adapter.server.ts";
import { importColumns, readHeader, relationNames, type HeaderMap } from "./columns.server.ts";
import { planContext, planRow, type PlanContext } from "./plan.server.ts";
import { isSlimsItemHeader, slimsPlaces, slimsValues, type RowValues } from "./slims.server.ts";
import { appendLines, jobFiles, writeJob, type PlannedRow, type StoredJob } from "./store.server.ts";

/**
 * The preview of an uploaded file: read row by row (app/platform/table-files.server.ts), each row
 * planned (plan.server.ts) and written to the job's `plan.ndjson` a batch at a time, the counts
 * and the first notes kept in the job. A file that cannot be read, or a list that cannot be
 * loaded, fails the job with the reason, naming the file or the row.
 */

const BATCH_ROWS = 500;
/** How far down a file its header is looked for: a sheet may carry its title, a date, a blank row above the table. */
const HEADER_SEARCH_ROWS = 10;
/** Names of other sheets listed at most, each cut to this length. */
const SHEETS_NAMED = 10;
const SHEET_NAME_LENGTH = 60;
/** The counts so far are written for the page at most this often. */
const PROGRESS_MS = 500;

export const PREVIEW_TEXTS = {
  noHeader: (file: string, sheets?: { read: string; notRead: readonly string[] }) =>
    `Judul kolom seperti ekspor daftar ini (misalnya “ID”, lalu nama kolom seperti pada tabel) tidak ditemukan di ${HEADER_SEARCH_ROWS} baris pertama ${sheets ? `lembar “${sheetName(sheets.read)}” ` : ""}berkas “${file}”. Tidak ada judul kolom yang dikenali.${sheets?.notRead.length ? ` Bila datanya ada di lembar lain (${sheets.notRead.slice(0, SHEETS_NAMED).map((name) => `“${sheetName(name)}”`).join(", ")}), jadikan lembar itu yang pertama, lalu unggah lagi.` : ""}`,
  emptyRows: (count: number) => `${formatIndonesianNumber(count)} baris tanpa isian di kolom yang dikenali (misalnya hanya nomor urut) dilewati.`,
  siteAsSlims: (file: string) => `Berkas “${file}” berisi kolom seperti ekspor daftar ini, bukan ekspor bibliografi SLiMS: pilih jenis berkas “${IMPORT_TEXTS.sourceSite}”, lalu unggah lagi.`,
  headerBelow: (line: number) => `Judul kolom dibaca dari baris ${line}; baris ${line === 2 ? "1" : `1–${line - 1}`} di atasnya tidak diimpor.`,
  otherSheets: (read: string, others: readonly string[]) =>
    `Hanya lembar “${read}” yang dibaca. Lembar lain yang berisi data tidak diimpor: ${others.map((name) => `“${name}”`).join(", ")}; untuk mengimpornya, jadikan lembar pertama atau simpan sebagai berkas tersendiri.`,
  hiddenRows: (count: number) => `${formatIndonesianNumber(count)} baris tersembunyi di Excel (disembunyikan atau tersaring) ikut dibaca; masing-masing diberi catatan.`,
  hiddenRow: "Baris ini tersembunyi di Excel (disembunyikan atau tersaring), tetapi tetap dibaca.",
  excelDays: (label: string, rows: number, cell: string, day: string) =>
    `${label} di ${formatIndonesianNumber(rows)} baris tertulis sebagai nomor tanggal Excel dan dibaca sebagai tanggal (misalnya “${cell}” menjadi ${formatDayMonthYear(day)}); periksa beberapa barisnya.`,
  yearsOnly: (label: string, rows: number, cell: string, day: string) =>
    `${label} di ${formatIndonesianNumber(rows)} baris hanya berisi tahun dan dibaca sebagai 1 Januari tahun itu (misalnya “${cell}” menjadi ${formatDayMonthYear(day)}).`,
  noRows: (file: string) => `Berkas “${file}” tidak berisi baris data.`,
  slimsItems: (file: string) =>
    `Berkas “${file}” adalah ekspor eksemplar SLiMS (kode eksemplar, lokasi, status), bukan ekspor bibliografi: tidak memuat pengarang dan penerbit. Di SLiMS, ekspor dari Bibliografi → Ekspor Data, lalu impor berkas itu sebagai “${IMPORT_TEXTS.sourceSlims}”.`,
  slimsAsSite: (file: string) => `Berkas “${file}” adalah ekspor bibliografi SLiMS: pilih jenis berkas “${IMPORT_TEXTS.sourceSlims}”, lalu unggah lagi.`,
  extraCells: (count: number, header: number) => `Baris ini berisi ${count} kolom, sedangkan judul kolom ${header}; mungkin pemisah kolomnya bercampur (misalnya ; dan ,). Baris tidak diimpor.`,
  slimsShifted: (count: number, width: number) =>
    `Baris ini berisi ${count} kolom, sedangkan baris ekspor SLiMS lainnya ${width}: isiannya bergeser, mungkin karena tanda petik di dalam isian (SLiMS tidak menggandakannya). Baris tidak diimpor; perbaiki isian itu lalu impor lagi.`,
  loadFailed: "Daftar data atau daftar pilihannya tidak dapat dimuat dari server API. Silakan coba lagi.",
};

/** How many cells a row has up to its last with something in it (a header's trailing separator aside). */
function filledLength(cells: readonly string[]): number {
  let length = cells.length;
  while (length > 0 && cells[length - 1].trim() === "") length -= 1;
  return length;
}

const sheetName = (name: string) => name.slice(0, SHEET_NAME_LENGTH);

const readAs = (opened: OpenedTableFile) =>
  opened.sheets
    ? `XLSX, lembar “${sheetName(opened.sheets.read)}”`
    : `CSV (pemisah “${opened.dialect?.separator === "\t" ? "tab" : opened.dialect?.separator ?? ","}”, ${opened.encoding.toUpperCase()})`;

/** What the reader noticed about the file as a whole, for the preview to say: sheets not read, rows above the header, hidden rows, Excel's day numbers. */
function fileNotes<Rec, C extends Cells>(opened: OpenedTableFile, headerLine: number | undefined, hiddenRows: number, context: PlanContext<Rec, C>): string[] {
  const notes: string[] = [];
  const others = opened.sheets?.notRead ?? [];
  if (opened.sheets && others.length > 0) notes.push(PREVIEW_TEXTS.otherSheets(sheetName(opened.sheets.read), [...others.slice(0, SHEETS_NAMED).map(sheetName), ...(others.length > SHEETS_NAMED ? ["…"] : [])]));
  if (headerLine !== undefined && headerLine > 1) notes.push(PREVIEW_TEXTS.headerBelow(headerLine));
  if (hiddenRows > 0) notes.push(PREVIEW_TEXTS.hiddenRows(hiddenRows));
  for (const { kind, label, rows, cell, day } of context.datesRead.values()) notes.push((kind === "excel" ? PREVIEW_TEXTS.excelDays : PREVIEW_TEXTS.yearsOnly)(label, rows, cell, day));
  return notes;
}

/** A row of a file laid out as the list's export: its id, and each known column's cell. */
function siteValues(cells: readonly string[], header: HeaderMap): RowValues {
  const id = header.id === undefined ? "" : (cells[header.id] ?? "").trim();
  const values = new Map<string, string | string[]>();
  for (const [place, column] of header.columns) {
    const cell = cells[place] ?? "";
    const { field } = column;
    values.set(field.name, (field.type === "select" || field.type === "pills") && field.optionsFrom !== undefined ? relationNames(field, cell) : cell);
  }
  return { ...(id === "" ? {} : { id }), values, notes: [] };
}

export async function previewImport<Rec, C extends Cells, S extends z.ZodObject>(admin: AdminContext, adapter: ResourceAdapter<Rec, C, S>, job: StoredJob): Promise<void> {
  const listed = adapter as unknown as ResourceAdapter<Rec, C, z.ZodObject>;
  const files = jobFiles(job.id);
  let lastWritten = 0;
  try {
    // Begun again by another process (its first one died): the plan starts over.
    await rm(files.plan, { force: true });
    const opened = await openTableFile(files.upload, {
      fileName: job.fileName,
      dialect: job.dialect,
      lenientQuotes: job.source === "slims",
    });
    const context = await planContext(admin, listed);
    const fields = new Map(adapter.definition.fields.map((field) => [field.name, field]));
    const columns = importColumns(listed);
    const preview: NonNullable<ImportJobView["preview"]> = {
      rows: 0,
      actions: { create: 0, update: 0, unchanged: 0, error: 0 },
      duplicates: 0,
      missing: [],
      readAs: readAs(opened),
      ignoredColumns: [],
    };
    let layout: { header: HeaderMap; width: number } | { slims: ReturnType<typeof slimsPlaces>["places"]; columns: number; width?: number } | undefined;
    let batch: PlannedRow[] = [];
    let rowsAboveHeader = 0;
    let headerLine: number | undefined;
    let hiddenRows = 0;
    let emptyRows = 0;
    for await (const row of opened.rows()) {
      if (!layout) {
        if (isSlimsItemHeader(row.cells)) throw new TableFileRefused(PREVIEW_TEXTS.slimsItems(job.fileName), row.line);
        if (job.source === "slims") {
          const ownHeader = readHeader(row.cells, columns);
          if (ownHeader && ownHeader.id !== undefined && ownHeader.columns.size >= 2) throw new TableFileRefused(PREVIEW_TEXTS.siteAsSlims(job.fileName), row.line);
          const { places, header } = slimsPlaces(row.cells, adapter.slimsImport?.columns ?? []);
          layout = { slims: places, columns: header ? filledLength(row.cells) : (adapter.slimsImport?.columns.length ?? 0) };
          if (header) continue;
        } else {
          if (adapter.slimsImport && slimsPlaces(row.cells, adapter.slimsImport.columns).header) throw new TableFileRefused(PREVIEW_TEXTS.slimsAsSite(job.fileName), row.line);
          const header = readHeader(row.cells, columns);
          // Below the first row, a header is one that names two columns, or names nothing it does not know: not a title that happens to be a column's name.
          const isHeader = header !== undefined && (rowsAboveHeader === 0 || header.columns.size >= 2 || header.ignored.length === 0);
          if (!isHeader) {
            if (++rowsAboveHeader < HEADER_SEARCH_ROWS) continue;
            throw new TableFileRefused(PREVIEW_TEXTS.noHeader(job.fileName, opened.sheets), row.line);
          }
          preview.ignoredColumns = header.ignored;
          headerLine = row.line;
          layout = { header, width: row.cells.length };
          continue;
        }
      }
      // SLiMS writes every record with as many separators as its first: after the last value, or one more.
      const width = "slims" in layout ? (layout.width ??= Math.min(Math.max(row.cells.length, layout.columns), layout.columns + 1)) : layout.width;
      let planned: PlannedRow;
      // A value's quote SLiMS did not double ends its cell early: every later value moves one column on.
      const shifted = "slims" in layout ? row.cells.length > width : row.cells.slice(width).some((cell) => cell.trim() !== "");
      if (shifted) {
        planned = {
          line: row.line,
          label: (row.cells[0] ?? "").slice(0, 120),
          action: "error",
          messages: ["slims" in layout ? PREVIEW_TEXTS.slimsShifted(row.cells.length, width) : PREVIEW_TEXTS.extraCells(row.cells.length, width)],
        };
      } else {
        const values = "header" in layout ? siteValues(row.cells, layout.header) : slimsValues(row.cells, layout.slims, adapter.slimsImport?.fields ?? {}, fields);
        // A template's row with nothing in the columns read (a running number in its own column): no record, not an invalid one.
        if (values.id === undefined && [...values.values.values()].every((value) => (Array.isArray(value) ? value.length === 0 : value.trim() === ""))) {
          emptyRows += 1;
          continue;
        }
        planned = await planRow(context, row.line, values);
      }
      if (row.hidden) {
        hiddenRows += 1;
        planned.messages.unshift(PREVIEW_TEXTS.hiddenRow);
      }
      preview.rows += 1;
      preview.actions[planned.action] += 1;
      if (planned.duplicate) preview.duplicates += 1;
      batch.push(planned);
      if (batch.length >= BATCH_ROWS) {
        await appendLines(files.plan, batch);
        batch = [];
      }
      if (Date.now() - lastWritten > PROGRESS_MS) {
        lastWritten = Date.now();
        await writeJob({ ...job, preview: { ...preview } });
      }
    }
    await appendLines(files.plan, batch);
    // A short file whose every row was passed over looking for its header has none.
    if (!layout && rowsAboveHeader > 0) throw new TableFileRefused(PREVIEW_TEXTS.noHeader(job.fileName, opened.sheets), 1);
    if (preview.rows === 0) throw new TableFileRefused(PREVIEW_TEXTS.noRows(job.fileName));
    preview.missing = missingSummary(context, adapter);
    preview.fileNotes = fileNotes(opened, headerLine, hiddenRows, context);
    if (emptyRows > 0) preview.fileNotes.push(PREVIEW_TEXTS.emptyRows(emptyRows));
    Object.assign(job, { stage: "previewed", preview });
  } catch (error) {
    if (error instanceof TableFileRefused) Object.assign(job, { stage: "failed", reason: error.message });
    else if (isUpstreamError(error)) Object.assign(job, { stage: "failed", reason: PREVIEW_TEXTS.loadFailed });
    else {
      log("import_preview_failed", {
        job: job.id,
        screen: job.screen,
        ...errorFields(error),
      });
      Object.assign(job, {
        stage: "failed",
        reason: `Berkas “${job.fileName}” tidak dapat dibaca.`,
      });
    }
  }
  await writeJob(job);
}

/** By relation field: the names its list lacks, and whether the run may make them (the list takes a record by its name alone). */
function missingSummary<Rec, C extends Cells>(
  context: PlanContext<Rec, C>,
  adapter: ResourceAdapter<Rec, C, z.ZodObject> | ResourceAdapter<Rec, C, z.ZodObject & object>
): NonNullable<ImportJobView["preview"]>["missing"] {
  return [...context.missing].flatMap(([fieldName, names]) => {
    const field = context.fields.get(fieldName);
    const list = field?.optionsFrom;
    if (!field || !list) return [];
    const all = [...names.values()].filter((each) => each.rows > 0);
    if (all.length === 0) return [];
    return [
      {
        list,
        field: fieldName,
        label: field.label,
        names: all.slice(0, 20).map((each) => each.name),
        count: all.length,
        creatable: adapter.choices?.[list]?.addInline === true,
      },
    ];
  });
}
