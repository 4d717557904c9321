import { createHash } from "node:crypto";
import { getConfig } from "@server/config.server";
import { errorFields, log } from "@server/log.server";
import { clearCount, resourceGeneration, type CachedResource, type WriteClear } from "./cache.server.ts";
import { PositionIndex } from "./full-text.server.ts";
import { countListCopyLookup } from "./metrics.server.ts";
import { afterChange, type ListChange } from "./list-window.server.ts";
import { hearsBroadcasts, usesRedis } from "./redis.server.ts";
import { forgetPagingNotes, pageOrNone, readPages, type PagedRead } from "./paged-read.server.ts";
import type { PageRequest, UpstreamClient } from "./upstream.server.ts";

/**
 * The site's own copy of an upstream list. The upstream offers only `page` and `limit` (spec §7):
 * it cannot search, sort or count. So a list is read whole, page after page, and kept with a
 * search index, for whoever needs to search or page it: the back-office's screens
 * (app/admin-kit/server/screen/read-model.server.ts adds their columns and orders) and the public catalogue
 * (the book resource's list, app/resources/books/books.server.ts).
 *
 * - one copy per list (`ListSource.key`), shared by every reader and by the requests that arrive
 *   while it is read;
 * - a write to its resource (or to one its records show) makes it stale (cache.server.ts: on
 *   every process, with Redis), so a saved record shows at once; a form's save, switch, delete
 *   or bulk delete through this process patches it instead (`patchListCopy`), so the admin's next
 *   view waits for no read of the whole list;
 * - a read of the whole list that finds what the copy holds keeps the copy itself (`readCopy`);
 * - a copy older than `ADMIN_LIST_REFRESH_MS` is read again, for changes made elsewhere (the
 *   mobile app, another tool): meanwhile, and while the upstream fails to give it (tried again
 *   every `REFRESH_RETRY_MS`), the copy is still served, for up to `SERVED_STALE_MS` more; a
 *   visitor never waits for the whole list's read but after a write or a cold start, and a
 *   catalogue whose upstream is down stays readable; a process that cannot hear the clears trusts
 *   no copy at all;
 * - the search index is SQLite's FTS5, in memory, over the texts the source gives each record
 *   (full-text.server.ts): case and accents ignored, a word's beginning enough ("perpus" finds
 *   "Perpustakaan"), every word required.
 */

/** An upstream list as a copy reads and indexes it. */
export interface ListSource<Rec> {
  /** The copy's name: one copy per key. */
  key: string;
  /** Whose writes make the copy stale. */
  resource: CachedResource;
  /** Whether the upstream list is read in pages (`page`, `limit`), or in one call. */
  paged: boolean;
  /** The records: all of them, or only the page asked for when the list is paged. */
  list(api: UpstreamClient, page: PageRequest | undefined): Promise<Rec[]>;
  idOf(record: Rec): string;
  /** What the search index holds of a record, one text per field, in the order of `textFields`. */
  textFields: readonly string[];
  texts(record: Rec): string[];
  /**
   * A search read also as the key of one field (a book's ISBN in any writing): the records
   * whose field holds a word beginning with `key(search)` match too, whatever the other fields.
   */
  searchKey?: { field: string; key(search: string): string | undefined };
}

/** What it takes to read a list whole. */
export type UpstreamList<Rec> = Pick<ListSource<Rec>, "key" | "paged" | "list" | "idOf">;

export interface ListCopy<Rec> {
  /** The records, newest first. */
  records: Rec[];
  /** Over `textFields`, by a record's position in `records`. */
  search: PositionIndex;
  /**
   * The positions of the records matching a search (every word, each a word's beginning), in
   * every field or in those given by their place in `textFields`; and those the source's
   * `searchKey` finds. Undefined for a search of no words.
   */
  find(text: string, columns?: number[]): Set<number> | undefined;
  /** When its read began: it holds every record made before then. */
  readAt: number;
  /** When its read ended (its age, for `ADMIN_LIST_REFRESH_MS`). */
  builtAt: number;
  /** Each record's place in the upstream's list, from 0 (a paged list): where to read it again. */
  upstreamPositions: ReadonlyMap<string, number>;
  /** Its records in the upstream's order as one digest (`contentDigest`), once asked for. */
  digest?: string;
  /** False when the upstream's pages may not have shown every record (paged-read.server.ts): a record the copy lacks may be unread, not deleted. */
  complete: boolean;
  /** The upstream's first page number for this list, 0 or 1: where a window of it is read. */
  firstPage: 0 | 1;
}

