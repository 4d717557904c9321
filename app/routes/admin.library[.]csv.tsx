import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "@server/auth.server";
import { libraryAdapter } from "@server/resources/libraries.server";
import { exportCsv } from "@server/resources/screen.server";

/** The Export button of /admin/library: the list as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return exportCsv(admin, request, libraryAdapter, "/admin/library");
}
