import * as z from "zod";
import type { AlertType, Cells } from "~/admin-kit/screen";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import { AUDIT_MESSAGES, AuditUnavailable } from "~/platform/audit.server";
import { clearResource, type WriteClear } from "~/platform/cache.server";
import type { AdminContext } from "~/platform/auth.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { withRecordLocks } from "~/platform/record-locks.server";
import { isUpstreamError } from "~/platform/upstream.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { failureMessage, listLocation, refusalStatus, refused } from "./answers.server.ts";
import { auditOf, storedRecord, type AuditTrail } from "./audit-trail.server.ts";
import { lockRefusal, recordLockKey } from "./locks.server.ts";
import { patchScreenReadModel } from "./read-model.server.ts";

/**
 * What became of one record's delete: deleted, or why not (`status` as `refusalStatus` tells it:
 * 404 when it was already gone); and the clear it made, once the upstream was asked.
 */
export type RemoveOutcome = ({ deleted: true; alert?: { type: AlertType; message: string } } | { deleted: false; status: number; alert: { type: AlertType; message: string } }) & {
  cleared?: WriteClear;
};

export async function removeRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
) {
  const { definition } = adapter;
  if (!definition.remove || !adapter.removePath) return refused(FORM_MESSAGES.invalidRequest);
  const outcome = await removeOne(admin, adapter, id);
  // The list the admin lands on goes without the record: not read whole again.
  if (outcome.deleted && outcome.cleared) await patchScreenReadModel(admin.api, adapter, { deleted: [id] }, outcome.cleared);
  return redirectWithAlert(admin.session, listLocation(request), outcome.alert);
}

/**
 * One record's delete, the single delete's and each of a bulk delete's (bulk.server.ts): under
 * the record's lock, audited, the cache cleared. `label`, when the caller already holds the
 * record (a bulk delete read the list once), names it in the audit log without reading it again.
 */
export async function removeOne<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
  { label }: { label?: string } = {},
): Promise<RemoveOutcome> {
  const { definition, removePath } = adapter;
  if (!definition.remove || !removePath) return { deleted: false, status: 400, alert: { type: "error", message: FORM_MESSAGES.invalidRequest } };
  try {
    // A save or a switch of this record in flight ends first (locks.server.ts).
    return await withRecordLocks([recordLockKey(adapter, id)], () => deleteRecord(admin, adapter, id, removePath(id), label));
  } catch (error) {
    const refusal = lockRefusal(error, definition.id);
    if (!refusal) throw error;
    return { deleted: false, status: 503, alert: { type: "error", message: refusal.message } };
  }
}

/** The delete itself: the record read for its name, the audit log's pending entry, the upstream's call. */
async function deleteRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
  path: string,
  knownLabel: string | undefined,
): Promise<RemoveOutcome> {
  const { definition } = adapter;
  // Read before the delete: afterwards the record, and so its name, is gone.
  const label = knownLabel ?? (await storedRecord(admin, adapter, id, { withChoices: false }))?.label;
  // The audit log's pending entry first: a delete it cannot record is not sent.
  let audit: AuditTrail;
  try {
    audit = await auditOf(admin, definition, label).begin("delete", id, () => []);
  } catch (error) {
    if (!(error instanceof AuditUnavailable)) throw error;
    return { deleted: false, status: 503, alert: { type: "error", message: AUDIT_MESSAGES.unavailable } };
  }
  let outcome: RemoveOutcome;
  let cleared: WriteClear;
  try {
    await admin.api.call(z.unknown(), { method: "DELETE", path, service: adapter.service });
    audit.ok();
    outcome = { deleted: true, ...(definition.messages.deleted ? { alert: { type: "success", message: definition.messages.deleted } } : {}) };
  } catch (error) {
    audit.failed(error instanceof Error ? error : new Error(String(error)));
    if (!isUpstreamError(error)) throw error;
    const message = failureMessage(definition.messages, definition.messages.deleteFailed ?? definition.messages.loadFailed, error);
    outcome = { deleted: false, status: refusalStatus(error), alert: { type: "error", message } };
  } finally {
    // Whatever the answer (a timeout may have deleted it): what shows this resource is read again.
    cleared = clearResource(adapter.resource);
  }
  return { ...outcome, cleared };
}
