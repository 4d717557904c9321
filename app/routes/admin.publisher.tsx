import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { publisherAdapter } from "~/resources/publishers/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { publisherResource } from "~/resources/publishers/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";

/** Mobile Settings › Penerbit: the catalogue's publishers. */

export const links = () => screenLinks(publisherResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, publisherAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, publisherAdapter);
}

export default function PublisherManager() {
  return <ResourceScreen definition={publisherResource} />;
}
