import { createHash } from "node:crypto";
import type * as z from "zod";
import { fieldKeys, relationKeys, ruleKeys, type DuplicateMatch, type DuplicateRule, type DuplicateWarning } from "~/admin-kit/duplicates";
import type { Cells, FieldOption } from "~/admin-kit/screen";
import type { AdminContext } from "~/platform/auth.server";
import { errorFields, log } from "@server/log.server";
import { isUpstreamError } from "~/platform/upstream.server";
import { EXPORT_TEXT, type ResourceAdapter } from "./adapter.server.ts";
import { lockKey } from "~/platform/record-locks.server";
import type { HeldLocks } from "~/platform/record-locks.server";
import { rereadScreenReadModel, screenReadModel } from "./read-model.server.ts";

/**
 * The duplicate check of a save (app/admin-kit/duplicates.ts): the screen's rules applied to the
 * form's values and to every record of the screen's list copy, whose keys are worked out once
 * per copy (10,000 books: one pass, then a lookup per save).
 */

/** How many matched records a warning names (the rest are counted). */
const SHOWN_MATCHES = 5;

type KeyIndex = Map<string, number[]>;
/** Per copy of a list (its records array), per screen: each rule's keys of each record, to their positions. */
const indexes = new WeakMap<readonly unknown[], WeakMap<object, KeyIndex>>();

const indexKey = (rule: number, key: string) => `${rule}\u0001${key}`;

function storedKeys<Rec>(adapter: ResourceAdapter<Rec, Cells, z.ZodObject>, rule: DuplicateRule, record: Rec): string[] {
  const values = adapter.formValues(record);
  const relations = adapter.relations?.(record);
  return ruleKeys(
    rule.fields.map(({ name, by }) => (by === "relation" ? (relations?.[name] ?? []).flatMap(relationKeys) : fieldKeys(by, String(values[name] ?? "")))),
  );
}

function keyIndex<Rec>(records: readonly Rec[], adapter: ResourceAdapter<Rec, Cells, z.ZodObject>, rules: readonly DuplicateRule[]): KeyIndex {
  let byScreen = indexes.get(records);
  if (!byScreen) indexes.set(records, (byScreen = new WeakMap()));
  let index = byScreen.get(adapter);
  if (!index) {
    index = new Map();
    records.forEach((record, position) => {
      rules.forEach((rule, ruleIndex) => {
        for (const key of new Set(storedKeys(adapter, rule, record))) {
          const at = indexKey(ruleIndex, key);
          const positions = index?.get(at);
          if (positions) positions.push(position);
          else index?.set(at, [position]);
        }
      });
    });
    byScreen.set(adapter, index);
  }
  return index;
}

