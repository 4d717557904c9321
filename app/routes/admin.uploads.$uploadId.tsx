import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerUploadRequest } from "~/resources/uploads.server";
import { RESUMABLE_UPLOADS_HANDLE } from "~/admin-kit/upload-route";

/** `/admin/uploads/<id>`: where a resumable upload stands, its bytes, its cancel (app/resources/uploads.server.ts). */

export const handle = RESUMABLE_UPLOADS_HANDLE;

export function loader({ request, params }: LoaderFunctionArgs) {
  return answerUploadRequest(request, params.uploadId ?? "");
}

export function action({ request, params }: ActionFunctionArgs) {
  return answerUploadRequest(request, params.uploadId ?? "");
}
