import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { readListView } from "~/admin-kit/url-state";
import { searchOptions } from "~/resources/books/pickers.server";
import { endingSessionOnRefusal, requireAdmin } from "~/platform/auth.server";
import { isUpstreamError } from "~/platform/upstream.server";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";

/**
 * `/admin/options/<list>?q=`: a relation field's choices matching what the admin typed, as JSON
 * (app/resources/books/pickers.server.ts), for the pickers of the book form. Admins only, like every
 * admin route; an unknown list is a 404, an upstream that cannot be read a 503 with the screen's
 * message. An upstream that refuses the session's token (401, 403) ends the session as every
 * admin load does (spec §6): a redirect to `/`, which the picker follows (askOptions, picker-parts.tsx).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { q } = readListView(new URL(request.url).searchParams);
  return endingSessionOnRefusal(admin, request, async () => {
    try {
      const answer = await searchOptions(admin, params.list ?? "", q);
      if (!answer) return data({ error: "Daftar pilihan tidak dikenal." }, { status: 404 });
      return data(answer, { headers: { "Cache-Control": "private, no-store" } });
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      return data({ error: ADMIN_MESSAGES.loadFailed }, { status: 503 });
    }
  });
}
