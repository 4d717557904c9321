import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { activityAdapter } from "~/resources/activities/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { activityResource } from "~/resources/activities/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";
import { uploadRoute } from "~/admin-kit/upload-route";

/** Website Settings › Kegiatan: activities, each with its public page. */

export const links = () => screenLinks(activityResource);
/** Its form carries files: the process lets its body be as large as they are (server/request-body.server.ts). */
export const handle = uploadRoute(activityResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, activityAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, activityAdapter);
}

export default function ActivityManager() {
  return <ResourceScreen definition={activityResource} />;
}
