import { randomBytes } from "node:crypto";
import { getConfig } from "./config.server.ts";
import { KEY_PREFIX, usesRedis, withRedis } from "./redis.server.ts";

/**
 * Counts failed logins per key (an email, a client address) in a sliding window. In memory on
 * one process; with REDIS_URL in Redis (one sorted set of failure times per key), so failures
 * made through any process count together. A Redis failure rejects with RedisUnavailable.
 */

interface FailureCounter {
  /** How many failures each key has in the window, in the order given. */
  counts(keys: string[], now: number): Promise<number[]>;
  record(keys: string[], now: number): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export async function isThrottled(keys: string[], now = Date.now()): Promise<boolean> {
  const { maxFailures } = getConfig().login;
  return (await counter().counts(keys, now)).some((count) => count >= maxFailures);
}

export function recordFailure(keys: string[], now = Date.now()): Promise<void> {
  return counter().record(keys, now);
}

export function clearFailures(keys: string[]): Promise<void> {
  return counter().clear(keys);
}

export function throttleKeys(email: string, clientIp: string): string[] {
  return [`email:${email.trim().toLowerCase()}`, `ip:${clientIp}`];
}

let memory: FailureCounter | undefined;
const counter = () => (usesRedis() ? redisCounter : (memory ??= memoryCounter()));

function memoryCounter(): FailureCounter {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => {
    const { windowMs } = getConfig().login;
    const kept = (failures.get(key) ?? []).filter((time) => now - time < windowMs);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };
  // Old entries of keys nobody asks about again are dropped now and then.
  setInterval(() => {
    const now = Date.now();
    for (const key of failures.keys()) recent(key, now);
  }, 5 * 60_000).unref();

  return {
    counts: async (keys, now) => keys.map((key) => recent(key, now).length),
    async record(keys, now) {
      for (const key of keys) failures.set(key, [...recent(key, now), now]);
    },
    async clear(keys) {
      for (const key of keys) failures.delete(key);
    },
  };
}

const redisKey = (key: string) => `${KEY_PREFIX}login-failures:${key}`;

const redisCounter: FailureCounter = {
  counts: (keys, now) =>
    withRedis(async (client) => {
      const { windowMs } = getConfig().login;
      const transaction = client.multi();
      for (const key of keys) transaction.zCount(redisKey(key), now - windowMs + 1, "+inf");
      return (await transaction.exec()).map(Number);
    }),
  record: (keys, now) =>
    withRedis(async (client) => {
      const { windowMs } = getConfig().login;
      const transaction = client.multi();
      for (const key of keys) {
        // A random member: two failures in the same millisecond are two failures.
        transaction
          .zAdd(redisKey(key), { score: now, value: `${now}:${randomBytes(6).toString("base64url")}` })
          .zRemRangeByScore(redisKey(key), "-inf", now - windowMs)
          .pExpire(redisKey(key), windowMs);
      }
      await transaction.exec();
    }),
  clear: (keys) =>
    withRedis(async (client) => {
      await client.del(keys.map(redisKey));
    }),
};
