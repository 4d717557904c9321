import type * as z from "zod";
import { nameKey, textKey } from "~/lib/name-keys";
import { parseTypedDate } from "~/lib/dates";
import type { Cells, FieldDefinition, FieldOption } from "~/admin-kit/screen";
import type { ResourceAdapter } from "../screen/adapter.server.ts";

/**
 * Which of a file's columns fill which of a screen's fields, and how a cell becomes a form value.
 * The columns are the screen's export's (one declaration: an export's `field`, else a table
 * column whose accessor is a field), found by their header in any case, spacing and punctuation,
 * or by the field's label, name or the adapter's `importHeaders` (a hand-made sheet's "Judul
 * Buku"); so a list's own export is read back as it was written. Relations are
 * named, as the export names them, and matched to their list's options by name.
 */

export interface ImportColumn {
  header: string;
  field: FieldDefinition;
  /** Other headers it goes by in hand-made files (the adapter's `importHeaders`). */
  aliases: readonly string[];
}

/** A header in any case, accents and spacing, its punctuation as a space ("Tgl. Terbit", "ISBN/ISSN"). */
const headerKey = (header: string) =>
  textKey(header.replace(/^\uFEFF/, ""))
    .replace(/[\p{P}\s]+/gu, " ")
    .trim();

/** The columns a screen's import reads, by field (files aside: a file's link is never fetched). */
export function importColumns<Rec, C extends Cells>(adapter: ResourceAdapter<Rec, C, z.ZodObject>): ImportColumn[] {
  const fields = new Map(adapter.definition.fields.filter((field) => field.type !== "file").map((field) => [field.name, field]));
  const declared = adapter.exportColumns
    ? adapter.exportColumns.flatMap((column) => (column.field ? [{ header: column.header, name: column.field }] : []))
    : adapter.definition.columns.map((column) => ({
        header: column.header,
        name: String(column.accessor),
      }));
  return declared.flatMap(({ header, name }) => {
    const field = fields.get(name);
    return field ? [{ header, field, aliases: adapter.importHeaders?.[name] ?? [] }] : [];
  });
}

/** The header of the id column, as the export writes it. */
export const ID_HEADER = "ID";

export interface HeaderMap {
  /** The id column's place, when the file has one. */
  id: number | undefined;
  /** By place in the file: the column it fills. */
  columns: Map<number, ImportColumn>;
  /** Headers that mean nothing here (reported, not read). */
  ignored: string[];
}

/** The file's header row read against the screen's columns; undefined when not one header is known (no header row, or another list's file). */
export function readHeader(header: readonly string[], columns: readonly ImportColumn[]): HeaderMap | undefined {
  const known = new Map<string, ImportColumn>();
  // The export's own header, the label and the field's name first: an alias never takes one of them.
  for (const column of columns) for (const name of column.aliases) known.set(headerKey(name), column);
  for (const column of columns) for (const name of [column.header, column.field.label, column.field.name]) known.set(headerKey(name), column);
  const map: HeaderMap = { id: undefined, columns: new Map(), ignored: [] };
  const taken = new Set<string>();
  header.forEach((cell, place) => {
    const key = headerKey(cell);
    if (key === "") return;
    if (key === headerKey(ID_HEADER) && map.id === undefined) map.id = place;
    else if (known.has(key) && !taken.has(known.get(key)?.field.name ?? "")) {
      const column = known.get(key) as ImportColumn;
      taken.add(column.field.name);
      map.columns.set(place, column);
    } else map.ignored.push(cell.trim().slice(0, 60));
  });
  return map.columns.size > 0 ? map : undefined;
}

/** A cell a spreadsheet was told to keep as text ('=1+1): its one leading apostrophe goes when a formula sign follows, as the export wrote it. */
export function withoutFormulaGuard(cell: string): string {
  return /^'[\s\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u.test(cell) ? cell.slice(1) : cell;
}

/**
 * A date cell read as a day it does not write out: Excel's serial day number (a date column
 * formatted General, or saved as CSV from one: five digits, 10000 (1927) to 99999, in Excel's
 * 1900 system; a year or a compact date is never five digits), or a year alone ("2019",
 * "[2019]", "c2019", as catalogues hold a publication year), read as its 1 January. The preview
 * says how many rows were read so. Undefined for a cell written as a day, or not one.
 */
export function dateReading(cell: string): { kind: "excel" | "year"; day: string } | undefined {
  const text = cell.trim();
  // Day 0 is 1899-12-30 in the count Excel keeps for every day after its leap-year slip of 1900.
  if (/^\d{5}$/.test(text)) return { kind: "excel", day: new Date(Date.UTC(1899, 11, 30) + Number(text) * 86_400_000).toISOString().slice(0, 10) };
  const year = /^(?:c|©)?\s*\[?(1[5-9]\d\d|20\d\d)\]?\.?$/i.exec(text);
  if (year) return { kind: "year", day: `${year[1]}-01-01` };
  return undefined;
}

