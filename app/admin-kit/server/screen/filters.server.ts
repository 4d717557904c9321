import { FILTER_OPTIONS_SHOWN, rangeParams, type FilterChip, type FilterView, type ListFilters } from "~/admin-kit/filters";
import type { OptionList } from "~/admin-kit/pickers";
import { MAX_FILTER_PARAMS, type ListView } from "~/admin-kit/url-state";
import { firstSorted } from "~/lib/first-sorted";
import { parseTypedDate } from "~/lib/dates";
import { toDateInputValue, typedDateText } from "~/lib/format";
import { facetValueId, narrowByFacets, type FacetChoice, type FacetCounts, type FacetValueCount, type RangeFacet, type ValueFacet } from "~/platform/facets.server";

/**
 * A list's filters (issue 47, point 2), as its resource declares them in its server half
 * (`filters`): the URL's choices read against them, a short Indonesian note for what cannot be
 * used (never an error, never an upstream call per value), and the facets counted over the
 * list's copy (app/platform/facets.server.ts) for the page (app/admin-kit/filters.ts).
 */

/** A filter of named values (a book's genres); `optionsFrom` names a list whose options label the values (ids). */
export type ValueFilter<Rec> = ValueFacet<Rec> & { label: string; optionsFrom?: OptionList };

/** A filter of a range of years or of days, over a stored date. */
export interface RangeFilter<Rec> {
  kind: "range";
  name: string;
  label: string;
  unit: "year" | "date";
  /** The record's stored date (ISO 8601, as the upstream sends it), or "" for none. */
  date(record: Rec): string;
}

export type ListFilter<Rec> = ValueFilter<Rec> | RangeFilter<Rec>;

/** By filter: the labels of values the records hold as ids (a classification's id, named by its list's option). */
export type FilterLabels = ReadonlyMap<string, ReadonlyMap<string, string>>;

const DAY_MS = 86_400_000;

/** A day (YYYY-MM-DD) as a range filter counts it: its year, or its number (days since 1970-01-01). */
function numberOfDay(unit: RangeFilter<unknown>["unit"], day: string): number {
  const [year, month, date] = day.split("-").map(Number);
  return unit === "year" ? year : Date.UTC(year, month - 1, date) / DAY_MS;
}

/** A stored date's year or day number, on the agency's calendar day (WIB); undefined when it cannot be read. */
function numberOf(unit: RangeFilter<unknown>["unit"], stored: string): number | undefined {
  const day = toDateInputValue(stored);
  return day ? numberOfDay(unit, day) : undefined;
}

/** A bound as the URL writes it: a year (`1990`), or a day as a date field reads it (`2024-01-31`, `31-01-2024`, `31/01/2024`). */
function readBound(unit: RangeFilter<unknown>["unit"], text: string): number | undefined {
  if (unit === "year") return /^\d{1,4}$/.test(text) ? Number(text) : undefined;
  // The site's one reader of typed dates: a day the calendar lacks (31-02-2024) is refused.
  const typed = parseTypedDate(text);
  return typed && "day" in typed ? numberOfDay(unit, typed.day) : undefined;
}

/** A bound as the page shows it in its input: the year, or the day as YYYY-MM-DD (a date input's value). */
function boundText(unit: RangeFilter<unknown>["unit"], value: number): string {
  return unit === "year" ? String(value) : new Date(value * DAY_MS).toISOString().slice(0, 10);
}

/** A bound as a chip says it: the year, or the day as DD-MM-YYYY. */
function boundWords(unit: RangeFilter<unknown>["unit"], value: number): string {
  return unit === "year" ? String(value) : typedDateText(boundText(unit, value));
}

const MAX_REMEMBERED_DATES = 100_000;

/** By range filter: its facet, made once (the platform indexes a copy's facets when first asked). */
const rangeFacets = new WeakMap<RangeFilter<never>, RangeFacet<never>>();