/** What a copy keeps of the read that made it. */
type CopyRead = Pick<ListCopy<unknown>, "readAt" | "builtAt" | "complete" | "firstPage">;

export const READ_PAGE_LIMIT = 100;
/** How many records around one are read to find it again: a window of the upstream's list (its `page` and `limit`). */
export const RECORD_WINDOW = 20;
/** Pages asked for at once while reading a long list. */
const READ_CONCURRENCY = 4;
/** A list longer than this many pages is read no further (and says so in the log): 200,000 records. */
const MAX_READ_PAGES = 2_000;
/** How long a replaced copy's index stays open for the requests that already hold it (their queries take milliseconds). */
const RETIRED_INDEX_CLOSE_MS = 10_000;

/**
 * Every record of a list, read page by page when it is paged (paged-read.server.ts: however the
 * upstream counts and caps its pages), in the upstream's order.
 */
export async function readWholeList<Rec>(api: UpstreamClient, source: UpstreamList<Rec>): Promise<Rec[]> {
  return (await readList(api, source)).records;
}

/** The list read whole, with what the read tells of the upstream's pages. */
async function readList<Rec>(api: UpstreamClient, source: UpstreamList<Rec>): Promise<PagedRead<Rec>> {
  if (!source.paged) return { records: await source.list(api, undefined), complete: true, firstPage: 1 };
  const options = { key: source.key, limit: READ_PAGE_LIMIT, maxPages: MAX_READ_PAGES, concurrency: READ_CONCURRENCY };
  return readPages((page, limit) => source.list(api, { page, limit }), (record) => source.idOf(record), options);
}

/** Newest first: by id, highest first, when every id is a number; else the upstream's order reversed. */
export function newestFirst<Rec>(records: Rec[], idOf: (record: Rec) => string): Rec[] {
  const numeric = records.every((record) => /^\d{1,15}$/.test(idOf(record)));
  return numeric ? [...records].sort((a, b) => Number(idOf(b)) - Number(idOf(a))) : [...records].reverse();
}

/**
 * The list read whole. When it holds exactly what `kept` holds (a refresh that found no change, or
 * a patched copy borne out), `kept` itself, its times renewed: its index, and all that the
 * screens and the catalogue made from it (facets, orders, duplicate keys), stay as they are.
 */
async function readCopy<Rec>(api: UpstreamClient, source: ListSource<Rec>, readAt: number, kept: ListCopy<Rec> | undefined): Promise<ListCopy<Rec>> {
  const { records: inUpstreamOrder, complete, firstPage } = await readList(api, source);
  const upstreamPositions = new Map(inUpstreamOrder.map((record, place) => [source.idOf(record), place]));
  const digest = contentDigest(inUpstreamOrder);
  if (kept && keptDigest(kept, source) === digest) return Object.assign(kept, { readAt: Math.max(kept.readAt, readAt), builtAt: Date.now(), complete, firstPage });
  return { ...copyOf(source, inUpstreamOrder, upstreamPositions, { readAt, builtAt: Date.now(), complete, firstPage }), digest };
}

/** Records in the upstream's order as one digest: equal for the same records, each as the upstream gave it, in the same order. */
function contentDigest<Rec>(inUpstreamOrder: readonly Rec[]): string {
  const hash = createHash("sha256");
  for (const record of inUpstreamOrder) hash.update(JSON.stringify(record)).update("\n");
  return hash.digest("base64");
}

function keptDigest<Rec>(copy: ListCopy<Rec>, source: ListSource<Rec>): string {
  return (copy.digest ??= contentDigest(inUpstreamOrderOf(copy, source)));
}

function inUpstreamOrderOf<Rec>(copy: ListCopy<Rec>, source: ListSource<Rec>): Rec[] {
  const placeOf = (record: Rec) => copy.upstreamPositions.get(source.idOf(record)) ?? Infinity;
  return [...copy.records].sort((a, b) => placeOf(a) - placeOf(b));
}

/** A copy of records given in the upstream's order, with their index. */
function copyOf<Rec>(source: ListSource<Rec>, inUpstreamOrder: Rec[], upstreamPositions: ReadonlyMap<string, number>, read: CopyRead): ListCopy<Rec> {
  const records = newestFirst(inUpstreamOrder, (record) => source.idOf(record));
  const search = new PositionIndex(source.textFields.length, (function* () {
    for (const record of records) yield source.texts(record);
  })());
  return { records, search, find: finder(search, source), ...read, upstreamPositions };
}

