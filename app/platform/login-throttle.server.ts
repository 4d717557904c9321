import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getConfig } from "@server/config.server";
import { KEY_PREFIX, usesRedis, withRedis, type RedisClient } from "./redis.server.ts";

/**
 * Login throttling (issue 20, point 3) on rate-limiter-flexible: every attempt is counted,
 * atomically, BEFORE its password is checked, so that 40 attempts sent at once get at most the
 * limit's worth of checks (a count read first and written after a failure let them all through).
 *
 * Two limits over the same window (`LOGIN_FAILURE_WINDOW_MS`):
 * - per account (the email): `LOGIN_MAX_FAILURES`, 5 by default;
 * - per client address: `LOGIN_MAX_FAILURES_PER_ADDRESS`, 100 by default, so that one person's
 *   wrong passwords do not lock out an office whose staff share one address.
 * Once over a limit, that account or address waits the whole window. A successful login clears
 * the account's count and gives the address its attempt back; an attempt the upstream (or Redis)
 * could not answer counts for neither. In memory on one process; with REDIS_URL in Redis (one
 * key per account or address, `dispusip:login-account:<email>`, `dispusip:login-address:<ip>`,
 * expiring by itself), counted by a Lua script, so attempts through any process count together.
 * A Redis failure rejects with RedisUnavailable.
 */

export type LoginAttempt =
  | {
      allowed: true;
      /** The password was wrong: the attempt stays counted. */
      failed(): Promise<void>;
      /** Logged in: the account's count is cleared, the address's attempt given back. */
      succeeded(): Promise<void>;
      /** Nobody could tell (the upstream or Redis did not answer): the attempt is given back. */
      undecided(): Promise<void>;
    }
  | { allowed: false; retryAfterMs: number };

interface Limiters {
  account: RateLimiterAbstract;
  address: RateLimiterAbstract;
}

function limiterOptions(which: "account" | "address") {
  const { maxFailures, maxFailuresPerAddress, windowMs } = getConfig().login;
  const seconds = Math.max(1, Math.ceil(windowMs / 1000));
  return {
    keyPrefix: `${KEY_PREFIX}login-${which}`,
    points: which === "account" ? maxFailures : maxFailuresPerAddress,
    duration: seconds,
    // Over the limit: the whole window again from the first refused attempt (what the message says).
    blockDuration: seconds,
  };
}

let memory: Limiters | undefined;
const redisLimiters = new WeakMap<RedisClient, Limiters>();

function memoryLimiters(): Limiters {
  memory ??= { account: new RateLimiterMemory(limiterOptions("account")), address: new RateLimiterMemory(limiterOptions("address")) };
  return memory;
}

function redisLimitersFor(client: RedisClient): Limiters {
  let limiters = redisLimiters.get(client);
  if (!limiters) {
    // node-redis v4+ (this project's v5): its promise API and EVAL with { keys, arguments }.
    const store = { storeClient: client, useRedisPackage: true, rejectIfRedisNotReady: true };
    limiters = {
      account: new RateLimiterRedis({ ...limiterOptions("account"), ...store }),
      address: new RateLimiterRedis({ ...limiterOptions("address"), ...store }),
    };
    redisLimiters.set(client, limiters);
  }
  return limiters;
}

/** Runs with this process's limiters; with Redis, any store failure becomes RedisUnavailable. */
function withLimiters<T>(work: (limiters: Limiters) => Promise<T>): Promise<T> {
  if (!usesRedis()) return work(memoryLimiters());
  return withRedis((client) => work(redisLimitersFor(client)));
}

/** A refusal from the limiter, or undefined when the point was taken. Store failures are thrown. */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes | undefined> {
  try {
    await limiter.consume(key);
    return undefined;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return refusal;
    throw refusal;
  }
}

export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Counts a login attempt for the account and the address before anything checks its password.
 * Refused when either is over its limit; an attempt refused by the address's limit is not
 * counted against the account, and one refused by the account's is not counted against the address.
 */
export function beginLoginAttempt(email: string, clientIp: string): Promise<LoginAttempt> {
  const account = accountKey(email);
  return withLimiters(async (limiters): Promise<LoginAttempt> => {
    const accountRefusal = await consume(limiters.account, account);
    if (accountRefusal) return { allowed: false, retryAfterMs: accountRefusal.msBeforeNext };
    const addressRefusal = await consume(limiters.address, clientIp);
    if (addressRefusal) {
      await limiters.account.reward(account);
      return { allowed: false, retryAfterMs: addressRefusal.msBeforeNext };
    }
    // After the answer, a store failure changes nothing for the visitor: a lost count only
    // makes throttling later, a lost clear only earlier.
    const settle = (work: (limiters: Limiters) => Promise<unknown>) => withLimiters(work).then(
      () => undefined,
      () => undefined,
    );
    return {
      allowed: true,
      failed: async () => {},
      succeeded: () => settle((current) => Promise.all([current.account.delete(account), current.address.reward(clientIp)])),
      undecided: () => settle((current) => Promise.all([giveBackUnlessLocked(current.account, account), giveBackUnlessLocked(current.address, clientIp)])),
    };
  });
}

/**
 * Gives an attempt back, unless the key is over its limit by now: a burst locked it meanwhile.
 * The lock sets the count to what it was at the first refusal, just over the limit (with Redis
 * that SET can even land after the burst's other increments), so giving back the attempts the
 * upstream did not answer (a slow upstream, seconds later) unlocked the account for the next
 * guess (tests/integration/login.test.ts; seen once beside a whole CI run with Redis).
 */
async function giveBackUnlessLocked(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints > limiter.points) return;
  await limiter.reward(key);
}

/** Forgets an account's count (an operator's unlock, and the tests). */
export function clearAccount(email: string): Promise<void> {
  return withLimiters(async (limiters) => {
    await limiters.account.delete(accountKey(email));
  });
}

/** The configured wait, as the refusal states it: "15 menit", "1 jam 30 menit", "45 detik". */
export function waitText(ms: number): string {
  let seconds = Math.max(1, Math.ceil(ms / 1000));
  const parts: string[] = [];
  for (const [unit, size] of [["hari", 86_400], ["jam", 3_600], ["menit", 60], ["detik", 1]] as const) {
    if (seconds >= size) {
      parts.push(`${Math.floor(seconds / size)} ${unit}`);
      seconds %= size;
    }
  }
  return parts.join(" ");
}
