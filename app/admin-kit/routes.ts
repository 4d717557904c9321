import { listedResources, type ResourceSections } from "./resource";

/**
 * The back-office's routes made from the one list of resources: each screen's `/admin/<id>`
 * (served by app/routes/admin-screen.tsx) and, for a screen whose form shows its upload's
 * progress, `/admin/<id>.upload` (app/routes/admin-screen-upload.tsx). vite.config.ts registers
 * them under the admin layout; the route ids are what the metrics label requests by.
 */

export const SCREEN_ROUTE_MODULE = "routes/admin-screen.tsx";
export const UPLOAD_PROGRESS_ROUTE_MODULE = "routes/admin-screen-upload.tsx";

export function screenRouteId(id: string): string {
  return `routes/admin.${id}`;
}

export function uploadProgressRouteId(id: string): string {
  return `routes/admin.${id}[.]upload`;
}

/** Where a screen's form is sent when the browser shows its upload's progress. */
export function uploadProgressPath(id: string): string {
  return `/admin/${id}.upload`;
}

export interface AdminScreenRoute {
  id: string;
  /** Below `/admin/`. */
  path: string;
  /** The route module, relative to app/. */
  file: string;
}

export function adminScreenRoutes(sections: ResourceSections): AdminScreenRoute[] {
  return listedResources(sections).flatMap(({ screen }) => [
    { id: screenRouteId(screen.id), path: screen.id, file: SCREEN_ROUTE_MODULE },
    ...(screen.uploadProgress ? [{ id: uploadProgressRouteId(screen.id), path: `${screen.id}.upload`, file: UPLOAD_PROGRESS_ROUTE_MODULE }] : []),
  ]);
}