/** The platform's facet of a filter: a range filter's numbers made from its dates. */
function facetOf<Rec>(filter: ListFilter<Rec>): ValueFacet<Rec> | RangeFacet<Rec> {
  if (filter.kind === "values") return filter;
  let facet = rangeFacets.get(filter) as RangeFacet<Rec> | undefined;
  if (!facet) {
    const { unit, date } = filter;
    // Dates repeat, and one before 1964 costs an Intl call (lib/dates.ts): each stored value is read once.
    const numbers = new Map<string, number | undefined>();
    facet = {
      kind: "range",
      name: filter.name,
      value: (record) => {
        const stored = date(record);
        // Kept for the process's life: a bound keeps a catalogue's changing dates from growing it forever.
        if (numbers.size > MAX_REMEMBERED_DATES) numbers.clear();
        if (!numbers.has(stored)) numbers.set(stored, numberOf(unit, stored));
        return numbers.get(stored);
      },
    };
    rangeFacets.set(filter, facet as RangeFacet<never>);
  }
  return facet;
}

interface ReadChoices {
  choices: FacetChoice[];
  chips: FilterChip[];
  notes: string[];
  /** What of the list's filters in the URL could not be applied (an unreadable bound, values past the limit): the view is wider than the admin chose. */
  ignored: string[];
  /** By range filter: its bounds as read (swapped when written backwards), for its inputs. */
  bounds: Map<string, { from?: number; to?: number }>;
}

/** The URL's filter values read against the list's filters and the values its records hold. */
function readChoices<Rec>(records: readonly Rec[], filters: ReadonlyArray<ListFilter<Rec>>, view: ListView, labelOf: (filter: ValueFilter<Rec>, value: string) => string): ReadChoices {
  const read: ReadChoices = { choices: [], chips: [], notes: [], ignored: [], bounds: new Map() };
  const known = new Set<string>();
  for (const filter of filters) {
    if (filter.kind === "values") {
      known.add(filter.name);
      const ids: number[] = [];
      let asked = false;
      for (const [name, value] of view.filters) {
        if (name !== filter.name) continue;
        asked = true;
        read.chips.push({ names: [name], value, text: `${filter.label}: ${labelOf(filter, value)}` });
        const id = facetValueId(records, filter, value);
        if (id === undefined) read.notes.push(`${filter.label} “${value}” tidak ada pada data mana pun.`);
        else if (!ids.includes(id)) ids.push(id);
      }
      // A value no record holds (deleted, renamed) finds nothing, as a spreadsheet's filter would: never every record.
      if (asked) read.choices.push({ name: filter.name, values: ids });
      continue;
    }
    const params = rangeParams(filter.name);
    known.add(params.from).add(params.to);
    const bound = (param: string): number | undefined => {
      // A bound given twice: the last is the one the admin set.
      const text = view.filters.filter(([name]) => name === param).at(-1)?.[1];
      if (text === undefined) return undefined;
      const value = readBound(filter.unit, text);
      if (value === undefined) {
        const example = filter.unit === "year" ? "1990" : "31-01-2024";
        read.notes.push(`${filter.label} “${text}” tidak dapat dibaca (contoh: ${example}); batas itu diabaikan.`);
        read.ignored.push(`${filter.label} “${text}”`);
      }
      return value;
    };
    let [from, to] = [bound(params.from), bound(params.to)];
    if (from !== undefined && to !== undefined && from > to) {
      [from, to] = [to, from];
      read.notes.push(`Rentang ${filter.label} terbalik; dibaca ${boundWords(filter.unit, from)} sampai ${boundWords(filter.unit, to)}.`);
    }
    if (from === undefined && to === undefined) continue;
    read.bounds.set(filter.name, { from, to });
    read.choices.push({ name: filter.name, min: from, max: to });
    const words = (value: number | undefined) => (value === undefined ? "…" : boundWords(filter.unit, value));
    read.chips.push({ names: [params.from, params.to], text: `${filter.label}: ${words(from)} – ${words(to)}` });
  }
  const unknown = [...new Set(view.filters.map(([name]) => name).filter((name) => !known.has(name)))];
  // A parameter no filter of this list has (a link's fbclid, an old bookmark) narrowed nothing the admin chose here: said, not held against the view.
  if (unknown.length > 0) read.notes.push(`Filter ${unknown.map((name) => `“${name}”`).join(", ")} tidak dikenal pada daftar ini; diabaikan.`);
  if (view.filtersCut) {
    read.notes.push(`Hanya ${MAX_FILTER_PARAMS} nilai filter pertama yang dipakai.`);
    read.ignored.push(`nilai filter setelah ${MAX_FILTER_PARAMS} yang pertama`);
  }
  return read;
}

