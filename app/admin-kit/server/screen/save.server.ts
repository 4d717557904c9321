import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type * as z from "zod";
import { DUPLICATE_CONFIRM_FIELD, type DuplicateWarning } from "~/admin-kit/duplicates";
import { CONFLICT_MESSAGES, SHOWN_FIELD, type ConflictingField, type EditConflict } from "~/admin-kit/edit-conflicts";
import { legacyValues, schemaKeepingLegacy } from "~/admin-kit/legacy-values";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import { schemaAllowingUnresolved } from "~/admin-kit/relations";
import type { AlertMessage, Cells, FieldDefinition, ScreenActionData } from "~/admin-kit/screen";
import { keepUnresolvedRelations, NO_RELATION_EDITS, readRelationEdits, relationFieldsOf, type RelationEdits } from "~/admin-kit/server/relation-edits.server";
import { isFileSystemError } from "@server/data-dir.server";
import { errorFields, log } from "@server/log.server";
import { AUDIT_MESSAGES, AuditUnavailable } from "~/platform/audit.server";
import type { AdminContext } from "~/platform/auth.server";
import { clearResource, type WriteClear } from "~/platform/cache.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { formDataOf } from "~/platform/forms.server";
import { FormRejected } from "~/platform/multipart.server";
import { withRecordLocks, type HeldLocks } from "~/platform/record-locks.server";
import { cleanEditorHtml } from "~/platform/sanitize.server";
import { UPLOAD_MESSAGES } from "~/platform/uploads.server";
import { isUpstreamError } from "~/platform/upstream.server";
import { WriteFailed, type ResourceAdapter, type StagedWrite, type WriteCall, type WriteContext } from "./adapter.server.ts";
import { alertOf, echoedForm, failureMessage, firstValue, listLocation, refused, refusalStatus, upstreamReasons } from "./answers.server.ts";
import { auditOf, createdId, findCreatedIds, recordAsShown, type AuditTrail, type StoredRecord } from "./audit-trail.server.ts";
import { chosenIn, formChoices, readPickerLists, unknownChoices, type PickerLists } from "./choices.server.ts";
import { currentRecord } from "./current-record.server.ts";
import { duplicateLockKeys, duplicateWarning } from "./duplicates.server.ts";
import { lockRefusal, recordLockKey } from "./locks.server.ts";
import { patchScreenReadModel } from "./read-model.server.ts";
import { fieldChanges, isStoredValue, sentAsStored } from "./field-values.server.ts";
import { displayedValue, echoedShown, mergeWithCurrent, readShown, shownAfterConflict, shownDigest } from "./merge.server.ts";
import { sendWrite, type FormFiles } from "./write.server.ts";

/**
 * A create or an update, in named steps (`saveRecord`): the form read, an edit merged with the
 * record as the upstream holds it now, the values checked (the form's rules, its chosen records,
 * likely duplicates), then the write: audited before it is sent, and what shows the resource
 * cleared after. Any step may answer instead: the form sent back with why.
 */

export interface Submitted extends FormFiles {
  intent: "create" | "update";
  id: string | undefined;
  fields: Array<[string, string]>;
  /** Its files went ahead as resumable uploads, kept on the server when the save is sent back. */
  uploadsKept?: boolean;
  /** Answers instead of the redirect to the list once the record is written, given its id (null: not found); a picker's add. */
  written?(id: string | null): Response;
  /** Answers instead of writing an update that changes nothing (an import's row as stored); without it, such an update is written as any other. */
  whenUnchanged?(): Response;
  /** An import's: its run's copy of the list to look among for duplicates (not read anew after each row's write), and when it was read: a row whose keys were written since reads anew. */
  duplicatesAmong?: { records: readonly unknown[]; readAt: number };
  /** An import's: its run's pickers' lists (which each row's write clears, as they count the records), not read again for each row. */
  pickerLists?: Promise<PickerLists | undefined>;
  /** An import's: a new record's id, when the answer named none, found later with its run's other rows (`written` hears null). */
  findCreated?(values: Record<string, unknown>): Promise<string | null>;
}

type Answer = ReturnType<typeof data<ScreenActionData>> | Response;
type SendBackOptions = { alert?: AlertMessage; conflict?: EditConflict; duplicates?: DuplicateWarning };

