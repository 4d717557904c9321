import type { FieldDefinition } from "~/admin-kit/screen";
import type { UploadKind, UploadRouteHandle } from "@server/upload-handle.server";

/** The `handle` of a route whose form has file fields (the process reads it: server/upload-handle.server.ts). */

type Declared = { id: string; fields: readonly FieldDefinition[] };

function kindsOf(definition: Pick<Declared, "fields">): UploadKind[] {
  return definition.fields.flatMap((field) => (field.type === "file" && field.accept ? [field.accept] : []));
}

/** A route of one form (the video upload's). */
export function uploadRoute(definition: Pick<Declared, "fields">): UploadRouteHandle {
  return { uploads: kindsOf(definition) };
}

/** The one module that serves every screen: each screen's route, by its id, takes what its form carries (a form of text alone, nothing more). */
export function screensUploadRoute(screens: readonly Declared[], routeIdOf: (id: string) => string): UploadRouteHandle {
  const kinds = screens.map((screen) => [routeIdOf(screen.id), kindsOf(screen)] as const);
  return { uploads: Object.fromEntries(kinds.filter(([, screenKinds]) => screenKinds.length > 0)) };
}

/** The resumable uploads' routes (/admin/uploads): their bodies may be as large as the largest file any form takes. */
export const RESUMABLE_UPLOADS_HANDLE: UploadRouteHandle = { uploads: ["video", "book", "image"] };
