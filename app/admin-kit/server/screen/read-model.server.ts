import type * as z from "zod";
import { listedColumns, type Cells, type CellValue, type ScreenRow } from "~/admin-kit/screen";
import type { ListFilters } from "~/admin-kit/filters";
import type { ListView } from "~/admin-kit/url-state";
import { waitAtMost } from "~/lib/wait-at-most";
import type { WriteClear } from "~/platform/cache.server";
import { listCopy, patchListCopy, rereadListCopy, type ListChange, type ListCopy, type ListSource } from "~/platform/list-copy.server";
import type { UpstreamClient } from "~/platform/upstream.server";
import { errorFields, log } from "@server/log.server";
import { EXPORT_TEXT, TABLE_TEXT, type ResourceAdapter } from "./adapter.server.ts";
import { filterList, type FilterLabels, type ListFilter } from "./filters.server.ts";

/**
 * A screen's read model: the site's copy of its upstream list (app/platform/list-copy.server.ts:
 * read whole, kept, searched with its FTS5 index, made stale by writes) seen as the screen's
 * table: its cells, its columns' orders, its pages. The copy is the resource's own where the
 * resource declares one (the books', shared with the public catalogue: `adapter.listSource`),
 * else one made from the screen's columns.
 */

export interface ReadModel<Rec, C extends Cells> {
  /** The records, newest first. */
  records: Rec[];
  /** Their table cells (what the table shows and is ordered by), made from a record when asked for. */
  cellsOf(record: Rec): C;
  /** Row positions in each column's order (`asc:<column>`, `desc:<column>`), made the first time it is asked for. */
  sorted: Map<string, Uint32Array>;
  /** The rows matching a search (list-copy.server.ts, `ListCopy.find`). */
  find: ListCopy<Rec>["find"];
  /** The copy's search fields: a column's place among them is its place in the index. */
  textFields: readonly string[];
  /** When the copy's read of the upstream began: it holds no record written after. */
  readAt: number;
  /** False when the upstream's pages may hide records (`ListCopy.complete`): a record the model lacks may be unread, not deleted. */
  complete: boolean;
}

export interface ListAnswer<C extends Cells> {
  rows: Array<ScreenRow<C>>;
  /** The rows that match the search (all of them without one). */
  total: number;
  /** The page shown: the one asked for, or the last when it asked past the end. */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last row shown (0 and 0 when none). */
  from: number;
  to: number;
  /** The list's filters with their counts, when the resource declares some and the query asked for them. */
  filters?: ListFilters;
  /** What in the view could not be used, and why (an unknown filter value). */
  notes: string[];
}

export interface ReadModelQuery {
  /** Rows per page; all matching rows when the screen does not page. */
  pageSize?: number;
  /** Search these columns only (a picker searches its labels), instead of every listed one. */
  searchIn?: readonly string[];
  /**
   * Apply the view's filters (the resource's `filters`, then `extra`: attention.server.ts's) and
   * count them; `labels` names values kept as ids.
   */
  filtered?: { labels: FilterLabels; extra?: ReadonlyArray<ListFilter<never>> };
}

const collator = new Intl.Collator("id", { sensitivity: "base", numeric: true });

function textOf(value: CellValue | undefined): string {
  return value === null || value === undefined ? "" : String(value);
}

const sources = new WeakMap<object, ListSource<unknown>>();

/** The list copy a screen reads: its resource's own, else one indexing the whole text of its listed columns. */
export function listSourceOf<Rec, C extends Cells>(adapter: ResourceAdapter<Rec, C, z.ZodObject>): ListSource<Rec> {
  if (adapter.listSource) return adapter.listSource;
  let source = sources.get(adapter) as ListSource<Rec> | undefined;
  if (!source) {
    const fields = listedColumns(adapter.definition.columns);
    source = {
      key: adapter.definition.id,
      resource: adapter.resource,
      paged: Boolean(adapter.definition.pageSize),
      list: (api, page) => adapter.list(api, page),
      idOf: (record) => adapter.idOf(record),
      textFields: fields,
      // The index holds the whole text (a synopsis past its table preview).
      texts: (record) => {
        const whole = adapter.cells(record, EXPORT_TEXT);
        return fields.map((field) => textOf(whole[field]));
      },
    };
    sources.set(adapter, source as ListSource<unknown>);
  }
  return source;
}

