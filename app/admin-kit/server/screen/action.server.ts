import type * as z from "zod";
import type { Cells } from "~/admin-kit/screen";
import { BULK_DELETE_INTENT } from "~/admin-kit/bulk";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import { PICK_FIELD } from "~/admin-kit/pickers";
import { isRecordId } from "~/admin-kit/url-state";
import { endingSessionOnRefusal, type AdminContext } from "~/platform/auth.server";
import { FormRejected, IncomingForm, MalformedForm, readLeadingFields, type FileRule } from "~/platform/multipart.server";
import { removeUploads } from "~/platform/uploads.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { firstValue, refused } from "./answers.server.ts";
import { answerPick } from "./pick.server.ts";
import { bulkDelete } from "./bulk.server.ts";
import { removeRecord } from "./remove.server.ts";
import { fileRulesOf } from "./file-rules.server.ts";
import { saveRecord } from "./save.server.ts";
import { createOnlyRecord } from "./single-record.server.ts";
import { formWithStoredUploads, namesStoredUploads } from "./stored-uploads.server.ts";
import { savedOnce } from "./submit-once.server.ts";
import { toggleRecord } from "./toggle.server.ts";

/**
 * Handles the screen's forms, told apart by their `intent` field: create, update, delete,
 * toggle, bulk delete (bulk.server.ts); a create or update sent by a picker's search button (PICK_FIELD) only searches. The body is read as a stream; on every path its rest is drained before answering.
 * Whichever it is, an upstream that refused the session's token on any of its calls ends the
 * session (`endingSessionOnRefusal`): the admin lands on `/`, logged out, as a load would.
 */
export function screenAction<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
) {
  return endingSessionOnRefusal(admin, request, () => dispatch(admin, request, adapter));
}

async function dispatch<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
) {
  let form: IncomingForm;
  try {
    form = IncomingForm.open(request);
  } catch (error) {
    if (error instanceof MalformedForm) return refused(FORM_MESSAGES.malformed);
    throw error;
  }
  try {
    const fileRules = fileRulesOf(adapter.definition);
    const { fields, firstFile } = await readLeadingFields(form, new Set(Object.keys(fileRules)));
    const intent = firstValue(fields, "intent");
    const id = firstValue(fields, "id");
    if (intent === "delete" && isRecordId(id)) return await removeRecord(admin, request, adapter, id);
    if (intent === BULK_DELETE_INTENT) return await bulkDelete(admin, request, adapter, fields);
    const on = firstValue(fields, "on");
    if (intent === "toggle" && isRecordId(id) && (on === "true" || on === "false")) return await toggleRecord(admin, request, adapter, id, on === "true");
    if (intent === "create" || (intent === "update" && isRecordId(id))) {
      const picked = firstValue(fields, PICK_FIELD);
      if (picked !== undefined) return await answerPick(admin, adapter, fields, picked);
      const save = (by: AdminContext) => () =>
        namesStoredUploads(fields)
          ? saveWithStoredUploads(by, request, adapter, { intent, id, fields, fileRules, sentFile: firstFile })
          : saveRecord(by, request, adapter, { intent, id, fields, firstFile, form, rules: fileRules });
      // A form sent twice is written once (submit-once.server.ts).
      return await savedOnce(admin, adapter, fields, (by) => (intent === "create" && adapter.create && adapter.definition.singleRecord ? createOnlyRecord(by, adapter, save(by)) : save(by)()));
    }
    return refused(FORM_MESSAGES.invalidRequest);
  } catch (error) {
    if (error instanceof MalformedForm) return refused(FORM_MESSAGES.malformed);
    if (error instanceof FormRejected) return refused(error.message, error.status);
    throw error;
  } finally {
    await form.discard();
  }
}

/**
 * A save whose files went ahead as resumable uploads: the form they stand for is saved as any
 * form is, and the uploads are deleted once the record is (kept, for another try, when it is not).
 */
async function saveWithStoredUploads<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  { intent, id, fields, fileRules, sentFile }: { intent: "create" | "update"; id: string | undefined; fields: Array<[string, string]>; fileRules: Record<string, FileRule>; sentFile: unknown },
) {
  // Files both sent and named as uploads: not a form of ours.
  if (sentFile) return refused(FORM_MESSAGES.malformed);
  const stored = await formWithStoredUploads(admin, adapter.definition, fields);
  if ("refusal" in stored) return refused(stored.refusal, stored.status);
  try {
    const answer = await saveRecord(admin, request, adapter, { intent, id, fields: stored.fields, firstFile: stored.firstFile, form: stored.form, rules: fileRules, uploadsKept: true });
    if (answer instanceof Response && answer.status >= 300 && answer.status < 400) await removeUploads(stored.uploadIds);
    return answer;
  } finally {
    await stored.form.discard();
  }
}
