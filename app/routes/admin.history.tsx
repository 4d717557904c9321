import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { historyAdapter } from "~/resources/histories/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { historyResource } from "~/resources/histories/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";
import { uploadRoute } from "~/admin-kit/upload-route";

/** Website Settings › Sejarah: the agency's history record (edit only). */

export const links = () => screenLinks(historyResource);
/** Its form carries files: the process lets its body be as large as they are (server/request-body.server.ts). */
export const handle = uploadRoute(historyResource);
export const shouldRevalidate = shouldRevalidateScreen;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, historyAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, historyAdapter);
}

export default function HistoryManager() {
  return <ResourceScreen definition={historyResource} />;
}
