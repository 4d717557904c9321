import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { listedResources } from "~/admin-kit/resource";
import { uploadProgressRouteId } from "~/admin-kit/routes";
import type { UploadAnswer } from "~/admin-kit/screen";
import { screensUploadRoute } from "~/admin-kit/upload-route";
import { requireAdmin } from "~/platform/auth.server";
import { RESOURCE_SECTIONS } from "~/resources/resources";
import { RESOURCES } from "~/resources/resources.server";

/**
 * A screen's form sent with JavaScript to `/admin/<id>.upload` (XMLHttpRequest, for its upload's
 * progress; the screens that declare `uploadProgress`, registered by vite.config.ts). It is the
 * screen's own action, answered as JSON: an XMLHttpRequest follows redirects by itself, which
 * would load the list and read its flash alert before the browser navigates there.
 */

const UPLOAD_SUFFIX = ".upload";

/** Each such screen's form, files and all: the process lets its body be as large as they are (server/request-body.server.ts). */
export const handle = screensUploadRoute(
  listedResources(RESOURCE_SECTIONS).flatMap(({ screen }) => (screen.uploadProgress ? [screen] : [])),
  uploadProgressRouteId,
);

/** The screen's own path: `/admin/<id>` for `/admin/<id>.upload`. */
function screenPathOf(request: Request): string {
  return new URL(request.url).pathname.slice(0, -UPLOAD_SUFFIX.length);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(screenPathOf(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const screenPath = screenPathOf(request);
  const screen = RESOURCES.screenAt(screenPath);
  // Only a listed screen's upload path reaches this module (vite.config.ts).
  if (!screen?.definition.uploadProgress) throw new Response(null, { status: 404 });
  // The screen's URL, with the page and modal this form was sent from, so that its answer is the screen's.
  const screenUrl = new URL(request.url);
  screenUrl.pathname = screenPath;
  const asScreen = new Request(screenUrl, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
  const result = await screen.act(admin, asScreen);
  if (result instanceof Response) {
    const headers = new Headers({ "Cache-Control": "no-store" });
    const setCookie = result.headers.get("Set-Cookie");
    if (setCookie) headers.set("Set-Cookie", setCookie);
    return Response.json({ location: result.headers.get("Location") ?? screenPath } satisfies UploadAnswer, { headers });
  }
  return Response.json(result.data satisfies UploadAnswer, { status: result.init?.status ?? 200, headers: { "Cache-Control": "no-store" } });
}
