import { randomUUID } from "node:crypto";
import type { Lock, Locker, RequestRelease } from "@tus/utils";
import { MESSAGES } from "~/config/messages";
import { errorFields, log } from "@server/log.server";
import { broadcast, KEY_PREFIX, onBroadcast, RedisUnavailable, RENEW_LEASE_SCRIPT, withRedis } from "./redis.server.ts";

/**
 * The lock of one resumable upload shared by every process of a REDIS_URL (issue 23.5), for
 * @tus/server, which ships only a lock in one process's memory and has no Redis locker of its own.
 *
 * Each request that reads or writes an upload holds its lock. When a browser resumes on another
 * process while the request it gave up on is still open (a half-open connection behind nginx), the
 * new request asks the holder to let go, as @tus/server's own memory lock does inside one process:
 * the holder's process hears the ask on the broadcast channel and ends that request, which stores
 * what it had received and unlocks. Without this the old request could go on appending after the
 * new one had read the offset, and the file would be corrupt.
 *
 * - The lock is a Redis key set only if absent, holding a token of its holder, with a lease
 *   renewed while the request lasts: a process that dies holding it frees it within the lease.
 * - Unlocking deletes the key only if the token is still this holder's (a lease that ran out
 *   meanwhile may belong to another request now).
 */

const LOCK_LEASE_MS = 10_000;
const LEASE_RENEWAL_MS = 3_000;
/**
 * @tus/server's `lockDrainTimeout` (its default): a request asked to let go ends this long after.
 * A holder that cannot renew its lease lets go early enough to have ended before the lease runs
 * out, with a second to spare: another process may take the lock then.
 */
export const LOCK_DRAIN_MS = 3_000;
const LET_GO_AFTER_MS = LOCK_LEASE_MS - LOCK_DRAIN_MS - 1_000;
/** Longer than a lease, so that a lock of a dead process is taken over rather than refused. */
const ACQUIRE_TIMEOUT_MS = 15_000;
const RETRY_DELAY_MS = 50;
const RELEASE_ASK_EVERY_MS = 1_000;
const RELEASE_MESSAGE = "upload-release:";

export const UPLOAD_LOCK_MESSAGES = {
  busy: "Unggahan ini sedang dikirim dari permintaan lain. Silakan coba lagi sebentar lagi.",
};

/** Deletes the key only while it still holds this holder's token. */
const UNLOCK_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** The requests of this process holding a lock, by upload id: whom to ask when another wants it. */
const holders = new Map<string, { token: string; release: RequestRelease }>();
let listening = false;

function listenForReleaseAsks(): void {
  if (listening) return;
  listening = true;
  onBroadcast((message) => {
    if (!message?.startsWith(RELEASE_MESSAGE)) return;
    void holders.get(message.slice(RELEASE_MESSAGE.length))?.release();
  });
}

