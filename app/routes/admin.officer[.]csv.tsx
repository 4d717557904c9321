import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "@server/auth.server";
import { officerAdapter } from "@server/resources/officers.server";
import { exportCsv } from "@server/resources/screen.server";

/** The Export button of /admin/officer: the list as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return exportCsv(admin, request, officerAdapter, "/admin/officer");
}