/** A record as the table and the form show it. */
export function toRow<Rec, C extends Cells>(adapter: ResourceAdapter<Rec, C, z.ZodObject>, record: Rec): ScreenRow<C> {
  return {
    id: adapter.idOf(record),
    cells: adapter.cells(record, TABLE_TEXT),
    values: adapter.formValues(record),
    files: adapter.files?.(record) ?? {},
    ...(adapter.relations ? { relations: adapter.relations(record) } : {}),
  };
}

/** The orders of a copy's columns, made once per copy whichever screen asks. */
const ordersByCopy = new WeakMap<ListCopy<unknown>, Map<string, Uint32Array>>();

function modelOf<Rec, C extends Cells>(copy: ListCopy<Rec>, adapter: ResourceAdapter<Rec, C, z.ZodObject>, source: ListSource<Rec>): ReadModel<Rec, C> {
  let sorted = ordersByCopy.get(copy as ListCopy<unknown>);
  if (!sorted) {
    sorted = new Map();
    ordersByCopy.set(copy as ListCopy<unknown>, sorted);
  }
  return {
    records: copy.records,
    cellsOf: (record) => adapter.cells(record, TABLE_TEXT),
    sorted,
    find: copy.find,
    textFields: source.textFields,
    readAt: copy.readAt,
    complete: copy.complete,
  };
}

/** The screen's read model: its list's copy (kept while fresh, else read once for every request meanwhile). */
export async function screenReadModel<Rec, C extends Cells>(api: UpstreamClient, adapter: ResourceAdapter<Rec, C, z.ZodObject>): Promise<ReadModel<Rec, C>> {
  const source = listSourceOf(adapter);
  return modelOf(await listCopy(api, source), adapter, source);
}

/** The screen's read model from a copy read from now on: it holds whatever the upstream has now. */
export async function rereadScreenReadModel<Rec, C extends Cells>(api: UpstreamClient, adapter: ResourceAdapter<Rec, C, z.ZodObject>): Promise<ReadModel<Rec, C>> {
  const source = listSourceOf(adapter);
  return modelOf(await rereadListCopy(api, source, Date.now()), adapter, source);
}

/**
 * How long a write's answer waits for its list's patch (a window of the upstream's list read):
 * past it the answer goes, and the patch lands when it can. A slow upstream would otherwise hold
 * the written save's answer for its timeout and retry (20 s by default).
 */
const PATCH_WAIT_MS = 2_000;

/**
 * After writes through this process (a form's save, a switch, a delete, a bulk delete; `cleared`:
 * their clears): the screen's copy takes them in place (`patchListCopy`), so that the list the
 * admin lands on waits for no read of the whole list; else it stays stale, read whole when next
 * asked for. Never fails the writes, nor holds their answer past `PATCH_WAIT_MS`.
 */
export async function patchScreenReadModel<Rec, C extends Cells>(api: UpstreamClient, adapter: ResourceAdapter<Rec, C, z.ZodObject>, change: ListChange, cleared: WriteClear): Promise<void> {
  const patching = patchListCopy(api, listSourceOf(adapter), change, cleared).catch((error: unknown) => {
    log("list_copy_patch_failed", { screen: adapter.definition.id, ...errorFields(error) });
  });
  await waitAtMost(patching, PATCH_WAIT_MS);
}

/**
 * A cell's sort key: dates (DD-MM-YYYY) as YYYY-MM-DD, empty cells last; `count`: the column's
 * whole numbers are written with the thousands' dots, ordered by value ("1.500" after "200").
 */
function sortKey(value: CellValue | undefined, count: boolean): string | number | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (count && /^-?\d{1,3}(?:\.\d{3})*$/.test(value)) return Number(value.replace(/\./g, ""));
  const date = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  return date ? `${date[3]}-${date[2]}-${date[1]}` : value;
}

