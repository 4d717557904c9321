import type * as z from "zod";
import { listedColumns, type Cells, type CellValue, type ScreenRow } from "~/admin/resource";
import type { ListView } from "~/admin/url-state";
import { getConfig } from "@server/config.server";
import { log } from "@server/log.server";
import { PositionIndex } from "../../full-text.server.ts";
import { countListCopyLookup } from "../../metrics.server.ts";
import { resourceGeneration } from "../../cache.server.ts";
import { hearsBroadcasts, usesRedis } from "../../redis.server.ts";
import type { UpstreamClient } from "../../upstream.server.ts";
import { EXPORT_TEXT, TABLE_TEXT, type ResourceAdapter } from "./adapter.server.ts";

/**
 * The back-office's own copy of a screen's list (its read model). The upstream offers only
 * `page` and `limit` (spec §7): it cannot search, sort or count. So the BFF reads a list whole,
 * page after page, and answers every search, order and page from that copy:
 *
 * - the copy is kept per screen and shared by every admin (the lists are the same for all);
 * - a write through the site drops the copies of what it wrote and of what shows it (cache.server.ts:
 *   on every process, with Redis), so a saved record shows at once;
 * - a copy older than `ADMIN_LIST_REFRESH_MS` is read again, for changes made elsewhere (the
 *   mobile app, another tool); a process that cannot hear the clears trusts no copy at all;
 * - the search index is SQLite's FTS5, in memory, over the whole text of every column but
 *   pictures (full-text.server.ts): case and accents ignored, a word's beginning enough
 *   ("perpus" finds "Perpustakaan"), every word required.
 */

export const READ_PAGE_LIMIT = 100;
/** Pages asked for at once while reading a long list. */
const READ_CONCURRENCY = 4;
/** A list longer than this many pages is read no further (and says so in the log): 200,000 records. */
const MAX_READ_PAGES = 2_000;

export interface ReadModel<Rec, C extends Cells> {
  /** The records, newest first. */
  records: Rec[];
  /** Their table cells (what the table shows and is ordered by), made from a record when asked for. */
  cellsOf(record: Rec): C;
  /** Row positions in each column's ascending order, made the first time the column is asked for. */
  sorted: Map<string, Uint32Array>;
  search: PositionIndex;
  /** When its read began: it holds every record made before then. */
  readAt: number;
  /** When its read ended (its age, for `ADMIN_LIST_REFRESH_MS`). */
  builtAt: number;
  /** Each record's place in the upstream's list, from 0 (a screen that pages): where to read it again. */
  upstreamPositions: ReadonlyMap<string, number>;
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
}

interface Slot {
  model?: ReadModel<unknown, Cells>;
  /** The clear generation the kept copy was read under. */
  generation: number;
  /** A copy whose read began before this time is not used (`rereadReadModel`). */
  notReadBefore: number;
  building?: { generation: number; readAt: number; promise: Promise<ReadModel<unknown, Cells>> };
}

const slots = new Map<string, Slot>();

const collator = new Intl.Collator("id", { sensitivity: "base", numeric: true });

/** How long a replaced copy's index stays open for the requests that already hold it (their queries take milliseconds). */
const RETIRED_INDEX_CLOSE_MS = 10_000;

/**
 * Every record of a list, read page by page when the screen's upstream list pages (noting in
 * `positionOf`, when given, each record's place in the upstream's order).
 */
export async function readWholeList<Rec, C extends Cells>(
  api: UpstreamClient,
  adapter: ResourceAdapter<Rec, C, z.ZodObject>,
  positionOf?: Map<string, number>,
): Promise<Rec[]> {
  if (!adapter.definition.pageSize) return adapter.list(api, undefined);
  const records: Rec[] = [];
  const seen = new Set<string>();
  let longestPage = 0;
  let nextPage = 1;
  let pagesRead = 0;
  for (;;) {
    // One page at a time until two have come (a short list is two calls); then several at once.
    // An upstream that caps `limit` below ours answers short pages that are not the end, so the
    // end is a page that is empty, shorter than the longest, or all repeats (one that ignores `page`).
    const wave = pagesRead < 2 ? 1 : READ_CONCURRENCY;
    const pages = Array.from({ length: wave }, (_, index) => nextPage + index);
    nextPage += wave;
    const answers = await Promise.all(pages.map((page) => adapter.list(api, { page, limit: READ_PAGE_LIMIT })));
    for (const answer of answers) {
      const fresh = answer.filter((record) => !seen.has(adapter.idOf(record)));
      for (const record of fresh) {
        positionOf?.set(adapter.idOf(record), seen.size);
        seen.add(adapter.idOf(record));
      }
      records.push(...fresh);
      if (fresh.length === 0 || answer.length < longestPage) return records;
      longestPage = Math.max(longestPage, answer.length);
      pagesRead += 1;
    }
    if (nextPage > MAX_READ_PAGES) {
      log("admin_list_truncated", { screen: adapter.definition.id, records: records.length });
      return records;
    }
  }
}

