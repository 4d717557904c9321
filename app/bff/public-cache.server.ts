import { getConfig } from "@server/config.server";
import { LRUCache } from "lru-cache";
import { log } from "@server/log.server";
import { broadcast, hearsBroadcasts, onBroadcast, usesRedis } from "./redis.server.ts";

/**
 * The public pages' upstream reads, cached in the process with stale-while-revalidate: a burst
 * of visitors costs the upstream one call per resource every few seconds, and the same call is
 * never made twice at once. Any write through the BFF clears the cache (see upstream.server.ts),
 * so an admin's change shows on the public pages at once. Failures are not cached.
 *
 * With several processes (REDIS_URL) each keeps its own cache (a hit costs no network round
 * trip) and a clear is broadcast through Redis, so every process drops its copy within
 * milliseconds. While this process cannot hear broadcasts it serves nothing past the TTL, and
 * when it hears them again it clears everything, since it may have missed some.
 *
 * The entries are kept in an lru-cache bounded to `PUBLIC_READS_MAX` (one per activity page
 * visited, besides the lists): the least recently read go first. Freshness, staleness and the
 * clear's generation stay here: lru-cache's own `fetch` rejects the callers of a read in flight
 * when the cache is cleared, where a visitor should still get the answer the upstream gave.
 */

/** The lists the public pages read, and one entry per activity page visited: ample for both. */
export const PUBLIC_READS_MAX = 1_000;

interface Entry {
  value: unknown;
  fetchedAt: number;
}

const INVALIDATE = "public-cache:clear";

interface CacheState {
  entries: LRUCache<string, Entry>;
  inFlight: Map<string, Promise<unknown>>;
  /** Bumped by every clear, so a read that started before a write cannot store stale data after it. */
  generation: number;
  listening: boolean;
}

// One copy: the process reaches the whole-page cache through the build (process-services.server.ts).
const state: CacheState = {
  entries: new LRUCache({ max: PUBLIC_READS_MAX }),
  inFlight: new Map(),
  generation: 0,
  listening: false,
};
const { entries, inFlight } = state;

function refresh<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const startedIn = state.generation;
  const promise = fetcher()
    .then((value) => {
      if (startedIn === state.generation) entries.set(key, { value, fetchedAt: Date.now() });
      return value;
    })
    .finally(() => {
      if (inFlight.get(key) === promise) inFlight.delete(key);
    });
  inFlight.set(key, promise);
  return promise;
}

export function cachedRead<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const { ttlMs, staleMs } = getConfig().publicCache;
  const entry = entries.get(key);
  const age = entry ? Date.now() - entry.fetchedAt : Infinity;
  if (age <= ttlMs) return Promise.resolve(entry!.value as T);
  if (age <= ttlMs + staleMs && (!usesRedis() || hearsBroadcasts())) {
    // The visitor gets the stale value now; the refresh's failure only means it stays stale.
    refresh(key, fetcher).catch(() => {});
    return Promise.resolve(entry!.value as T);
  }
  return refresh(key, fetcher);
}

function clearLocally() {
  state.generation += 1;
  entries.clear();
  inFlight.clear();
}

/** Clears this process's cache and, with Redis, every other process's. */
export function clearPublicCache() {
  clearLocally();
  if (!usesRedis()) return;
  broadcast(INVALIDATE).catch((error: Error) => {
    // The write itself succeeded. A process that cannot reach Redis either serves nothing past the TTL.
    log("public_cache_broadcast_failed", { error: error.message });
  });
}

if (!state.listening) {
  state.listening = true;
  onBroadcast((message) => {
    if (message === INVALIDATE || message === undefined) clearLocally();
  });
}

/** Moves on with every clear: what was derived from the public reads under an older one is stale. */
export function publicCacheGeneration(): number {
  return state.generation;
}
