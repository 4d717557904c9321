import * as z from "zod";

/**
 * How one environment variable's text is read (server/config.server.ts): each reading refuses
 * what would otherwise pass as something else, so that a typo stops the start with one line
 * naming the variable instead of changing how the site behaves.
 */

/** An empty value (`PORT=` in an environment file) is the setting left unset: its default, never 0. */
export const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A whole number written in decimal digits; "0x1000", "1e3" or "20G" stay text, which the number schema refuses. */
const decimal = (value: unknown) => {
  const given = blankAsUnset(value);
  return typeof given === "string" && /^\s*-?\d+\s*$/.test(given) ? Number(given) : given;
};

/** A count or a size in bytes, at least `min`, `fallback` when unset. */
export const numberFromEnv = (fallback: number, min = 0) => z.preprocess(decimal, z.number({ error: "must be a whole number" }).int().min(min).default(fallback));

/** The same, with no default: undefined when unset. */
export const optionalNumberFromEnv = (min: number, max = Number.MAX_SAFE_INTEGER) => z.preprocess(decimal, z.number({ error: "must be a whole number" }).int().min(min).max(max).optional());

/**
 * Node's timers hold at most 2^31 − 1 ms (24.8 days): a longer one fires after 1 ms, which would
 * turn a month's login lockout into none and every upstream call into a timeout.
 */
const MAX_TIMER_MS = 2_147_483_647;

/** A duration in milliseconds, between `min` and what a timer can hold. */
export const msFromEnv = (fallback: number, min = 0) =>
  z.preprocess(decimal, z.number({ error: "must be a whole number of milliseconds" }).int().min(min).max(MAX_TIMER_MS, "must be at most 2147483647 (24.8 days)").default(fallback));

/** An http(s) URL, its trailing slashes dropped. */
export const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((value) => value.replace(/\/+$/, ""));

/**
 * The agency API's base, to which the site adds `/api/...` (spec §7): a path prefix is allowed (an
 * API behind `/perpus`), but not one ending in `/api` (every call would go to `/api/api/...`) nor
 * a query or fragment.
 */
export const apiBaseUrl = httpUrl.refine((value) => {
  const url = new URL(value);
  return !/\/api$/i.test(url.pathname) && !url.search && !url.hash;
}, "must be the API's base without /api, a query or a fragment: the site adds /api itself, e.g. https://api.example.go.id");
