import * as z from "zod";

/**
 * Tolerant readers for the upstream's records (design.md: accept the documented shapes, and
 * stay tolerant where the spec is vague). Text may be missing or null; ids may be numbers or
 * strings; a list may come wrapped in `{ data: [...] }` or bare.
 */

/** A lone surrogate (half of a character) becomes U+FFFD, as String#toWellFormed does. */
function wellFormed(text: string): string {
  return text.replace(/\p{Cs}/gu, "\uFFFD");
}

/**
 * Text as shown and sent on: a number becomes its digits; null, missing, or anything that is no
 * text (an object where a title belongs) becomes "", so one odd field never hides the record.
 * Lone surrogates are replaced: they cannot be encoded in a URL or in XML.
 */
export const upstreamText = z
  .union([z.string(), z.number()])
  .nullish()
  .catch(null)
  .transform((value) => (value === null || value === undefined ? "" : wellFormed(String(value))));

/** Text that must be text (a relation given by its bare name): anything else fails, for the caller to decide. */
export const upstreamStrictText = z.union([z.string(), z.number()]).transform((value) => wellFormed(String(value)));

export const upstreamId = z.union([z.number(), z.string().min(1)]).transform((id) => wellFormed(String(id)));

/** What older tools and spreadsheets write for "on", besides true and a number other than 0. */
const FLAG_ON_WORDS = new Set(["1", "true", "t", "yes", "y", "ya", "on", "aktif"]);

/** A flag: true, a number other than 0, or a word for "on" in any case ("yes", "Y", "ya", "aktif"); anything else is off. */
export const upstreamFlag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .catch(null)
  .transform((value) => {
    if (typeof value === "number") return value !== 0 && !Number.isNaN(value);
    if (typeof value !== "string") return value === true;
    const text = value.trim().toLowerCase();
    return FLAG_ON_WORDS.has(text) || (/^-?\d+(\.\d+)?$/.test(text) && Number(text) !== 0);
  });

export type UpstreamScalar = string | number | boolean | null;

/** A value a field holds as the upstream sent it (text, a number, a flag, null); undefined for anything else. */
export function upstreamScalar(value: unknown): UpstreamScalar | undefined {
  return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : undefined;
}

/**
 * What each record read through the list and record wrappers below was made from (`asSentOf`):
 * its fields that hold a value (text, numbers, flags, null), not its nested objects, so that a
 * list's copy of 10,000 books keeps little more than the strings it already shares.
 */
const sentAs = new WeakMap<object, Readonly<Record<string, UpstreamScalar>>>();

function scalarsOf(raw: Record<string, unknown>): Record<string, UpstreamScalar> {
  // No prototype: a field the record lacks reads as undefined, whatever its name.
  const scalars: Record<string, UpstreamScalar> = Object.create(null);
  for (const [field, value] of Object.entries(raw)) {
    const scalar = upstreamScalar(value);
    if (scalar !== undefined) scalars[field] = scalar;
  }
  return scalars;
}

/**
 * A record's fields exactly as the upstream sent them, when it was read through the wrappers
 * below. A write sends back what the admin did not change as it came (a legacy "yes" for a flag,
 * a null, a date-time's hour), not what this site's readers made of it.
 */
export function asSentOf(record: unknown): Readonly<Record<string, UpstreamScalar>> | undefined {
  return record !== null && typeof record === "object" ? sentAs.get(record) : undefined;
}

/** One field of a record to send back: as the upstream sent it when that is a value a field holds, else `otherwise`, what this site read it as. */
export function asSent(record: unknown, field: string, otherwise: UpstreamScalar): UpstreamScalar {
  const sent = asSentOf(record)?.[field];
  return sent === undefined ? otherwise : sent;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** The item's schema, remembering what each record it reads was made from. */
function rememberingAsSent<T extends z.ZodType>(item: T): z.ZodType<z.output<T>> {
  return z.unknown().transform((raw, context) => {
    const read = item.safeParse(raw);
    if (!read.success) {
      for (const issue of read.error.issues) context.issues.push({ ...issue, input: raw } as never);
      return z.NEVER;
    }
    if (isPlainObject(read.data) && isPlainObject(raw)) sentAs.set(read.data, scalarsOf(raw));
    return read.data;
  });
}

/** A count as a number or numeric text; undefined for anything else. "1.234" is one thousand two hundred and thirty-four as Indonesians write it (spec §5: dots are thousands). */
export function countOf(value: unknown): number | undefined {
  const text = typeof value === "string" ? value.trim() : undefined;
  const count = text ? Number(/^\d{1,3}(\.\d{3})+$/.test(text) ? text.replace(/\./g, "") : text) : value;
  return typeof count === "number" && Number.isFinite(count) ? count : undefined;
}

/** A count (an author's or publisher's books, a video's views): a number or numeric text, never below 0; anything else (null, an object...) is 0. */
export const upstreamCount = z
  .unknown()
  .optional()
  .transform((value) => Math.max(0, countOf(value) ?? 0));

/**
 * The wrappers below are built once per record schema and key, not per call: zod compiles a
 * schema's fast path on its first parse, and a schema made fresh for every upstream call paid
 * that each time (about ten times the parse itself).
 */
const built = new WeakMap<z.ZodType, Map<string, z.ZodType>>();
function once<S extends z.ZodType>(item: z.ZodType, variant: string, build: () => S): S {
  let variants = built.get(item);
  if (!variants) built.set(item, (variants = new Map()));
  let schema = variants.get(variant);
  if (!schema) variants.set(variant, (schema = build()));
  return schema as S;
}

/** `{ "data": [ ... ] }`, or the bare list. */
export function dataList<T extends z.ZodType>(item: T) {
  return once(item, "list", () => {
    const remembered = rememberingAsSent(item);
    return z.union([z.object({ data: z.array(remembered) }).transform((body) => body.data), z.array(remembered)]);
  });
}

/**
 * A list under its own key (`{ "author": [...] }`, `{ "publishers": [...] }`), or under `data`
 * as every other list, or bare: the reshaping stays in the adapter that knows the key.
 */
export function keyedList<T extends z.ZodType>(key: string, item: T) {
  return once(item, `list under ${key}`, () =>
    z.union([z.object({ [key]: z.array(rememberingAsSent(item)) }).transform((body) => body[key] as Array<z.output<T>>), dataList(item)]),
  );
}

/** `{ "data": { ... } }`, or the bare record. */
export function dataRecord<T>(item: z.ZodType<T>): z.ZodType<T> {
  return once(item, "record", () => {
    const remembered = rememberingAsSent(item);
    return z.union([z.object({ data: remembered }).transform((body) => body.data), remembered]);
  });
}

/** `{ "data": ... }` holding a list or a single record (mission-vision), or either bare. */
export function dataListOrRecord<T extends z.ZodType>(item: T) {
  return once(item, "list or record", () => {
    const remembered = rememberingAsSent(item);
    const listOrRecord = z.union([z.array(remembered), remembered.transform((record) => [record])]);
    return z.union([z.object({ data: listOrRecord }).transform((body) => body.data), listOrRecord]);
  });
}

/** The upstream's numeric ids go back as numbers in JSON bodies. */
export function upstreamIdValue(id: string): string | number {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}