/** What every step of one save reads. */
export interface Save<Rec, C extends Cells, S extends z.ZodObject> {
  admin: AdminContext;
  request: Request;
  adapter: ResourceAdapter<Rec, C, S>;
  submitted: Submitted;
  call: WriteCall<z.output<S>> | StagedWrite<z.output<S>>;
  /** The screen's messages for this save. */
  success: string | undefined;
  failure: string;
  /** The edited record's id (none for a create). */
  recordId: string | undefined;
  relationFields: ReadonlyMap<string, FieldDefinition>;
  relationEdits: RelationEdits;
  /** The form's schema, with a relation the form could not show allowed to stay empty. */
  schema: S;
  /** The pickers' lists: to check the chosen ids, and to offer them again in a form sent back. */
  pickerLists: Promise<PickerLists | undefined>;
  /** The form as it stands (an edit's, merged), and what it shows was stored (its `SHOWN_FIELD`). */
  formData: FormData;
  shown: string | undefined;
}

export async function saveRecord<Rec, C extends Cells, S extends z.ZodObject>(admin: AdminContext, request: Request, adapter: ResourceAdapter<Rec, C, S>, submitted: Submitted): Promise<Answer> {
  const save = openSave(admin, request, adapter, submitted);
  if (!save) return refused(FORM_MESSAGES.invalidRequest);
  // One write of a record at a time, on every process: this one merges with the one before's result.
  return oneAtATime(save, save.recordId === undefined ? [] : [recordLockKey(adapter, save.recordId)], () => mergeCheckAndWrite(save));
}

/** A save, its record held: merged with the record as stored now, checked, then written. */
async function mergeCheckAndWrite<Rec, C extends Cells, S extends z.ZodObject>(save: Save<Rec, C, S>): Promise<Answer> {
  const edit = await mergeEdit(save);
  if ("answer" in edit) return edit.answer;
  const checked = checkValues(save, edit.before);
  if ("refusal" in checked) return sendBack(save, checked.refusal, 400);
  if (edit.conflicts.length > 0) {
    // Changed here and elsewhere: nothing is written until the admin chooses, field by field.
    return sendBack(save, checked.reply({ formErrors: [CONFLICT_MESSAGES.notice] }), 409, { conflict: { fields: edit.conflicts, shown: save.shown ?? "" } });
  }
  const { values, omitted } = settledValues(save, checked, edit.before);
  const unchanged = unchangedFields(save.adapter.definition, edit.before, values);
  // An update whose every field is as stored, no file coming with it, when the caller would rather hear so.
  if (save.submitted.whenUnchanged && save.recordId !== undefined && !save.submitted.firstFile && save.adapter.definition.fields.every((field) => field.type === "file" || unchanged.has(field.name))) return save.submitted.whenUnchanged();
  const options = (await save.pickerLists.catch(() => undefined))?.options;
  // Saves that could be each other's duplicates, one at a time: the second one's check sees the first's record.
  return oneAtATime(save, duplicateLockKeys(save.adapter, values, unchanged, options), async (locks) => {
    const held = await holdBackChoicesAndDuplicates(save, values, unchanged, checked.reply, locks);
    return held ?? writeRecord(save, values, { before: edit.before, omitted: withUnchanged(save, omitted, unchanged), unchanged }, checked.reply);
  });
}

/**
 * Runs a step holding its locks (app/platform/record-locks.server.ts); not had in time (another
 * write of the same record goes on), or Redis away, the form goes back as it stands with why.
 */
async function oneAtATime<Rec, C extends Cells, S extends z.ZodObject>(save: Save<Rec, C, S>, keys: readonly string[], step: (held: HeldLocks) => Promise<Answer>): Promise<Answer> {
  try {
    return await withRecordLocks(keys, step);
  } catch (error) {
    const refusal = lockRefusal(error, save.adapter.definition.id);
    if (!refusal) throw error;
    return sendBack(save, parseWithZod(save.formData, { schema: save.schema }).reply(), refusal.status, { alert: alertOf("error", refusal.message) });
  }
}

