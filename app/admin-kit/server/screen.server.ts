/**
 * The list / form / delete machinery every admin screen shares (design principle 4). The
 * registry (registry.server.ts) hands each screen's adapter to `loadScreen` and `screenAction`
 * after the route's own `requireAdmin`. What differs between screens is in the resource's folder
 * (app/resources/<name>/): its declaration and its server half, never a branch here. One module
 * per job, in screen/: the adapter contract, loading, the action's dispatch, saving (and its
 * write), deleting, the status switch, the audit trail, the answers, and the CSV export.
 */

export * from "~/admin-kit/server/screen/adapter.server";
export { loadScreen } from "~/admin-kit/server/screen/load.server";
export { screenAction } from "~/admin-kit/server/screen/action.server";
export { exportList, exportFileName } from "~/admin-kit/server/screen/export.server";
export { fileRulesOf } from "~/admin-kit/server/screen/file-rules.server";
export type { ListFilter } from "~/admin-kit/server/screen/filters.server";
