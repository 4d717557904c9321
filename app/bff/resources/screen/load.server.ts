import { data } from "@remix-run/node";
import type * as z from "zod";
import type { AlertMessage, Cells, FieldOption, ScreenData, ScreenRow } from "~/admin/resource";
import { listViewKey, readScreenState, type ScreenState } from "~/admin/url-state";
import { getConfig } from "@server/config.server";
import type { AdminContext } from "../../auth.server.ts";
import { takeFlashAlert } from "../../flash.server.ts";
import { isUpstreamError, type UpstreamClient } from "../../upstream.server.ts";
import type { Lookup, ResourceAdapter } from "./adapter.server.ts";
import { alertOf } from "./answers.server.ts";
import { findRecord, queryReadModel, screenReadModel, toRow } from "./read-model.server.ts";

/** A screen's list as its loader returns it: the rows of its view, their count and paging, the form's choices and the alerts. */

type Listed<C extends Cells> = Pick<ScreenData<C>, "rows" | "paging" | "count" | "selected">;

/** The rows the URL's view shows, from the screen's read model (search, order, page). */
async function listView<Rec, C extends Cells>(
  api: UpstreamClient,
  adapter: ResourceAdapter<Rec, C, z.ZodObject>,
  state: ScreenState,
): Promise<Listed<C>> {
  const { definition } = adapter;
  if (definition.singleRecord) {
    // One record, the upstream list's first: nothing to search, order or count.
    const records = await adapter.list(api, undefined);
    return { rows: records.slice(0, 1).map((record) => toRow(adapter, record)), paging: null, count: null, selected: null };
  }
  const model = await screenReadModel(api, adapter);
  const answer = queryReadModel(model, adapter, state, definition.pageSize);
  const paging = definition.pageSize
    ? { page: answer.page, hasMore: answer.page < answer.pageCount, pageCount: answer.pageCount, view: listViewKey(state) }
    : null;
  const wanted = state.modal?.kind === "edit" ? state.modal.id : state.pendingDelete;
  const elsewhere = wanted && !answer.rows.some((row) => row.id === wanted) ? findRecord(model, adapter, wanted) : undefined;
  const selected = elsewhere === undefined ? null : toRow(adapter, elsewhere);
  return { rows: answer.rows, paging, count: { from: answer.from, to: answer.to, total: answer.total }, selected };
}

/** The screen's rows and its alerts. */
export async function loadScreen<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
) {
  const { definition } = adapter;
  const state = readScreenState(new URL(request.url).searchParams);

  const [flashed, listed, looked] = await Promise.all([
    takeFlashAlert(admin.session),
    listView(admin.api, adapter as ResourceAdapter<Rec, C, z.ZodObject>, state).catch((error: unknown) => {
      // Upstream failure is a state (design principle 6); anything else is a bug and surfaces.
      if (isUpstreamError(error)) return undefined;
      throw error;
    }),
    // The form's choices (a book's authors, genres, ...) only when the form is open: the list alone stays one call.
    loadLookups(admin.api, state.modal ? adapter.lookups : []),
  ]);

  const alerts: AlertMessage[] = [];
  if (flashed) alerts.push(alertOf(flashed.alert.type, flashed.alert.message));
  let loadFailure: string | null = null;
  if (!listed) {
    loadFailure = definition.messages.loadFailed;
    alerts.push(alertOf("error", loadFailure));
  }
  for (const failure of looked.failures) alerts.push(alertOf("error", failure));
  const placement = definition.placement(getConfig().site);
  const empty: Listed<C> = { rows: [] as Array<ScreenRow<C>>, paging: null, count: null, selected: null };
  const screen: ScreenData<C> = {
    ...(listed ?? empty),
    alerts,
    loadFailure,
    placement,
    ...(adapter.lookups ? { options: looked.options } : {}),
  };
  return data(screen, { headers: flashed ? { "Set-Cookie": flashed.setCookie } : undefined });
}

/** Every lookup at once (design principle 5); a failure is the upstream's error text or the lookup's own. */
export async function loadLookups(api: UpstreamClient, lookups: Lookup[] = []) {
  const results = await Promise.all(
    lookups.map((lookup) =>
      lookup.load(api).then(
        (options) => ({ options, failure: undefined }),
        (error: unknown) => {
          if (!isUpstreamError(error)) throw error;
          return { options: [], failure: error.upstreamMessage ?? lookup.failed };
        },
      ),
    ),
  );
  const options: Record<string, FieldOption[]> = {};
  lookups.forEach((lookup, index) => (options[lookup.field] = results[index].options));
  const failures = results.flatMap((result) => (result.failure ? [result.failure] : []));
  return { options, failures };
}
