import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { bookAdapter } from "~/resources/books/adapter.server";
import { loadScreen, screenAction } from "~/admin-kit/server/screen.server";
import { bookResource } from "~/resources/books/screen";
import { ResourceScreen, screenLinks, shouldRevalidateScreenWithChoices } from "~/components/admin/ResourceScreen";
import { uploadRoute } from "~/admin-kit/upload-route";

/** Mobile Settings › Buku: the app's catalogue, with its relations and files. */

export const links = () => screenLinks(bookResource);
/** Its form carries files: the process lets its body be as large as they are (server/request-body.server.ts). */
export const handle = uploadRoute(bookResource);
export const shouldRevalidate = shouldRevalidateScreenWithChoices;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadScreen(admin, request, bookAdapter);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenAction(admin, request, bookAdapter);
}

export default function BookManager() {
  return <ResourceScreen definition={bookResource} />;
}
