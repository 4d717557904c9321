import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { screenAt } from "~/admin-kit/resource";
import { screenRouteId } from "~/admin-kit/routes";
import { screensUploadRoute } from "~/admin-kit/upload-route";
import { ResourceScreen, screenLinks, shouldRevalidateScreen } from "~/components/admin/ResourceScreen";
import { requireAdmin } from "~/platform/auth.server";
import { RESOURCE_SECTIONS, SCREENS } from "~/resources/resources";
import { RESOURCES } from "~/resources/resources.server";

/**
 * Every admin screen of the one list (app/resources/resources.ts): vite.config.ts registers this
 * module once per screen (route id `routes/admin.<id>`, path `/admin/<id>`), and the request's
 * path says which.
 */

export const links = () => screenLinks(SCREENS);
/** A screen whose form carries files lets its body be as large as they are (server/request-body.server.ts). */
export const handle = screensUploadRoute(SCREENS, screenRouteId);
export const shouldRevalidate = shouldRevalidateScreen;

function screenOf(request: Request) {
  const screen = RESOURCES.screenAt(new URL(request.url).pathname);
  // Only a listed screen's path reaches this module (vite.config.ts).
  if (!screen) throw new Response(null, { status: 404 });
  return screen;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenOf(request).load(admin, request);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return screenOf(request).act(admin, request);
}

export default function AdminScreen() {
  const definition = screenAt(RESOURCE_SECTIONS, useLocation().pathname);
  // Keyed by screen: moving to another screen starts its own form, table and drafts afresh.
  return definition ? <ResourceScreen key={definition.id} definition={definition} /> : null;
}
