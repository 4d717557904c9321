import type * as z from "zod";
import { DUPLICATE_CONFIRM_FIELD, type DuplicateWarning } from "~/admin-kit/duplicates";
import { SHOWN_FIELD } from "~/admin-kit/edit-conflicts";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import type { Cells, FieldDefinition, ScreenActionData } from "~/admin-kit/screen";
import type { AdminContext } from "~/platform/auth.server";
import { encodeMultipartFields, IncomingForm, readLeadingFields } from "~/platform/multipart.server";
import type { ResourceAdapter } from "../screen/adapter.server.ts";
import { fileRulesOf } from "../screen/file-rules.server.ts";
import { saveRecord, type Submitted } from "../screen/save.server.ts";

/**
 * One imported row saved as the screen's own form would save it (save.server.ts): its rules,
 * its record locks, the merge with the record as stored now, the duplicate check, the audit log
 * and the caches cleared; an update that changes nothing is not written. The answer the form
 * would get is read back as the row's outcome.
 */

export type RowSaved =
  | { written: "created" | "updated" | "unchanged"; id: string | null }
  | { duplicates: DuplicateWarning }
  /** Refused for the row itself (its values, a conflict): the run goes on. `transient`: the upstream or a lock failed, worth another try. */
  | { failed: string; transient: boolean };

/** What the run reads once for all its rows, handed to each row's save as it is (save.server.ts `Submitted`). */
type RunShared = Pick<Submitted, "duplicatesAmong" | "pickerLists" | "findCreated">;

export interface RowForm extends RunShared {
  intent: "create" | "update";
  id?: string;
  entries: Array<[string, string]>;
  shown?: string;
  confirm?: string;
}

/** A form body with no file, as the save reads any (its relay to the upstream reads the rest: nothing). */
async function bodyless(): Promise<IncomingForm> {
  const { body, contentType } = encodeMultipartFields([]);
  const form = IncomingForm.open(new Request("http://localhost/", { method: "POST", headers: { "content-type": contentType }, body: body as Uint8Array<ArrayBuffer> }));
  await readLeadingFields(form, new Set());
  return form;
}

/** Where a save sent back by the screen says why: its alert, else its fields' errors with their labels. */
function refusalOf(answer: ScreenActionData, fields: readonly FieldDefinition[]): string {
  if (answer.conflict) {
    const labels = answer.conflict.fields.map((field) => field.label);
    return `Data ini diubah di tempat lain sejak pratinjau (${labels.join(", ")}); tidak ditulis. Ekspor ulang daftar ini lalu impor lagi.`;
  }
  if (answer.alert) return answer.alert.message;
  const labels = new Map(fields.map((field) => [field.name, field.label]));
  const errors = Object.entries(answer.result?.error ?? {}).flatMap(([name, messages]) => (messages ?? []).map((message) => (labels.has(name) ? `${labels.get(name)}: ${message}` : message)));
  return errors.join(" ") || FORM_MESSAGES.invalidRequest;
}

export async function saveRow<Rec, C extends Cells, S extends z.ZodObject>(admin: AdminContext, adapter: ResourceAdapter<Rec, C, S>, row: RowForm): Promise<RowSaved> {
  const { definition } = adapter;
  const fields: Array<[string, string]> = [["intent", row.intent]];
  if (row.id !== undefined) fields.push(["id", row.id]);
  fields.push(...row.entries);
  if (row.shown !== undefined) fields.push([SHOWN_FIELD, row.shown]);
  if (row.confirm !== undefined) fields.push([DUPLICATE_CONFIRM_FIELD, row.confirm]);
  const form = await bodyless();
  let written: RowSaved | undefined;
  try {
    const answer = await saveRecord(
      admin,
      new Request(`http://localhost/admin/${definition.id}`, {
        method: "POST",
      }),
      adapter,
      {
        intent: row.intent,
        id: row.id,
        fields,
        form,
        firstFile: undefined,
        rules: fileRulesOf(definition),
        duplicatesAmong: row.duplicatesAmong,
        pickerLists: row.pickerLists,
        findCreated: row.findCreated,
        written: (id) => {
          written = {
            written: row.intent === "create" ? "created" : "updated",
            id,
          };
          return new Response(null, { status: 204 });
        },
        whenUnchanged: () => {
          written = { written: "unchanged", id: row.id ?? null };
          return new Response(null, { status: 204 });
        },
      }
    );
    if (written) return written;
    if (answer instanceof Response)
      return {
        failed: FORM_MESSAGES.invalidRequest,
        transient: answer.status >= 500,
      };
    const status = answer.init?.status ?? 200;
    if (answer.data.duplicates) return { duplicates: answer.data.duplicates };
    return {
      failed: refusalOf(answer.data, definition.fields),
      transient: status >= 500 || status === 423,
    };
  } finally {
    await form.discard();
  }
}
