import { data } from "@remix-run/node";
import type * as z from "zod";
import type { FieldChange } from "~/lib/audit";
import type { Cells, ScreenActionData } from "~/admin-kit/screen";
import { ADMIN_MESSAGES, FORM_MESSAGES } from "~/admin-kit/messages";
import { AUDIT_MESSAGES, AuditUnavailable } from "~/platform/audit.server";
import { clearResource, type WriteClear } from "~/platform/cache.server";
import type { AdminContext } from "~/platform/auth.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { withRecordLocks } from "~/platform/record-locks.server";
import { isUpstreamError } from "~/platform/upstream.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { alertOf, isDocumentSubmission, listLocation, refused, refusalStatus } from "./answers.server.ts";
import { auditOf, type AuditTrail } from "./audit-trail.server.ts";
import { lockRefusal, recordLockKey } from "./locks.server.ts";
import { patchScreenReadModel } from "./read-model.server.ts";

export async function toggleRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
  on: boolean,
) {
  const { definition } = adapter;
  if (!definition.toggle || !adapter.toggle) return refused(FORM_MESSAGES.invalidRequest);
  const toggle = adapter.toggle;
  let outcome: { status: number; message: string } | undefined;
  try {
    // A save or a delete of this record in flight ends first (locks.server.ts).
    outcome = await withRecordLocks([recordLockKey(adapter, id)], () => switchRecord(admin, adapter, toggle, id, on));
  } catch (error) {
    outcome = lockRefusal(error, definition.id);
    if (!outcome) throw error;
  }
  const done = definition.messages.updated ?? ADMIN_MESSAGES.updated;
  if (isDocumentSubmission(request)) {
    return redirectWithAlert(admin.session, listLocation(request), outcome ? { type: "error", message: outcome.message } : { type: "success", message: done });
  }
  // With JavaScript the row changes in place (spec §4): no redirect, no reload of the list.
  return outcome
    ? data<ScreenActionData>({ alert: alertOf("error", outcome.message) }, { status: outcome.status })
    : data<ScreenActionData>({ toggled: { id, on }, alert: alertOf("success", done) });
}

/** The switch itself, audited: undefined when it was made, else why not (its status and message). */
async function switchRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  toggle: NonNullable<ResourceAdapter<Rec, C, S>["toggle"]>,
  id: string,
  on: boolean,
): Promise<{ status: number; message: string } | undefined> {
  const { definition } = adapter;
  const label = definition.toggle?.label ?? "";
  const change = (): FieldChange[] => [{ field: "status", label, kind: "text", from: on ? "Tidak" : "Ya", to: on ? "Ya" : "Tidak" }];
  // The audit log's pending entry first: a switch it cannot record is not sent.
  let audit: AuditTrail;
  try {
    audit = await auditOf(admin, definition).begin("toggle", id, change);
  } catch (error) {
    if (!(error instanceof AuditUnavailable)) throw error;
    return { status: 503, message: AUDIT_MESSAGES.unavailable };
  }
  let cleared: WriteClear;
  try {
    await toggle(admin.api, id, on);
    audit.ok();
  } catch (error) {
    audit.failed(error instanceof Error ? error : new Error(String(error)));
    if (!isUpstreamError(error)) throw error;
    return { status: refusalStatus(error), message: definition.messages.toggleFailed ?? definition.messages.loadFailed };
  } finally {
    // Whatever the answer (a timeout may have switched it): what shows this resource is read again.
    cleared = clearResource(adapter.resource);
  }
  // The list the admin sees again takes the switched record in place: not read whole again.
  await patchScreenReadModel(admin.api, adapter, { changed: id }, cleared);
  return undefined;
}
