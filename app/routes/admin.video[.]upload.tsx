import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { videoAdapter } from "~/resources/videos/adapter.server";
import { screenAction } from "~/admin-kit/server/screen.server";
import type { UploadAnswer } from "~/admin-kit/screen";
import { videoResource } from "~/resources/videos/screen";
import { uploadRoute } from "~/admin-kit/upload-route";

/**
 * The video form sent with JavaScript (XMLHttpRequest, for its upload progress). It is the
 * screen's own action, answered as JSON: an XMLHttpRequest follows redirects by itself, which
 * would load the list and read its flash alert before the browser navigates there.
 */

const SCREEN_PATH = "/admin/video";

/** The video screen's form, files and all: the process lets its body be as large as they are (server/request-body.server.ts). */
export const handle = uploadRoute(videoResource);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(SCREEN_PATH);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  // The screen's URL, with the page and modal this form was sent from, so that its answer is the screen's.
  const screenUrl = new URL(request.url);
  screenUrl.pathname = SCREEN_PATH;
  const asScreen = new Request(screenUrl, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
  const result = await screenAction(admin, asScreen, videoAdapter);
  if (result instanceof Response) {
    const headers = new Headers({ "Cache-Control": "no-store" });
    const setCookie = result.headers.get("Set-Cookie");
    if (setCookie) headers.set("Set-Cookie", setCookie);
    return Response.json({ location: result.headers.get("Location") ?? SCREEN_PATH } satisfies UploadAnswer, { headers });
  }
  return Response.json(result.data satisfies UploadAnswer, { status: result.init?.status ?? 200, headers: { "Cache-Control": "no-store" } });
}
