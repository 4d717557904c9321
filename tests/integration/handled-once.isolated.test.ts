import { describe, expect, it } from "vitest";
import { isSubmissionId, newSubmissionId } from "~/admin-kit/submissions";
import { handledOnce } from "~/platform/handled-once.server";
import { lockKey, LocksUnavailable } from "~/platform/record-locks.server";
import { missingTools, REDIS_SERVER } from "../hard/scale-out-support";
import { useConnectedRedis } from "../helpers/connected-redis";

/**
 * Work done once per key, its kept outcome given to the key's copies
 * (app/platform/handled-once.server.ts, what a form sent twice is saved once by), in one
 * process's memory and then in a real redis-server shared by every process.
 */

const skipReason = missingTools([REDIS_SERVER]);

/** A save as the admin kit runs it: counted, answering its name, keeping it unless told not to. */
function countedWork(answer: string, { keep = true, ms = 0 } = {}) {
  const runs = { count: 0 };
  const work = async () => {
    runs.count += 1;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { answer, kept: keep ? { answer } : undefined };
  };
  return { runs, work, again: (kept: { answer: string }) => `again: ${kept.answer}` };
}

const keyOf = (name: string) => lockKey("submission", "genre", `session\0${name}`);

describe("work handled once, in one process", () => {
  it("runs once per key: a copy gets what the first kept", async () => {
    const { runs, work, again } = countedWork("written");
    const key = keyOf("one");
    expect(await handledOnce(key, work, again)).toBe("written");
    expect(await handledOnce(key, work, again)).toBe("again: written");
    expect(runs.count).toBe(1);
    // Another key is another form.
    expect(await handledOnce(keyOf("two"), work, again)).toBe("written");
    expect(runs.count).toBe(2);
  });

  it("makes a copy arriving while the first runs wait for it", async () => {
    const { runs, work, again } = countedWork("written", { ms: 30 });
    const key = keyOf("at once");
    expect(await Promise.all([handledOnce(key, work, again), handledOnce(key, work, again)])).toEqual(["written", "again: written"]);
    expect(runs.count).toBe(1);
  });

  it("runs a copy again when the first kept nothing or threw", async () => {
    const { runs, work, again } = countedWork("refused", { keep: false });
    const key = keyOf("refused");
    await handledOnce(key, work, again);
    expect(await handledOnce(key, work, again)).toBe("refused");
    expect(runs.count).toBe(2);
    const failing = keyOf("failing");
    await expect(handledOnce(failing, () => Promise.reject(new Error("upstream down")), again)).rejects.toThrow("upstream down");
    expect(await handledOnce(failing, work, again)).toBe("refused");
  });
});

describe("a form's one-time id", () => {
  it("is a random version 4 UUID, and only such a value is one", () => {
    const ids = new Set(Array.from({ length: 100 }, newSubmissionId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(isSubmissionId(id)).toBe(true);
    for (const other of [undefined, "", "x", "3F2B8C1E-6D4A-4B7E-9C21-5A0E7F9D1B42", "3f2b8c1e-6d4a-1b7e-9c21-5a0e7f9d1b42", " 3f2b8c1e-6d4a-4b7e-9c21-5a0e7f9d1b42"]) {
      expect(isSubmissionId(other)).toBe(false);
    }
  });
});

describe.skipIf(skipReason)("work handled once, shared through Redis", () => {
  const redis = useConnectedRedis("handled-once");

  it("keeps the first's outcome in one Redis key every process reads, for ten minutes", async () => {
    const { runs, work, again } = countedWork("written", { ms: 30 });
    const key = keyOf("shared");
    expect(await Promise.all([handledOnce(key, work, again), handledOnce(key, work, again)])).toEqual(["written", "again: written"]);
    expect(await handledOnce(key, work, again)).toBe("again: written");
    expect(runs.count).toBe(1);
    expect(JSON.parse((await redis.inspector.get(`dispusip:once:${key}`))!)).toEqual({ answer: "written" });
    const ttl = await redis.inspector.pTTL(`dispusip:once:${key}`);
    expect(ttl).toBeGreaterThan(9 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);
    // Kept by another process: read from Redis, not run here.
    const elsewhere = keyOf("kept elsewhere");
    await redis.inspector.set(`dispusip:once:${elsewhere}`, JSON.stringify({ answer: "written elsewhere" }));
    expect(await handledOnce(elsewhere, work, again)).toBe("again: written elsewhere");
    expect(runs.count).toBe(1);
  });

  it("keeps nothing of a first that kept nothing", async () => {
    const { work, again } = countedWork("refused", { keep: false });
    const key = keyOf("nothing");
    await handledOnce(key, work, again);
    expect(await redis.inspector.exists(`dispusip:once:${key}`)).toBe(0);
  });

  it("refuses in time, writing nothing, while Redis is away", async () => {
    const { runs, work, again } = countedWork("written");
    await redis.server.stop();
    try {
      await expect(handledOnce(keyOf("outage"), work, again)).rejects.toBeInstanceOf(LocksUnavailable);
      expect(runs.count).toBe(0);
    } finally {
      await redis.server.start();
    }
  });
});
