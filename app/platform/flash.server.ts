import { redirect } from "@remix-run/node";
import { commitSession, type AppSession, type FlashData } from "./session.server.ts";

/**
 * Alerts after an action (design principle 3): the action flashes one into the session and
 * redirects; the next loader reads it once. The session lives on the server, so committing
 * writes its record and the cookie (the id) stays the same.
 */

export type FlashAlert = FlashData["alert"];

/** The alert each redirect flashed: a copy of the same form is answered with both again (app/admin-kit/server/screen/submit-once.server.ts). */
const flashedBy = new WeakMap<Response, FlashAlert>();

export async function redirectWithAlert(session: AppSession, location: string, alert: FlashAlert | undefined): Promise<Response> {
  if (!alert) return redirect(location);
  session.flash("alert", alert);
  const response = redirect(location, { headers: { "Set-Cookie": await commitSession(session) } });
  flashedBy.set(response, alert);
  return response;
}

/** The alert `redirectWithAlert` flashed with this redirect, if any. */
export function flashedAlert(response: Response): FlashAlert | undefined {
  return flashedBy.get(response);
}

/** The flashed alert, if any, and the Set-Cookie that records it as read. */
export async function takeFlashAlert(session: AppSession): Promise<{ alert: FlashAlert; setCookie: string } | undefined> {
  const alert = session.get("alert");
  if (!alert) return undefined;
  return { alert, setCookie: await commitSession(session) };
}
