import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { tagAdapter } from "~/resources/tags/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { tagResource } from "~/resources/tags/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";

/** Mobile Settings › Tag: the catalogue's tags. */

export const links = () => screenLinks(tagResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, tagAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, tagAdapter);
}

export default function TagManager() {
  return <ResourceScreen definition={tagResource} />;
}