/** Newest first: by id, highest first, when every id is a number; else the upstream's order reversed. */
export function newestFirst<Rec>(records: Rec[], idOf: (record: Rec) => string): Rec[] {
  const numeric = records.every((record) => /^\d{1,15}$/.test(idOf(record)));
  return numeric ? [...records].sort((a, b) => Number(idOf(b)) - Number(idOf(a))) : [...records].reverse();
}

async function buildModel<Rec, C extends Cells>(api: UpstreamClient, adapter: ResourceAdapter<Rec, C, z.ZodObject>, readAt: number): Promise<ReadModel<Rec, C>> {
  const upstreamPositions = new Map<string, number>();
  const records = newestFirst(await readWholeList(api, adapter, upstreamPositions), (record) => adapter.idOf(record));
  const fields = listedColumns(adapter.definition.columns);
  // The index holds the whole text (a synopsis past its table preview); the copy keeps the records.
  const texts = function* () {
    for (const record of records) {
      const whole = adapter.cells(record, EXPORT_TEXT);
      yield fields.map((field) => textOf(whole[field]));
    }
  };
  const search = new PositionIndex(fields.length, texts());
  return { records, cellsOf: (record) => adapter.cells(record, TABLE_TEXT), sorted: new Map(), search, readAt, builtAt: Date.now(), upstreamPositions };
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

function textOf(value: CellValue | undefined): string {
  return value === null || value === undefined ? "" : String(value);
}

/**
 * The screen's read model: the kept copy while it is fresh, else one read of the whole list
 * that every request arriving meanwhile shares. A failed read is the caller's (UpstreamError).
 */
export function screenReadModel<Rec, C extends Cells>(
  api: UpstreamClient,
  adapter: ResourceAdapter<Rec, C, z.ZodObject>,
): Promise<ReadModel<Rec, C>> {
  const key = adapter.definition.id;
  const slot = slots.get(key) ?? { generation: -1, notReadBefore: 0 };
  slots.set(key, slot);
  const generation = resourceGeneration(adapter.resource);
  // Without the clears of other processes, a copy could hide their writes: none is trusted.
  const trusted = !usesRedis() || hearsBroadcasts();
  const fresh =
    slot.model &&
    slot.generation === generation &&
    slot.model.readAt >= slot.notReadBefore &&
    Date.now() - slot.model.builtAt < getConfig().adminLists.refreshMs;
  countListCopyLookup(key, Boolean(trusted && fresh));
  if (trusted && fresh) return Promise.resolve(slot.model as unknown as ReadModel<Rec, C>);
  const { building } = slot;
  if (building && building.generation === generation && building.readAt >= slot.notReadBefore) {
    return building.promise as unknown as Promise<ReadModel<Rec, C>>;
  }

  const readAt = Date.now();
  const promise = buildModel(api, adapter, readAt).then((model) => {
    // A write during the read leaves this copy to the requests that started before it; so does
    // a newer read that ended first.
    if (resourceGeneration(adapter.resource) === generation && !(slot.model && slot.model.readAt > readAt)) {
      retire(slot.model);
      slot.model = model as unknown as ReadModel<unknown, Cells>;
      slot.generation = generation;
    } else {
      retire(model as unknown as ReadModel<unknown, Cells>);
    }
    return model;
  });
  const started = { generation, readAt, promise: promise as unknown as Promise<ReadModel<unknown, Cells>> };
  slot.building = started;
  const settle = () => {
    if (slot.building === started) slot.building = undefined;
  };
  promise.then(settle, settle);
  return promise;
}

/**
 * The screen's list read anew, for a record its copy should have and does not (made elsewhere
 * since the copy was read): a copy whose read began at `since` or later. By default a copy whose
 * read began within `REREAD_AFTER_MS` already holds whatever existed then and is used as it is:
 * asking for an unknown id again and again reads the list at most once in that time.
 */
const REREAD_AFTER_MS = 1_000;

export function rereadReadModel<Rec, C extends Cells>(
  api: UpstreamClient,
  adapter: ResourceAdapter<Rec, C, z.ZodObject>,
  since = Date.now() - REREAD_AFTER_MS,
): Promise<ReadModel<Rec, C>> {
  const slot = slots.get(adapter.definition.id);
  if (slot) slot.notReadBefore = Math.max(slot.notReadBefore, since);
  return screenReadModel(api, adapter);
}

/** Closes a copy's index once the requests that hold it are done with it. */
function retire(model: ReadModel<unknown, Cells> | undefined): void {
  if (model) setTimeout(() => model.search.close(), RETIRED_INDEX_CLOSE_MS).unref();
}

/** Drops every kept copy (tests; a write clears them through the public cache's generation). */
export function forgetReadModels(): void {
  for (const slot of slots.values()) retire(slot.model);
  slots.clear();
}

/** A cell's sort key: dates (DD-MM-YYYY) as YYYY-MM-DD, empty cells last. */
function sortKey(value: CellValue | undefined): string | number | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  const date = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  return date ? `${date[3]}-${date[2]}-${date[1]}` : value;
}