function compareKeys(a: string | number | null, b: string | number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

/** The rows in a column's order, either way, empty cells last both ways ("newest first" opens on the newest, not on books with no date). */
function columnOrder(model: ReadModel<unknown, Cells>, column: string, dir: "asc" | "desc", count: boolean): Uint32Array {
  const cacheKey = `${dir}:${column}`;
  const kept = model.sorted.get(cacheKey);
  if (kept) return kept;
  // The column's keys only, for as long as the sort takes: the copy keeps records, not cells.
  const keys = model.records.map((record) => sortKey(model.cellsOf(record)[column], count));
  const sign = dir === "desc" ? -1 : 1;
  // Equal keys keep the default order (newest first): Array.prototype.sort is stable.
  const order = Uint32Array.from(
    keys.map((_, index) => index).sort((a, b) => {
      const [x, y] = [keys[a], keys[b]];
      return x === null || y === null ? compareKeys(x, y) : sign * compareKeys(x, y);
    }),
  );
  model.sorted.set(cacheKey, order);
  return order;
}

/** The positions of the rows a view shows, in its order (newest first unless a column is chosen), before paging. */
function orderedPositions(
  model: ReadModel<unknown, Cells>,
  view: ListView,
  columns: { sortable: readonly string[]; counts: ReadonlySet<string> },
  searchIn: number[] | undefined,
): ArrayLike<number> {
  const sort = view.sort !== null && columns.sortable.includes(view.sort) ? view.sort : null;
  const order = sort ? columnOrder(model, sort, view.dir === "desc" ? "desc" : "asc", columns.counts.has(sort)) : Uint32Array.from(model.records.keys());
  if (!view.q) return order;
  // A search narrows the list and keeps its order: every word must match (AND), each as a word's beginning.
  const matched = model.find(view.q, searchIn);
  return matched ? order.filter((position) => matched.has(position)) : order;
}

/** A view's rows, before paging: the positions of its records in `model.records`, in the view's order, with its filters as the page shows them. */
export interface ViewRows {
  positions: ArrayLike<number>;
  filters?: ListFilters;
  notes: string[];
  /** The list's filters in the URL that could not be applied: the rows are more than the admin chose (an export or a bulk delete of the whole view refuses it). */
  ignored: string[];
}

/** The rows a view shows, searched, filtered and ordered, before paging: the list page's rows and the export's are these. */
export function viewRows<Rec, C extends Cells>(
  model: ReadModel<Rec, C>,
  adapter: ResourceAdapter<Rec, C, z.ZodObject>,
  view: ListView,
  { searchIn, filtered }: Omit<ReadModelQuery, "pageSize"> = {},
): ViewRows {
  const { columns } = adapter.definition;
  const ordered = { sortable: listedColumns(columns), counts: new Set(columns.filter((column) => column.count).map((column) => column.accessor)) };
  const searched = searchIn?.map((column) => model.textFields.indexOf(column)).filter((index) => index >= 0);
  const positions = orderedPositions(model as ReadModel<unknown, Cells>, view, ordered, searched);
  const filters: ReadonlyArray<ListFilter<Rec>> = [...(adapter.filters ?? []), ...(filtered?.extra ?? [])];
  if (!filtered || filters.length === 0) return { positions, notes: [], ignored: [] };
  const { positions: kept, shown, notes, ignored } = filterList(model.records, filters, view, positions, filtered.labels);
  return { positions: kept, filters: shown, notes, ignored };
}

/** One page of a view of the read model (all matching rows when the screen does not page). */
export function queryReadModel<Rec, C extends Cells>(
  model: ReadModel<Rec, C>,
  adapter: ResourceAdapter<Rec, C, z.ZodObject>,
  view: ListView,
  { pageSize, ...query }: ReadModelQuery = {},
): ListAnswer<C> {
  const { positions, filters, notes } = viewRows(model, adapter, view, query);
  const total = positions.length;
  const size = pageSize ?? Math.max(total, 1);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(view.page, pageCount);
  const start = (page - 1) * size;
  const end = Math.min(start + size, total);
  const rows: Array<ScreenRow<C>> = [];
  for (let index = start; index < end; index += 1) rows.push(toRow(adapter, model.records[positions[index]]));
  return { rows, total, page, pageCount, from: total === 0 ? 0 : start + 1, to: end, notes, ...(filters ? { filters } : {}) };
}

/** The record of an id anywhere in the list (the delete question of a row not on the page). */
export function findRecord<Rec, C extends Cells>(model: ReadModel<Rec, C>, adapter: ResourceAdapter<Rec, C, z.ZodObject>, id: string): Rec | undefined {
  return model.records.find((record) => adapter.idOf(record) === id);
}
