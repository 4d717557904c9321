import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { refuse, TABLE_FILE_LIMITS, TableFileRefused } from "./refusals.server";
import type { TableRow } from "./rows.server";
import { sheetRows } from "./xlsx-sheet.server";
import { openXlsxZip, type XlsxZip } from "./xlsx-zip.server";

/**
 * The rows of an XLSX file's first worksheet shown. exceljs's XML parsers read the workbook, its
 * relations, styles and shared strings, fed part by part from our own zip
 * (./xlsx-zip.server.ts): exceljs's `WorkbookReader.read` inflates the zip itself with no bound
 * on what a part inflates to, and writes a worksheet that comes before its shared strings (or a
 * workbook without any) whole to a temporary file. The shared strings are gathered as plain text,
 * counted; the worksheet is read by ./xlsx-sheet.server.ts.
 */

/** What of exceljs 4.4.0's WorkbookReader this module calls past its types (version pinned in package.json). */
interface ReaderInternals {
  workbookRels?: { Id: string; Target: string; Type?: string }[];
  model?: { sheets?: ({ name?: string; rId?: string; state?: string } | undefined)[] };
  styles: { getStyleModel(style: number): { numFmt?: string } | null };
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseStyles(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<{ text: string | { richText: { text: string }[] } | null }>;
}

const RELATIONS = "xl/_rels/workbook.xml.rels";

function newReader(): ReaderInternals {
  const options = { worksheets: "emit", sharedStrings: "emit", styles: "cache", hyperlinks: "ignore", entries: "ignore" } as const;
  return new ExcelJS.stream.xlsx.WorkbookReader(undefined as never, options as never) as unknown as ReaderInternals;
}

/** A relation's target as a part's name in the zip ("worksheets/sheet1.xml" → "xl/worksheets/sheet1.xml"). */
function partName(target: string): string {
  return target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`;
}

interface WorkbookParts {
  sheet: string;
  /** The worksheet's name, as its tab shows it. */
  sheetName: string;
  /** The other worksheets shown (not hidden), by part. */
  otherSheets: { name: string; part: string }[];
  sharedStrings: string | undefined;
  styles: string | undefined;
  /** Its dates count from 1904 (a Mac's Excel, some LibreOffice files). */
  date1904: boolean;
}

const WORKBOOK = "xl/workbook.xml";

/**
 * Whether the workbook's dates count from 1904: `date1904="1"` or `"true"`, both of which the
 * format allows (exceljs 4.4 reads only "1"), read from the workbook's own XML.
 */
function countsFrom1904(workbookXml: string): boolean {
  return /<(?:[\w-]+:)?workbookPr\b[^>]*\bdate1904\s*=\s*["'](?:1|true)["']/.test(workbookXml);
}

/** The workbook and its relations read: the first visible worksheet's part, the shared strings' and the styles'. */
async function readWorkbook(zip: XlsxZip, reader: ReaderInternals, fileName: string): Promise<WorkbookParts> {
  if (!zip.has(RELATIONS)) throw refuse.corruptXlsx(fileName);
  await reader._parseRels(await zip.open(RELATIONS, TABLE_FILE_LIMITS.maxPartXmlBytes));
  // Read once, bounded as every part: exceljs parses it, and the 1904 flag is read from it.
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.open(WORKBOOK, TABLE_FILE_LIMITS.maxPartXmlBytes)) chunks.push(chunk as Buffer);
  const workbook = Buffer.concat(chunks);
  await reader._parseWorkbook(Readable.from([workbook]));
  const relations = reader.workbookRels ?? [];
  // The first sheet that is a worksheet (not a chart sheet) and shown: a hidden one ("Arsip lama") is no one's table.
  const worksheets = relations.filter((relation) => relation.Type?.endsWith("/worksheet"));
  const shown = (reader.model?.sheets ?? []).flatMap((sheet) => {
    const target = worksheets.find((relation) => relation.Id === sheet?.rId)?.Target;
    return sheet?.state !== "hidden" && sheet?.state !== "veryHidden" && target !== undefined ? [{ name: sheet?.name ?? "", part: partName(target) }] : [];
  });
  const [first, ...others] = shown;
  if (first === undefined || !zip.has(first.part)) throw refuse.noSheet(fileName);
  const ofType = (type: string) => {
    const target = relations.find((relation) => relation.Type?.endsWith(`/${type}`))?.Target;
    return target !== undefined && zip.has(partName(target)) ? partName(target) : undefined;
  };
  return {
    sheet: first.part,
    sheetName: first.name,
    otherSheets: others.filter((other) => zip.has(other.part)),
    sharedStrings: ofType("sharedStrings"),
    styles: ofType("styles"),
    date1904: countsFrom1904(workbook.toString("utf8")),
  };
}

/** How far into another sheet's XML a value is looked for: a sheet's first cell comes early, after its columns' widths. */
const VALUE_SEARCH_BYTES = 4 * 1024 * 1024;

/**
 * Whether a worksheet holds a cell with a value (`<v>` or inline text), not only formatting, read
 * until the first one. A sheet too large or broken to read is said to: it is not read either way.
 */
async function holdsValues(zip: XlsxZip, part: string): Promise<boolean> {
  const xml = await zip.open(part, TABLE_FILE_LIMITS.maxSheetXmlBytes).catch(() => undefined);
  if (xml === undefined) return true;
  let read = 0;
  let tail = "";
  try {
    for await (const chunk of xml as AsyncIterable<Buffer>) {
      const text = tail + chunk.toString("latin1");
      if (/<(?:[\w.-]+:)?(?:v|is)>/.test(text)) return true;
      tail = text.slice(-16);
      read += chunk.length;
      if (read > VALUE_SEARCH_BYTES) return false;
    }
    return false;
  } catch {
    return true;
  } finally {
    xml.destroy();
  }
}

/** The worksheet an import reads, and the other shown worksheets holding values, which it does not read. */
export interface XlsxSheets {
  read: string;
  notRead: string[];
}

async function readSharedStrings(zip: XlsxZip, reader: ReaderInternals, part: string, fileName: string): Promise<string[]> {
  const strings: string[] = [];
  for await (const { text } of reader._parseSharedStrings(await zip.open(part, TABLE_FILE_LIMITS.maxSharedStringsXmlBytes))) {
    if (strings.length >= TABLE_FILE_LIMITS.maxSharedStrings) throw refuse.tooManySharedStrings(fileName);
    strings.push(text === null ? "" : typeof text === "string" ? text : text.richText.map((run) => run.text ?? "").join(""));
  }
  return strings;
}

/**
 * Opens the zip and checks, from its central directory, that the parts to read are within bounds:
 * nothing of the sheet is inflated. Answers which sheet is read, and which other sheets hold
 * values (each read until its first value), so that the admin is told what was left out.
 */
export async function checkXlsxFile(path: string, fileName: string): Promise<XlsxSheets> {
  const zip = await openXlsxZip(path, fileName);
  try {
    const parts = await readWorkbook(zip, newReader(), fileName);
    const limits: [string | undefined, number][] = [
      [parts.sheet, TABLE_FILE_LIMITS.maxSheetXmlBytes],
      [parts.sharedStrings, TABLE_FILE_LIMITS.maxSharedStringsXmlBytes],
      [parts.styles, TABLE_FILE_LIMITS.maxPartXmlBytes],
    ];
    for (const [part, maxBytes] of limits) if (part !== undefined) zip.checkDeclared(part, maxBytes);
    const notRead: string[] = [];
    for (const other of parts.otherSheets) if (await holdsValues(zip, other.part)) notRead.push(other.name);
    return { read: parts.sheetName, notRead };
  } catch (error) {
    throw error instanceof TableFileRefused ? error : refuse.corruptXlsx(fileName);
  } finally {
    zip.close();
  }
}

/** Every row the first worksheet writes, in order, with its number. */
export async function* xlsxRecords(path: string, fileName: string, signal?: AbortSignal): AsyncGenerator<TableRow> {
  const zip = await openXlsxZip(path, fileName);
  try {
    const reader = newReader();
    const parts = await readWorkbook(zip, reader, fileName);
    if (parts.styles !== undefined) await reader._parseStyles(await zip.open(parts.styles, TABLE_FILE_LIMITS.maxPartXmlBytes));
    const sharedStrings = parts.sharedStrings === undefined ? [] : await readSharedStrings(zip, reader, parts.sharedStrings, fileName);
    const sheet = await zip.open(parts.sheet, TABLE_FILE_LIMITS.maxSheetXmlBytes);
    const context = {
      fileName,
      sharedStrings,
      // Without a styles part exceljs's style manager is not set up: every cell is General.
      numberFormat: (style: number) => (parts.styles === undefined ? undefined : reader.styles.getStyleModel(style)?.numFmt),
      date1904: parts.date1904,
    };
    for await (const row of sheetRows(sheet, context)) {
      signal?.throwIfAborted();
      yield row;
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error instanceof TableFileRefused ? error : refuse.corruptXlsx(fileName);
  } finally {
    zip.close();
  }
}
