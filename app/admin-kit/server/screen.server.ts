/**
 * The list / form / delete machinery every admin screen shares (design principle 4). A route
 * module hands its adapter to `loadScreen` and `screenAction` after its own `requireAdmin`.
 * What differs between screens is in the screen's folder (app/resources/<name>/): its declaration and its
 * adapter.server.ts, never a branch here. One module per job, in screen/:
 * the adapter contract, loading, the action's dispatch, saving, deleting, the status switch,
 * the audit trail, the answers, and the CSV export.
 */

export * from "~/admin-kit/server/screen/adapter.server";
export { loadScreen } from "~/admin-kit/server/screen/load.server";
export { screenAction } from "~/admin-kit/server/screen/action.server";
export { exportCsv, exportFileName } from "~/admin-kit/server/screen/export.server";
export { fileRulesOf } from "~/admin-kit/server/screen/file-rules.server";
