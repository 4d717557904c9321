import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { officerAdapter } from "~/resources/officers/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { officerResource } from "~/resources/officers/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";
import { uploadRoute } from "~/admin-kit/upload-route";

/** Website Settings › Pejabat: the officials shown on the home page. */

export const links = () => screenLinks(officerResource);
/** Its form carries files: the process lets its body be as large as they are (server/request-body.server.ts). */
export const handle = uploadRoute(officerResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, officerAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, officerAdapter);
}

export default function OfficerManager() {
  return <ResourceScreen definition={officerResource} />;
}
