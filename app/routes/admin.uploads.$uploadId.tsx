import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerUploadRequest } from "~/admin-kit/server/uploads.server";
import { RESOURCES } from "~/resources/resources.server";
import { RESUMABLE_UPLOADS_HANDLE } from "~/admin-kit/upload-route";

/** `/admin/uploads/<id>`: where a resumable upload stands, its bytes, its cancel (app/admin-kit/server/uploads.server.ts). */

export const handle = RESUMABLE_UPLOADS_HANDLE;

export function loader({ request, params }: LoaderFunctionArgs) {
  return answerUploadRequest(RESOURCES, request, params.uploadId ?? "");
}

export function action({ request, params }: ActionFunctionArgs) {
  return answerUploadRequest(RESOURCES, request, params.uploadId ?? "");
}
