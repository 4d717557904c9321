/**
 * A list's filters as its page shows them (issue 47, point 2): each filter of the resource with
 * its options and how many records each would find, the chosen ones as removable chips, and
 * notes on what in the URL could not be used. The server makes it (server/screen/filters.server.ts)
 * from the filters the resource declares, with a note for what in the URL it could not use (an
 * unknown value, a backwards range: `ScreenData.notes`); the URL holds the choices (`?genre=Sejarah&genre=Puisi`,
 * `?year_from=1990&year_to=2000`), so a list with filters can be bookmarked, shared and used without
 * JavaScript.
 */

/** A filter of named values: pick one or more (any of them matches). */
export interface ValueFilterView {
  kind: "values";
  name: string;
  label: string;
  /** The options shown, most records first: at most FILTER_OPTIONS_SHOWN, and every chosen one; `label` only when it is not the value. */
  options: Array<{ value: string; label?: string; count: number }>;
  /** The chosen values, as the URL holds them. */
  chosen: string[];
  /** How many more values find records than are shown (search the list to find one of them). */
  more: number;
}

/** A filter of a range: years (`1990`) or days (`2024-01-31`), either bound may be empty. */
export interface RangeFilterView {
  kind: "range";
  name: string;
  label: string;
  unit: "year" | "date";
  from: string;
  to: string;
  /** The smallest and largest held by the records the other filters leave (the inputs' hints). */
  min?: string;
  max?: string;
}

export type FilterView = ValueFilterView | RangeFilterView;

/** A chosen filter, shown as a chip that removes it. */
export interface FilterChip {
  /** The URL parameters the chip removes: this value of the first, or every value of each when `value` is absent (a range's two bounds). */
  names: string[];
  value?: string;
  text: string;
}

export interface ListFilters {
  filters: FilterView[];
  chips: FilterChip[];
}

/** Options a value filter shows at most (with the chosen ones): of 5,000 authors, those with the most books; a select of more is no longer scanned by eye. */
export const FILTER_OPTIONS_SHOWN = 30;

/** A range filter's two URL parameters. */
export function rangeParams(name: string): { from: string; to: string } {
  return { from: `${name}_from`, to: `${name}_to` };
}

export const FILTER_TEXTS = {
  legend: "Saring",
  any: "Semua",
  apply: "Terapkan",
  clear: "Hapus semua filter",
  from: "dari",
  to: "sampai",
  remove: (text: string) => `Hapus filter ${text}`,
  more: (count: number) => `${count} lainnya tidak ditampilkan; cari namanya di kotak pencarian.`,
  perPage: "Baris per halaman",
  show: "Tampilkan",
};
