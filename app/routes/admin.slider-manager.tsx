import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { sliderAdapter } from "~/resources/sliders/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { sliderResource } from "~/resources/sliders/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";
import { uploadRoute } from "~/admin-kit/upload-route";

/** Website Settings › Slider: the home page's banner slides. */

export const links = () => screenLinks(sliderResource);
/** Its form carries files: the process lets its body be as large as they are (server/request-body.server.ts). */
export const handle = uploadRoute(sliderResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, sliderAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, sliderAdapter);
}

export default function SliderManager() {
  return <ResourceScreen definition={sliderResource} />;
}
