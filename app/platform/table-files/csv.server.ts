import { createReadStream } from "node:fs";
import { pipeline, Transform } from "node:stream";
import { CsvError, parse } from "csv-parse";
import type { CsvDialect } from "./csv-dialect.server";
import { refuse, TABLE_FILE_LIMITS, TableFileRefused } from "./refusals.server";
import type { TextEncoding } from "./sniff.server";
import type { TableRow } from "./rows.server";

/**
 * A CSV file's records, one at a time, with csv-parse streaming over the file decoded as it was
 * sniffed. Each cell is checked as it ends (its length, how many came before it in its record)
 * and a record's characters are bounded (csv-parse's `max_record_size`), so a row of 10,000 cells
 * or a quote that never closes is refused at its row without holding the file.
 *
 * `lenientQuotes` reads SLiMS's export, which writes a quote inside a value as it is (`"Buku
 * "Laskar" Pelangi"`): a quote is a value's end only before a separator or a line's end; csv-parse's
 * `relax_quotes` then gives such a value as written, enclosure included, which is taken off here.
 */

export interface CsvSource {
  path: string;
  fileName: string;
  encoding: TextEncoding;
  bomBytes: number;
  dialect: CsvDialect;
  lenientQuotes: boolean;
  signal?: AbortSignal;
}

function decoding(encoding: TextEncoding): Transform {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

/** The spreadsheet's row a csv-parse error is at: the record it was reading. */
function csvRefusal(error: unknown, fileName: string, line: number): unknown {
  if (error instanceof TableFileRefused) return error;
  if (!(error instanceof CsvError)) return error;
  const at = typeof error.records === "number" ? error.records + 1 : line;
  if (error.code === "CSV_MAX_RECORD_SIZE") return refuse.rowTooLong(fileName, at);
  if (error.code === "CSV_QUOTE_NOT_CLOSED") return refuse.quoteNotClosed(fileName, at);
  return refuse.badCsvRow(fileName, at);
}

/** A SLiMS value read leniently comes as written, between its enclosures. */
function unenclosed(cell: string, enclosure: string): string {
  return cell.length >= 2 && cell.startsWith(enclosure) && cell.endsWith(enclosure) ? cell.slice(1, -1) : cell;
}

/** Every record of the file, empty ones included, with its row number. */
export async function* csvRecords(source: CsvSource): AsyncGenerator<TableRow> {
  const { fileName, dialect } = source;
  const enclosure = dialect.enclosure === "" ? false : dialect.enclosure;
  const parser = parse({
    delimiter: dialect.separator,
    quote: enclosure,
    escape: enclosure === false ? null : enclosure,
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: TABLE_FILE_LIMITS.maxRowChars,
    cast: (value, context) => {
      // Past the limit only a value is refused (./rows.server.ts drops the empty cells): Excel saves a
      // sheet formatted to its edge with separators there, and a SLiMS header ends with one.
      if (context.index >= TABLE_FILE_LIMITS.maxColumns && value.trim() !== "") throw refuse.tooManyColumns(fileName, context.records + 1);
      if (value.length > TABLE_FILE_LIMITS.maxCellChars) throw refuse.cellTooLong(fileName, context.records + 1);
      return value;
    },
  });
  const file = createReadStream(source.path, { start: source.bomBytes, signal: source.signal });
  pipeline(file, decoding(source.encoding), parser, () => {
    // Errors reach the loop below through the parser.
  });
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++;
      const cells = source.lenientQuotes && enclosure !== false ? record.map((cell) => unenclosed(cell, enclosure)) : record;
      yield { line, cells };
    }
  } catch (error) {
    if (source.signal?.aborted) throw source.signal.reason;
    throw csvRefusal(error, fileName, line + 1);
  } finally {
    parser.destroy();
    file.destroy();
  }
}
