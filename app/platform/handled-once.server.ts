import { LRUCache } from "lru-cache";
import { errorFields, log } from "@server/log.server";
import { KEY_PREFIX, RedisUnavailable, usesRedis, withRedis } from "./redis.server.ts";
import { LocksUnavailable, withRecordLocks } from "./record-locks.server.ts";

/**
 * Work done once per key, its outcome given again to the key's copies: a form sent twice (a
 * second press of "Simpan" before the first's answer came) is written once, and both presses get
 * the first's answer (the caller, app/admin-kit/server/screen/submit-once.server.ts, names the
 * key and says what of an outcome is kept).
 *
 * - **One at a time**: the key's record lock (record-locks.server.ts): a copy that arrives while
 *   the first runs waits for it, on any process, for at most WAIT_MS (then RecordBusy).
 * - **Kept**: what the first kept of its outcome, as JSON, for KEEP_MS: in this process's memory
 *   (at most KEPT_MAX outcomes and KEPT_BYTES, the oldest forgotten first), or with REDIS_URL in
 *   a Redis key of that expiry, which every process reads.
 * - **Nothing kept** (the first wrote nothing, so its answer is simply made again): the key is
 *   free once the first ends, and a copy does the work itself.
 */

/** How long a kept outcome answers copies: far longer than a browser takes to send a form again. */
const KEEP_MS = 10 * 60 * 1000;
const KEPT_MAX = 10_000;
const KEPT_BYTES = 8 * 1024 * 1024;
/** How long a copy waits for the first: past a save's own bounded steps (its locks, its upstream calls). */
const WAIT_MS = 60_000;

/** What one run of the work answers, and what of it answers its copies (undefined: nothing, they run again). */
export interface Outcome<A, K> {
  answer: A;
  kept: K | undefined;
}

/**
 * The work's answer, or, when a run of it under this key kept its outcome within KEEP_MS,
 * `again(kept)`. Throws RecordBusy when the first is still running after WAIT_MS, and
 * LocksUnavailable when Redis cannot be asked; what the work throws is its own (nothing kept).
 */
export async function handledOnce<A, K>(key: string, work: () => Promise<Outcome<A, K>>, again: (kept: K) => A | Promise<A>): Promise<A> {
  return withRecordLocks(
    [key],
    async () => {
      const kept = await keptOutcome(key);
      if (kept !== undefined) return again(JSON.parse(kept) as K);
      const outcome = await work();
      // Kept before the lock is let go: a copy waiting for it reads it next.
      if (outcome.kept !== undefined) await keep(key, JSON.stringify(outcome.kept));
      return outcome.answer;
    },
    { waitMs: WAIT_MS },
  );
}

/** In one process: the kept outcomes by key, as JSON. */
const keptHere = new LRUCache<string, string>({ max: KEPT_MAX, maxSize: KEPT_BYTES, sizeCalculation: (json) => Math.max(1, json.length), ttl: KEEP_MS });

const redisKey = (key: string) => `${KEY_PREFIX}once:${key}`;

async function keptOutcome(key: string): Promise<string | undefined> {
  if (!usesRedis()) return keptHere.get(key);
  try {
    return (await withRedis((client) => client.get(redisKey(key)))) ?? undefined;
  } catch (error) {
    // Not knowing whether it was written, it is not written: Redis away is the locks' outage too.
    throw error instanceof RedisUnavailable ? new LocksUnavailable(error) : error;
  }
}

/** Redis away, the outcome is not kept: its answer still goes to the first, and a copy runs again. */
async function keep(key: string, json: string): Promise<void> {
  if (!usesRedis()) {
    keptHere.set(key, json);
    return;
  }
  await withRedis((client) => client.set(redisKey(key), json, { expiration: { type: "PX", value: KEEP_MS } })).catch((error: unknown) => {
    if (!(error instanceof RedisUnavailable)) throw error;
    log("handled_once_keep_failed", { key, ...errorFields(error) });
  });
}
