import { publicPageCache } from "./page-cache.server.ts";
import { closeRedis, connectRedis, redisReady } from "./redis.server.ts";

/**
 * What the process (server/index.ts) needs of the app's stateful modules: the whole-page cache,
 * which the app clears on every admin change, and the Redis connections, which the app's
 * sessions, throttle and cache clears use. The process takes them from the Remix build (the
 * build's entry module re-exports this), never from source: one copy of each module, one
 * cache and one set of connections, with no registry on globalThis.
 */
export const processServices = { publicPageCache, connectRedis, closeRedis, redisReady };

export type ProcessServices = typeof processServices;
