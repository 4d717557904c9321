import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "@server/auth.server";
import { officerAdapter } from "@server/resources/officers.server";
import { loadScreen, screenAction } from "@server/resources/screen.server";
import { officerResource } from "~/admin/resources/officers";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";

/** Website Settings › Pejabat: the officials shown on the home page. */

export const links = () => screenLinks(officerResource);
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
