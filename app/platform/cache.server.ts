import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { getConfig } from "@server/config.server";
import { LRUCache } from "lru-cache";
import { errorFields, log } from "@server/log.server";
import { broadcast, hearsBroadcasts, onBroadcast, usesRedis } from "./redis.server.ts";

/**
 * The site's one cache module: what is kept of the upstream's records, and what a write clears.
 *
 * - **Kept**: the public pages' upstream reads (`cachedRead`, with stale-while-revalidate: a
 *   burst of visitors costs the upstream one call per resource every few seconds, and the same
 *   call is never made twice at once), and, keyed by the same clears, the whole-page cache's
 *   pages (page-cache.server.ts) and the back-office's copies of its lists
 *   (app/admin-kit/server/screen/read-model.server.ts).
 * - **Cleared where writes happen, per resource**: a screen's save, delete or status switch
 *   clears its resource (`clearResource`), and with it the resources whose records show its
 *   records (a genre's name shows on its books: a genre write clears the books and the
 *   catalogue, not the home page's activities). The upstream transport knows nothing of caches.
 * - **Every process**: with several processes (REDIS_URL) each keeps its own entries (a hit
 *   costs no network round trip) and a clear is broadcast through Redis, so every process drops
 *   its copies within milliseconds. While this process cannot hear broadcasts it serves nothing
 *   past the TTL, and when it hears them again it clears everything, since it may have missed some.
 *
 * @epic-web/cachified was weighed and left: it offers no clear by tag across keys, and its Redis
 * adapter would cost every hit a round trip; lru-cache holds the entries, bounded to
 * `PUBLIC_READS_MAX`. Freshness, staleness and the clears stay here: lru-cache's own `fetch`
 * rejects the callers of a read in flight when the cache is cleared, where a visitor should still
 * get the answer the upstream gave. Failures are not cached.
 */

/**
 * A resource as the cache knows it: its name, and the resources whose records show its own (a
 * genre's name shows on its books). The resources declare both (app/resources/<name>/<name>.ts);
 * this module names none of them.
 */
export interface CachedResource {
  readonly name: string;
  readonly shownIn?: readonly string[];
}

/** The lists the public pages read, and one entry per activity page visited: ample for both. */
export const PUBLIC_READS_MAX = 1_000;

interface Entry {
  value: unknown;
  fetchedAt: number;
  /** Its resource's name. */
  resource: string;
}

const CLEAR_PREFIX = "cache:clear:";
const CLEAR_ALL = "cache:clear-all";
/**
 * This process's mark on the clears it broadcasts (`cache:clear:<resource>@<origin>`): Redis hands
 * them back to it too, and made twice, its own clear would make stale the list copy its write
 * has just patched (list-copy.server.ts). A release before this one reads the marked name as a
 * resource it does not know, and clears everything.
 */
const ORIGIN = randomUUID();

interface CacheState {
  entries: LRUCache<string, Entry>;
  inFlight: Map<string, { promise: Promise<unknown>; resource: string }>;
  /** Counts every clear: a clear's number, kept per resource, tells a copy made before it from one made after. */
  sequence: number;
  clearedAt: Map<string, number>;
  /** How many times each resource was cleared, and everything (`clearCount`). */
  clears: Map<string, number>;
  allClears: number;
  /** The last clear of everything (a missed broadcast, a test). */
  allClearedAt: number;
  listening: boolean;
  /** By name, the resources whose records show each (`knowResources`): what a clear heard from another process clears with it. */
  shownIn: Map<string, readonly string[]>;
}

// One copy: the process reaches the whole-page cache through the build (process-services.server.ts).
const state: CacheState = {
  entries: new LRUCache({ max: PUBLIC_READS_MAX }),
  inFlight: new Map(),
  sequence: 0,
  clearedAt: new Map(),
  allClearedAt: 0,
  clears: new Map(),
  allClears: 0,
  listening: false,
  shownIn: new Map(),
};
const { entries, inFlight } = state;

/**
 * The resources a page read while it was rendered (`trackReads`), for the whole-page cache to
 * know which clears make it stale.
 */
const pageReads = new AsyncLocalStorage<Set<string>>();

/** Runs `render` noting the names of the resources its reads touch in `reads`. */
export function trackReads<T>(reads: Set<string>, render: () => T): T {
  return pageReads.run(reads, render);
}

/** Notes that the page being rendered shows this resource's records (reads not made through `cachedRead`). */
export function readsResource(resource: CachedResource): void {
  pageReads.getStore()?.add(resource.name);
}

/** The number of the last clear: what was made after it is current until the next clear of what it read. */
export function clearSequence(): number {
  return state.sequence;
}

/**
 * The number of the last clear of this resource (or of everything): a copy of its records made
 * under an older one is stale.
 */
export function resourceGeneration(resource: CachedResource): number {
  return Math.max(state.clearedAt.get(resource.name) ?? 0, state.allClearedAt);
}

/**
 * Whether something these resources show was cleared after clear number `since`. A page that
 * noted no resource (its reads are not known) is stale after any clear.
 */
export function clearedSince(resources: ReadonlySet<string>, since: number): boolean {
  if (resources.size === 0) return state.sequence > since;
  if (state.allClearedAt > since) return true;
  for (const resource of resources) if ((state.clearedAt.get(resource) ?? 0) > since) return true;
  return false;
}

