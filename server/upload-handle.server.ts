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
  /**
   * The kinds of file the route's form carries; a module that serves several routes (the admin
   * screens' one module) says it per route id.
   */
  uploads: UploadKind[] | Readonly<Record<string, UploadKind[]>>;
}

const KINDS: readonly string[] = ["image", "book", "video"] satisfies UploadKind[];

/** The file kinds a route module's `handle` declares for the route `routeId`, or undefined for a route without uploads. */
export function uploadsOf(handle: unknown, routeId: string): UploadKind[] | undefined {
  if (typeof handle !== "object" || handle === null || !("uploads" in handle)) return undefined;
  let { uploads } = handle as { uploads: unknown };
  if (typeof uploads === "object" && uploads !== null && !Array.isArray(uploads)) uploads = Object.hasOwn(uploads, routeId) ? (uploads as Record<string, unknown>)[routeId] : undefined;
  return Array.isArray(uploads) ? uploads.filter((kind): kind is UploadKind => KINDS.includes(kind)) : undefined;
}
