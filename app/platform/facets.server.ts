/**
 * Facets over a list's copy (its records, list-copy.server.ts): what each record holds of a facet (a book's
 * genres, its year), indexed once per copy, then narrowing a list by chosen values and counting,
 * for each facet, how many records each of its values would find given the other choices (the
 * field's "disjunctive" counts: choosing a genre does not zero the other genres' counts). The
 * resources declare their facets; the back-office's lists and the public catalogue count with
 * this one module. In memory, no upstream call: the upstream can neither filter nor count.
 */

/** A facet of named values (a book's genres, its author). */
export interface ValueFacet<Rec> {
  kind: "values";
  name: string;
  /** The record's values as shown ("Sejarah"); compared case- and accent-blind. */
  values(record: Rec): readonly string[];
  /** How two writings of a value are one (`foldValue` unless given: a person's name with its titles aside). */
  fold?(value: string): string;
}

/** A facet of one number per record (a year, a day), chosen as a range. */
export interface RangeFacet<Rec> {
  kind: "range";
  name: string;
  /** The record's number, or undefined when it has none (it then matches no range). */
  value(record: Rec): number | undefined;
}

export type Facet<Rec> = ValueFacet<Rec> | RangeFacet<Rec>;

/** What a list is narrowed by on one facet: any of these values, or a range (bounds included). */
export type FacetChoice = { name: string; values: readonly number[] } | { name: string; min?: number; max?: number };

interface ValueIndex {
  kind: "values";
  /** Each distinct value in its most usual writing, by its number. */
  labels: string[];
  byFolded: Map<string, number>;
  /** Record `p`'s value numbers are `valueIds[starts[p] .. starts[p + 1])`. */
  starts: Uint32Array;
  valueIds: Uint32Array;
}

interface RangeIndex {
  kind: "range";
  /** By record: its number, NaN when none. */
  numbers: Float64Array;
}

type FacetIndex = ValueIndex | RangeIndex;

