import type { FieldDefinition } from "~/admin-kit/screen";
import { ACCEPTED_FILE_TYPES, type FileAccept } from "~/lib/file-kinds";
import type { UploadKind, UploadRouteHandle } from "@server/upload-handle.server";

/** The `handle` of a route whose form has file fields (the process reads it: server/upload-handle.server.ts). */

type Declared = { id: string; fields: readonly FieldDefinition[] };

function kindsOf(definition: Pick<Declared, "fields">): UploadKind[] {
  return definition.fields.flatMap((field) => (field.type === "file" && field.accept ? [field.accept] : []));
}

/** A module that serves several screens' routes: each route, by its id, takes what its screen's form carries (a form of text alone, nothing more). */
export function screensUploadRoute(screens: readonly Declared[], routeIdOf: (id: string) => string): UploadRouteHandle {
  const kinds = screens.map((screen) => [routeIdOf(screen.id), kindsOf(screen)] as const);
  return { uploads: Object.fromEntries(kinds.filter(([, screenKinds]) => screenKinds.length > 0)) };
}

/** The resumable uploads' routes (/admin/uploads): their bodies may be as large as the largest file of any kind a form takes. */
export const RESUMABLE_UPLOADS_HANDLE: UploadRouteHandle = { uploads: Object.keys(ACCEPTED_FILE_TYPES) as FileAccept[] };
