import { data } from "@remix-run/node";
import type * as z from "zod";
import type { FieldChange } from "~/lib/audit";
import type { Cells, ScreenActionData } from "~/admin-kit/screen";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import { AUDIT_MESSAGES, AuditUnavailable } from "~/platform/audit.server";
import { clearResource } from "~/platform/cache.server";
import type { AdminContext } from "~/platform/auth.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { isUpstreamError, type UpstreamError } from "~/platform/upstream.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { alertOf, isDocumentSubmission, listLocation, refused, refusalStatus } from "./answers.server.ts";
import { auditOf, type AuditTrail } from "./audit-trail.server.ts";

export async function toggleRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
  on: boolean,
) {
  const { definition } = adapter;
  if (!definition.toggle || !adapter.toggle) return refused(FORM_MESSAGES.invalidRequest);
  const failure = definition.messages.toggleFailed ?? definition.messages.loadFailed;
  let failed: UpstreamError | undefined;
  const label = definition.toggle.label;
  const change = (): FieldChange[] => [{ field: "status", label, kind: "text", from: on ? "Tidak" : "Ya", to: on ? "Ya" : "Tidak" }];
  // The audit log's pending entry first: a switch it cannot record is not sent.
  let audit: AuditTrail;
  try {
    audit = auditOf(admin, definition).begin("toggle", id, change);
  } catch (error) {
    if (!(error instanceof AuditUnavailable)) throw error;
    if (isDocumentSubmission(request)) return redirectWithAlert(admin.session, listLocation(request), { type: "error", message: AUDIT_MESSAGES.unavailable });
    return data<ScreenActionData>({ alert: alertOf("error", AUDIT_MESSAGES.unavailable) }, { status: 503 });
  }
  try {
    await adapter.toggle(admin.api, id, on);
    audit.ok();
  } catch (error) {
    audit.failed(error instanceof Error ? error : new Error(String(error)));
    if (!isUpstreamError(error)) throw error;
    failed = error;
  } finally {
    // Whatever the answer (a timeout may have switched it): what shows this resource is read again.
    clearResource(adapter.resource);
  }
  if (isDocumentSubmission(request)) {
    return redirectWithAlert(admin.session, listLocation(request), failed ? { type: "error", message: failure } : undefined);
  }
  // With JavaScript the row changes in place (spec §4): no redirect, no reload of the list.
  return failed
    ? data<ScreenActionData>({ alert: alertOf("error", failure) }, { status: refusalStatus(failed) })
    : data<ScreenActionData>({ toggled: { id, on } });
}
