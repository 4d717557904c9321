import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { libraryAdapter } from "~/resources/libraries/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { libraryResource } from "~/resources/libraries/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";

/** Website Settings › Perpustakaan (Manajemen Perpustakaan), from the library panel service. */

export const links = () => screenLinks(libraryResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, libraryAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, libraryAdapter);
}

export default function LibraryManager() {
  return <ResourceScreen definition={libraryResource} />;
}
