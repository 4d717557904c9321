import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { bannerAdapter } from "~/resources/banners/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { bannerResource } from "~/resources/banners/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";
import { uploadRoute } from "~/admin-kit/upload-route";

/** Mobile Settings › Banner: the mobile app's banners (the home page's slider shows them too). */

export const links = () => screenLinks(bannerResource);
/** Its form carries files: the process lets its body be as large as they are (server/request-body.server.ts). */
export const handle = uploadRoute(bannerResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, bannerAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, bannerAdapter);
}

export default function BannerManager() {
  return <ResourceScreen definition={bannerResource} />;
}
