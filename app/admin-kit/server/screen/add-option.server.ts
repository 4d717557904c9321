import { DUPLICATE_CONFIRM_FIELD } from "~/admin-kit/duplicates";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import { ADDED_LABEL_FIELD, PICKER_ADD_TEXTS, type OptionAdded } from "~/admin-kit/pickers";
import type { ScreenActionData } from "~/admin-kit/screen";
import type { AdminContext } from "~/platform/auth.server";
import { FormRejected, IncomingForm, MalformedForm, readLeadingFields } from "~/platform/multipart.server";
import type { ChoiceSource } from "./adapter.server.ts";
import { firstValue } from "./answers.server.ts";
import { fileRulesOf } from "./file-rules.server.ts";
import { saveRecord } from "./save.server.ts";

/**
 * "Tambah pengarang baru «…»" in a picker (app/admin-kit/pickers.ts): the typed label is saved by
 * the list's own screen as its add form would save it (its rules, the duplicate check and its
 * locks, the audit log, the caches cleared), and answered as JSON for the picker: the new option,
 * to be picked, or the likely duplicates, or why it was not added.
 */
export async function addOption(admin: AdminContext, request: Request, source: ChoiceSource): Promise<Response> {
  const { adapter } = source;
  const failed = (error: string, status: number) => answered({ error }, status);
  let form: IncomingForm;
  try {
    form = IncomingForm.open(request);
  } catch (error) {
    if (error instanceof MalformedForm) return failed(FORM_MESSAGES.malformed, 400);
    throw error;
  }
  try {
    const { fields, firstFile } = await readLeadingFields(form, new Set());
    // A label and a confirmation, nothing else: no file, and no field of the screen's own.
    if (firstFile) return failed(FORM_MESSAGES.malformed, 400);
    const label = firstValue(fields, ADDED_LABEL_FIELD) ?? "";
    const confirm = firstValue(fields, DUPLICATE_CONFIRM_FIELD);
    const [labelField] = source.labelColumns;
    const answer = await saveRecord(admin, request, adapter, {
      intent: "create",
      id: undefined,
      fields: [["intent", "create"], [labelField, label], ...(confirm === undefined ? [] : [[DUPLICATE_CONFIRM_FIELD, confirm] as [string, string]])],
      form,
      firstFile: undefined,
      rules: fileRulesOf(adapter.definition),
      written: (id) =>
        id === null
          ? failed(PICKER_ADD_TEXTS.notFound(adapter.definition.menu.alias.toLocaleLowerCase("id-ID")), 202)
          : answered({ added: { value: id, label: label.trim() } }, 201),
    });
    return answer instanceof Response ? answer : asOptionAnswer(answer.data, answer.init?.status ?? 200, labelField);
  } catch (error) {
    if (error instanceof MalformedForm) return failed(FORM_MESSAGES.malformed, 400);
    if (error instanceof FormRejected) return failed(error.message, error.status);
    throw error;
  } finally {
    await form.discard();
  }
}

function answered(answer: OptionAdded, status: number): Response {
  return Response.json(answer, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** The screen's answer (its form sent back) as the picker reads it: the duplicates, or the first reason given. */
function asOptionAnswer(answer: ScreenActionData, status: number, labelField: string): Response {
  if (answer.duplicates) return answered({ duplicates: answer.duplicates }, 409);
  const errors = answer.result?.error ?? {};
  const reason = errors[labelField]?.[0] ?? answer.alert?.message ?? Object.values(errors).flat().find(Boolean) ?? FORM_MESSAGES.invalidRequest;
  return answered({ error: reason }, status >= 400 ? status : 400);
}