/** A refusal as @tus/server sends it: a status and its body. */
function refusal(status_code: number, body: string) {
  return { status_code, body };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class RedisLock implements Lock {
  private readonly key: string;
  private readonly token = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  private readonly id: string;

  constructor(id: string) {
    this.id = id;
    this.key = `${KEY_PREFIX}upload-lock:${id}`;
  }

  async lock(stopSignal: AbortSignal, release: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    let lastAsk = 0;
    try {
      while (!stopSignal.aborted && Date.now() < deadline) {
        const taken = await withRedis((client) => client.set(this.key, this.token, { condition: "NX", expiration: { type: "PX", value: LOCK_LEASE_MS } }));
        if (taken === "OK") {
          this.hold(release);
          return;
        }
        if (Date.now() - lastAsk >= RELEASE_ASK_EVERY_MS) {
          lastAsk = Date.now();
          await broadcast(RELEASE_MESSAGE + this.id);
        }
        await pause(RETRY_DELAY_MS);
      }
    } catch (error) {
      if (error instanceof RedisUnavailable) {
        // An outage, expected and answered 503: logged with its reason, not as an unexpected error.
        log("upload_lock_unavailable", { upload: this.id, reason: error.message });
        // A SET whose answer timed out may still have been applied: the key must not outlive us.
        void this.deleteKey();
        throw refusal(503, MESSAGES.upstreamUnavailable);
      }
      throw error;
    }
    throw refusal(423, UPLOAD_LOCK_MESSAGES.busy);
  }

  /**
   * Holds the lock while the request lasts, renewing its lease. When the lease cannot be renewed
   * (the key is gone or another's, or Redis has not answered for too long) the request is asked
   * to let go, as when another asks: writing on without the lock could corrupt the upload.
   */
  private hold(release: RequestRelease): void {
    holders.set(this.id, { token: this.token, release });
    let renewedAt = Date.now();
    const letGo = (reason: string) => {
      clearInterval(this.renewal);
      log("upload_lock_lost", { upload: this.id, reason });
      void release();
    };
    this.renewal = setInterval(() => {
      withRedis((client) => client.eval(RENEW_LEASE_SCRIPT, { keys: [this.key], arguments: [this.token, String(LOCK_LEASE_MS)] })).then(
        (renewed) => {
          if (renewed === 1) renewedAt = Date.now();
          else letGo("the lease ran out and the lock is no longer this request's");
        },
        (error: Error) => {
          log("upload_lock_renewal_failed", { upload: this.id, ...errorFields(error) });
          if (Date.now() - renewedAt >= LET_GO_AFTER_MS) letGo("the lease could not be renewed in time");
        },
      );
    }, LEASE_RENEWAL_MS);
    this.renewal.unref();
  }

  /** Deletes the key if it still holds this holder's token; a failure is logged (the lease frees it). */
  private async deleteKey(): Promise<void> {
    await withRedis((client) => client.eval(UNLOCK_SCRIPT, { keys: [this.key], arguments: [this.token] })).catch((error: Error) =>
      log("upload_unlock_failed", { upload: this.id, ...errorFields(error) }),
    );
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    if (holders.get(this.id)?.token === this.token) holders.delete(this.id);
    // Redis away: the lease frees the lock within LOCK_LEASE_MS; the request itself is done.
    await this.deleteKey();
  }
}

/** The locker of the resumable uploads when the processes share Redis. */
export function redisUploadLocker(): Locker {
  listenForReleaseAsks();
  return { newLock: (id) => new RedisLock(id) };
}

/**
 * A shutdown's hold on the uploads: every lock this process holds, whichever locker
 * (the Redis one or @tus/server's memory one), with the request's `release`.
 */
const held = new Map<Lock, RequestRelease>();
let lettingGo = false;

/** Wraps a locker so that `releaseUploadLocks` knows every lock held and can ask for it back. */
export function shutdownAwareLocker(inner: Locker): Locker {
  return {
    newLock(id) {
      const lock = inner.newLock(id);
      return {
        async lock(stopSignal, release) {
          await lock.lock(stopSignal, release);
          held.set(lock, release);
          // Taken while the process stops (a request that came in just before the listener
          // closed): let go at once, so that it ends with what it stored too.
          if (lettingGo) void release();
        },
        async unlock() {
          try {
            await lock.unlock();
          } finally {
            held.delete(lock);
          }
        },
      };
    },
  };
}

/**
 * On shutdown, once the listener is closed: asks every request holding an upload's lock to end
 * with what it has stored (it answers its offset within LOCK_DRAIN_MS, and unlocks: its Redis key
 * is deleted), so that the browser resumes at once on another process instead of waiting out the
 * lease. Locks still held after `waitMs` (a request that did not end) are unlocked here, so that
 * no key outlives the process. Resolves when none is held.
 */
export async function releaseUploadLocks(waitMs: number): Promise<void> {
  lettingGo = true;
  for (const release of held.values()) void release();
  const deadline = Date.now() + waitMs;
  while (held.size > 0 && Date.now() < deadline) await pause(20);
  await Promise.all(
    [...held.keys()].map(async (lock) => {
      held.delete(lock);
      await lock.unlock().catch((error: unknown) => log("upload_unlock_failed", errorFields(error)));
    }),
  );
}
