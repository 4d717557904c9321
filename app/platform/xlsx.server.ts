import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import ExcelJS from "exceljs";
import { errorFields, log } from "@server/log.server";

/**
 * Excel downloads (XLSX), streamed with exceljs's WorkbookWriter: each batch of rows is written
 * into the worksheet, zipped and sent as the download takes it, so a long list is never held
 * whole. Text is a text cell (formatted as text, `@`, so that Excel keeps an ISBN or an id of
 * digits as written, and a cell that starts with = + - @ is never a formula, not even once edited);
 * a number is a number cell. The first row, the header, is bold and stays in view.
 */

/** A cell: text, a number, or empty. */
export type XlsxValue = string | number | null;

export interface XlsxDownload {
  fileName: string;
  /** The worksheet's name (cut to Excel's 31 characters, without the characters Excel refuses). */
  sheetName: string;
  header: string[];
  /** The rows, batch by batch. A batch that fails aborts the download. */
  batches: AsyncIterator<XlsxValue[][], void, undefined>;
  /** Names the download in the log line of a failure. */
  logName: string;
}

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const TEXT = { numFmt: "@" } as const;

/** What each stage of the file's way out holds at most before the writer waits (the sheet's part, the zip). */
const PART_BUFFER_BYTES = 64 * 1024;

/**
 * A worksheet's part of the file, as exceljs writes it: a Node stream that says when it is full.
 * exceljs's own (`StreamBuf`) takes every write at once whatever the zip behind it has taken, so
 * a download read slowly would pile the sheet's XML up here; this one lets the writer wait for
 * `drain`. exceljs writes its own string buffers (`StringBuf`, reused after each write): copied.
 */
class PartStream extends PassThrough {
  override write(chunk: unknown, ...rest: never[]): boolean {
    const copied = typeof chunk === "object" && chunk !== null && "toBuffer" in chunk && typeof chunk.toBuffer === "function" ? (chunk.toBuffer() as Buffer) : chunk;
    return super.write(copied, ...rest);
  }
}

/** What of exceljs's streaming writer this module reaches past its types (version pinned in package.json). */
interface WriterInternals {
  zip: { append(source: Readable, options: { name: string }): void; on(event: "error", listener: (error: Error) => void): void };
  _openStream(path: string): Readable;
}

/** Each part the workbook opens (its worksheet, its relations) as a PartStream, appended to the zip as exceljs would. */
function partsWithBackpressure(workbook: ExcelJS.stream.xlsx.WorkbookWriter): PartStream[] {
  const parts: PartStream[] = [];
  const internals = workbook as unknown as WriterInternals;
  internals._openStream = (path: string) => {
    const part = new PartStream({ highWaterMark: PART_BUFFER_BYTES });
    internals.zip.append(part, { name: path });
    // exceljs waits for `zipped` before it writes the workbook's last parts.
    part.on("finish", () => part.emit("zipped"));
    parts.push(part);
    return part;
  };
  return parts;
}

/** A worksheet name Excel takes: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetNameOf(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, " ").trim().slice(0, 31) || "Data";
}

function addRow(sheet: ExcelJS.Worksheet, values: XlsxValue[], font?: Partial<ExcelJS.Font>): void {
  const row = sheet.addRow(values);
  row.eachCell((cell) => {
    if (typeof cell.value === "string") cell.style = font ? { ...TEXT, font } : TEXT;
  });
  row.commit();
}

/**
 * The response. A failure after the first bytes cannot change the status any more, so it errors
 * the stream: the connection is cut before the end of the body and the browser reports the
 * download as failed, rather than saving a file that looks complete.
 */
export function xlsxResponse({ fileName, sheetName, header, batches, logName }: XlsxDownload): Response {
  const out = new PassThrough();
  // The zip (archiver) buffers 1 MiB each way unless told: 64 KiB keeps what a stalled download holds small.
  const zip = { highWaterMark: PART_BUFFER_BYTES } as Partial<ExcelJS.stream.xlsx.ArchiverZipOptions>;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip });
  const parts = partsWithBackpressure(workbook);
  // The download went away: the writer stops at its next batch.
  const gone = new AbortController();
  out.once("close", () => gone.abort());
  let rowsWritten = 0;
  const fail = (error: unknown) => {
    log("export_failed", { export: logName, rowsWritten, ...errorFields(error) });
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  // The zip's own failure (exceljs listens only once it finalizes): the download fails, the process stays.
  (workbook as unknown as WriterInternals).zip.on("error", fail);

  async function write(): Promise<void> {
    const sheet = workbook.addWorksheet(sheetNameOf(sheetName), { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = header.map(() => ({ width: 24 }));
    addRow(sheet, header, { bold: true });
    for (let next = await batches.next(); !next.done; next = await batches.next()) {
      gone.signal.throwIfAborted();
      for (const values of next.value) addRow(sheet, values);
      rowsWritten += next.value.length;
      // Wait for the zip to take what the sheet holds before writing more: memory stays flat.
      for (const part of parts) if (part.writableNeedDrain) await once(part, "drain", { signal: gone.signal });
    }
    sheet.commit();
    await workbook.commit();
  }

  write().catch(async (error: unknown) => {
    if (gone.signal.aborted) await batches.return?.();
    else fail(error);
  });

  return new Response(createReadableStreamFromReadable(out), {
    headers: {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
