import { diffWords } from "diff";
import type * as z from "zod";
import type { FieldChange } from "~/lib/audit";
import type { FieldDefinition, FieldOption, FormValues } from "~/admin-kit/screen";
import { dateFormValue, parseIndonesianNumber, toDateInputValue } from "~/lib/format";
import { formatDayMonthYear } from "~/lib/dates";
import { SECRET_FIELD, shortText } from "~/platform/audit.server";
import { cleanEditorHtml, richTextToPlain } from "~/platform/sanitize.server";
import type { UpstreamScalar } from "~/platform/upstream-shapes.server";

/** How a screen's form values compare with what is stored: for a save's merge, its partial update and its audit entry. */

/**
 * A form or stored value as comparable text, each kind as it is stored: lists in a stable order,
 * dates as days, numbers parsed ("12.500" is 12500), rich text cleaned as a save cleans it, and
 * line breaks alike (a browser sends every textarea's as CRLF, whatever is stored, and a one-line
 * field's without them).
 */
export function comparable(field: FieldDefinition, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(String).sort().join(", ");
  if (field.type === "date") return dateFormValue(String(value));
  if (field.type === "number") return String(typeof value === "number" ? value : (parseIndonesianNumber(String(value)) ?? ""));
  const text = String(value).replace(/\r\n?/g, "\n");
  if (field.type === "text") return text.replace(/\n/g, "");
  return field.type === "textEditor" ? cleanEditorHtml(text) : text;
}

/**
 * Whether a submitted value is the one stored, compared as a save stores it; given the field's
 * rule, the stored value also as the rule would store it (an ISBN stored "978-602-03-3187-4" is
 * the "9786020331874" its rule makes of that writing).
 */
export function isStoredValue(field: FieldDefinition, stored: unknown, submitted: unknown, rule?: z.ZodType): boolean {
  const wanted = comparable(field, submitted);
  return comparable(field, stored) === wanted || comparable(field, asRuled(stored, rule)) === wanted;
}

/**
 * A value as its field's rule would store it (trimmed, upper-cased, an ISBN in one writing), or
 * as it is when it fails the rule (the save refuses it, or keeps a legacy value) or has none.
 */
export function asRuled<T>(value: T, rule: z.ZodType | undefined): T | string {
  const ruled = rule?.safeParse(value);
  return ruled?.success === true && typeof ruled.data === "string" ? ruled.data : value;
}

/**
 * The fields an update leaves as stored (`unchanged`), as the upstream sent them: what goes
 * upstream for them is what it holds (a date-time's hour, a legacy writing today's rules refuse,
 * a number written as text, a null), not this site's reading of it written anew. Typed fields
 * only, named as the upstream names them; a relation or a file keeps its own rules, and a field
 * the spec has rewritten on every send (`sentAsRuled`) goes as its rule makes the stored value.
 */
export function sentAsStored(fields: readonly FieldDefinition[], asSent: Readonly<Record<string, UpstreamScalar>> | undefined, unchanged: ReadonlySet<string>): Record<string, UpstreamScalar> {
  const kept: Record<string, UpstreamScalar> = {};
  if (!asSent) return kept;
  for (const field of fields) {
    if (!unchanged.has(field.name) || field.type === "file" || field.type === "pills" || field.optionsFrom) continue;
    const value = sentAsRuled(field, asSent[field.name]);
    if (value === undefined || readInAnotherWriting(field, value)) continue;
    kept[field.name] = value;
  }
  return kept;
}

/**
 * A stored number or date this site reads, written as the upstream would not take it back: the
 * form's reading of it goes instead (a number "1.234" as 1234; a date "17-08-2024", which the
 * upstream refused when sent back, as the ISO date the form makes of it). An ISO date keeps its
 * hour as stored, and a value this site cannot read stays as it came.
 */
function readInAnotherWriting(field: FieldDefinition, value: UpstreamScalar): boolean {
  if (typeof value !== "string") return false;
  if (field.type === "number") return parseIndonesianNumber(value) !== undefined;
  return field.type === "date" && !ISO_DAY.test(value.trim()) && toDateInputValue(value) !== "";
}
const ISO_DAY = /^\d{4}-\d{2}-\d{2}(?:$|[T ])/;

/** A stored value as its field's rule makes it, where spec §5 has the rule rewrite it on every send (`sentAsRuled`); as stored otherwise, or when the rule refuses it. */
function sentAsRuled(field: FieldDefinition, value: UpstreamScalar | undefined): UpstreamScalar | undefined {
  if (!field.sentAsRuled || typeof value !== "string" || !field.rule) return value;
  const ruled = field.rule(field.label).safeParse(value);
  return ruled.success && typeof ruled.data === "string" ? ruled.data : value;
}

