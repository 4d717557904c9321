import { errorFields, log } from "@server/log.server";

/**
 * CSV downloads, streamed: each batch of rows is written when the response asks for more, so a
 * long list is never held whole in memory. UTF-8 with a byte-order mark (spreadsheet programs
 * read Indonesian text right only with it), CRLF line ends, every cell quoted.
 */

/** Whitespace and invisible characters a spreadsheet may skip before it reads a formula's sign. */
const LEADING_INVISIBLE = /^[\s\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]+/u;

/**
 * One CSV cell, quoted. A cell that starts with = + - @ (or a tab, a return) would run as a
 * formula in a spreadsheet (CSV injection), and so may one whose start only becomes such a sign
 * once read: past spaces and zero-width characters, or in its compatibility form (NFKC turns a
 * fullwidth ＝ into =). Such a cell gets a leading apostrophe; its text is kept as it was.
 */
export function csvCell(value: string): string {
  const start = value.replace(LEADING_INVISIBLE, "").slice(0, 4).normalize("NFKC");
  const safe = /^[=+\-@\t\r]/.test(value) || /^[=+\-@]/.test(start) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export interface CsvDownload {
  fileName: string;
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
export function csvResponse({ fileName, header, batches, logName }: CsvDownload): Response {
  const encoder = new TextEncoder();
  const encode = (lines: string[][]) => encoder.encode(lines.map((line) => `${line.map(csvCell).join(",")}\r\n`).join(""));
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