/** The positions of the records that match another by one of the screen's rules (the desk's likely duplicates). */
export function duplicatedPositions<Rec>(records: readonly Rec[], adapter: ResourceAdapter<Rec, Cells, z.ZodObject>): Set<number> {
  const rules = adapter.definition.duplicates;
  const matched = new Set<number>();
  if (!rules) return matched;
  for (const positions of keyIndex(records, adapter, rules).values()) {
    if (positions.length > 1) for (const position of positions) matched.add(position);
  }
  return matched;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => new Set(a).size === new Set(b).size && a.every((key) => b.includes(key));

/** The form's keys for a rule: a chosen record by its id and by its option's label (its name). */
function submittedKeys(rule: DuplicateRule, values: Record<string, unknown>, options: Record<string, readonly FieldOption[]> | undefined): string[] {
  return ruleKeys(
    rule.fields.map(({ name, by }) => {
      const value = values[name];
      if (by !== "relation") return fieldKeys(by, typeof value === "string" ? value : "");
      const ids = (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === "string" && id !== "");
      return ids.flatMap((id) => relationKeys({ id, name: options?.[name]?.find((option) => option.value === id)?.label }));
    }),
  );
}

/**
 * The rules a save applies, with their places among the screen's (the key index is by place):
 * those with a field the save changes; none on a screen of one record or without rules.
 */
function appliedRules(definition: { duplicates?: readonly DuplicateRule[]; singleRecord?: boolean }, unchanged: ReadonlySet<string>): Array<{ rule: DuplicateRule; place: number }> {
  if (!definition.duplicates || definition.singleRecord) return [];
  return definition.duplicates.flatMap((rule, place) => (rule.fields.some((field) => !unchanged.has(field.name)) ? [{ rule, place }] : []));
}

/**
 * The locks a save takes around its duplicate check and its write (record-locks.server.ts): one
 * per key of each rule it applies, so that two saves that could match each other ("Gramedia" and
 * "GRAMEDIA" created at the same instant) go one after the other, the second seeing the first.
 */
export function duplicateLockKeys<Rec, C extends Cells, S extends z.ZodObject>(
  adapter: ResourceAdapter<Rec, C, S>,
  values: Record<string, unknown>,
  unchanged: ReadonlySet<string>,
  options: Record<string, readonly FieldOption[]> | undefined,
): string[] {
  return appliedRules(adapter.definition, unchanged).flatMap(({ rule, place }) =>
    submittedKeys(rule, values, options).map((key) => lockKey("duplicate", adapter.resource.name, indexKey(place, key))),
  );
}

/**
 * A set of records' ids as a short digest, their order aside: what a confirmation was asked for
 * (the duplicate check's "Simpan tetap", a bulk delete of every record a view matches) goes on
 * only while it is exactly these records.
 */
export function idSetDigest(ids: readonly string[]): string {
  return createHash("sha256").update([...ids].sort().join("\n")).digest("base64url").slice(0, 22);
}

/**
 * The warning a save gets when its values match stored records by one of the screen's rules
 * (an edit's own record aside), unless the admin confirmed exactly these matches. Undefined
 * when there is nothing to warn of, or the list cannot be read (the save itself then says so).
 */
export async function duplicateWarning<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  values: Record<string, unknown>,
  {
    id,
    unchanged,
    options,
    confirmed,
    written,
    among,
  }: {
    /** An edit's record (never its own duplicate). */
    id: string | undefined;
    /** An edit's fields left as stored: a rule none of whose fields the edit changes is not applied (a record already among near-duplicates is not warned of at every edit). */
    unchanged: ReadonlySet<string>;
    /** By field: its picker's options, to name a chosen record. */
    options: Record<string, readonly FieldOption[]> | undefined;
    /** The "Simpan tetap" value sent, if any. */
    confirmed: string | undefined;
    /** What the save's locks told of writes under its keys: one a moment ago on another process (`writtenElsewhere`), or since `among` was read, has the list read anew. */
    written?: HeldLocks;
    /**
     * The records to look among instead of the list's copy (an import run's, kept from its start),
     * and when they were read.
     */
    among?: { records: readonly unknown[]; readAt: number };
  },
): Promise<DuplicateWarning | undefined> {
  const applied = appliedRules(adapter.definition, unchanged);
  if (applied.length === 0) return undefined;
  const listed = adapter as unknown as ResourceAdapter<Rec, Cells, z.ZodObject>;
  let records: readonly Rec[];
  try {
    // `among` is this screen's records, as its caller read them from this same list; one written under these keys since is read anew.
    const lastWrittenAt = written?.lastWrittenAt;
    const anew = written?.writtenElsewhere === true || (among !== undefined && lastWrittenAt !== undefined && lastWrittenAt >= among.readAt);
    records = among && !anew ? (among.records as readonly Rec[]) : (await (anew ? rereadScreenReadModel : screenReadModel)(admin.api, listed)).records;
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    log("duplicate_check_unavailable", { screen: adapter.definition.id, ...errorFields(error) });
    return undefined;
  }
  const index = keyIndex(records, listed, adapter.definition.duplicates ?? []);
  const own = id === undefined ? undefined : records.find((record) => adapter.idOf(record) === id);
  const reasons = new Map<number, Set<string>>();
  for (const { rule, place } of applied) {
    const keys = submittedKeys(rule, values, options);
    // An edit that leaves the rule's keys as they are ("Fitri  Sutrisno" written "Fitri Sutrisno")
    // keeps its record among the near-duplicates it was already among: nothing new to warn of.
    if (own && sameKeys(keys, storedKeys(listed, rule, own))) continue;
    for (const key of keys) {
      for (const position of index.get(indexKey(place, key)) ?? []) {
        if (adapter.idOf(records[position]) === id) continue;
        const found = reasons.get(position) ?? new Set();
        found.add(rule.reason);
        reasons.set(position, found);
      }
    }
  }
  if (reasons.size === 0) return undefined;
  const positions = [...reasons.keys()].sort((a, b) => a - b);
  const confirm = idSetDigest(positions.map((position) => adapter.idOf(records[position])));
  if (confirmed === confirm) return undefined;
  const matches: DuplicateMatch[] = positions.slice(0, SHOWN_MATCHES).map((position) => {
    const record = records[position];
    return { id: adapter.idOf(record), label: adapter.definition.rowLabel(adapter.cells(record, EXPORT_TEXT)), reasons: [...(reasons.get(position) ?? [])] };
  });
  return { matches, total: positions.length, confirm };
}

/**
 * A save's values under each of the screen's rules, with the rule's reason: two rows of one
 * import file that share a key are likely one record (the import's check within its file).
 */
export function duplicateKeysOf<Rec, C extends Cells, S extends z.ZodObject>(adapter: ResourceAdapter<Rec, C, S>, values: Record<string, unknown>, options: Record<string, readonly FieldOption[]> | undefined): Array<{ key: string; reason: string }> {
  return appliedRules(adapter.definition, new Set()).flatMap(({ rule, place }) => submittedKeys(rule, values, options).map((key) => ({ key: indexKey(place, key), reason: rule.reason })));
}
