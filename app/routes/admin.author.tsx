import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { authorAdapter } from "~/resources/authors/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { authorResource } from "~/resources/authors/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";
import { uploadRoute } from "~/admin-kit/upload-route";

/** Mobile Settings › Pengarang: the catalogue's authors. */

export const links = () => screenLinks(authorResource);
/** Its form carries files: the process lets its body be as large as they are (server/request-body.server.ts). */
export const handle = uploadRoute(authorResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, authorAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, authorAdapter);
}

export default function AuthorManager() {
  return <ResourceScreen definition={authorResource} />;
}
