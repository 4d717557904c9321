import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";
import { mayNameOneThing, nameKey } from "~/lib/name-keys";
import type { RowAction } from "~/admin-kit/import";
import { legacyValues, schemaKeepingLegacy } from "~/admin-kit/legacy-values";
import type { Cells, FieldDefinition, FieldOption } from "~/admin-kit/screen";
import { formDataOf } from "~/platform/forms.server";
import type { AdminContext } from "~/platform/auth.server";
import type { ResourceAdapter } from "../screen/adapter.server.ts";
import { recordAsShown, type StoredRecord } from "../screen/audit-trail.server.ts";
import { readPickerLists, type PickerLists } from "../screen/choices.server.ts";
import { duplicateKeysOf, duplicateWarning } from "../screen/duplicates.server.ts";
import { shownDigest } from "../screen/merge.server.ts";
import { findRecord, screenReadModel, type ReadModel } from "../screen/read-model.server.ts";
import { unchangedFields } from "../screen/save.server.ts";
import { dateReading, importedDate, OptionFinder, severalInOne, withoutFormulaGuard } from "./columns.server.ts";
import type { RowValues } from "./slims.server.ts";
import type { PlannedRow } from "./store.server.ts";

/**
 * The preview of one row: the form it will be saved as (an update's fields the file leaves out
 * kept as stored), judged by the screen's own rules, its relations matched by name, and
 * whether it looks like a record of the catalogue or an earlier row of the file. Nothing is
 * written; the run (run.server.ts) saves what the preview planned.
 */

/** The value a relation the list lacks stands as until the run makes it: an id the form's rule takes. */
export const missingId = (index: number) => `_new_${index}`;
export const MISSING_ID = /^_new_(\d+)$/;

type Listed<Rec, C extends Cells> = ResourceAdapter<Rec, C, z.ZodObject>;

/** What planning a file's rows reads once. */
export interface PlanContext<Rec, C extends Cells> {
  admin: AdminContext;
  adapter: Listed<Rec, C>;
  fields: ReadonlyMap<string, FieldDefinition>;
  lists: PickerLists;
  finders: Map<string, OptionFinder>;
  model: ReadModel<Rec, C>;
  /** Keys of the rows planned so far, to the first row that had each. */
  seen: Map<string, number>;
  /** Names the lists lack, by field then name (as the first row wrote it), each with its stand-in id and how many rows name it. */
  missing: Map<string, Map<string, { id: string; name: string; rows: number }>>;
  standIns: number;
  /** Date cells read as a day they do not write out (`dateReading`: Excel's day number, a year alone), by kind and field: how many rows, and the first, for the preview to say. */
  datesRead: Map<string, { kind: "excel" | "year"; label: string; rows: number; cell: string; day: string }>;
}

export async function planContext<Rec, C extends Cells>(admin: AdminContext, adapter: Listed<Rec, C>): Promise<PlanContext<Rec, C>> {
  const { fields } = adapter.definition;
  const [lists, model] = await Promise.all([adapter.choices ? readPickerLists(admin.api, adapter.choices, fields) : { options: {}, failures: {}, addable: {} }, screenReadModel(admin.api, adapter)]);
  const finders = new Map(Object.entries(lists.options).map(([field, options]) => [field, new OptionFinder(options)]));
  return {
    admin,
    adapter,
    fields: new Map(fields.map((field) => [field.name, field])),
    lists,
    finders,
    model,
    seen: new Map(),
    missing: new Map(),
    standIns: 0,
    datesRead: new Map(),
  };
}

const isRelation = (field: FieldDefinition) => (field.type === "select" || field.type === "pills") && field.optionsFrom !== undefined;

/** The form's entries for a value: one per chosen id, or the text. */
function entriesOf(name: string, value: string | string[]): Array<[string, string]> {
  return (Array.isArray(value) ? value : [value]).map((each) => [name, each]);
}

/**
 * A relation's names as ids: each found in its list, or given a stand-in id to be made (or
 * refused) by the run; a name of a list the run cannot add to (a classification) is left out,
 * with a note, so that the rest of the row is written (or, for a required field, refused by its rule).
 */
function relationIds<Rec, C extends Cells>(context: PlanContext<Rec, C>, field: FieldDefinition, names: readonly string[], missing: NonNullable<PlannedRow["missing"]>, notes: string[]): string[] {
  const finder = context.finders.get(field.name);
  const creatable = field.optionsFrom !== undefined && context.adapter.choices?.[field.optionsFrom]?.addInline === true;
  const ids = [...new Set(finder ? finder.joinedAtCommas(names) : names)].flatMap((name) => {
    const found = finder?.find(name);
    if (found) return [found.value];
    const lookAlikes = finder?.lookAlikes(name) ?? [];
    if (lookAlikes.length > 1) {
      notes.push(LOOK_ALIKES(field.label, name, lookAlikes.map((option) => option.label)));
      return [];
    }
    if (!creatable) {
      notes.push(`${field.label} “${name.trim().slice(0, 80)}” tidak ada di daftarnya; tidak diisi dari berkas ini.`);
      return [];
    }
    let byName = context.missing.get(field.name);
    if (!byName) context.missing.set(field.name, (byName = new Map()));
    const key = nameKey(name);
    let stand = byName.get(key);
    if (!stand) byName.set(key, (stand = { id: missingId(context.standIns++), name: name.trim(), rows: 0 }));
    (missing[field.name] ??= []).push({ id: stand.id, name: name.trim() });
    return [stand.id];
  });
  // Two writings of one name ("Fiksi", "fiksi") are one choice.
  return [...new Set(ids)];
}