function compareKeys(a: string | number | null, b: string | number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

function ascendingOrder(model: ReadModel<unknown, Cells>, column: string): Uint32Array {
  const kept = model.sorted.get(column);
  if (kept) return kept;
  // The column's keys only, for as long as the sort takes: the copy keeps records, not cells.
  const keys = model.records.map((record) => sortKey(model.cellsOf(record)[column]));
  // Equal keys keep the default order (newest first): Array.prototype.sort is stable.
  const order = Uint32Array.from(
    keys.map((_, index) => index).sort((a, b) => compareKeys(keys[a], keys[b])),
  );
  model.sorted.set(column, order);
  return order;
}

/** The positions of the rows a view shows, in its order (newest first unless a column is chosen), before paging. */
function orderedPositions(
  model: ReadModel<unknown, Cells>,
  view: ListView,
  sortable: readonly string[],
  searchIn: number[] | undefined,
): ArrayLike<number> {
  const sort = view.sort !== null && sortable.includes(view.sort) ? view.sort : null;
  const ascending = sort ? ascendingOrder(model, sort) : undefined;
  const order = ascending ? (view.dir === "desc" ? ascending.slice().reverse() : ascending) : Uint32Array.from(model.records.keys());
  if (!view.q) return order;
  // A search narrows the list and keeps its order: every word must match (AND), each as a word's beginning.
  const matched = model.search.search(view.q, searchIn);
  return matched ? order.filter((position) => matched.has(position)) : order;
}

/** One page of a view of the read model (all matching rows when the screen does not page). */
export function queryReadModel<Rec, C extends Cells>(
  model: ReadModel<Rec, C>,
  adapter: ResourceAdapter<Rec, C, z.ZodObject>,
  view: ListView,
  pageSize: number | undefined,
  /** Search these columns only (a picker searches its labels), instead of every listed one. */
  searchIn?: string[],
): ListAnswer<C> {
  const sortable = listedColumns(adapter.definition.columns);
  const columns = searchIn?.map((column) => sortable.indexOf(column)).filter((index) => index >= 0);
  const positions = orderedPositions(model as ReadModel<unknown, Cells>, view, sortable, columns);
  const total = positions.length;
  const size = pageSize ?? Math.max(total, 1);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(view.page, pageCount);
  const start = (page - 1) * size;
  const end = Math.min(start + size, total);
  const rows: Array<ScreenRow<C>> = [];
  for (let index = start; index < end; index += 1) rows.push(toRow(adapter, model.records[positions[index]]));
  return { rows, total, page, pageCount, from: total === 0 ? 0 : start + 1, to: end };
}

/** The record of an id anywhere in the list (the edit form or delete question of a row not on the page). */
export function findRecord<Rec, C extends Cells>(model: ReadModel<Rec, C>, adapter: ResourceAdapter<Rec, C, z.ZodObject>, id: string): Rec | undefined {
  return model.records.find((record) => adapter.idOf(record) === id);
}
