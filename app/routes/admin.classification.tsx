import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { classificationAdapter } from "~/resources/classifications/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { classificationResource } from "~/resources/classifications/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";

/** Mobile Settings › Klasifikasi: the catalogue's DDC classifications. */

export const links = () => screenLinks(classificationResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, classificationAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, classificationAdapter);
}

export default function ClassificationManager() {
  return <ResourceScreen definition={classificationResource} />;
}
