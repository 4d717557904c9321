import * as z from "zod";
import type { AlertType, Cells } from "~/admin-kit/screen";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import { AUDIT_MESSAGES, AuditUnavailable } from "~/platform/audit.server";
import { clearResource } from "~/platform/cache.server";
import type { AdminContext } from "~/platform/auth.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { isUpstreamError } from "~/platform/upstream.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { failureMessage, listLocation, refused } from "./answers.server.ts";
import { auditOf, storedRecord, type AuditTrail } from "./audit-trail.server.ts";

export async function removeRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
) {
  const { definition } = adapter;
  if (!definition.remove || !adapter.removePath) return refused(FORM_MESSAGES.invalidRequest);
  let alert: { type: AlertType; message: string } | undefined;
  // Read before the delete: afterwards the record, and so its name, is gone.
  const before = await storedRecord(admin, adapter, id, { withChoices: false });
  // The audit log's pending entry first: a delete it cannot record is not sent.
  let audit: AuditTrail;
  try {
    audit = auditOf(admin, definition, before?.label).begin("delete", id, () => []);
  } catch (error) {
    if (!(error instanceof AuditUnavailable)) throw error;
    return redirectWithAlert(admin.session, listLocation(request), { type: "error", message: AUDIT_MESSAGES.unavailable });
  }
  try {
    await admin.api.call(z.unknown(), { method: "DELETE", path: adapter.removePath(id), service: adapter.service });
    audit.ok();
    if (definition.messages.deleted) alert = { type: "success", message: definition.messages.deleted };
  } catch (error) {
    audit.failed(error instanceof Error ? error : new Error(String(error)));
    if (!isUpstreamError(error)) throw error;
    alert = { type: "error", message: failureMessage(definition.messages, definition.messages.deleteFailed ?? definition.messages.loadFailed, error) };
  } finally {
    // Whatever the answer (a timeout may have deleted it): what shows this resource is read again.
    clearResource(adapter.resource);
  }
  return redirectWithAlert(admin.session, listLocation(request), alert);
}