/** The form's rules over the row; an update's stored value that fails today's rule stands while the file leaves it as stored. */
function judged(
  schema: z.ZodObject,
  fields: readonly FieldDefinition[],
  entries: Array<[string, string]>,
  before: StoredRecord | undefined
): { values: Record<string, unknown> } | { errors: string[] } {
  const formData = formDataOf(entries);
  let submission = parseWithZod(formData, { schema });
  if (submission.status !== "success" && before) {
    const legacy = legacyValues(schema, fields, before.values);
    if (Object.keys(legacy).length > 0)
      submission = parseWithZod(formData, {
        schema: schemaKeepingLegacy(schema, legacy),
      });
  }
  if (submission.status === "success") return { values: submission.value as Record<string, unknown> };
  const labels = new Map(fields.map((field) => [field.name, field.label]));
  const errors = Object.entries(submission.error ?? {}).flatMap(([name, messages]) =>
    [...(messages ?? [])].map((message) => (labels.has(name) && !message.startsWith(labels.get(name) ?? "") ? `${labels.get(name)}: ${message}` : message))
  );
  return { errors: errors.length > 0 ? errors : ["Baris tidak valid."] };
}

const UPDATE_ONLY = (label: string, value: string) =>
  `${label} “${value.trim().slice(0, 40)}” tidak ikut ditambahkan: nilai ini hanya dapat diisi saat mengubah data yang sudah ada (impor lagi dengan ID-nya).`;

/** As a SLiMS row's several authors are noted (slims.server.ts). */
const SEVERAL_NAMES = (label: string, names: readonly string[]) => `${label} lain tidak diimpor: ${names.slice(1).map((name) => name.slice(0, 80)).join("; ")}.`;

const LOOK_ALIKES = (label: string, name: string, labels: readonly string[]) =>
  `${label} “${name.trim().slice(0, 80)}” cocok dengan beberapa data (${labels.slice(0, 3).map((shown) => `“${shown.slice(0, 80)}”`).join(", ")}): pilih salah satunya lewat formulir.`;

const OTHER_RECORD = (id: string, stored: string, label: string, written: string) =>
  `ID “${id.slice(0, 40)}” adalah “${stored.slice(0, 80)}”, tetapi baris ini menulis ${label} “${written.slice(0, 80)}”: tampaknya data lain, jadi baris ini tidak ditulis. Kosongkan kolom ID untuk menambahkannya sebagai data baru, atau ganti ${label} itu lewat formulirnya.`;

const NOT_LISTED = (id: string) => `ID “${id.slice(0, 40)}” tidak ada di daftar ini (mungkin sudah dihapus). Kosongkan kolom ID untuk menambahkannya sebagai data baru.`;
/** The list as read may lack records (an upstream whose pages repeat): the record may only be unread. */
const NOT_READ = (id: string) =>
  `ID “${id.slice(0, 40)}” tidak ditemukan di bagian daftar yang terbaca: server API hanya memberi sebagian daftar ini, jadi data itu mungkin ada tetapi tidak terbaca. Baris ini tidak ditulis.`;

const UNREADABLE_CHARACTERS = "Ada karakter yang tidak terbaca (“�”) di baris ini: periksa isiannya, atau simpan berkasnya lagi sebagai CSV UTF-8.";