function refresh<T>(key: string, resource: CachedResource, fetcher: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running.promise as Promise<T>;
  const startedAt = state.sequence;
  const promise = fetcher()
    .then((value) => {
      // Read before a write that cleared it: not kept, or the write would not show.
      if (resourceGeneration(resource) <= startedAt) entries.set(key, { value, fetchedAt: Date.now(), resource: resource.name });
      return value;
    })
    .finally(() => {
      if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
    });
  inFlight.set(key, { promise, resource: resource.name });
  return promise;
}

/** A public read of `resource`'s records, kept under `key` (see the top). */
export function cachedRead<T>(key: string, resource: CachedResource, fetcher: () => Promise<T>): Promise<T> {
  readsResource(resource);
  const { ttlMs, staleMs } = getConfig().publicCache;
  const entry = entries.get(key);
  const age = entry ? Date.now() - entry.fetchedAt : Infinity;
  if (age <= ttlMs) return Promise.resolve(entry!.value as T);
  if (age <= ttlMs + staleMs && (!usesRedis() || hearsBroadcasts())) {
    // The visitor gets the stale value now; the refresh's failure only means it stays stale.
    refresh(key, resource, fetcher).catch(() => {});
    return Promise.resolve(entry!.value as T);
  }
  return refresh(key, resource, fetcher);
}

/**
 * The resources whose writes the site may hear of from another process, with where each one's
 * records show: a clear broadcast names only the resource written.
 */
export function knowResources(resources: readonly CachedResource[]): void {
  for (const { name, shownIn = [] } of resources) state.shownIn.set(name, shownIn);
}

/** A resource's name and those of every resource whose records show it. */
function withDependents(name: string, shownIn: readonly string[] = state.shownIn.get(name) ?? []): string[] {
  return [name, ...shownIn];
}

function clearLocally(resources: string[] | "all") {
  state.sequence += 1;
  if (resources === "all") {
    state.allClears += 1;
    state.allClearedAt = state.sequence;
    entries.clear();
    inFlight.clear();
    return;
  }
  const cleared = new Set(resources);
  for (const resource of cleared) {
    state.clearedAt.set(resource, state.sequence);
    state.clears.set(resource, (state.clears.get(resource) ?? 0) + 1);
  }
  for (const [key, entry] of entries.entries()) if (cleared.has(entry.resource)) entries.delete(key);
  for (const [key, running] of inFlight) if (cleared.has(running.resource)) inFlight.delete(key);
}

function broadcastClear(message: string) {
  if (!usesRedis()) return;
  broadcast(message).catch((error: Error) => {
    // The write itself succeeded. A process that cannot reach Redis either serves nothing past the TTL.
    log("cache_clear_broadcast_failed", { ...errorFields(error) });
  });
}

/** How many times this resource (or everything) has been cleared in this process. */
export function clearCount(resource: CachedResource): number {
  return (state.clears.get(resource.name) ?? 0) + state.allClears;
}

/**
 * The clears of some writes (one, or a bulk delete's): its resource's generation just before the
 * first and just after the last, its count of clears before them, and how many they were. A list
 * copy read before them may take the writes in place (list-copy.server.ts, `patchListCopy`) only
 * when it was current until the first, and every clear since was one of them.
 */
export interface WriteClear {
  before: number;
  after: number;
  clearsBefore: number;
  count: number;
}

/** After a write to `resource`: clears what shows its records, in this process and, with Redis, every other. */
export function clearResource(resource: CachedResource): WriteClear {
  const before = resourceGeneration(resource);
  const clearsBefore = clearCount(resource);
  clearLocally(withDependents(resource.name, resource.shownIn));
  broadcastClear(`${CLEAR_PREFIX}${resource.name}@${ORIGIN}`);
  return { before, after: resourceGeneration(resource), clearsBefore, count: 1 };
}

/** Several writes' clears as one (`WriteClear`), in whatever order they were made. */
export function joinedClears(clears: readonly WriteClear[]): WriteClear | undefined {
  if (clears.length === 0) return undefined;
  return {
    before: Math.min(...clears.map((clear) => clear.before)),
    after: Math.max(...clears.map((clear) => clear.after)),
    clearsBefore: Math.min(...clears.map((clear) => clear.clearsBefore)),
    count: clears.reduce((sum, clear) => sum + clear.count, 0),
  };
}

/** Clears everything, everywhere (tests; a process that may have missed clears does it locally). */
export function clearAllCaches() {
  clearLocally("all");
  broadcastClear(CLEAR_ALL);
}

/** The clear of everything the release before this one broadcast: heard during a rolling restart. */
const EARLIER_CLEAR = "public-cache:clear";

if (!state.listening) {
  state.listening = true;
  onBroadcast((message) => {
    if (message?.startsWith(CLEAR_PREFIX)) {
      const [name, origin] = message.slice(CLEAR_PREFIX.length).split("@");
      if (origin === ORIGIN) return;
      // A resource this release does not know (another release's broadcast): everything, to be safe.
      clearLocally(state.shownIn.has(name) ? withDependents(name) : "all");
    } else if (message === CLEAR_ALL || message === EARLIER_CLEAR || message === undefined) {
      clearLocally("all");
    }
  });
}
