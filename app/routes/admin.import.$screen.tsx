import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { RESOURCES } from "~/resources/resources.server";
import { ImportPage } from "~/components/admin/ImportPage";
import kitStyles from "~/styles/admin-kit.css?url";

/**
 * `/admin/import/<screen>`: a list's import from a spreadsheet or a SLiMS export
 * (app/admin-kit/import.ts): the upload, the preview and the run of a job (`?job=`), its report
 * (`?job=&report=csv`). Admins only, each loader and action checking itself; the upload's body
 * is bounded as a book file's before Remix reads it, and the file to the reader's own limit.
 */

export const handle = { uploads: ["book"] };

export const links = () => [{ rel: "stylesheet", href: kitStyles }];

function importableScreen(id: string | undefined) {
  const screen = RESOURCES.screenById(id);
  if (!screen?.definition.importable) throw new Response("Halaman tidak ditemukan", { status: 404 });
  return screen;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return importableScreen(params.screen).loadImport(admin, request);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return importableScreen(params.screen).importAction(admin, request);
}

export default ImportPage;
