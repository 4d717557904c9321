import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroySession, getSession } from "@server/session.server";

export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(session) } });
}

/** A GET never changes anything: visiting /logout only leads home. */
export async function loader() {
  return redirect("/");
}
