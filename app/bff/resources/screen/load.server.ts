import { data } from "@remix-run/node";
import type * as z from "zod";
import type { AlertMessage, Cells, FieldOption, ScreenData, ScreenRow } from "~/admin/resource";
import { readScreenState } from "~/admin/url-state";
import { getConfig } from "@server/config.server";
import type { AdminContext } from "../../auth.server.ts";
import { takeFlashAlert } from "../../flash.server.ts";
import { isUpstreamError, type UpstreamClient } from "../../upstream.server.ts";
import { TABLE_TEXT, type Lookup, type PageRequest, type ResourceAdapter } from "./adapter.server.ts";
import { alertOf } from "./answers.server.ts";

/** A screen's list as its loader returns it: the rows, their paging, the form's choices and the alerts. */

function toRow<Rec, C extends Cells, S extends z.ZodObject>(adapter: ResourceAdapter<Rec, C, S>, record: Rec): ScreenRow<C> {
  return {
    id: adapter.idOf(record),
    cells: adapter.cells(record, TABLE_TEXT),
    values: adapter.formValues(record),
    files: adapter.files?.(record) ?? {},
    ...(adapter.relations ? { relations: adapter.relations(record) } : {}),
  };
}

/** The screen's rows (all, the first only, or the page asked for) and its alerts. */
export async function loadScreen<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
) {
  const { definition } = adapter;
  const { page, modal } = readScreenState(new URL(request.url).searchParams);
  // One upstream page per request, whatever the page: a long catalogue pages as fast as a short one.
  const pageRequest: PageRequest | undefined = definition.pageSize ? { page, limit: definition.pageSize } : undefined;

  const [flashed, listed, looked] = await Promise.all([
    takeFlashAlert(admin.session),
    adapter.list(admin.api, pageRequest).then(
      (records) => ({ records }),
      (error: unknown) => {
        // Upstream failure is a state (design principle 6); anything else is a bug and surfaces.
        if (isUpstreamError(error)) return { failed: true as const };
        throw error;
      },
    ),
    // The form's choices (a book's authors, genres, ...) only when the form is open: the list alone stays one call.
    loadLookups(admin.api, modal ? adapter.lookups : []),
  ]);

  const alerts: AlertMessage[] = [];
  if (flashed) alerts.push(alertOf(flashed.alert.type, flashed.alert.message));
  let rows: Array<ScreenRow<C>> = [];
  let paging: ScreenData<C>["paging"] = null;
  let loadFailure: string | null = null;
  if ("records" in listed) {
    const shown = definition.singleRecord ? listed.records.slice(0, 1) : listed.records;
    rows = shown.map((record) => toRow(adapter, record));
    // A full page means there may be more; a short page is the end (the upstream sends no total).
    if (pageRequest) paging = { page, hasMore: listed.records.length >= pageRequest.limit };
  } else {
    loadFailure = definition.messages.loadFailed;
    alerts.push(alertOf("error", loadFailure));
  }
  for (const failure of looked.failures) alerts.push(alertOf("error", failure));
  const placement = definition.placement(getConfig().site);
  const screen: ScreenData<C> = { rows, alerts, paging, loadFailure, placement, ...(adapter.lookups ? { options: looked.options } : {}) };
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