const collator = new Intl.Collator("id");
/** A filter's options: the most-held first, then by label. */
const byCount = (a: { count: number; label: string }, b: { count: number; label: string }) => b.count - a.count || collator.compare(a.label, b.label);

/** By a facet's counted values: its first options. The counts of a list as first opened are kept with its copy, so are these. */
const firstOptions = new WeakMap<readonly FacetValueCount[], FacetValueCount[]>();

function firstOptionsOf(values: readonly FacetValueCount[]): FacetValueCount[] {
  let first = firstOptions.get(values);
  if (!first) {
    first = firstSorted(values, FILTER_OPTIONS_SHOWN, byCount);
    firstOptions.set(values, first);
  }
  return first;
}

/** The first options and, wherever they rank, the chosen values not among them. */
function withChosen(first: readonly FacetValueCount[], values: readonly FacetValueCount[], chosenIds: ReadonlySet<number>): FacetValueCount[] {
  const firstIds = new Set(first.map((value) => value.id));
  return [...first, ...values.filter((value) => chosenIds.has(value.id) && !firstIds.has(value.id))].sort(byCount);
}

function filterView<Rec>(filter: ListFilter<Rec>, counts: FacetCounts, view: ListView, read: ReadChoices, labelOf: (filter: ValueFilter<Rec>, value: string) => string): FilterView {
  if (filter.kind === "values" && counts.kind === "values") {
    const chosen = view.filters.filter(([name]) => name === filter.name).map(([, value]) => value);
    const chosenIds = new Set((read.choices.find((choice) => choice.name === filter.name) as { values?: number[] } | undefined)?.values ?? []);
    // Held by some record, or chosen (a choice that finds nothing stays, to be taken back).
    const finding = counts.values;
    // The most-held first, and the chosen ones wherever they rank.
    const first = firstOptionsOf(finding);
    const shown = chosenIds.size === 0 ? first : withChosen(first, finding, chosenIds);
    return {
      kind: "values",
      name: filter.name,
      label: filter.label,
      options: shown.map((value) => {
        const label = labelOf(filter, value.label);
        return { value: value.label, ...(label === value.label ? {} : { label }), count: value.count };
      }),
      chosen,
      more: finding.length - shown.length,
    };
  }
  const range = filter as RangeFilter<Rec>;
  const bounds = read.bounds.get(range.name);
  const text = (value: number | undefined) => (value === undefined ? "" : boundText(range.unit, value));
  const held: { min?: number; max?: number } = counts.kind === "range" ? counts : {};
  return {
    kind: "range",
    name: range.name,
    label: range.label,
    unit: range.unit,
    from: text(bounds?.from),
    to: text(bounds?.to),
    ...(held.min === undefined ? {} : { min: text(held.min) }),
    ...(held.max === undefined ? {} : { max: text(held.max) }),
  };
}

/**
 * The positions a view's filters keep among `candidates` (the list searched and ordered), and
 * the filters as the page shows them. `labels` names the values of a filter whose options come
 * from another list (a book's classification id as "959.8 Sejarah Asia Tenggara").
 */
export function filterList<Rec>(
  records: readonly Rec[],
  filters: ReadonlyArray<ListFilter<Rec>>,
  view: ListView,
  candidates: ArrayLike<number>,
  labels: FilterLabels = new Map(),
): { positions: ArrayLike<number>; shown: ListFilters; notes: string[]; ignored: string[] } {
  const labelOf = (filter: ValueFilter<Rec>, value: string) => labels.get(filter.name)?.get(value) ?? value;
  const read = readChoices(records, filters, view, labelOf);
  const { positions, counts } = narrowByFacets(records, filters.map(facetOf), read.choices, candidates);
  return {
    positions,
    shown: {
      filters: filters.map((filter, at) => filterView(filter, counts[at], view, read, labelOf)),
      chips: read.chips,
    },
    notes: read.notes,
    ignored: read.ignored,
  };
}
