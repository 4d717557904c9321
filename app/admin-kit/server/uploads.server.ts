import { requireAdmin } from "~/platform/auth.server";
import { handleUploadRequest, UPLOAD_ID, UPLOAD_MESSAGES } from "~/platform/uploads.server";
import type { ResourceRegistry } from "./registry.server.ts";

/**
 * The tus endpoint of the back-office's resumable uploads (app/platform/uploads.server.ts), as its two
 * routes answer it: `/admin/uploads` (POST: a new upload) and `/admin/uploads/<id>` (HEAD: where
 * it stands; POST naming PATCH: its bytes; POST naming DELETE: cancelled). Admins only, like every
 * admin route; cross-site writes are refused by the process before they get here. An upload is
 * for one file field of one screen, whose rule it is held to.
 */
export async function answerUploadRequest(registry: ResourceRegistry, request: Request, uploadId?: string): Promise<Response> {
  const admin = await requireAdmin(request);
  if (uploadId !== undefined && !UPLOAD_ID.test(uploadId)) {
    return new Response(UPLOAD_MESSAGES.notFound, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return handleUploadRequest(admin, request, registry.fieldUploads);
}
