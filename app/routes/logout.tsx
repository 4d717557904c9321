import { redirect, redirectDocument, type ActionFunctionArgs } from "@remix-run/node";
import { destroySession, getSession } from "@server/session.server";

/**
 * Home as a new document: nothing of the back-office stays in the browser's memory, and the
 * public page is not hydrated (`routes/_public.tsx`).
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  return redirectDocument("/", { headers: { "Set-Cookie": await destroySession(session) } });
}

/** A GET never changes anything: visiting /logout only leads home. */
export async function loader() {
  return redirect("/");
}
