import { describe, expect, it, vi } from "vitest";
import { lockKey, LocksUnavailable, RecordBusy, withRecordLocks } from "~/platform/record-locks.server";
import { missingTools, REDIS_SERVER } from "../hard/scale-out-support";
import { useConnectedRedis } from "../helpers/connected-redis";

/**
 * The record locks (app/platform/record-locks.server.ts), in one process's memory and then in a
 * real redis-server: one holder per key at a time, waiters served in turn, a bounded wait, a
 * dead holder's lock taken over after its lease, and Redis away refused in time. Time is
 * Vitest's fake clock where a bound is waited out, so that no test sleeps through it.
 */

const skipReason = missingTools([REDIS_SERVER]);

/** Ten writes of one key at once, each reading, waiting a turn of the event loop, then writing: none lost. */
async function tenWritesOfOneKey(): Promise<{ stored: number; order: number[] }> {
  let stored = 0;
  const order: number[] = [];
  await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      withRecordLocks([lockKey("record", "publishers", "2")], async () => {
        const read = stored;
        await new Promise((resolve) => setTimeout(resolve, 1));
        stored = read + 1;
        order.push(index);
      }),
    ),
  );
  return { stored, order };
}

describe("record locks in one process", () => {
  it("lets one write of a key run at a time, and none is lost", async () => {
    const { stored, order } = await tenWritesOfOneKey();
    expect(stored).toBe(10);
    // In the order they asked.
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("does not hold up writes of other keys", async () => {
    let releaseFirst!: () => void;
    const first = withRecordLocks([lockKey("record", "publishers", "2")], () => new Promise<void>((resolve) => (releaseFirst = resolve)));
    // Another record, and the same id of another resource: neither waits for the first.
    expect(await withRecordLocks([lockKey("record", "publishers", "3")], async () => "ran")).toBe("ran");
    expect(await withRecordLocks([lockKey("record", "authors", "2")], async () => "ran")).toBe("ran");
    releaseFirst();
    await first;
  });

  it("gives up with RecordBusy after its bounded wait, and lets go of what it had taken", async () => {
    vi.useFakeTimers();
    try {
      const busy = lockKey("duplicate", "publishers", "gramedia");
      const other = lockKey("duplicate", "publishers", "aaa");
      let releaseHolder!: () => void;
      const holder = withRecordLocks([busy], () => new Promise<void>((resolve) => (releaseHolder = resolve)));
      const waiting = withRecordLocks([other, busy], async () => "ran");
      const outcome = waiting.then(
        () => "ran",
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(15_001);
      expect(await outcome).toBeInstanceOf(RecordBusy);
      // The key it had taken first is free again.
      expect(await withRecordLocks([other], async () => "free")).toBe("free");
      releaseHolder();
      await holder;
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets go when the work throws", async () => {
    const key = lockKey("record", "books", "9");
    await expect(withRecordLocks([key], async () => Promise.reject(new Error("upstream down")))).rejects.toThrow("upstream down");
    expect(await withRecordLocks([key], async ({ writtenElsewhere }) => writtenElsewhere)).toBe(false);
  });

  it("tells a holder when a write under one of its keys was last let go of, for a check against an older read", async () => {
    const written = lockKey("duplicate", "books", "isbn:9786020331874");
    const never = lockKey("duplicate", "books", "isbn:9786020000000");
    expect(await withRecordLocks([written, never], async ({ lastWrittenAt }) => lastWrittenAt)).toBeUndefined();
    const before = Date.now();
    await withRecordLocks([written], async () => undefined);
    const after = Date.now();
    const seen = await withRecordLocks([never, written], async ({ lastWrittenAt }) => lastWrittenAt);
    expect(seen).toBeGreaterThanOrEqual(before);
    expect(seen).toBeLessThanOrEqual(after);
  });

  it("keeps every key bounded in length, whatever the id", () => {
    const key = lockKey("record", "books", "x".repeat(100_000));
    expect(key.length).toBeLessThan(60);
    expect(lockKey("record", "books", "1")).not.toBe(lockKey("record", "authors", "1"));
  });
});

describe.skipIf(skipReason)("record locks shared through Redis", () => {
  const redis = useConnectedRedis("locks");

  it("lets one write of a key run at a time, and none is lost", async () => {
    const { stored } = await tenWritesOfOneKey();
    expect(stored).toBe(10);
  });

  it("tells the next holder that a write under the key happened a moment ago, and leaves no key behind", async () => {
    const key = lockKey("duplicate", "publishers", "cahaya-ilmu");
    expect(await withRecordLocks([key], async ({ writtenElsewhere }) => writtenElsewhere)).toBe(false);
    expect(await withRecordLocks([key], async ({ writtenElsewhere }) => writtenElsewhere)).toBe(true);
    const ttl = await redis.inspector.pTTL(`dispusip:lock:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });

  it("tells a holder on another process when a write under the key was last let go of, remembered for a day", async () => {
    const key = lockKey("duplicate", "books", "judul:laskar pelangi");
    expect(await withRecordLocks([key], async ({ lastWrittenAt }) => lastWrittenAt)).toBeUndefined();
    // Let go of, the first holder's write is remembered: a later holder hears when.
    const seen = await withRecordLocks([key], async ({ lastWrittenAt }) => lastWrittenAt);
    expect(Date.now() - (seen ?? 0)).toBeLessThan(60_000);
    const ttl = await redis.inspector.pTTL(`dispusip:lock-written:${key}`);
    expect(ttl).toBeGreaterThan(23 * 60 * 60 * 1000);
  });

  it("takes over the lock of a holder that died, once its lease runs out", async () => {
    const key = lockKey("record", "publishers", "7");
    // A process killed while it held the lock: its key stays until its lease of 10 s runs out.
    await redis.inspector.set(`dispusip:lock:${key}`, "holder-that-died", { expiration: { type: "PX", value: 300 } });
    const started = Date.now();
    expect(await withRecordLocks([key], async () => "taken")).toBe("taken");
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it("refuses in time, without a hang, while Redis is away", async () => {
    await redis.server.stop();
    try {
      await expect(withRecordLocks([lockKey("record", "publishers", "2")], async () => "ran")).rejects.toBeInstanceOf(LocksUnavailable);
    } finally {
      await redis.server.start();
    }
  });
});
