import { createHash, randomUUID } from "node:crypto";
import { Mutex, withTimeout } from "async-mutex";
import { errorFields, log } from "@server/log.server";
import { KEY_PREFIX, RedisUnavailable, RENEW_LEASE_SCRIPT, usesRedis, withRedis } from "./redis.server.ts";

/**
 * One write at a time per record, and per duplicate key (issue 46): a save, a delete or a status
 * switch of a record waits for another one of the same record in flight, on any process, so that
 * it reads and merges with what the first one wrote; two creates of one name wait for each other,
 * so that the second's duplicate check sees the first's record.
 *
 * - **One process**: a mutex per key in memory (async-mutex), let go of when no one holds it.
 * - **Several (REDIS_URL)**: a Redis key per lock, set only when free, holding its holder's token,
 *   with a lease renewed while the write lasts (a 4 GB video on its way upstream): a process that
 *   dies holding it frees it within the lease. Hand-written as the uploads' lock is: the
 *   well-kept Redis lock libraries (redlock, redis-semaphore) speak ioredis, not node-redis.
 *   Let go of, the key stays a few seconds marked "written": the next holder, on another process,
 *   may not yet have heard the clears the write broadcast, and reads what it checks anew.
 * - **Remembered writes**: when a write under a key was let go of is kept for a day, so that a
 *   check against an older read (an import run's list, read at its start) knows to read anew.
 * - **Bounded**: a lock not had within `WAIT_MS` (longer than a lease, so that a dead process's
 *   lock is taken over) is a `RecordBusy`: the admin is asked to try again, never left hanging.
 */

export const RECORD_LOCK_MESSAGES = {
  busy: "Data ini sedang disimpan dari permintaan lain. Silakan coba lagi sebentar lagi.",
};

/** How long a write waits for its locks in all. */
const WAIT_MS = 15_000;
const LEASE_MS = 10_000;
const LEASE_RENEWAL_MS = 3_000;
/** How long a released lock tells the next holder that a write happened (a broadcast takes milliseconds). */
const WRITTEN_MARK_MS = 5_000;
const RETRY_DELAY_MS = 20;
/** How long the time of a write under a key is remembered: longer than an import run lasts. */
const WRITE_MEMORY_MS = 24 * 60 * 60 * 1000;
/** Keys remembered in one process at most (the oldest forgotten first): some megabytes. */
const MAX_REMEMBERED_WRITES = 100_000;

/** The locks were not had in time: another write of the same record (or key) is still going on. */
export class RecordBusy extends Error {
  constructor() {
    super("record busy");
    this.name = "RecordBusy";
  }
}

