import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { readListView } from "~/admin-kit/url-state";
import { endingSessionOnRefusal, requireAdmin } from "~/platform/auth.server";
import { isUpstreamError } from "~/platform/upstream.server";
import { RESOURCES } from "~/resources/resources.server";

/**
 * `/admin/options/<list>?q=`: the options of a pickable resource's list matching what the admin
 * typed, as JSON (the registry's `searchOptions`), for a form's pickers (the book form's). Admins only, like every
 * admin route; an unknown list is a 404, an upstream that cannot be read a 503 with the screen's
 * message. An upstream that refuses the session's token (401, 403) ends the session as every
 * admin load does (spec §6): a redirect to `/`, which the picker follows (askOptions, picker-parts.tsx).
 * A POST adds a record to the list from a picker (`addOption`), where the list takes one.
 */
const UNKNOWN_LIST = "Daftar pilihan tidak dikenal.";
/** A resource route's answers are Responses: under single fetch, `data()`'s status and headers would be dropped (a 404 sent as 200). */
const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { q } = readListView(new URL(request.url).searchParams);
  return endingSessionOnRefusal(admin, request, async () => {
    try {
      const answer = await RESOURCES.searchOptions(admin.api, params.list ?? "", q);
      if (!answer) return Response.json({ error: UNKNOWN_LIST }, { status: 404, headers: NO_STORE });
      return Response.json(answer, { headers: NO_STORE });
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      return Response.json({ error: ADMIN_MESSAGES.loadFailed }, { status: 503, headers: NO_STORE });
    }
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return endingSessionOnRefusal(admin, request, async () => {
    const added = RESOURCES.addOption(admin, request, params.list ?? "");
    return (await added) ?? Response.json({ error: UNKNOWN_LIST }, { status: 404, headers: NO_STORE });
  });
}
