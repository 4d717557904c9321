import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import * as z from "zod";
import { DUPLICATE_CONFIRM_FIELD, type DuplicateWarning } from "~/admin-kit/duplicates";
import { CONFLICT_MESSAGES, SHOWN_FIELD, type ConflictingField, type EditConflict } from "~/admin-kit/edit-conflicts";
import { legacyValues, schemaKeepingLegacy } from "~/admin-kit/legacy-values";
import { schemaAllowingUnresolved } from "~/admin-kit/relations";
import type { AlertMessage, Cells, FieldDefinition, ScreenActionData } from "~/admin-kit/screen";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import { AUDIT_MESSAGES, AuditUnavailable } from "~/platform/audit.server";
import { fieldChanges, isStoredValue } from "./field-values.server";
import { clearResource } from "~/platform/cache.server";
import type { AdminContext } from "~/platform/auth.server";
import { getConfig } from "@server/config.server";
import { isFileSystemError } from "@server/data-dir.server";
import { errorFields, log } from "@server/log.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { formDataOf } from "~/platform/forms.server";
import {
  FormRejected,
  nextFile,
  readLeadingFields,
  refuseDeclaredOversize,
  relayMultipart,
  type FileRule,
  type IncomingForm,
} from "~/platform/multipart.server";
import { cleanEditorHtml } from "~/platform/sanitize.server";
import { isUpstreamError } from "~/platform/upstream.server";
import { maxBytesByKind } from "@server/upload-limits.server";
import { keepUnresolvedRelations, NO_RELATION_EDITS, readRelationEdits, relationFieldsOf } from "~/admin-kit/server/relation-edits.server";
import { WriteFailed, type IncomingFiles, type OutgoingFields, type OutgoingValue, type ResourceAdapter, type WriteContext } from "./adapter.server.ts";
import { alertOf, echoedForm, failureMessage, firstValue, listLocation, refused, refusalStatus } from "./answers.server.ts";
import { chosenIn, formChoices, readPickerLists, unknownChoices } from "./choices.server.ts";
import { auditOf, createdId, findCreatedId, recordAsShown, type AuditTrail, type StoredRecord } from "./audit-trail.server.ts";
import { currentRecord } from "./current-record.server.ts";
import { duplicateWarning } from "./duplicates.server.ts";
import { displayedValue, echoedShown, mergeWithCurrent, readShown, shownAfterConflict, shownDigest } from "./merge.server.ts";
import { UPLOAD_MESSAGES } from "~/platform/uploads.server";

/** A create or an update: the form validated, relations settled, the upstream written, the change recorded. */

export function fileRulesOf(definition: { fields: readonly FieldDefinition[] }): Record<string, FileRule> {
  const maxBytes = maxBytesByKind();
  const rules: Record<string, FileRule> = {};
  for (const field of definition.fields) {
    if (field.type === "file" && field.accept) {
      rules[field.name] = { kind: field.accept, maxBytes: maxBytes[field.accept], label: field.label };
    }
  }
  return rules;
}

/**
 * Every field of the schema, in its order (an emptied optional field is sent empty), after the
 * id; not the fields the update leaves as stored, nor those the spec sends on update only.
 */
function defaultBody(definition: { schema: z.ZodObject; fields: readonly FieldDefinition[] }, values: Record<string, unknown>, context: WriteContext): OutgoingFields {
  const { id, omitted } = context;
  const updateOnly = new Set(definition.fields.filter((field) => field.updateOnly).map((field) => field.name));
  const body: OutgoingFields = id === undefined ? {} : { id };
  for (const name of Object.keys(definition.schema.shape)) {
    if (omitted.has(name) || (id === undefined && updateOnly.has(name))) continue;
    body[name] = values[name] as OutgoingValue;
  }
  return body;
}

/** Multipart fields as text, in order; missing optional values are sent empty so an edit can clear them. */
function multipartEntries(body: OutgoingFields): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) entries.push([name, item]);
    else entries.push([name, value === null || value === undefined ? "" : String(value)]);
  }
  return entries;
}

/** An emptied field goes as "" (text can be cleared), but a number field as null: "" is no number. */
function jsonBody(body: OutgoingFields, fields: readonly FieldDefinition[]): Record<string, Exclude<OutgoingValue, undefined>> {
  const numbers = new Set(fields.filter((field) => field.type === "number").map((field) => field.name));
  const json: Record<string, Exclude<OutgoingValue, undefined>> = {};
  for (const [name, value] of Object.entries(body)) json[name] = value === undefined ? (numbers.has(name) ? null : "") : value;
  return json;
}

interface Submitted {
  intent: "create" | "update";
  id: string | undefined;
  fields: Array<[string, string]>;
  firstFile: Awaited<ReturnType<typeof readLeadingFields>>["firstFile"];
  form: IncomingForm;
  fileRules: Record<string, FileRule>;
  /** Its files went ahead as resumable uploads, kept on the server when the save is sent back. */
  uploadsKept?: boolean;
}