/** A value as facets compare it: case, accents and runs of spaces ignored. */
export function foldValue(value: string): string {
  // Indonesian has no casing of its own (unlike Turkish): the plain lower case, several times quicker.
  return value.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** How a facet compares writings of a value: its own `fold`, else `foldValue`. */
const foldOf = <Rec>(facet: ValueFacet<Rec>) => facet.fold ?? foldValue;

function indexValues<Rec>(records: readonly Rec[], facet: ValueFacet<Rec>): ValueIndex {
  const byFolded = new Map<string, number>();
  /** By value number: how often each writing of it occurs ("Sejarah" 240, " sejarah " 10). */
  const writings: Array<Map<string, number>> = [];
  const starts = new Uint32Array(records.length + 1);
  const ids: number[] = [];
  // Values repeat (5,000 authors over 10,000 books): each writing is folded once.
  const foldedOf = new Map<string, string>();
  records.forEach((record, position) => {
    starts[position] = ids.length;
    const own = new Set<number>();
    for (const value of facet.values(record)) {
      let folded = foldedOf.get(value);
      if (folded === undefined) {
        folded = foldOf(facet)(value);
        foldedOf.set(value, folded);
      }
      if (folded === "") continue;
      let id = byFolded.get(folded);
      if (id === undefined) {
        id = writings.length;
        writings.push(new Map());
        byFolded.set(folded, id);
      }
      const writing = value.trim();
      writings[id].set(writing, (writings[id].get(writing) ?? 0) + 1);
      // A record counts once per value, whatever it repeats.
      if (!own.has(id)) ids.push(id);
      own.add(id);
    }
  });
  starts[records.length] = ids.length;
  // A value is shown in its most usual writing: a few hand-typed variants do not rename it.
  const labels = writings.map((counts) => [...counts].reduce((best, next) => (next[1] > best[1] ? next : best))[0]);
  return { kind: "values", labels, byFolded, starts, valueIds: Uint32Array.from(ids) };
}

function indexRange<Rec>(records: readonly Rec[], facet: RangeFacet<Rec>): RangeIndex {
  return { kind: "range", numbers: Float64Array.from(records, (record) => facet.value(record) ?? Number.NaN) };
}

/** By a copy's records (one array per copy, list-copy.server.ts), by facet name: made when first asked, dropped with the copy. */
const indexes = new WeakMap<readonly unknown[], Map<string, FacetIndex>>();

function indexOf<Rec>(records: readonly Rec[], facet: Facet<Rec>): FacetIndex {
  let byName = indexes.get(records);
  if (!byName) {
    byName = new Map();
    indexes.set(records, byName);
  }
  let index = byName.get(facet.name);
  if (!index) {
    index = facet.kind === "values" ? indexValues(records, facet) : indexRange(records, facet);
    byName.set(facet.name, index);
  }
  return index;
}

/** A value facet's value number for a value written any way ("sejarah" for "Sejarah"), or undefined when no record holds it. */
export function facetValueId<Rec>(records: readonly Rec[], facet: ValueFacet<Rec>, value: string): number | undefined {
  return (indexOf(records, facet) as ValueIndex).byFolded.get(foldOf(facet)(value));
}

/** By a value index: how many records hold each of its values, counted when first asked. */
const totalsOf = new WeakMap<ValueIndex, Uint32Array>();

function totalsOfIndex(index: ValueIndex): Uint32Array {
  let totals = totalsOf.get(index);
  if (!totals) {
    totals = new Uint32Array(index.labels.length);
    for (const id of index.valueIds) totals[id] += 1;
    totalsOf.set(index, totals);
  }
  return totals;
}

/**
 * How many of a copy's records hold a value, written any way (a genre's books, for its option in
 * a picker), with no choice narrowing them: a function, so that a list's options count in one pass.
 */
export function recordsHolding<Rec>(records: readonly Rec[], facet: ValueFacet<Rec>): (value: string) => number {
  const index = indexOf(records, facet) as ValueIndex;
  const counted = totalsOfIndex(index);
  return (value) => {
    const id = index.byFolded.get(foldOf(facet)(value));
    return id === undefined ? 0 : counted[id];
  };
}

/** A value of a facet: its number, its label and how many records hold it. */
export interface FacetValueCount {
  id: number;
  label: string;
  count: number;
}

/** What a facet holds among the records a list shows (each given its other facets' choices). Shared between views: read, never change. */
export type FacetCounts =
  | { kind: "values"; name: string; /** The values some record holds, and the chosen ones. */ values: readonly FacetValueCount[] }
  | { kind: "range"; name: string; /** The smallest and largest number held, when any record holds one. */ min?: number; max?: number };

export interface FacetAnswer {
  /** The candidates every choice keeps, in their order. */
  positions: number[];
  counts: FacetCounts[];
}

/**
 * Narrows `candidates` (positions in a copy's `records`, in the list's order: after its search and sort)
 * by every choice, and counts each facet over the candidates that all the other facets' choices
 * keep. One pass over the candidates; each record's values were indexed when the copy was first
 * asked.
 */
export function narrowByFacets<Rec>(
  records: readonly Rec[],
  facets: ReadonlyArray<Facet<Rec>>,
  choices: readonly FacetChoice[],
  candidates: ArrayLike<number>,
): FacetAnswer {
  const indexed = facets.map((facet) => indexOf(records, facet));
  // Every record and no choice (a list as first opened): the counts are the copy's own, counted once.
  if (choices.length === 0 && candidates.length === records.length) {
    return { positions: Array.from(candidates), counts: wholeCopyCounts(records, facets, indexed) };
  }
  const tests = choices.flatMap((choice) => {
    const at = facets.findIndex((facet) => facet.name === choice.name);
    if (at < 0) return [];
    const index = indexed[at];
    if (index.kind === "values" && "values" in choice) {
      const wanted = new Uint8Array(index.labels.length);
      for (const id of choice.values) if (id < wanted.length) wanted[id] = 1;
      const { starts, valueIds } = index;
      return [{ at, keeps: (position: number) => holdsAny(starts, valueIds, wanted, position) }];
    }
    if (index.kind === "range" && !("values" in choice)) {
      const [min, max] = [choice.min ?? -Infinity, choice.max ?? Infinity];
      return [{ at, keeps: (position: number) => index.numbers[position] >= min && index.numbers[position] <= max }];
    }
    return [];
  });

  const valueCounts = indexed.map((index) => (index.kind === "values" ? new Uint32Array(index.labels.length) : undefined));
  const extents = indexed.map(() => ({ min: Infinity, max: -Infinity }));
  const count = (at: number, position: number) => {
    const index = indexed[at];
    if (index.kind === "values") {
      const counts = valueCounts[at] as Uint32Array;
      for (let k = index.starts[position]; k < index.starts[position + 1]; k += 1) counts[index.valueIds[k]] += 1;
    } else {
      const number = index.numbers[position];
      if (Number.isNaN(number)) return;
      extents[at].min = Math.min(extents[at].min, number);
      extents[at].max = Math.max(extents[at].max, number);
    }
  };

  const positions: number[] = [];
  for (let i = 0; i < candidates.length; i += 1) {
    const position = candidates[i];
    let failed = -1;
    let failures = 0;
    for (const test of tests) {
      if (test.keeps(position)) continue;
      failures += 1;
      failed = test.at;
      if (failures > 1) break;
    }
    if (failures === 0) {
      positions.push(position);
      for (let at = 0; at < indexed.length; at += 1) count(at, position);
    } else if (failures === 1) {
      // Kept by every choice but its own facet's: what choosing another value there would find.
      count(failed, position);
    }
  }

  const counts = facets.map((facet, at): FacetCounts => {
    const index = indexed[at];
    if (index.kind === "values") {
      const chosen = new Set(choices.flatMap((choice) => (choice.name === facet.name && "values" in choice ? choice.values : [])));
      return heldValues(facet.name, index, valueCounts[at] as Uint32Array, chosen);
    }
    return heldRange(facet.name, extents[at]);
  });
  return { positions, counts };
}

/** By a copy's records, by its facets' names: what each facet holds over the whole copy. */
const wholeCopy = new WeakMap<readonly unknown[], Map<string, FacetCounts[]>>();

/** The counts over every record of a copy with no choice: made when first asked, the same objects after. */
function wholeCopyCounts<Rec>(records: readonly Rec[], facets: ReadonlyArray<Facet<Rec>>, indexed: FacetIndex[]): FacetCounts[] {
  let byFacets = wholeCopy.get(records);
  if (!byFacets) {
    byFacets = new Map();
    wholeCopy.set(records, byFacets);
  }
  const key = facets.map((facet) => facet.name).join("\n");
  let counts = byFacets.get(key);
  if (!counts) {
    counts = facets.map((facet, at): FacetCounts => {
      const index = indexed[at];
      if (index.kind === "values") return heldValues(facet.name, index, totalsOfIndex(index));
      const extent = { min: Infinity, max: -Infinity };
      for (const number of index.numbers) {
        // A record without a number (NaN) moves neither bound.
        if (number < extent.min) extent.min = number;
        if (number > extent.max) extent.max = number;
      }
      return heldRange(facet.name, extent);
    });
    byFacets.set(key, counts);
  }
  return counts;
}

/** A value facet's answer from its counts by value number: only the values held or chosen (an author facet has thousands, most held by none of a search's books). */
function heldValues(name: string, index: ValueIndex, counted: Uint32Array, chosen: ReadonlySet<number> = new Set()): FacetCounts {
  const values: FacetValueCount[] = [];
  for (let id = 0; id < counted.length; id += 1) if (counted[id] > 0 || chosen.has(id)) values.push({ id, label: index.labels[id], count: counted[id] });
  return { kind: "values", name, values };
}

/** A range facet's answer: its bounds when some record holds a number. */
function heldRange(name: string, { min, max }: { min: number; max: number }): FacetCounts {
  return { kind: "range", name, ...(min <= max ? { min, max } : {}) };
}

function holdsAny(starts: Uint32Array, valueIds: Uint32Array, wanted: Uint8Array, position: number): boolean {
  for (let k = starts[position]; k < starts[position + 1]; k += 1) if (wanted[valueIds[k]] === 1) return true;
  return false;
}