/** The preview of one row read from the file. */
export async function planRow<Rec, C extends Cells>(context: PlanContext<Rec, C>, line: number, row: RowValues): Promise<PlannedRow> {
  const { adapter } = context;
  const { definition } = adapter;
  const messages = [...row.notes];
  // A byte the file's encoding cannot read (a character pasted from another program) is read as "�".
  if ([...row.values.values()].some((value) => (Array.isArray(value) ? value : [value]).some((text) => text.includes("\uFFFD")))) messages.push(UNREADABLE_CHARACTERS);
  let before: StoredRecord | undefined;
  if (row.id !== undefined) {
    const record = findRecord(context.model, adapter, row.id);
    if (!record)
      return {
        line,
        label: labelOf(definition.fields, row),
        action: "error",
        messages: [...messages, context.model.complete ? NOT_LISTED(row.id) : NOT_READ(row.id)],
      };
    before = recordAsShown(adapter, record, context.lists);
    // A sheet's own running numbers in a column called "ID" would rewrite unrelated records: a row
    // that renames its record into something else entirely is held, never written.
    const named = labelOf(definition.fields, row, before);
    if (!mayNameOneThing(before.label, named))
      return { line, label: named, action: "error", id: row.id, messages: [...messages, OTHER_RECORD(row.id, before.label, definition.fields[0]?.label ?? "Nama", named)] };
  }
  const values = new Map<string, string | string[]>(before ? Object.entries(before.values) : []);
  const missing: NonNullable<PlannedRow["missing"]> = {};
  for (const [name, value] of row.values) {
    const field = context.fields.get(name);
    if (!field) continue;
    if (isRelation(field)) {
      let names = Array.isArray(value) ? value : value.trim() === "" ? [] : [value];
      // A one-name cell listing several (a book's authors): the first is chosen, the others said.
      const several = field.type === "select" && names.length === 1 && !context.finders.get(name)?.find(names[0]) ? severalInOne(names[0]) : undefined;
      if (several) {
        names = several.slice(0, 1);
        messages.push(SEVERAL_NAMES(field.label, several));
      }
      const noted = messages.length;
      const ids = relationIds(context, field, names, missing, messages);
      // A name that could not be matched leaves a stored record's value as it is.
      if (before && messages.length > noted) continue;
      values.set(name, field.type === "select" ? (ids[0] ?? "") : ids);
    } else if (typeof value === "string") {
      const cell = withoutFormulaGuard(value);
      // A stored date the export wrote as it is ("c1998", no day) comes back as it is: read as a day, it would be a change nobody made.
      const asStored = before?.values[name];
      if (field.type === "date" && typeof asStored === "string" && asStored.trim() !== "" && asStored.trim() === cell.trim()) {
        values.set(name, asStored);
        continue;
      }
      const read = field.type === "date" ? dateReading(cell) : undefined;
      if (read) {
        const seen = context.datesRead.get(`${read.kind}:${field.name}`);
        if (seen) seen.rows += 1;
        else context.datesRead.set(`${read.kind}:${field.name}`, { ...read, label: field.label, rows: 1, cell: cell.trim() });
      }
      values.set(name, field.type === "date" ? importedDate(cell) : cell);
    }
  }
  // A new record is made without what only its edit form offers (write.server.ts): the row says what it leaves out.
  if (before === undefined)
    for (const field of definition.fields) {
      const value = row.values.get(field.name);
      if (field.updateOnly && typeof value === "string" && value.trim() !== "") messages.push(UPDATE_ONLY(field.label, value));
    }
  const entries = [...values].flatMap(([name, value]) => entriesOf(name, value));
  const label = labelOf(definition.fields, row, before);
  const result = judged(definition.schema, definition.fields, entries, before);
  if ("errors" in result)
    return {
      line,
      label,
      action: "error",
      id: row.id,
      messages: [...messages, ...result.errors],
    };

  const unchanged = unchangedFields(definition, before, result.values);
  const changesNothing = before !== undefined && definition.fields.every((field) => field.type === "file" || unchanged.has(field.name));
  const action: RowAction = before === undefined ? "create" : changesNothing ? "unchanged" : "update";
  const planned: PlannedRow = {
    line,
    label,
    action,
    id: row.id,
    entries,
    messages,
  };
  if (before) planned.shown = shownDigest(definition.fields, before.values);
  if (Object.keys(missing).length > 0) planned.missing = missing;
  // Counted for the admin's choice only where the row would be written.
  for (const [name, names] of Object.entries(missing))
    for (const { name: missingName } of names) {
      const stand = context.missing.get(name)?.get(nameKey(missingName));
      if (stand) stand.rows += 1;
    }
  if (action !== "unchanged") planned.duplicate = await duplicateOf(context, line, row.id, result.values, unchanged);
  return planned;
}

/** Why the row looks like a record already there, or like an earlier row of the file; undefined when it does not. */
async function duplicateOf<Rec, C extends Cells>(
  context: PlanContext<Rec, C>,
  line: number,
  id: string | undefined,
  values: Record<string, unknown>,
  unchanged: ReadonlySet<string>
): Promise<string | undefined> {
  const options = context.lists.options as Record<string, readonly FieldOption[]>;
  let said: string | undefined;
  // A relation still to be made matches nothing stored by its stand-in id.
  // Among the copy the preview read once, not the list's copy of the moment: one read for the whole file.
  const warning = await duplicateWarning(context.admin, context.adapter, values, { id, unchanged, options, confirmed: undefined, among: context.model });
  if (warning) {
    const [first] = warning.matches;
    said = `Mirip data yang sudah ada (${first.reasons.join(", ")}): “${first.label}”${warning.total > 1 ? ` dan ${warning.total - 1} data lain` : ""}.`;
  }
  for (const { key, reason } of duplicateKeysOf(context.adapter, values, options)) {
    const earlier = context.seen.get(key);
    if (earlier === undefined) context.seen.set(key, line);
    else if (!said) said = `Sama dengan baris ${earlier} berkas ini (${reason}).`;
  }
  return said;
}

/** A row's name in the preview and the report: its first field (a title, a name), or the record's. */
function labelOf(fields: readonly FieldDefinition[], row: RowValues, before?: StoredRecord): string {
  const first = fields[0]?.name ?? "";
  const value = row.values.get(first);
  const text = typeof value === "string" && value.trim() !== "" ? withoutFormulaGuard(value.trim()) : before?.label ?? "";
  return text.slice(0, 120);
}
