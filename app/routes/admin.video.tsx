import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { videoAdapter } from "~/resources/videos/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { videoResource } from "~/resources/videos/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";
import { uploadRoute } from "~/admin-kit/upload-route";

/** Mobile Settings › Video: the app's videos, their files uploaded through the BFF as streams. */

export const links = () => screenLinks(videoResource);
/** Its form carries files: the process lets its body be as large as they are (server/request-body.server.ts). */
export const handle = uploadRoute(videoResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, videoAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, videoAdapter);
}

export default function VideoManager() {
  return <ResourceScreen definition={videoResource} />;
}
