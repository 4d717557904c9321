import { getConfig } from "./config.server.ts";

/**
 * Counts failed logins per key (an email, a client address) in a sliding window.
 * In memory: one process holds the counts (a shared store comes with scale-out).
 */
const failures = new Map<string, number[]>();

function recent(key: string, now: number): number[] {
  const { windowMs } = getConfig().login;
  const kept = (failures.get(key) ?? []).filter((time) => now - time < windowMs);
  if (kept.length) failures.set(key, kept);
  else failures.delete(key);
  return kept;
}

export function isThrottled(keys: string[], now = Date.now()): boolean {
  const { maxFailures } = getConfig().login;
  return keys.some((key) => recent(key, now).length >= maxFailures);
}

export function recordFailure(keys: string[], now = Date.now()) {
  for (const key of keys) failures.set(key, [...recent(key, now), now]);
}

export function clearFailures(keys: string[]) {
  for (const key of keys) failures.delete(key);
}

export function throttleKeys(email: string, clientIp: string): string[] {
  return [`email:${email.trim().toLowerCase()}`, `ip:${clientIp}`];
}

// Old entries of keys nobody asks about again are dropped now and then.
setInterval(() => {
  const now = Date.now();
  for (const key of failures.keys()) recent(key, now);
}, 5 * 60_000).unref();
