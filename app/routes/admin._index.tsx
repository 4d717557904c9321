import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/platform/auth.server";
import { RESOURCES } from "~/resources/resources.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(RESOURCES.home);
}
