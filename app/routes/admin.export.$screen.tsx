import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportAuditCsv } from "~/bff/audit.server";
import { requireAdmin, type AdminContext } from "~/bff/auth.server";
import { redirectWithAlert } from "~/bff/flash.server";
import { log } from "@server/log.server";
import { activityAdapter } from "~/bff/resources/activities.server";
import { authorAdapter } from "~/bff/resources/authors.server";
import { bannerAdapter } from "~/bff/resources/banners.server";
import { bookAdapter } from "~/bff/resources/books.server";
import { classificationAdapter } from "~/bff/resources/classifications.server";
import { genreAdapter } from "~/bff/resources/genres.server";
import { historyAdapter } from "~/bff/resources/histories.server";
import { libraryAdapter } from "~/bff/resources/libraries.server";
import { officerAdapter } from "~/bff/resources/officers.server";
import { publisherAdapter } from "~/bff/resources/publishers.server";
import { exportCsv, exportFileName, type ResourceAdapter } from "~/bff/resources/screen.server";
import { sliderAdapter } from "~/bff/resources/sliders.server";
import { tagAdapter } from "~/bff/resources/tags.server";
import { videoAdapter } from "~/bff/resources/videos.server";
import type * as z from "zod";
import { isAuditedResource } from "~/admin/audit";
import { ADMIN_MESSAGES } from "~/admin/messages";
import type { Cells } from "~/admin/resource";
import { ADMIN_PAGES, type AdminPage } from "~/config/admin-nav";

/**
 * The toolbar's Export button of every admin list, /admin/export/{screen}: the whole list as a
 * CSV file named after the screen and today's date. /admin/export/audit is the audit log's,
 * filtered by `?resource=` as its screen is.
 */

type Exporter = (admin: AdminContext, request: Request, screen: AdminPage) => Promise<Response>;

const listExport =
  <Rec, C extends Cells, S extends z.ZodObject>(adapter: ResourceAdapter<Rec, C, S>): Exporter =>
  (admin, request, screen) =>
    exportCsv(admin, request, adapter, screen);

async function auditExport(admin: AdminContext, request: Request, screen: AdminPage): Promise<Response> {
  const resource = new URL(request.url).searchParams.get("resource");
  try {
    return await exportAuditCsv(isAuditedResource(resource) ? resource : undefined, exportFileName(screen));
  } catch (error) {
    log("audit_read_failed", { error: error instanceof Error ? error.message : String(error) });
    return redirectWithAlert(admin.session, "/admin/audit", { type: "error", message: ADMIN_MESSAGES.loadFailed });
  }
}

/** By the screen's URL segment; the resource definitions' `exportHref` point here. */
const EXPORTS: Record<string, Exporter> = {
  "slider-manager": listExport(sliderAdapter),
  activity: listExport(activityAdapter),
  history: listExport(historyAdapter),
  officer: listExport(officerAdapter),
  library: listExport(libraryAdapter),
  banner: listExport(bannerAdapter),
  book: listExport(bookAdapter),
  genre: listExport(genreAdapter),
  tag: listExport(tagAdapter),
  classification: listExport(classificationAdapter),
  author: listExport(authorAdapter),
  publisher: listExport(publisherAdapter),
  video: listExport(videoAdapter),
  audit: auditExport,
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const screen = ADMIN_PAGES.find((page) => page.segment === params.screen);
  const exporter = screen ? EXPORTS[screen.segment] : undefined;
  if (!screen || !exporter) throw new Response("Halaman tidak ditemukan", { status: 404 });
  return exporter(admin, request, screen);
}