export async function saveRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  { intent, id, fields, firstFile, form, fileRules, uploadsKept = false }: Submitted,
) {
  const { definition } = adapter;
  const call = intent === "create" ? adapter.create : adapter.update;
  const success = intent === "create" ? definition.messages.created : definition.messages.updated;
  const failure = intent === "create" ? definition.messages.createFailed : definition.messages.updateFailed;
  if (!call || !failure) return refused(FORM_MESSAGES.invalidRequest);

  const relationFields = adapter.relations ? relationFieldsOf(definition.fields) : new Map<string, FieldDefinition>();
  const relationEdits = intent === "update" ? readRelationEdits(fields, relationFields) : NO_RELATION_EDITS;
  let formData = formDataOf(fields);
  // The pickers' lists: to check the chosen ids, and to offer them again in a form sent back.
  const pickerLists = adapter.choices ? readPickerLists(admin.api, adapter.choices, definition.fields) : Promise.resolve(undefined);
  pickerLists.catch(() => undefined);
  const echo = echoedForm(definition);
  /** What the form sent back shows was stored when its values were: its `SHOWN_FIELD` again (app/admin-kit/edit-conflicts.ts). */
  let shown = echoedShown(definition.fields, firstValue(fields, SHOWN_FIELD));
  /** The form back to the admin as typed, its pickers still showing what was chosen (JavaScript off, the page is drawn anew). */
  const sendBack = async (
    result: SubmissionResult<string[]>,
    status: number,
    { alert, conflict, duplicates }: { alert?: AlertMessage; conflict?: EditConflict; duplicates?: DuplicateWarning } = {},
  ) => {
    const lists = await pickerLists;
    const choices = lists ? formChoices(lists, definition.fields, { chosen: chosenIn(formData, definition.fields) }) : undefined;
    return data<ScreenActionData>(
      {
        result: echo(result),
        ...(alert ? { alert } : {}),
        ...(choices ? { choices } : {}),
        ...(shown ? { shown } : {}),
        ...(conflict ? { conflict } : {}),
        ...(duplicates ? { duplicates } : {}),
      },
      { status },
    );
  };
  const recordId = intent === "update" ? id : undefined;
  const schema = schemaAllowingUnresolved(definition.schema, relationEdits.unresolved.keys());

  // An edit is merged with the record as the upstream holds it now, read just before the write
  // (merge.server.ts): what the admin left alone takes the current values.
  let before: StoredRecord | undefined;
  let conflicts: ConflictingField[] = [];
  if (recordId !== undefined) {
    let current: Rec | undefined;
    try {
      current = await currentRecord(admin.api, adapter, recordId);
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      // A read that failed: the screen's own message (the upstream's text is for a refused write).
      return sendBack(parseWithZod(formData, { schema }).reply(), refusalStatus(error), { alert: alertOf("error", failure) });
    }
    if (current === undefined) return sendBack(parseWithZod(formData, { schema }).reply(), 404, { alert: alertOf("error", CONFLICT_MESSAGES.gone) });
    const lists = await pickerLists.catch(() => undefined);
    before = recordAsShown(adapter, current, lists);
    const base = readShown(definition.fields, shown);
    if (base) {
      const merged = mergeWithCurrent({
        fields: definition.fields,
        entries: fields,
        shown: base,
        current: before.values,
        leftAsStored: new Set(relationEdits.unresolved.keys()),
        display: (field, value) => displayedValue(field, value, lists),
      });
      formData = formDataOf(merged.entries);
      conflicts = merged.conflicts;
    }
    // The form sent back shows the merged values: what is stored now, and the admin's changes.
    shown = base ? shownAfterConflict(definition.fields, before.values, base, conflicts) : shownDigest(definition.fields, before.values);
  }

  let submission = parseWithZod(formData, { schema });
  let legacy: Record<string, string> = {};
  if (submission.status !== "success" && before) {
    // A stored value that fails today's rule stands while the admin leaves it as it is stored.
    legacy = legacyValues(definition.schema, definition.fields, before.values);
    if (Object.keys(legacy).length > 0) submission = parseWithZod(formData, { schema: schemaKeepingLegacy(schema, legacy) });
  }
  if (submission.status !== "success") {
    return sendBack(submission.reply(), 400);
  }
  if (conflicts.length > 0) {
    // Changed here and elsewhere: nothing is written until the admin chooses, field by field.
    return sendBack(submission.reply({ formErrors: [CONFLICT_MESSAGES.notice] }), 409, { conflict: { fields: conflicts, shown: shown ?? "" } });
  }

  const values: Record<string, unknown> = { ...submission.value };
  for (const field of definition.fields) {
    const value = values[field.name];
    // A legacy value kept as stored is sent back as it is, not cleaned into another.
    if (field.type === "textEditor" && typeof value === "string" && legacy[field.name] !== value) values[field.name] = cleanEditorHtml(value);
  }
  const omitted = keepUnresolvedRelations(values, relationEdits, relationFields);
  const context: WriteContext = { api: admin.api, id: recordId, omitted };
  const typedValues = values as z.output<S>;
  const lists = await pickerLists;
  // A chosen author, genre... must be one of its list's: a forged id, or one deleted meanwhile, goes no further.
  const unknown = lists ? unknownChoices(lists, definition.fields, values) : {};
  if (Object.keys(unknown).length > 0) return sendBack(submission.reply({ fieldErrors: unknown }), 400);
  // An edit's fields left as stored (compared as a save stores them): for the duplicate check and a partial update.
  const unchanged = new Set(
    before ? definition.fields.filter((field) => field.type !== "file" && isStoredValue(field, before.values[field.name], values[field.name])).map((field) => field.name) : [],
  );
  // A likely duplicate is written only once the admin saw it and pressed "Simpan tetap".
  const likely = await duplicateWarning(admin, adapter, values, {
    id: recordId,
    unchanged,
    options: lists?.options,
    confirmed: firstValue(fields, DUPLICATE_CONFIRM_FIELD),
  });
  if (likely) {
    // Without JavaScript the chosen files came with this form and are not kept: the admin chooses them again.
    const filesDropped = !uploadsKept && Boolean(firstFile?.filename);
    return sendBack(submission.reply(), 409, { duplicates: filesDropped ? { ...likely, filesDropped } : likely });
  }
  if (before && "partial" in call && call.partial) {
    for (const field of definition.fields) {
      // A relation the form could not show, or cleared on purpose, was settled by its marker above.
      if (relationEdits.unresolved.has(field.name) || relationEdits.cleared.has(field.name)) continue;
      if (unchanged.has(field.name)) omitted.add(field.name);
    }
  }
  // Relations named by the options the admin chose from, files by the names chosen.
  const changes = () => fieldChanges(definition.fields, before?.values, values, { options: lists?.options, chosenFiles: form.chosenFiles });
  const findId = () => findCreatedId(admin, adapter, values);
  // The audit log's pending entry first: a change it cannot record is not sent.
  let audit: AuditTrail;
  try {
    audit = auditOf(admin, definition, before?.label).begin(intent, context.id ?? null, changes);
  } catch (error) {
    if (!(error instanceof AuditUnavailable)) throw error;
    return sendBack(submission.reply(), 503, { alert: alertOf("error", AUDIT_MESSAGES.unavailable) });
  }

  try {
    if ("staged" in call) {
      refuseDeclaredOversize(form, firstFile, fileRules);
      let pending = firstFile;
      const files: IncomingFiles = {
        async next() {
          const part = pending ?? (await nextFile(form, fileRules));
          pending = undefined;
          return part ? { part, rule: fileRules[part.name] } : undefined;
        },
      };
      await call.staged(typedValues, files, context);
      audit.ok(context.id, findId);
      return redirectWithAlert(admin.session, listLocation(request, { created: intent === "create" }), success ? { type: "success", message: success } : undefined);
    }
    const upstreamRequest = {
      method: call.method,
      path: typeof call.path === "function" ? call.path(context.id) : call.path,
      service: adapter.service,
    };
    const body = call.body ? await call.body(typedValues, context) : defaultBody(definition, values, context);
    let answer: unknown;
    if (call.encoding === "json") {
      answer = await admin.api.call(z.unknown(), { ...upstreamRequest, json: jsonBody(body, definition.fields) });
    } else {
      const required = intent === "create" ? definition.fields.filter((field) => field.requiredOnCreate).map((field) => field.name) : [];
      answer = await relayMultipart(form, {
        fields: multipartEntries(body),
        firstFile,
        rules: fileRules,
        required,
        send: (stream, contentType) =>
          admin.api.call(z.unknown(), {
            ...upstreamRequest,
            body: stream,
            contentType,
            // A large file on a slow link takes longer than an ordinary call may.
            timeoutMs: getConfig().requestTimeoutMs,
          }),
      });
    }
    audit.ok(context.id ?? createdId(answer), findId);
  } catch (error) {
    if (error instanceof FormRejected) {
      // Refused here, on the way: the upstream stored nothing (its body was cut short, if it had begun).
      audit.failed(error);
      return sendBack(submission.reply({ fieldErrors: { [error.field]: [error.message] } }), error.status);
    }
    if (isUpstreamError(error) || error instanceof WriteFailed) {
      audit.failed(error);
      const message = error instanceof WriteFailed ? error.message : failureMessage(definition.messages, failure, error);
      return sendBack(submission.reply(), refusalStatus(error), { alert: alertOf("error", message) });
    }
    if (isFileSystemError(error)) {
      // A stored upload that could not be read on the way (DATA_DIR/uploads): the body sent upstream was cut.
      log("save_file_read_failed", { screen: definition.id, code: error.code, ...errorFields(error) });
      audit.failed(error);
      return sendBack(submission.reply(), 503, { alert: alertOf("error", UPLOAD_MESSAGES.storageFailed) });
    }
    audit.failed(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    // Whatever the answer (a timeout may have written it): what shows this resource is read again.
    clearResource(adapter.resource);
  }
  return redirectWithAlert(admin.session, listLocation(request, { created: intent === "create" }), success ? { type: "success", message: success } : undefined);
}
