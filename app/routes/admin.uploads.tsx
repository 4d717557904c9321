import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerUploadRequest } from "~/admin-kit/server/uploads.server";
import { RESOURCES } from "~/resources/resources.server";
import { RESUMABLE_UPLOADS_HANDLE } from "~/admin-kit/upload-route";

/** `/admin/uploads`: a new resumable upload (app/admin-kit/server/uploads.server.ts). */

export const handle = RESUMABLE_UPLOADS_HANDLE;

export function loader({ request }: LoaderFunctionArgs) {
  return answerUploadRequest(RESOURCES, request);
}

export function action({ request }: ActionFunctionArgs) {
  return answerUploadRequest(RESOURCES, request);
}
