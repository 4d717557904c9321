import type { FieldDefinition, FileAccept } from "~/admin/resource";

/**
 * What a route that takes file uploads says about itself, in its `handle`: the kinds of file its
 * form may carry. The process bounds every request body before Remix reads it
 * (server/request-body.server.ts): a route without this handle takes a form of at most
 * FORM_MAX_BYTES; a route with it, that plus its files' limits (UPLOAD_*_MAX_BYTES) together.
 */
export interface UploadRouteHandle {
  uploads: FileAccept[];
}

/** The handle of a screen's route whose form has file fields. */
export function uploadRoute(definition: { fields: readonly FieldDefinition[] }): UploadRouteHandle {
  return { uploads: definition.fields.flatMap((field) => (field.type === "file" && field.accept ? [field.accept] : [])) };
}

/** The file kinds a route module's `handle` declares, or undefined for a route without uploads. */
export function uploadsOf(handle: unknown): FileAccept[] | undefined {
  if (typeof handle !== "object" || handle === null || !("uploads" in handle)) return undefined;
  const { uploads } = handle as { uploads: unknown };
  return Array.isArray(uploads) ? uploads.filter((kind): kind is FileAccept => ["image", "book", "video"].includes(kind)) : undefined;
}
