import { refuse, TABLE_FILE_LIMITS } from "./refusals.server";

/**
 * What both readers' rows go through on their way out: fully empty rows are skipped (the rows
 * after keep their true numbers), the data rows are counted against the limit, a row is held to
 * the column limit, and a header
 * with one more, empty, cell than the first data row (SLiMS ends its header line with a
 * separator) loses that cell.
 */

/** A row as a spreadsheet shows it: `line` is its number (1-based, header included). */
export interface TableRow {
  line: number;
  cells: string[];
  /** XLSX: the row is hidden in the sheet (by hand, or filtered out). */
  hidden?: true;
}

const isEmpty = (cells: string[]) => cells.every((cell) => cell.trim() === "");

/** A row past the column limit is refused, unless all it holds there is empty (a CSV saved from a sheet formatted to its edge): those cells go. */
function checkedColumns(row: TableRow, fileName: string): TableRow {
  if (row.cells.length <= TABLE_FILE_LIMITS.maxColumns) return row;
  if (row.cells.slice(TABLE_FILE_LIMITS.maxColumns).some((cell) => cell.trim() !== "")) throw refuse.tooManyColumns(fileName, row.line);
  return { ...row, cells: row.cells.slice(0, TABLE_FILE_LIMITS.maxColumns) };
}

export async function* tableRows(records: AsyncIterable<TableRow>, fileName: string): AsyncGenerator<TableRow> {
  let header: TableRow | undefined;
  let dataRows = 0;
  for await (const row of records) {
    if (isEmpty(row.cells)) continue;
    if (header === undefined) {
      header = row;
      continue;
    }
    if (dataRows === 0) {
      const trailing = header.cells.length === row.cells.length + 1 && header.cells.at(-1) === "";
      yield checkedColumns(trailing ? { line: header.line, cells: header.cells.slice(0, -1) } : header, fileName);
    }
    dataRows++;
    if (dataRows > TABLE_FILE_LIMITS.maxRows) throw refuse.tooManyRows(fileName, row.line);
    yield checkedColumns(row, fileName);
  }
  if (header !== undefined && dataRows === 0) yield checkedColumns(header, fileName);
}
