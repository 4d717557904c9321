import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerUploadRequest } from "~/resources/uploads.server";
import { RESUMABLE_UPLOADS_HANDLE } from "~/admin-kit/upload-route";

/** `/admin/uploads`: a new resumable upload (app/resources/uploads.server.ts). */

export const handle = RESUMABLE_UPLOADS_HANDLE;

export function loader({ request }: LoaderFunctionArgs) {
  return answerUploadRequest(request);
}

export function action({ request }: ActionFunctionArgs) {
  return answerUploadRequest(request);
}