function finder<Rec>(search: PositionIndex, source: ListSource<Rec>): ListCopy<Rec>["find"] {
  const keyColumn = source.searchKey ? source.textFields.indexOf(source.searchKey.field) : -1;
  return (text, columns) => {
    const matched = search.search(text, columns);
    const key = keyColumn >= 0 ? source.searchKey?.key(text) : undefined;
    if (key === undefined) return matched;
    const byKey = search.search(key, [keyColumn]) ?? new Set<number>();
    return matched ? new Set([...matched, ...byKey]) : byKey;
  };
}

interface Slot {
  copy?: ListCopy<unknown>;
  /** The clear generation of its resource the kept copy was read under. */
  generation: number;
  /** A copy whose read began before this time is not used (`rereadListCopy`). */
  notReadBefore: number;
  building?: { generation: number; readAt: number; promise: Promise<ListCopy<unknown>> };
  /** When a read to refresh an aged copy last failed (the copy was served meanwhile). */
  refreshFailedAt?: number;
  /** The copy took writes in place (`patchListCopy`): served, while the next view reads the whole list behind it. */
  patched?: boolean;
}

/** How long past its refresh time a copy no write has made stale is still served, while one read refreshes it or the upstream fails. */
export const SERVED_STALE_MS = 5 * 60_000;
/** A failed refresh is tried again by the next request after this long, not by every visitor. */
const REFRESH_RETRY_MS = 5_000;

const slots = new Map<string, Slot>();

/**
 * The list's copy: the kept one while it is fresh, else one read of the whole list that every
 * request arriving meanwhile shares. A failed read is the caller's (UpstreamError).
 */
export function listCopy<Rec>(api: UpstreamClient, source: ListSource<Rec>): Promise<ListCopy<Rec>> {
  const slot = slots.get(source.key) ?? { generation: -1, notReadBefore: 0 };
  slots.set(source.key, slot);
  const generation = resourceGeneration(source.resource);
  // Without the clears of other processes, a copy could hide their writes: none is trusted.
  const trusted = !usesRedis() || hearsBroadcasts();
  const { copy, building } = slot;
  // No write since it was read, nor a read asked for since: only its age tells against it.
  const current = trusted && copy !== undefined && slot.generation === generation && copy.readAt >= slot.notReadBefore;
  const age = copy ? Date.now() - copy.builtAt : Infinity;
  const { refreshMs } = getConfig().adminLists;
  // A refresh time of 0 asks for the upstream's list on every read (the end-to-end tests): never an aged copy.
  const served = current && refreshMs > 0 && age < refreshMs + SERVED_STALE_MS;
  countListCopyLookup(source.key, served);
  if (current && age < refreshMs && !slot.patched) return Promise.resolve(copy as ListCopy<Rec>);
  const reading = building && building.generation === generation && building.readAt >= slot.notReadBefore;
  if (served) {
    // Aged: served as it is while one read refreshes it; a failed read leaves it served, tried again after a pause.
    if (!reading && Date.now() - (slot.refreshFailedAt ?? 0) >= REFRESH_RETRY_MS) {
      readInto(slot, api, source, generation).then(
        () => (slot.refreshFailedAt = undefined),
        (error: unknown) => {
          slot.refreshFailedAt = Date.now();
          log("list_copy_refresh_failed", { list: source.key, ageMs: age, ...errorFields(error) });
        },
      );
    }
    return Promise.resolve(copy as ListCopy<Rec>);
  }
  if (reading) return building.promise as Promise<ListCopy<Rec>>;
  return readInto(slot, api, source, generation);
}

/** One read of the whole list, which every request arriving meanwhile shares, kept as the slot's copy unless a write came in between. */
function readInto<Rec>(slot: Slot, api: UpstreamClient, source: ListSource<Rec>, generation: number): Promise<ListCopy<Rec>> {
  const readAt = Date.now();
  const promise = readCopy(api, source, readAt, slot.copy as ListCopy<Rec> | undefined).then((read) => {
    // A write during the read leaves this copy to the requests that started before it; so does
    // a newer read that ended first.
    // (`read` may be the kept copy itself, found unchanged: never retired while it is kept.)
    if (resourceGeneration(source.resource) === generation && !(slot.copy && slot.copy.readAt > readAt)) {
      if (slot.copy !== read) retire(slot.copy);
      Object.assign(slot, { copy: read, generation, patched: false });
    } else if (slot.copy !== read) {
      retire(read as ListCopy<unknown>);
    }
    return read;
  });
  const started = { generation, readAt, promise: promise as Promise<ListCopy<unknown>> };
  slot.building = started;
  const settle = () => {
    if (slot.building === started) slot.building = undefined;
  };
  promise.then(settle, settle);
  return promise;
}

