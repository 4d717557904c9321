import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { missionVisionAdapter } from "~/resources/mission-visions/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { missionVisionResource } from "~/resources/mission-visions/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";

/** Website Settings › Visi Misi (the route keeps the spec's spelling, /admin/mission-vission). */

export const links = () => screenLinks(missionVisionResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, missionVisionAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, missionVisionAdapter);
}

export default function MissionVision() {
  return <ResourceScreen definition={missionVisionResource} />;
}
