import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "@server/auth.server";
import { activityAdapter } from "@server/resources/activities.server";
import { loadScreen, screenAction } from "@server/resources/screen.server";
import { activityResource } from "~/admin/resources/activities";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";

/** Website Settings › Kegiatan: activities, each with its public page. */

export const links = () => screenLinks(activityResource);
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
