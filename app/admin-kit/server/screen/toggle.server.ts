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
import { EXPORT_TEXT, type ResourceAdapter } from "./adapter.server.ts";
import { alertOf, isDocumentSubmission, listLocation, refused, refusalStatus } from "./answers.server.ts";
import { auditOf, type AuditTrail } from "./audit-trail.server.ts";
import { currentRecord } from "./current-record.server.ts";
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

/**
 * The switch itself, audited: undefined when it was made, else why not (its status and message).
 * The record is read as the upstream holds it now (the list's copy may be a minute old): its name
 * and its state before go into the audit log, and a record already in the state asked for is not
 * written again (another tool switched it meanwhile), only shown anew.
 */
async function switchRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  toggle: NonNullable<ResourceAdapter<Rec, C, S>["toggle"]>,
  id: string,
  on: boolean,
): Promise<{ status: number; message: string } | undefined> {
  const { definition } = adapter;
  const failed = definition.messages.toggleFailed ?? definition.messages.loadFailed;
  let stored: Rec | undefined;
  try {
    stored = await currentRecord(admin.api, adapter, id);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return { status: refusalStatus(error), message: failed };
  }
  if (stored === undefined) return { status: 404, message: failed };
  const cells = adapter.cells(stored, EXPORT_TEXT);
  const wasOn = definition.toggle?.isOn(cells) ?? !on;
  if (wasOn === on) {
    await patchScreenReadModel(admin.api, adapter, { changed: id }, clearResource(adapter.resource));
    return undefined;
  }
  const label = definition.toggle?.label ?? "";
  const shown = (state: boolean) => (state ? "Ya" : "Tidak");
  const change = (): FieldChange[] => [{ field: "status", label, kind: "text", from: shown(wasOn), to: shown(on) }];
  // The audit log's pending entry first: a switch it cannot record is not sent.
  let audit: AuditTrail;
  try {
    audit = await auditOf(admin, definition, definition.rowLabel(cells)).begin("toggle", id, change);
  } catch (error) {
    if (!(error instanceof AuditUnavailable)) throw error;
    return { status: 503, message: AUDIT_MESSAGES.unavailable };
  }
  let cleared: WriteClear;
  try {
    await toggle(admin.api, stored, on);
    audit.ok();
  } catch (error) {
    audit.failed(error instanceof Error ? error : new Error(String(error)));
    if (!isUpstreamError(error)) throw error;
    return { status: refusalStatus(error), message: failed };
  } finally {
    // Whatever the answer (a timeout may have switched it): what shows this resource is read again.
    cleared = clearResource(adapter.resource);
  }
  // The list the admin sees again takes the switched record in place: not read whole again.
  await patchScreenReadModel(admin.api, adapter, { changed: id }, cleared);
  return undefined;
}
