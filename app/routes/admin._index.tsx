import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/bff/auth.server";
import { ADMIN_HOME } from "~/admin/screens/registry.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(ADMIN_HOME);
}