/**
 * The list read anew, for a record its copy should have and does not (made elsewhere since the
 * copy was read): a copy whose read began at `since` or later. By default a copy whose read began
 * within `REREAD_AFTER_MS` already holds whatever existed then and is used as it is: asking for
 * an unknown id again and again reads the list at most once in that time.
 */
const REREAD_AFTER_MS = 1_000;

export function rereadListCopy<Rec>(api: UpstreamClient, source: ListSource<Rec>, since = Date.now() - REREAD_AFTER_MS): Promise<ListCopy<Rec>> {
  const slot = slots.get(source.key);
  if (slot) slot.notReadBefore = Math.max(slot.notReadBefore, since);
  return listCopy(api, source);
}

export type { ListChange };

/**
 * After writes through this process (`cleared`: their clears), the list's copy brought up to them
 * in place (`afterChange`, list-window.server.ts), so that the next view waits for no read of the
 * whole list. Only a copy that was current until the first of those clears, when every clear since
 * was one of them, and nothing is cleared while a saved record is read; not when aged copies are
 * never served (`ADMIN_LIST_REFRESH_MS=0`). The patched copy is served as an aged one: the next
 * view reads the whole list behind it, which shows whatever else the writes changed. False when
 * nothing was patched: the copy stays stale.
 */
export async function patchListCopy<Rec>(api: UpstreamClient, source: ListSource<Rec>, change: ListChange, cleared: WriteClear): Promise<boolean> {
  const slot = slots.get(source.key);
  const copy = slot?.copy as ListCopy<Rec> | undefined;
  if (!slot || !copy || !source.paged || getConfig().adminLists.refreshMs === 0) return false;
  const untouched = () =>
    slot.copy === copy &&
    slot.generation === cleared.before &&
    resourceGeneration(source.resource) === cleared.after &&
    clearCount(source.resource) === cleared.clearsBefore + cleared.count;
  if (!untouched()) return false;
  const after = await afterChange(inUpstreamOrderOf(copy, source), change, {
    idOf: (record) => source.idOf(record),
    // Windows counted from 1, asked by the upstream's own numbering; one past the end refused is an empty one.
    readWindow: (window, limit) => pageOrNone(source.list(api, { page: window - 1 + copy.firstPage, limit })),
    limit: RECORD_WINDOW,
  });
  if (!after || !untouched()) return false;
  retire(copy);
  Object.assign(slot, { copy: patchedCopy(source, copy, after, change), generation: cleared.after, patched: true });
  return true;
}

/** The copy after the change: an edited record indexed alone, in its place; else the whole list indexed anew. */
function patchedCopy<Rec>(source: ListSource<Rec>, copy: ListCopy<Rec>, inUpstreamOrder: Rec[], change: ListChange): ListCopy<Rec> {
  const times: CopyRead = { readAt: copy.readAt, builtAt: copy.builtAt, complete: copy.complete, firstPage: copy.firstPage };
  if ("changed" in change) {
    const position = copy.records.findIndex((record) => source.idOf(record) === change.changed);
    const fresh = inUpstreamOrder[copy.upstreamPositions.get(change.changed)!];
    const records = [...copy.records];
    records[position] = fresh;
    const search = copy.search.withDocument(position, source.texts(copy.records[position]), source.texts(fresh));
    return { records, search, find: finder(search, source), ...times, upstreamPositions: copy.upstreamPositions };
  }
  const positions = new Map(inUpstreamOrder.map((record, place) => [source.idOf(record), place]));
  return copyOf(source, inUpstreamOrder, positions, times);
}

/** The record of an id anywhere in the copy. */
export function findInCopy<Rec>(copy: ListCopy<Rec>, source: ListSource<Rec>, id: string): Rec | undefined {
  return copy.records.find((record) => source.idOf(record) === id);
}

const retired = new WeakSet<ListCopy<unknown>>();

/** Closes a copy's index once the requests that hold it are done with it (once, however often it is retired). */
function retire(copy: ListCopy<unknown> | undefined): void {
  if (!copy || retired.has(copy)) return;
  retired.add(copy);
  setTimeout(() => copy.search.close(), RETIRED_INDEX_CLOSE_MS).unref();
}

/** Drops every kept copy, and what the log said of their pages (tests; a write clears them through its resource's generation). */
export function forgetListCopies(): void {
  for (const slot of slots.values()) retire(slot.copy);
  slots.clear();
  forgetPagingNotes();
}
