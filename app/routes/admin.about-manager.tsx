import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { aboutAdapter } from "~/resources/abouts/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { aboutResource } from "~/resources/abouts/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";
import { uploadRoute } from "~/admin-kit/upload-route";

/** Website Settings › Tentang: the agency's about record, contacts, social accounts and policies. */

export const links = () => screenLinks(aboutResource);
/** Its form carries files: the process lets its body be as large as they are (server/request-body.server.ts). */
export const handle = uploadRoute(aboutResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, aboutAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, aboutAdapter);
}

export default function AboutManager() {
  return <ResourceScreen definition={aboutResource} />;
}
