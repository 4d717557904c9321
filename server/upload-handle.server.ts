/**
 * What a route that takes file uploads says about itself, in its `handle`: the kinds of file its
 * form may carry. The process bounds every request body before Remix reads it
 * (request-body.server.ts): a route without this handle takes a form of at most FORM_MAX_BYTES;
 * a route with it, that plus its files' limits (UPLOAD_*_MAX_BYTES) together. The process owns
 * this contract; the app's routes declare it (app/admin-kit/upload-route.ts).
 */

/** An image, a book file or a video: each has its own size limit (upload-limits.server.ts). */
export type UploadKind = "image" | "book" | "video";

export interface UploadRouteHandle {
  uploads: UploadKind[];
}

const KINDS: readonly string[] = ["image", "book", "video"] satisfies UploadKind[];

/** The file kinds a route module's `handle` declares, or undefined for a route without uploads. */
export function uploadsOf(handle: unknown): UploadKind[] | undefined {
  if (typeof handle !== "object" || handle === null || !("uploads" in handle)) return undefined;
  const { uploads } = handle as { uploads: unknown };
  return Array.isArray(uploads) ? uploads.filter((kind): kind is UploadKind => KINDS.includes(kind)) : undefined;
}
