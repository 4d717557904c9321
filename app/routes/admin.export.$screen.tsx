import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { errorFields, log } from "@server/log.server";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { adminPath } from "~/admin-kit/menu";
import { AUDIT_PAGE } from "~/admin-kit/resource";
import { RESOURCES } from "~/resources/resources.server";
import { exportAuditCsv } from "~/platform/audit.server";
import { requireAdmin, type AdminContext } from "~/platform/auth.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { exportFileName } from "~/admin-kit/server/screen.server";
import { EXPORT_PARAMS } from "~/admin-kit/export";
import { readListView } from "~/admin-kit/url-state";

/**
 * The toolbar's Export of every admin list, /admin/export/{screen id}: the records the list's view
 * shows (`?q=`, filters, order) as a CSV (`?format=csv&sep=;` or `sep=,`) or Excel file
 * (`?format=xlsx`) named after the screen and today's date (app/admin-kit/export.ts).
 * /admin/export/audit is the audit log's CSV, filtered by `?resource=` and `?q=` as its screen is, `sep=;` or `,`.
 */

async function auditExport(admin: AdminContext, request: Request): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const requested = search.get("resource");
  // As the screen reads its filter and search: any audited page (the documents' too), else the whole log.
  const resource = RESOURCES.auditedScreens.find((screen) => screen.value === requested)?.value;
  const query = { resource, q: readListView(search).q, screenNames: RESOURCES.auditScreenNames };
  try {
    return await exportAuditCsv(query, exportFileName(AUDIT_PAGE), RESOURCES.screenName, search.get(EXPORT_PARAMS.separator) === ";" ? ";" : ",");
  } catch (error) {
    log("audit_read_failed", { ...errorFields(error) });
    return redirectWithAlert(admin.session, adminPath(AUDIT_PAGE), { type: "error", message: ADMIN_MESSAGES.loadFailed });
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  if (params.screen === AUDIT_PAGE.id) return auditExport(admin, request);
  const screen = RESOURCES.screenById(params.screen);
  if (!screen?.definition.exportable) throw new Response("Halaman tidak ditemukan", { status: 404 });
  return screen.exportList(admin, request);
}

/** The list's bulk form posts its selection here (`ids`, or `all=1` for the view in the URL): the same export, of those records only. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const screen = RESOURCES.screenById(params.screen);
  if (!screen?.definition.exportable) throw new Response("Halaman tidak ditemukan", { status: 404 });
  return screen.exportList(admin, request);
}
