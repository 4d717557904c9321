import { redirect, redirectDocument, type ActionFunctionArgs } from "@remix-run/node";
import { revokeUpstreamToken } from "~/platform/auth.server";
import { destroySession, getSession } from "~/platform/session.server";

/**
 * Home as a new document: nothing of the back-office stays in the browser's memory, and the
 * public page is not hydrated (`routes/_public.tsx`).
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const token = session.get("token");
  // The session ends here first, whatever the upstream does next.
  const cookie = await destroySession(session);
  // Best effort, bounded: the upstream's copy of the token is revoked too when it can be.
  if (token) await revokeUpstreamToken(request, token);
  return redirectDocument("/", { headers: { "Set-Cookie": cookie } });
}

/** A GET never changes anything: visiting /logout only leads home. */
export async function loader() {
  return redirect("/");
}
