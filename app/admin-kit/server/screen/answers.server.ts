import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type * as z from "zod";
import type { AlertMessage, AlertType, FieldDefinition, ResourceMessages, ScreenActionData } from "~/admin-kit/screen";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { backTo } from "~/admin-kit/pickers";
import { SUBMISSION_FIELD } from "~/admin-kit/submissions";
import { BACK_PARAM, screenHref } from "~/admin-kit/url-state";
import { boundedReply } from "~/platform/forms.server";
import type { UpstreamError } from "~/platform/upstream.server";
import { WriteFailed } from "./adapter.server.ts";

/** How a screen's actions answer: alerts, where to go back to, and the status of a refusal. */

let alertCounter = 0;
export function alertOf(type: AlertType, message: string): AlertMessage {
  alertCounter = (alertCounter + 1) % Number.MAX_SAFE_INTEGER;
  return { id: `${Date.now().toString(36)}-${alertCounter}`, type, message };
}

/**
 * Where the screen goes after an action: its list, in the view it was showing (search, order,
 * page); after a create, the list's first page in its default order, newest first, where the new
 * record is, or the form whose picker's link opened the add form (`BACK_PARAM`).
 */
export function listLocation(request: Request, { created = false } = {}): string {
  const url = new URL(request.url);
  // Opened from another form's picker without JavaScript ("Tambah pengarang baru"): back to it.
  const back = created ? backTo(url.searchParams.get(BACK_PARAM)) : undefined;
  if (back) return back;
  if (created) return url.pathname;
  const query = screenHref(url.searchParams, "list");
  return query === "?" ? url.pathname : `${url.pathname}${query}`;
}

export function firstValue(fields: Array<[string, string]>, name: string): string | undefined {
  return fields.find(([fieldName]) => fieldName === name)?.[1];
}

/**
 * A form POSTed by the browser itself (JavaScript off) navigates; Remix's own fetches do not.
 * Only such a request is answered with a redirect where JavaScript would update in place.
 */
export function isDocumentSubmission(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  return mode === null || mode === "navigate";
}

export function refused(alert: string, status = 400) {
  return data<ScreenActionData>({ alert: alertOf("error", alert) }, { status });
}

/**
 * The status of a change the upstream did not make: 404 when the record is gone (deleted in
 * another tab), 422 when the upstream refused what was sent, 502 when it failed itself.
 */
export function refusalStatus(error: UpstreamError | WriteFailed): 404 | 422 | 502 {
  if (error instanceof WriteFailed) return error.upstream ? refusalStatus(error.upstream) : 502;
  if (error.kind !== "http") return 502;
  if (error.status === 404 || error.status === 410) return 404;
  return [400, 409, 413, 422].includes(error.status) ? 422 : 502;
}

/** The screen's failure message, or the upstream's own text where the screen prefers it. */
export function failureMessage(messages: ResourceMessages, fallback: string, error: UpstreamError): string {
  if (error.kind === "timeout") return ADMIN_MESSAGES.writeOutcomeUnknown;
  return messages.preferUpstreamError && error.shownMessage ? error.shownMessage : fallback;
}

/** Whether a save's answer says the upstream may have written it without saying so (a timeout): its copies are told the same, not written again. */
export function leftOutcomeUnknown(answer: ScreenActionData): boolean {
  return answer.alert?.message === ADMIN_MESSAGES.writeOutcomeUnknown;
}

/**
 * A refusal's reasons beside the form: by field where the upstream names one of the form's
 * (Laravel's 422), and its error text above the form where the alert does not already say it
 * (the spec's alerts are generic: "Gagal mengubah data!" said nothing of a legacy value refused).
 */
export function upstreamReasons(definition: { fields: readonly FieldDefinition[]; messages: ResourceMessages }, error: UpstreamError | WriteFailed) {
  const upstream = error instanceof WriteFailed ? error.upstream : error;
  if (!upstream) return undefined;
  const names = new Set(definition.fields.map((field) => field.name));
  const fieldErrors = Object.fromEntries(Object.entries(upstream.fieldMessages).flatMap(([name, reason]) => (names.has(name) ? [[name, [reason]]] : [])));
  const saidInAlert = definition.messages.preferUpstreamError === true || error instanceof WriteFailed;
  return { fieldErrors, formErrors: upstream.shownMessage && !saidInAlert ? [`Alasan dari server: ${upstream.shownMessage}`] : undefined };
}

/**
 * A form sent back to the admin shows what was typed, each field cut to its own maximum: never a
 * megabyte of it; and keeps its one-time id (app/admin-kit/submissions.ts).
 */
export function echoedForm(definition: { schema: z.ZodObject; fields: readonly FieldDefinition[] }) {
  const otherFields = [...definition.fields.map((field) => field.name), "intent", "id", SUBMISSION_FIELD];
  return (result: SubmissionResult<string[]>) => boundedReply(result, definition.schema, { otherFields });
}
