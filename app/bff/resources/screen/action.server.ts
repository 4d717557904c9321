import type * as z from "zod";
import type { Cells } from "~/admin/resource";
import { FORM_MESSAGES } from "~/admin/messages";
import { PICK_FIELD } from "~/admin/pickers";
import { isRecordId } from "~/admin/url-state";
import type { AdminContext } from "../../auth.server.ts";
import { FormRejected, IncomingForm, MalformedForm, readLeadingFields } from "../../multipart.server.ts";
import type { ResourceAdapter } from "./adapter.server.ts";
import { firstValue, refused } from "./answers.server.ts";
import { answerPick } from "./pick.server.ts";
import { removeRecord } from "./remove.server.ts";
import { fileRulesOf, saveRecord } from "./save.server.ts";
import { toggleRecord } from "./toggle.server.ts";

/**
 * Handles the screen's forms, told apart by their `intent` field: create, update, delete,
 * toggle; a create or update sent by a picker's search button (PICK_FIELD) only searches. The body is read as a stream; on every path its rest is drained before answering.
 */
export async function screenAction<Rec, C extends Cells, S extends z.ZodObject>(
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
    if (intent === "toggle" && isRecordId(id)) return await toggleRecord(admin, request, adapter, id, firstValue(fields, "on") === "true");
    if (intent === "create" || (intent === "update" && isRecordId(id))) {
      const picked = firstValue(fields, PICK_FIELD);
      if (picked !== undefined) return await answerPick(admin, adapter, fields, picked);
      return await saveRecord(admin, request, adapter, { intent, id, fields, firstFile, form, fileRules });
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
