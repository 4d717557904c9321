import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readDesk } from "~/admin-kit/server/desk.server";
import { Desk } from "~/components/admin/Desk";
import { endingSessionOnRefusal, requireAdmin } from "~/platform/auth.server";
import { RESOURCES } from "~/resources/resources.server";
import deskStyles from "~/styles/admin-desk.css?url";

/**
 * `/admin`, "Ringkasan": the desk (app/admin-kit/server/desk.server.ts). An addition beside spec
 * §2's screens, as `/admin/audit` is; login still lands on the first screen, as spec §2 says.
 */

export const links = () => [{ rel: "stylesheet", href: deskStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return endingSessionOnRefusal(admin, request, async () => data(await readDesk(admin, RESOURCES)));
}

export default function DeskPage() {
  return <Desk desk={useLoaderData<typeof loader>()} />;
}
