import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "@server/auth.server";
import { activityAdapter } from "@server/resources/activities.server";
import { exportCsv } from "@server/resources/screen.server";

/** The Export button of /admin/activity: the list as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return exportCsv(admin, request, activityAdapter, "/admin/activity");
}