/** The save's context, or undefined when the screen has no such write. */
export function openSave<Rec, C extends Cells, S extends z.ZodObject>(admin: AdminContext, request: Request, adapter: ResourceAdapter<Rec, C, S>, submitted: Submitted): Save<Rec, C, S> | undefined {
  const { definition } = adapter;
  const { intent, id, fields } = submitted;
  const call = intent === "create" ? adapter.create : adapter.update;
  const failure = intent === "create" ? definition.messages.createFailed : definition.messages.updateFailed;
  if (!call || !failure) return undefined;
  const relationFields = adapter.relations ? relationFieldsOf(definition.fields) : new Map<string, FieldDefinition>();
  const relationEdits = intent === "update" ? readRelationEdits(fields, relationFields) : NO_RELATION_EDITS;
  const pickerLists = submitted.pickerLists ?? (adapter.choices ? readPickerLists(admin.api, adapter.choices, definition.fields) : Promise.resolve(undefined));
  pickerLists.catch(() => undefined);
  return {
    admin, request, adapter, submitted, call,
    success: intent === "create" ? definition.messages.created : definition.messages.updated,
    failure,
    recordId: intent === "update" ? id : undefined,
    relationFields,
    relationEdits,
    schema: schemaAllowingUnresolved(definition.schema, relationEdits.unresolved.keys()),
    pickerLists,
    formData: formDataOf(fields),
    shown: echoedShown(definition.fields, firstValue(fields, SHOWN_FIELD)),
  };
}

/** The form back to the admin as typed, its pickers still showing what was chosen (JavaScript off, the page is drawn anew). */
async function sendBack<Rec, C extends Cells, S extends z.ZodObject>(save: Save<Rec, C, S>, result: SubmissionResult<string[]>, status: number, { alert, conflict, duplicates }: SendBackOptions = {}) {
  const { definition } = save.adapter;
  const lists = await save.pickerLists;
  const choices = lists ? formChoices(lists, definition.fields, { chosen: chosenIn(save.formData, definition.fields) }) : undefined;
  const sentBack = { ...(alert ? { alert } : {}), ...(choices ? { choices } : {}), ...(save.shown ? { shown: save.shown } : {}), ...(conflict ? { conflict } : {}), ...(duplicates ? { duplicates } : {}) };
  return data<ScreenActionData>({ result: echoedForm(definition)(result), ...sentBack }, { status });
}

/**
 * An edit is merged with the record as the upstream holds it now, read just before the write
 * (merge.server.ts): what the admin left alone takes the current values; a field changed both
 * here and there is a conflict. The form sent back from now on shows the merged values.
 */
async function mergeEdit<Rec, C extends Cells, S extends z.ZodObject>(
  save: Save<Rec, C, S>,
): Promise<{ before: StoredRecord | undefined; conflicts: ConflictingField[] } | { answer: Answer }> {
  const { admin, adapter, adapter: { definition }, recordId, submitted } = save;
  if (recordId === undefined) return { before: undefined, conflicts: [] };
  const unmerged = () => parseWithZod(save.formData, { schema: save.schema }).reply();
  let current: Rec | undefined;
  try {
    current = await currentRecord(admin.api, adapter, recordId);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    // A read that failed: the screen's own message (the upstream's text is for a refused write).
    return { answer: await sendBack(save, unmerged(), refusalStatus(error), { alert: alertOf("error", save.failure) }) };
  }
  if (current === undefined) return { answer: await sendBack(save, unmerged(), 404, { alert: alertOf("error", CONFLICT_MESSAGES.gone) }) };
  const lists = await save.pickerLists.catch(() => undefined);
  const before = recordAsShown(adapter, current, lists);
  const base = readShown(definition.fields, save.shown);
  let conflicts: ConflictingField[] = [];
  if (base) {
    const merged = mergeWithCurrent({
      fields: definition.fields,
      entries: submitted.fields,
      shown: base,
      current: before.values,
      leftAsStored: new Set(save.relationEdits.unresolved.keys()),
      rules: save.schema.shape,
      display: (field, value) => displayedValue(field, value, lists),
    });
    save.formData = formDataOf(merged.entries);
    conflicts = merged.conflicts;
  }
  save.shown = base ? shownAfterConflict(definition.fields, before.values, base, conflicts) : shownDigest(definition.fields, before.values);
  return { before, conflicts };
}

