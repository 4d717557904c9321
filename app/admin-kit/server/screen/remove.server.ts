import * as z from "zod";
import type { AlertType, Cells } from "~/admin-kit/screen";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import { AUDIT_MESSAGES, AuditUnavailable } from "~/platform/audit.server";
import { clearResource } from "~/platform/cache.server";
import type { AdminContext } from "~/platform/auth.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { withRecordLocks } from "~/platform/record-locks.server";
import { isUpstreamError } from "~/platform/upstream.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { failureMessage, listLocation, refused } from "./answers.server.ts";
import { auditOf, storedRecord, type AuditTrail } from "./audit-trail.server.ts";
import { lockRefusal, recordLockKey } from "./locks.server.ts";

export async function removeRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
) {
  const { definition } = adapter;
  const { removePath } = adapter;
  if (!definition.remove || !removePath) return refused(FORM_MESSAGES.invalidRequest);
  let alert: { type: AlertType; message: string } | undefined;
  try {
    // A save or a switch of this record in flight ends first (locks.server.ts).
    alert = await withRecordLocks([recordLockKey(adapter, id)], () => deleteRecord(admin, adapter, id, removePath(id)));
  } catch (error) {
    const refusal = lockRefusal(error, definition.id);
    if (!refusal) throw error;
    alert = { type: "error", message: refusal.message };
  }
  return redirectWithAlert(admin.session, listLocation(request), alert);
}

/** The delete itself: the record read for its name, the audit log's pending entry, the upstream's call. */
async function deleteRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
  path: string,
): Promise<{ type: AlertType; message: string } | undefined> {
  const { definition } = adapter;
  // Read before the delete: afterwards the record, and so its name, is gone.
  const before = await storedRecord(admin, adapter, id, { withChoices: false });
  // The audit log's pending entry first: a delete it cannot record is not sent.
  let audit: AuditTrail;
  try {
    audit = await auditOf(admin, definition, before?.label).begin("delete", id, () => []);
  } catch (error) {
    if (!(error instanceof AuditUnavailable)) throw error;
    return { type: "error", message: AUDIT_MESSAGES.unavailable };
  }
  try {
    await admin.api.call(z.unknown(), { method: "DELETE", path, service: adapter.service });
    audit.ok();
    return definition.messages.deleted ? { type: "success", message: definition.messages.deleted } : undefined;
  } catch (error) {
    audit.failed(error instanceof Error ? error : new Error(String(error)));
    if (!isUpstreamError(error)) throw error;
    return { type: "error", message: failureMessage(definition.messages, definition.messages.deleteFailed ?? definition.messages.loadFailed, error) };
  } finally {
    // Whatever the answer (a timeout may have deleted it): what shows this resource is read again.
    clearResource(adapter.resource);
  }
}
