import type { FieldDefinition } from "~/admin-kit/screen";
import { withoutFormulaGuard } from "./columns.server.ts";

/**
 * A SLiMS bibliography export read into a screen's fields, by the resource's `slimsImport`.
 * SLiMS keeps several authors, topics and item codes in one cell (`<Hirata, Andrea><Ajidarma,
 * Seno Gumira>`), a publication year only ("2019", "[2008]", "c2015"), and a classification as a
 * notation ("899.221 3"; "NONE" for none). A select field takes the first of several names and
 * notes the others; pills take them all; a date takes the year's 1 January.
 */

/** A row's values by field, with what the admin should know of how it was read. */
export interface RowValues {
  id?: string;
  values: Map<string, string | string[]>;
  notes: string[];
}

/** The header SLiMS's item export writes (Bibliografi → Ekspor Eksemplar, item_export.php): copies, not books. */
const ITEM_EXPORT_COLUMNS = ["item_code", "call_number", "coll_type_name", "inventory_code", "received_date", "supplier_name", "order_no", "location_name", "order_date", "item_status_name"];

/** Whether a first row is the header of SLiMS's item export: most of its first columns, by name. */
export function isSlimsItemHeader(firstRow: readonly string[]): boolean {
  const names = new Set(firstRow.map((cell) => cell.trim().toLowerCase()));
  return ITEM_EXPORT_COLUMNS.filter((column) => names.has(column)).length >= ITEM_EXPORT_COLUMNS.length / 2;
}

/** The columns' places: from the header row when the file has one (SLiMS's column names), else SLiMS's order. */
export function slimsPlaces(firstRow: readonly string[], columns: readonly string[]): { places: Map<string, number>; header: boolean } {
  const names = firstRow.map((cell) => cell.trim().toLowerCase());
  const header = names[0] === columns[0] && columns.filter((column) => names.includes(column)).length >= columns.length / 2;
  const places = new Map<string, number>();
  columns.forEach((column, index) => {
    const place = header ? names.indexOf(column) : index;
    if (place >= 0) places.set(column, place);
  });
  return { places, header };
}

/** The values of a multi-valued cell: `<a><b>`; a cell without brackets is one value. */
export function slimsList(cell: string): string[] {
  const bracketed = [...cell.matchAll(/<([^<>]*)>/g)].map((match) => match[1].trim());
  const values = bracketed.length > 0 ? bracketed : [cell.trim()];
  return [...new Set(values.filter((value) => value !== ""))];
}

/** The year SLiMS holds ("2019", "[2008]", "c2015", "2019-2020": its first), as its 1 January; what it cannot read as written. */
export function slimsYear(cell: string): string {
  const year = /(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)/.exec(cell);
  return year ? `${year[1]}-01-01` : cell.trim();
}

/** Names SLiMS writes for "none" (a classification of "NONE"); a text of "-" is empty too. */
const NONE = new Set(["", "-", "none", "null", "n/a"]);

/** A year catalogued as unknown: "s.a." (sine anno), "t.th." (tanpa tahun), bracketed or not. */
const NO_YEAR = /^\[?\s*(?:s\.\s*a|t\.\s*th|tanpa tahun|n\.\s*d)\.?\s*\]?$/i;

/**
 * SLiMS's ISBN field as librarians fill it: a qualifier after the number ("978-602-8519-93-9
 * (jil. 1)", "9789793062793 (pbk.)") and several numbers in one ("979-3062-79-7; 978-979-3062-79-3").
 * The first number is taken; what else the cell held is said.
 */
export function slimsIsbn(cell: string): { isbn: string; note?: string } {
  const text = cell.trim();
  const numbers = [...text.matchAll(/[\dXx](?:[\d\s-]*[\dXx])?/g)].map((match) => match[0]).filter((number) => number.replace(/[^\dXx]/g, "").length >= 8);
  if (numbers.length === 0 || numbers[0] === text) return { isbn: text };
  return { isbn: numbers[0], note: `ISBN/ISSN “${text.slice(0, 80)}”: hanya ${numbers[0]} yang diimpor.` };
}

export function slimsValues(
  cells: readonly string[],
  places: ReadonlyMap<string, number>,
  mapping: Readonly<Record<string, string>>,
  fields: ReadonlyMap<string, FieldDefinition>
): RowValues {
  const row: RowValues = { values: new Map(), notes: [] };
  for (const [column, fieldName] of Object.entries(mapping)) {
    const field = fields.get(fieldName);
    const place = places.get(column);
    if (!field || place === undefined) continue;
    const cell = withoutFormulaGuard(cells[place] ?? "");
    if (field.type === "pills" || field.type === "select") {
      const names = slimsList(cell).filter((name) => !NONE.has(name.toLowerCase()));
      if (field.type === "pills") row.values.set(field.name, names);
      else {
        row.values.set(field.name, names[0] ?? "");
        if (names.length > 1) row.notes.push(`${field.label} lain tidak diimpor: ${names.slice(1).join("; ")}.`);
      }
    } else if (field.type === "date") {
      const unknown = NO_YEAR.test(cell.trim());
      if (unknown) row.notes.push(`${field.label} “${cell.trim()}” berarti tanpa tahun: dikosongkan.`);
      row.values.set(field.name, unknown || NONE.has(cell.trim().toLowerCase()) ? "" : slimsYear(cell));
    } else if (column === "isbn_issn") {
      const { isbn, note } = slimsIsbn(cell);
      row.values.set(field.name, isbn === "-" ? "" : isbn);
      if (note) row.notes.push(note);
    } else row.values.set(field.name, cell.trim() === "-" ? "" : cell.trim());
  }
  return row;
}