/** Redis could not be asked for the locks (an outage: the write is not sent, the admin tries again later). */
export class LocksUnavailable extends Error {
  constructor(cause: unknown) {
    super(`record locks unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "LocksUnavailable";
  }
}

export interface HeldLocks {
  /**
   * With Redis, a write under one of the keys ended in the last seconds (on any process): the
   * clears it broadcast may not have reached this one yet, so what the write checks is read anew,
   * not from a copy. Always false in one process, whose clears are made before it lets go.
   */
  writtenElsewhere: boolean;
  /** When a write under one of the keys was last let go of (on any process, with Redis), within WRITE_MEMORY_MS; undefined if none. */
  lastWrittenAt: number | undefined;
}

/** A lock's key: what it locks (`record`, `duplicate`), whose (a resource's name) and which, hashed to a bounded length. */
export function lockKey(kind: string, owner: string, value: string): string {
  return `${kind}:${owner}:${createHash("sha256").update(value).digest("base64url").slice(0, 22)}`;
}

/**
 * Runs `work` holding every lock of `keys` (taken in one order, so that two writes never wait for
 * each other's second lock); throws RecordBusy when they are not had within `waitMs` (WAIT_MS
 * unless the caller waits for a whole write), and LocksUnavailable when Redis cannot be asked.
 * What `work` throws is its own.
 */
export async function withRecordLocks<T>(keys: readonly string[], work: (held: HeldLocks) => Promise<T>, { waitMs = WAIT_MS }: { waitMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + waitMs;
  const releases: Array<() => Promise<void>> = [];
  let writtenElsewhere = false;
  let lastWrittenAt: number | undefined;
  try {
    for (const key of [...new Set(keys)].sort()) {
      const held = usesRedis() ? await takeInRedis(key, deadline) : await takeInProcess(key, deadline);
      releases.push(held.release);
      writtenElsewhere ||= held.writtenElsewhere;
      if (held.lastWrittenAt !== undefined) lastWrittenAt = Math.max(lastWrittenAt ?? 0, held.lastWrittenAt);
    }
    return await work({ writtenElsewhere, lastWrittenAt });
  } finally {
    for (const release of releases.reverse()) await release();
  }
}

interface Held extends HeldLocks {
  release(): Promise<void>;
}

const mutexes = new Map<string, Mutex>();
/** In one process: when a write under each key was last let go of, oldest first. */
const lastWrites = new Map<string, number>();

function rememberWrite(key: string, at: number): void {
  lastWrites.delete(key);
  lastWrites.set(key, at);
  for (const [oldest, when] of lastWrites) {
    if (lastWrites.size <= MAX_REMEMBERED_WRITES && when > at - WRITE_MEMORY_MS) break;
    lastWrites.delete(oldest);
  }
}

function rememberedWrite(key: string): number | undefined {
  const at = lastWrites.get(key);
  return at !== undefined && at > Date.now() - WRITE_MEMORY_MS ? at : undefined;
}

async function takeInProcess(key: string, deadline: number): Promise<Held> {
  let mutex = mutexes.get(key);
  if (!mutex) mutexes.set(key, (mutex = new Mutex()));
  const held = mutex;
  let release: () => void;
  try {
    // Free, it is taken at once: no timer, and no error made (with its stack) for a wait that cannot happen.
    release = held.isLocked() ? await withTimeout(held, Math.max(0, deadline - Date.now()), new RecordBusy()).acquire() : await held.acquire();
  } catch (error) {
    // Given up on, the wait still takes its turn and lets go at once: then the key may be forgotten.
    void held.waitForUnlock().then(() => forgetIfFree(key, held));
    throw error;
  }
  return {
    // The clears of a write in this process were made before it let go.
    writtenElsewhere: false,
    lastWrittenAt: rememberedWrite(key),
    async release() {
      rememberWrite(key, Date.now());
      release();
      forgetIfFree(key, held);
    },
  };
}

/** Handed on to a waiter, a mutex is still locked; free, its key is forgotten. */
function forgetIfFree(key: string, mutex: Mutex): void {
  if (!mutex.isLocked() && mutexes.get(key) === mutex) mutexes.delete(key);
}

const WRITTEN = "written:";
/**
 * Takes the key if free or only marked written; answers -1 (held), or 0 (taken) or 1 (taken,
 * written lately) with when a write under it was last let go of (KEYS[2], "" if none).
 */
const TAKE_SCRIPT = `local held = redis.call("get", KEYS[1])
if held and string.sub(held, 1, ${WRITTEN.length}) ~= "${WRITTEN}" then return {-1, ""} end
redis.call("set", KEYS[1], ARGV[1], "PX", ARGV[2])
local written = redis.call("get", KEYS[2]) or ""
if held then return {1, written} end
return {0, written}`;
/** Leaves the key marked written, and remembers when (KEYS[2]), if it is still this holder's. */
const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then
redis.call("set", KEYS[2], ARGV[3], "PX", ARGV[4])
return redis.call("set", KEYS[1], "${WRITTEN}" .. ARGV[1], "PX", ARGV[2])
else return 0 end`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lock's Redis key, and the one remembering when a write under it was last let go of. */
function redisKeys(lock: string): [string, string] {
  return [`${KEY_PREFIX}lock:${lock}`, `${KEY_PREFIX}lock-written:${lock}`];
}

async function takeInRedis(lock: string, deadline: number): Promise<Held> {
  const keys = redisKeys(lock);
  const token = randomUUID();
  for (;;) {
    let answer: unknown;
    try {
      answer = await withRedis((client) => client.eval(TAKE_SCRIPT, { keys, arguments: [token, String(LEASE_MS)] }));
    } catch (error) {
      // A take whose answer was lost may still have been applied: the key must not outlive us.
      void drop(keys, token);
      throw error instanceof RedisUnavailable ? new LocksUnavailable(error) : error;
    }
    const [taken, written] = Array.isArray(answer) ? answer : [];
    const lastWrittenAt = Number(written) || undefined;
    if (taken !== -1) return holdInRedis(keys, token, { writtenElsewhere: taken === 1, lastWrittenAt });
    if (Date.now() + RETRY_DELAY_MS > deadline) throw new RecordBusy();
    // A little apart, so that the waiters of one key do not all ask at the same instant.
    await pause(RETRY_DELAY_MS + Math.random() * RETRY_DELAY_MS);
  }
}

function holdInRedis(keys: [string, string], token: string, found: HeldLocks): Held {
  const [key] = keys;
  const renewal = setInterval(() => {
    withRedis((client) => client.eval(RENEW_LEASE_SCRIPT, { keys: [key], arguments: [token, String(LEASE_MS)] })).then(
      (renewed) => {
        if (renewed !== 1) log("record_lock_lost", { lock: key });
      },
      (error: unknown) => log("record_lock_renewal_failed", { lock: key, ...errorFields(error) }),
    );
  }, LEASE_RENEWAL_MS);
  renewal.unref();
  return {
    ...found,
    async release() {
      clearInterval(renewal);
      await drop(keys, token);
    },
  };
}

/** Lets go of the key (marked written) if it is still this holder's; Redis away, the lease frees it. */
async function drop(keys: [string, string], token: string): Promise<void> {
  const [key] = keys;
  const release = [token, String(WRITTEN_MARK_MS), String(Date.now()), String(WRITE_MEMORY_MS)];
  await withRedis((client) => client.eval(RELEASE_SCRIPT, { keys, arguments: release })).catch((error: unknown) => {
    if (!(error instanceof RedisUnavailable)) throw error;
    log("record_unlock_failed", { lock: key, ...errorFields(error) });
  });
}
