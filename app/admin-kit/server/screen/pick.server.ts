import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import * as z from "zod";
import { SHOWN_FIELD } from "~/admin-kit/edit-conflicts";
import { pickerFields, pickSearchName } from "~/admin-kit/pickers";
import type { Cells, ScreenActionData } from "~/admin-kit/screen";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import { SEARCH_MAX_LENGTH } from "~/admin-kit/url-state";
import type { AdminContext } from "~/platform/auth.server";
import { formDataOf } from "~/platform/forms.server";
import { isUpstreamError } from "~/platform/upstream.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { alertOf, echoedForm, firstValue, refused } from "./answers.server.ts";
import { chosenIn, formChoices, readPickerLists, searchChoices } from "./choices.server.ts";
import { echoedShown } from "./merge.server.ts";

/**
 * A picker's search without JavaScript (app/admin-kit/pickers.ts): its "Cari" button posts the whole
 * form, which comes back as typed (files aside: a browser cannot be handed a file back), the
 * picker offering what matched its search box, every other keeping its choice. Nothing is saved.
 */
export async function answerPick<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  fields: Array<[string, string]>,
  pickedField: string,
) {
  const { definition } = adapter;
  const picker = pickerFields(definition.fields).find((field) => field.name === pickedField);
  if (!adapter.choices || !picker) return refused(FORM_MESSAGES.invalidRequest);
  const q = (firstValue(fields, pickSearchName(picker.name)) ?? "").trim().slice(0, SEARCH_MAX_LENGTH);

  const formData = formDataOf(fields);
  // Not checked yet: the admin is still filling it in.
  const reply = echoedForm(definition)(parseWithZod(formData, { schema: z.object({}) }).reply());
  // What the form showed goes back with it: the values sent back are still those it stands for.
  const shown = echoedShown(definition.fields, firstValue(fields, SHOWN_FIELD));
  const echoed = { result: reply, ...(shown ? { shown } : {}) };
  const source = adapter.choices[picker.optionsFrom];
  const lists = await readPickerLists(admin.api, adapter.choices, definition.fields);
  const unreadable = (message: string) => data<ScreenActionData>({ ...echoed, alert: alertOf("error", message) }, { status: 503 });
  const failure = lists.failures[picker.name];
  if (failure !== undefined) return unreadable(failure);

  let answer;
  try {
    answer = await searchChoices(admin.api, source, q);
  } catch (error) {
    // Read a moment ago, the list may have been dropped by a write and failed to be read again.
    if (!isUpstreamError(error)) throw error;
    return unreadable(error.shownMessage ?? source.failed);
  }
  const choices = formChoices(lists, definition.fields, { chosen: chosenIn(formData, definition.fields), search: { field: picker.name, q, answer } });
  return data<ScreenActionData>({ ...echoed, choices });
}
