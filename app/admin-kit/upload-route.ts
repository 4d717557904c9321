import type { FieldDefinition } from "~/admin-kit/resource";
import type { UploadRouteHandle } from "@server/upload-handle.server";

/** The `handle` of a screen's route whose form has file fields (the process reads it: server/upload-handle.server.ts). */
export function uploadRoute(definition: { fields: readonly FieldDefinition[] }): UploadRouteHandle {
  return { uploads: definition.fields.flatMap((field) => (field.type === "file" && field.accept ? [field.accept] : [])) };
}

/** The resumable uploads' routes (/admin/uploads): their bodies may be as large as the largest file any form takes. */
export const RESUMABLE_UPLOADS_HANDLE: UploadRouteHandle = { uploads: ["video", "book", "image"] };
