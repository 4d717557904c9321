/**
 * The list / form / delete machinery every admin screen shares (design principle 4). A route
 * module hands its adapter to `loadScreen` and `screenAction` after its own `requireAdmin`.
 * What differs between screens is in the screen's folder (app/resources/<name>/): its declaration and its
 * adapter.server.ts, never a branch here. One module per job, in screen/:
 * the adapter contract, loading, the action's dispatch, saving, deleting, the status switch,
 * the audit trail, the answers, and the CSV export.
 */

export * from "./screen/adapter.server.ts";
export { loadScreen } from "./screen/load.server.ts";
export { screenAction } from "./screen/action.server.ts";
export { exportCsv, exportFileName } from "./screen/export.server.ts";
export { fileRulesOf } from "./screen/save.server.ts";