/** How a step sends the form back with what the form's rules made of it (and errors of its own). */
type Reply = (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;

type Checked = { reply: Reply; values: Record<string, unknown>; legacy: Record<string, string> } | { refusal: SubmissionResult<string[]> };

/** The form's rules; a stored value that fails today's rule stands while the admin leaves it as it is stored. */
export function checkValues<Rec, C extends Cells, S extends z.ZodObject>(save: Save<Rec, C, S>, before: StoredRecord | undefined): Checked {
  const { definition } = save.adapter;
  let submission = parseWithZod(save.formData, { schema: save.schema });
  let legacy: Record<string, string> = {};
  if (submission.status !== "success" && before) {
    legacy = legacyValues(definition.schema, definition.fields, before.values);
    if (Object.keys(legacy).length > 0) submission = parseWithZod(save.formData, { schema: schemaKeepingLegacy(save.schema, legacy) });
  }
  if (submission.status !== "success") return { refusal: submission.reply() };
  return { reply: (options) => submission.reply(options), values: { ...(submission.value as Record<string, unknown>) }, legacy };
}

/**
 * The values as they will be stored: rich text cleaned, but sent exactly as stored while the edit
 * leaves it so (a legacy value, an older editor's styles or videos: cleaned where shown), a
 * relation cleared on purpose sent empty, one the form could not show taken out (`omitted`).
 */
export function settledValues<Rec, C extends Cells, S extends z.ZodObject>(
  save: Save<Rec, C, S>,
  checked: { values: Record<string, unknown> },
  before: StoredRecord | undefined,
): { values: Record<string, unknown>; omitted: Set<string> } {
  const values = { ...checked.values };
  for (const field of save.adapter.definition.fields) {
    const value = values[field.name];
    if (field.type !== "textEditor" || typeof value !== "string") continue;
    const stored = before?.values[field.name];
    values[field.name] = typeof stored === "string" && isStoredValue(field, stored, value) ? stored : cleanEditorHtml(value);
  }
  return { values, omitted: keepUnresolvedRelations(values, save.relationEdits, save.relationFields) };
}

/** The fields an edit leaves as stored (compared as a save stores them): for the duplicate check and a partial update. */
export function unchangedFields({ fields, schema }: { fields: readonly FieldDefinition[]; schema: z.ZodObject }, before: StoredRecord | undefined, values: Record<string, unknown>): Set<string> {
  if (!before) return new Set();
  const stored = (field: FieldDefinition) => isStoredValue(field, before.values[field.name], values[field.name], schema.shape[field.name] as z.ZodType | undefined);
  return new Set(fields.filter((field) => field.type !== "file" && stored(field)).map((field) => field.name));
}

/**
 * A chosen author, genre... must be one of its list's (a forged id, or one deleted meanwhile,
 * goes no further); a likely duplicate is written only once the admin saw it and pressed
 * "Simpan tetap". Undefined when the save may go on.
 */
async function holdBackChoicesAndDuplicates<Rec, C extends Cells, S extends z.ZodObject>(
  save: Save<Rec, C, S>,
  values: Record<string, unknown>,
  unchanged: ReadonlySet<string>,
  reply: Reply,
  locks: HeldLocks,
): Promise<Answer | undefined> {
  const { admin, adapter, recordId, submitted } = save;
  const lists = await save.pickerLists;
  const unknown = lists ? unknownChoices(lists, adapter.definition.fields, values) : {};
  if (Object.keys(unknown).length > 0) return sendBack(save, reply({ fieldErrors: unknown }), 400);
  const likely = await duplicateWarning(admin, adapter, values, {
    id: recordId,
    unchanged,
    options: lists?.options,
    confirmed: firstValue(submitted.fields, DUPLICATE_CONFIRM_FIELD),
    written: locks,
    among: submitted.duplicatesAmong,
  });
  if (!likely) return undefined;
  // Without JavaScript the chosen files came with this form and are not kept: the admin chooses them again.
  const filesDropped = !submitted.uploadsKept && Boolean(submitted.firstFile?.filename);
  return sendBack(save, reply(), 409, { duplicates: filesDropped ? { ...likely, filesDropped } : likely });
}

/** The fields this write leaves as stored: those settled so, and for a partial update (the book's PATCH) every unchanged one. */
export function withUnchanged<Rec, C extends Cells, S extends z.ZodObject>(save: Save<Rec, C, S>, omitted: Set<string>, unchanged: ReadonlySet<string>): Set<string> {
  const { adapter, call, relationEdits } = save;
  if (save.recordId === undefined || !("partial" in call) || !call.partial) return omitted;
  for (const field of adapter.definition.fields) {
    // A relation the form could not show, or cleared on purpose, was settled by its marker above.
    if (relationEdits.unresolved.has(field.name) || relationEdits.cleared.has(field.name)) continue;
    if (unchanged.has(field.name)) omitted.add(field.name);
  }
  return omitted;
}

/**
 * The write: the audit log's pending entry first (a change it cannot record is not sent), then
 * the upstream's call, then the entry completed; whatever the answer (a timeout may have
 * written it), what shows this resource is read again.
 */
async function writeRecord<Rec, C extends Cells, S extends z.ZodObject>(
  save: Save<Rec, C, S>,
  values: Record<string, unknown>,
  { before, omitted, unchanged }: { before: StoredRecord | undefined; omitted: Set<string>; unchanged: ReadonlySet<string> },
  reply: Reply,
): Promise<Answer> {
  const { admin, request, adapter, submitted, recordId } = save;
  const { definition } = adapter;
  const context: WriteContext = { api: admin.api, id: recordId, omitted, asStored: sentAsStored(definition.fields, before?.asSent, unchanged) };
  const lists = await save.pickerLists;
  // Relations named by the options the admin chose from, files by the names chosen.
  const changes = () => fieldChanges(definition.fields, before?.values, values, { options: lists?.options, chosenFiles: submitted.form.chosenFiles });
  let audit: AuditTrail;
  try {
    audit = await auditOf(admin, definition, before?.label).begin(submitted.intent, context.id ?? null, changes);
  } catch (error) {
    if (!(error instanceof AuditUnavailable)) throw error;
    return sendBack(save, reply(), 503, { alert: alertOf("error", AUDIT_MESSAGES.unavailable) });
  }
  let written: string | null | undefined;
  let cleared: WriteClear;
  let found: Promise<string | null> | undefined;
  const findId = () => (found ??= submitted.findCreated?.(values) ?? findCreatedIds(admin, adapter, [values]).then(([id]) => id));
  try {
    const answer = await sendWrite(admin, adapter, save.call, values, context, submitted);
    written = context.id ?? createdId(answer);
    audit.ok(written, findId);
  } catch (error) {
    if (error instanceof FormRejected) {
      // Refused here, on the way: the upstream stored nothing (its body was cut short, if it had begun).
      audit.failed(error);
      return sendBack(save, reply({ fieldErrors: { [error.field]: [error.message] } }), error.status);
    }
    if (isUpstreamError(error) || error instanceof WriteFailed) {
      audit.failed(error);
      const message = error instanceof WriteFailed ? error.message : failureMessage(definition.messages, save.failure, error);
      return sendBack(save, reply(upstreamReasons(definition, error)), refusalStatus(error), { alert: alertOf("error", message) });
    }
    if (isFileSystemError(error)) {
      // A stored upload that could not be read on the way (DATA_DIR/uploads): the body sent upstream was cut.
      log("save_file_read_failed", { screen: definition.id, code: error.code, ...errorFields(error) });
      audit.failed(error);
      return sendBack(save, reply(), 503, { alert: alertOf("error", UPLOAD_MESSAGES.storageFailed) });
    }
    audit.failed(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    cleared = clearResource(adapter.resource);
  }
  if (submitted.written) return submitted.written(written ?? (submitted.findCreated ? null : await findId()));
  // The list the admin lands on takes the record in place: not read whole again.
  if (written) await patchScreenReadModel(admin.api, adapter, context.id === undefined ? { made: written } : { changed: written }, cleared);
  return redirectWithAlert(admin.session, listLocation(request, { created: submitted.intent === "create" }), save.success ? { type: "success", message: save.success } : undefined);
}
