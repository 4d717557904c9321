import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/bff/auth.server";
import { ADMIN_HOME } from "~/config/admin-nav";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(ADMIN_HOME);
}