/**
 * A date as the form takes it (YYYY-MM-DD): a `dateReading`, else a day as the form's own rule
 * reads one (`parseTypedDate`: DD-MM-YYYY, D/M/YYYY, the export's writings, YYYY-MM-DD, a stored
 * date-time's day); anything else, a day the calendar lacks included ("31/02/2019"), as written,
 * so that the rule's refusal quotes what the librarian wrote.
 */
export function importedDate(cell: string): string {
  const text = cell.trim();
  const read = dateReading(text);
  if (read !== undefined) return read.day;
  const typed = parseTypedDate(text.replace(/^(\d{4}-\d{1,2}-\d{1,2})[T ].*$/, "$1"));
  return typed && "day" in typed ? typed.day : text;
}

/** The names a relation cell holds: one for a select (`severalInOne` reads a cell listing more); for pills, split at commas and semicolons (the export joins them with ", "; `OptionFinder.joinedAtCommas` joins a name holding one again). */
export function relationNames(field: FieldDefinition, cell: string): string[] {
  const names = field.type === "pills" ? cell.split(/[,;]/) : [cell];
  return names.map((name) => name.trim()).filter((name) => name !== "");
}

/**
 * The names a one-name cell lists ("Rina Wulandari; Nur Aini Safitri", "Rina Wulandari, Nur Aini
 * Safitri"), or undefined: split at ";", and at a comma only between names of two words or more,
 * so that "Santoso, Budi" (surname first), "Budi Santoso, M.Hum." (a degree) and "Gramedia, Jakarta"
 * stay one. Not at "dan" or "&": "Dinas Perpustakaan dan Kearsipan" is one publisher.
 */
export function severalInOne(cell: string): string[] | undefined {
  const names = cell.split(";").flatMap((part) => {
    const pieces = part.split(",").map((piece) => piece.trim());
    const allNames = pieces.length > 1 && pieces.every((piece) => piece.split(/\s+/).length >= 2 && !/^\p{L}{1,4}\.\s*\p{L}{1,4}\.?(?:,|$)/u.test(piece));
    return allNames ? pieces : [part.trim()];
  });
  const named = names.filter((name) => name !== "");
  return named.length > 1 ? named : undefined;
}

/** Finds a list's option by a name: its label in any writing (titles and degrees aside), else a classification's notation ("899.221 3"). */
export class OptionFinder {
  private readonly byName = new Map<string, FieldOption | null>();
  /** By label as written (case, accents and spacing aside): "Rina Wulandari" is that author even beside a "Dr. Rina Wulandari, M.Pd.". */
  private readonly byLabel = new Map<string, FieldOption | null>();
  private readonly options: readonly FieldOption[];
  /** The labels that hold a comma ("Sejarah, Indonesia"), as `textKey` writes them. */
  private readonly withCommas: Set<string>;

  constructor(options: readonly FieldOption[]) {
    this.options = options;
    this.withCommas = new Set(options.filter((option) => option.label.includes(",")).map((option) => textKey(option.label)));
    for (const option of options) {
      const key = nameKey(option.label);
      // Two options of one name: the name alone cannot choose.
      this.byName.set(key, this.byName.has(key) ? null : option);
      const label = textKey(option.label);
      this.byLabel.set(label, this.byLabel.has(label) ? null : option);
    }
  }

  /** Options the name fits only loosely, more than one (two authors of one name but their titles): the file cannot say which. */
  lookAlikes(name: string): FieldOption[] {
    if (this.byLabel.get(textKey(name)) || this.byName.get(nameKey(name)) !== null) return [];
    const key = nameKey(name);
    return this.options.filter((option) => nameKey(option.label) === key);
  }

  /**
   * Names a cell was split into at its commas, with those that make one option's label holding a
   * comma joined again (the export joins a row's tags with ", ": "Populer, Sejarah, Indonesia" is
   * "Populer" and "Sejarah, Indonesia" when the list has that tag). At most five pieces make one.
   */
  joinedAtCommas(names: readonly string[]): string[] {
    if (this.withCommas.size === 0) return [...names];
    const joined: string[] = [];
    for (let start = 0; start < names.length; ) {
      let end = Math.min(names.length, start + 5);
      while (end > start + 1 && !this.withCommas.has(textKey(names.slice(start, end).join(", ")))) end -= 1;
      joined.push(names.slice(start, end).join(", "));
      start = end;
    }
    return joined;
  }

  find(name: string): FieldOption | undefined {
    const exact = this.byLabel.get(textKey(name));
    if (exact) return exact;
    const key = nameKey(name);
    const found = this.byName.get(key);
    if (found !== undefined) return found ?? undefined;
    // A notation: the one label that starts with it and goes on with a word (not "899.221" inside "899.221 3 …").
    const notation = textKey(name);
    if (!/^[\p{N}]/u.test(notation)) return undefined;
    const starting = this.options.filter((option) => {
      const label = textKey(option.label);
      return label.startsWith(`${notation} `) && !/^\p{N}/u.test(label.slice(notation.length + 1));
    });
    return starting.length === 1 ? starting[0] : undefined;
  }
}
