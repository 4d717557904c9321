import type { Readable } from "node:stream";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { refuse, TABLE_FILE_LIMITS } from "./refusals.server";
import type { TableRow } from "./rows.server";
import { type CellContext, cellText, type SheetCell } from "./xlsx-cells.server";

/**
 * A worksheet's XML read row by row with saxes (the XML parser exceljs itself uses), streaming:
 * the rows of each chunk are yielded before the next is parsed. exceljs's own worksheet reader
 * is not used for this: it fails on a cell without its `r` reference (the format allows it),
 * turns a formula's TRUE or #N/A result into a number, keeps the last run of an inline rich
 * text only, and decodes inline text twice ("&amp;lt;" read as "<").
 */

export interface SheetContext extends CellContext {
  fileName: string;
}

/** "AB12" → 28. */
function columnOf(reference: string): number | undefined {
  const letters = /^[A-Z]+/i.exec(reference)?.[0];
  if (letters === undefined) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

const positiveInteger = (text: string | undefined) => (text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined);

/** A tag's name without its namespace prefix: some writers give the sheet's namespace one (`<x:row>`, `<x:c>`). */
const localName = (tag: SaxesTagPlain) => tag.name.slice(tag.name.indexOf(":") + 1);

export async function* sheetRows(xml: Readable, context: SheetContext): AsyncGenerator<TableRow> {
  const { fileName } = context;
  const parser = new SaxesParser();
  const ready: TableRow[] = [];
  let row: TableRow | undefined;
  let cell: SheetCell | undefined;
  let column = 0;
  /** Where text goes: a cell's value, an inline string's run; none in a phonetic run or elsewhere. */
  let capturing: "value" | "inline" | undefined;
  let inPhonetic = false;
  let lastLine = 0;

  const take = (text: string) => {
    if (cell === undefined || capturing === undefined) return;
    if (capturing === "value") cell.value += text;
    else cell.inline += text;
    if (cell.value.length + cell.inline.length > TABLE_FILE_LIMITS.maxCellChars) throw refuse.cellTooLong(fileName, row?.line ?? lastLine + 1);
  };
  parser.on("text", take);
  parser.on("cdata", take);
  parser.on("opentag", (tag: SaxesTagPlain) => {
    const attributes = tag.attributes as Record<string, string>;
    switch (localName(tag)) {
      case "row":
        lastLine = Math.max(positiveInteger(attributes.r) ?? lastLine + 1, lastLine + 1);
        row = { line: lastLine, cells: [] };
        // Hidden by hand or by a filter: read all the same (a CSV saved from the sheet holds it too), and said so.
        if (attributes.hidden === "1" || attributes.hidden === "true") row.hidden = true;
        column = 0;
        break;
      case "c":
        if (row === undefined) break;
        column = (attributes.r !== undefined ? columnOf(attributes.r) : undefined) ?? column + 1;
        cell = { type: attributes.t ?? "n", style: positiveInteger(attributes.s) ?? 0, value: "", inline: "", formula: false };
        break;
      case "v":
        capturing = "value";
        break;
      case "f":
        if (cell !== undefined) cell.formula = true;
        break;
      case "rPh":
        inPhonetic = true;
        break;
      case "t":
        if (!inPhonetic) capturing = "inline";
        break;
    }
  });
  parser.on("closetag", (tag: SaxesTagPlain) => {
    switch (localName(tag)) {
      case "v":
      case "t":
        capturing = undefined;
        break;
      case "rPh":
        inPhonetic = false;
        break;
      case "c":
        if (row !== undefined && cell !== undefined) {
          const text = cellText(cell, context);
          // A shared string comes whole from the list: checked here.
          if (text.length > TABLE_FILE_LIMITS.maxCellChars) throw refuse.cellTooLong(fileName, row.line);
          // Past the column limit only a value is refused: a range formatted to the sheet's edge writes empty cells there.
          if (column > TABLE_FILE_LIMITS.maxColumns) {
            if (text.trim() !== "") throw refuse.tooManyColumns(fileName, row.line);
          } else {
            while (row.cells.length < column - 1) row.cells.push("");
            row.cells[column - 1] = text;
          }
        }
        cell = undefined;
        break;
      case "row":
        if (row !== undefined) ready.push(row);
        row = undefined;
        break;
    }
  });

  const decoder = new TextDecoder("utf-8");
  try {
    for await (const chunk of xml as AsyncIterable<Buffer>) {
      parser.write(decoder.decode(chunk, { stream: true }));
      yield* ready.splice(0);
    }
    parser.write(decoder.decode());
    parser.close();
    yield* ready.splice(0);
  } finally {
    xml.destroy();
  }
}
