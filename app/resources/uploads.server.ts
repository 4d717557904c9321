import { fileRulesOf } from "~/admin-kit/server/screen.server";
import { requireAdmin } from "~/platform/auth.server";
import { handleUploadRequest, UPLOAD_ID, UPLOAD_MESSAGES, type UploadTarget } from "~/platform/uploads.server";
import { screenById } from "./registry.server";

/**
 * The tus endpoint of the back-office's resumable uploads (app/platform/uploads.server.ts), as its two
 * routes answer it: `/admin/uploads` (POST: a new upload) and `/admin/uploads/<id>` (HEAD: where
 * it stands; POST naming PATCH: its bytes; POST naming DELETE: cancelled). Admins only, like every
 * admin route; cross-site writes are refused by the process before they get here.
 */

/** The rule of the screen's file field an upload is for. */
const ruleOf = ({ screen, field }: UploadTarget) => {
  const definition = screenById(screen)?.definition;
  const rules = definition ? fileRulesOf(definition) : {};
  return Object.hasOwn(rules, field) ? rules[field] : undefined;
};

export async function answerUploadRequest(request: Request, uploadId?: string): Promise<Response> {
  const admin = await requireAdmin(request);
  if (uploadId !== undefined && !UPLOAD_ID.test(uploadId)) {
    return new Response(UPLOAD_MESSAGES.notFound, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return handleUploadRequest(admin, request, ruleOf);
}
