import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { RESOURCES } from "~/resources/resources.server";

/** `/admin/import/<screen>/report?job=`: an import's report, every row with its outcome, as CSV (a download, so a resource route). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const screen = RESOURCES.screenById(params.screen);
  if (!screen?.definition.importable) throw new Response("Halaman tidak ditemukan", { status: 404 });
  return screen.importReport(request);
}
