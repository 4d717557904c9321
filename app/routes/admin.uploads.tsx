import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerUploadRequest } from "~/admin-kit/server/uploads.server";
import { RESUMABLE_UPLOADS_HANDLE } from "~/lib/upload-route";

/** `/admin/uploads`: a new resumable upload (app/admin-kit/server/uploads.server.ts). */

export const handle = RESUMABLE_UPLOADS_HANDLE;

export function loader({ request }: LoaderFunctionArgs) {
  return answerUploadRequest(request);
}

export function action({ request }: ActionFunctionArgs) {
  return answerUploadRequest(request);
}
