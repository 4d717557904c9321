import { createHash } from "node:crypto";
import type * as z from "zod";
import { CHOICE_FIELD_PREFIX, CONFLICT_MESSAGES, type ConflictingField } from "~/admin-kit/edit-conflicts";
import { clip } from "~/lib/format";
import type { FieldDefinition, FormValues } from "~/admin-kit/screen";
import { asRuled, comparable, readableItem } from "./field-values.server.ts";
import type { PickerLists } from "./choices.server.ts";

/**
 * The three-way merge of an edit (app/admin-kit/edit-conflicts.ts). The form carries a digest of
 * each value it showed (the base); the save reads the record again (the upstream's current
 * values) and, field by field: a field the admin left as shown takes the current value; a field
 * only the admin changed keeps the admin's; a field changed on both sides to different values is
 * a conflict, and nothing is written until the admin chooses. Values are compared as a save
 * stores them (`comparable`: lists in any order, dates as days, rich text cleaned).
 *
 * Digests, not the values themselves: the base then costs a few bytes a field, whatever the
 * rich text's length, so a form carrying it is never pushed past `FORM_MAX_BYTES`.
 */

/** The fields a merge takes part in: everything the edit form shows but its files. */
function mergedFields(fields: readonly FieldDefinition[]): readonly FieldDefinition[] {
  return fields.filter((field) => field.type !== "file");
}

function digestOf(field: FieldDefinition, value: unknown): string {
  return createHash("sha256").update(comparable(field, value)).digest("base64url").slice(0, 16);
}

/** What an edit form showed, as its `SHOWN_FIELD` value. */
export function shownDigest(fields: readonly FieldDefinition[], values: FormValues): string {
  return JSON.stringify(Object.fromEntries(mergedFields(fields).map((field) => [field.name, digestOf(field, values[field.name])])));
}

const DIGEST = /^[A-Za-z0-9_-]{16}$/;

/** A submitted `SHOWN_FIELD`, read strictly: the known fields' digests only (anything else: no base). */
export function readShown(fields: readonly FieldDefinition[], text: string | undefined): Map<string, string> | undefined {
  if (text === undefined || text.length > 64 * fields.length + 64) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const shown = new Map<string, string>();
  for (const field of mergedFields(fields)) {
    const digest = (parsed as Record<string, unknown>)[field.name];
    if (typeof digest === "string" && DIGEST.test(digest)) shown.set(field.name, digest);
  }
  return shown;
}

/**
 * What the form sent back after a conflict shows: the record as stored now, except for the
 * fields in conflict, which keep what the form first showed, so that saving again without a
 * choice finds the same conflict (the browser's own `required` on the choices is not relied on:
 * the form is `noValidate`).
 */
export function shownAfterConflict(fields: readonly FieldDefinition[], current: FormValues, base: ReadonlyMap<string, string>, conflicts: ConflictingField[]): string {
  const shown = JSON.parse(shownDigest(fields, current)) as Record<string, string>;
  for (const { name } of conflicts) {
    const digest = base.get(name);
    if (digest !== undefined) shown[name] = digest;
  }
  return JSON.stringify(shown);
}

/** A submitted `SHOWN_FIELD` to send back with the form it came with: its digests only, never what else was sent. */
export function echoedShown(fields: readonly FieldDefinition[], text: string | undefined): string | undefined {
  const shown = readShown(fields, text);
  return shown && shown.size > 0 ? JSON.stringify(Object.fromEntries(shown)) : undefined;
}

interface MergeInput {
  fields: readonly FieldDefinition[];
  /** The form as submitted, in order. */
  entries: Array<[string, string]>;
  /** What the form showed (`readShown`). */
  shown: ReadonlyMap<string, string>;
  /** The record's form values as the upstream holds them now. */
  current: FormValues;
  /** Fields the save leaves as stored whatever was sent (relations the form could not show). */
  leftAsStored: ReadonlySet<string>;
  /** Each field's rule, as the save applies it (the form's schema's shape). */
  rules: Readonly<Record<string, z.ZodType | undefined>>;
  /** A value as the admin reads it, for the conflict notice. */
  display(field: FieldDefinition, value: string | string[]): string;
}

/** The submission with the merge applied, and the fields that need the admin's choice. */
export function mergeWithCurrent({ fields, entries, shown, current, leftAsStored, rules, display }: MergeInput): {
  entries: Array<[string, string]>;
  conflicts: ConflictingField[];
} {
  const replaced = new Map<string, string[]>();
  const conflicts: ConflictingField[] = [];
  const choices = new Map(entries.filter(([name]) => name.startsWith(CHOICE_FIELD_PREFIX)).map(([name, value]) => [name.slice(CHOICE_FIELD_PREFIX.length), value]));
  for (const field of mergedFields(fields)) {
    const base = shown.get(field.name);
    if (base === undefined || leftAsStored.has(field.name)) continue;
    const sent = entries.filter(([name]) => name === field.name).map(([, value]) => value);
    const theirs = current[field.name] ?? (field.type === "pills" ? [] : "");
    // A field the form did not send (not a list: an unchecked list sends nothing) is left alone.
    const mine = field.type === "pills" ? sent : sent[0];
    const choice = choices.get(field.name);
    if (choice === "theirs" || mine === undefined) {
      replaced.set(field.name, Array.isArray(theirs) ? theirs : [theirs]);
      continue;
    }
    const saved = (value: string | string[]) => asRuled(value, rules[field.name]);
    // A space typed after the shown value, or an ISBN written another way, is no change once saved.
    const mineChanged = digestOf(field, mine) !== base && digestOf(field, saved(mine)) !== base;
    const theirsChanged = digestOf(field, theirs) !== base;
    if (!mineChanged) {
      if (theirsChanged) replaced.set(field.name, Array.isArray(theirs) ? theirs : [theirs]);
      continue;
    }
    if (theirsChanged && choice !== "mine" && comparable(field, saved(mine)) !== comparable(field, saved(theirs))) {
      // The admin's value as the save would store it (trimmed, an ISBN in one writing), as it is compared.
      conflicts.push({ name: field.name, label: field.label, mine: display(field, saved(mine)), theirs: display(field, theirs) });
    }
  }
  const merged = entries.filter(([name]) => !replaced.has(name) && !name.startsWith(CHOICE_FIELD_PREFIX));
  for (const [name, values] of replaced) for (const value of values) merged.push([name, value]);
  return { entries: merged, conflicts };
}

/** How much of a value the conflict notice shows. */
const NOTICE_LENGTH = 300;

/** A value as the conflict notice shows it, each item read as the admin reads it (`readableItem`). */
export function displayedValue(field: FieldDefinition, value: string | string[], lists: PickerLists | undefined): string {
  const values = (Array.isArray(value) ? value : [value]).filter((item) => item.trim() !== "");
  if (values.length === 0) return CONFLICT_MESSAGES.empty;
  const options = lists?.options[field.name] ?? field.options;
  return clip(values.map((item) => readableItem(field, item, options)).join(", "), NOTICE_LENGTH);
}
