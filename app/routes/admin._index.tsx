import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { ADMIN_HOME } from "~/resources/registry.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(ADMIN_HOME);
}
