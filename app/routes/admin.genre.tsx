import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { genreAdapter } from "~/resources/genres/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { genreResource } from "~/resources/genres/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";

/** Mobile Settings › Kategori: the catalogue's genres. */

export const links = () => screenLinks(genreResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, genreAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, genreAdapter);
}

export default function GenreManager() {
  return <ResourceScreen definition={genreResource} />;
}
