import { errorFields, log } from "@server/log.server";

/**
 * CSV downloads, streamed: each batch of rows is written when the response asks for more, so a
 * long list is never held whole in memory. UTF-8 with a byte-order mark (spreadsheet programs
 * read Indonesian text right only with it), CRLF line ends, every cell quoted.
 */

/**
 * Whitespace and invisible characters a spreadsheet may skip before it reads a formula's sign: as
 * a class (format controls, bidi ones included, and the default-ignorables: Hangul fillers, tags,
 * variation selectors), not a list that misses the next one.
 */
const LEADING_INVISIBLE = /^[\s\p{Cf}\p{Default_Ignorable_Code_Point}]+/u;
const FORMULA_SIGN = /^[=+\-@]/;

/**
 * One CSV cell, quoted. A cell that starts with = + - @ (or a tab, a return) would run as a
 * formula in a spreadsheet (CSV injection), and so may one whose start only becomes such a sign
 * once read: past spaces and zero-width characters, or in its compatibility form (NFKC turns a
 * fullwidth ＝ into =). Such a cell gets a leading apostrophe; its text is kept as it was.
 */
export function csvCell(value: string): string {
  const visible = value.replace(LEADING_INVISIBLE, "");
  // The sign is looked for past invisibles both before NFKC and after it (which folds ＝ into =, but
  // composes "=\u0338" into ≠); only the start is normalized, whatever the cell's length.
  const start = visible.slice(0, 8).normalize("NFKC").replace(LEADING_INVISIBLE, "");
  const safe = /^[=+\-@\t\r]/.test(value) || FORMULA_SIGN.test(visible) || FORMULA_SIGN.test(start) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** What separates a CSV line's cells: a comma, or the semicolon Excel expects where the decimal mark is a comma (Indonesian settings). */
export type CsvSeparator = "," | ";";

export interface CsvDownload {
  fileName: string;
  /** A comma unless given. */
  separator?: CsvSeparator;
  header: string[];
  /** The rows, batch by batch. A batch that fails aborts the download. */
  batches: AsyncIterator<string[][], void, undefined>;
  /** Names the download in the log line of a failure. */
  logName: string;
}

/**
 * The response: a failure after the first bytes cannot change the status any more, so it
 * errors the stream; the connection is cut before the end of the body and the browser reports
 * the download as failed, rather than saving a file that looks complete.
 */
export function csvResponse({ fileName, separator = ",", header, batches, logName }: CsvDownload): Response {
  const encoder = new TextEncoder();
  const encode = (lines: string[][]) => encoder.encode(lines.map((line) => `${line.map(csvCell).join(separator)}\r\n`).join(""));
  let rowsWritten = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\ufeff`));
      controller.enqueue(encode([header]));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        rowsWritten += next.value.length;
        controller.enqueue(encode(next.value));
      } catch (error) {
        log("export_failed", { export: logName, rowsWritten, ...errorFields(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