/** What an audit entry knows of a change besides the values: the pickers' options (to name chosen ids) and the chosen files' names. */
export interface ChangeContext {
  /** By field: the options its picker offered as the change was made (a relation is logged by name, as the admin saw it). */
  options?: Record<string, readonly FieldOption[]>;
  /** By file field: the name of the file chosen for it. */
  chosenFiles: ReadonlyMap<string, string>;
}

/**
 * One value as an admin reads it (the audit log, the conflict notice): a chosen id by its option's
 * label, rich text as plain text, a date day-month-year.
 */
export function readableItem(field: FieldDefinition, item: string, options: readonly FieldOption[] | undefined): string {
  if (options) return options.find((option) => option.value === item)?.label ?? item;
  if (field.type === "textEditor") return richTextToPlain(item);
  if (field.type === "date") return formatDayMonthYear(item);
  return item;
}

/** A value as the audit log keeps it: chosen records by name in a stable order, anything else as a save stores it, read as the admin reads it. */
function shownText(field: FieldDefinition, value: unknown, options: readonly FieldOption[] | undefined): string {
  if (options && value !== null && value !== undefined) {
    const ids = (Array.isArray(value) ? value.map(String) : [String(value)]).filter((id) => id !== "");
    return ids.map((id) => readableItem(field, id, options)).sort().join(", ");
  }
  return readableItem(field, comparable(field, value), undefined);
}

/** Past this many words on either side, rich text is summarised by its word counts alone (a word diff is quadratic at worst). */
const MAX_DIFFED_WORDS = 5_000;
/** A diff needing more edits than this gives up (its work grows with them). */
const MAX_EDITS = 1_000;
/** How many words of what was added or removed an entry quotes. */
const QUOTED_WORDS = 12;

/** A text's words: punctuation on its own is none. */
const wordsOf = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
const quoted = (words: string[]) => shortText(words.slice(0, QUOTED_WORDS).join(" ") + (words.length > QUOTED_WORDS ? " …" : ""));

/** Rich text's change as the words added and removed (formatting alone changes no word). */
function wordChange(field: FieldDefinition, from: string | null, to: string): FieldChange {
  const before = richTextToPlain(from ?? "");
  const after = richTextToPlain(to);
  const added: string[] = [];
  const removed: string[] = [];
  const small = wordsOf(before).length <= MAX_DIFFED_WORDS && wordsOf(after).length <= MAX_DIFFED_WORDS;
  const parts = small ? diffWords(before, after, { maxEditLength: MAX_EDITS }) : undefined;
  if (parts) {
    for (const part of parts) {
      if (part.added) added.push(...wordsOf(part.value));
      else if (part.removed) removed.push(...wordsOf(part.value));
    }
  } else {
    // Rewritten too much to tell word by word: all of it out, all of it in.
    added.push(...wordsOf(after));
    removed.push(...wordsOf(before));
  }
  return { field: field.name, label: field.label, kind: "words", added: added.length, removed: removed.length, addedText: quoted(added), removedText: quoted(removed) };
}

/**
 * Which of the form's fields a submission changes, as the admin saw them. `before` is the
 * record's stored form values (undefined for a new record, or when they could not be read: then
 * every submitted field counts).
 */
export function fieldChanges(
  fields: readonly FieldDefinition[],
  before: FormValues | undefined,
  after: Record<string, unknown>,
  context: ChangeContext,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const { name, label } = field;
    if (field.type === "file") {
      const chosen = context.chosenFiles.get(name);
      if (chosen !== undefined) changes.push({ field: name, label, kind: "file", ...(chosen ? { name: shortText(chosen) } : {}) });
      continue;
    }
    if (!(name in after)) continue;
    const to = comparable(field, after[name]);
    const from = before ? comparable(field, before[name]) : null;
    if (from === to || (from === null && to === "")) continue;
    if (SECRET_FIELD.test(name)) changes.push({ field: name, label, kind: "changed" });
    else if (field.type === "textEditor") changes.push(wordChange(field, from, to));
    else {
      const options = context.options?.[name] ?? field.options;
      const shown = (value: unknown) => shortText(shownText(field, value, options));
      changes.push({ field: name, label, kind: "text", from: before ? shown(before[name]) : null, to: shown(after[name]) });
    }
  }
  return changes;
}
