import { data } from "@remix-run/node";
import type * as z from "zod";
import { CONFLICT_MESSAGES } from "~/admin-kit/edit-conflicts";
import type { FormChoices } from "~/admin-kit/pickers";
import type { AlertMessage, Cells, FieldDefinition, ScreenData, ScreenRow } from "~/admin-kit/screen";
import { newSubmissionId } from "~/admin-kit/submissions";
import { listViewKey, readScreenState, ROWS_PER_PAGE, type ListView, type ScreenState } from "~/admin-kit/url-state";
import { getConfig } from "@server/config.server";
import { endingSessionOnRefusal, type AdminContext } from "~/platform/auth.server";
import { takeFlashAlert } from "~/platform/flash.server";
import { isUpstreamError, type UpstreamClient } from "~/platform/upstream.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { alertOf } from "./answers.server.ts";
import type { ChoiceSources } from "./adapter.server.ts";
import { filterLabels, formChoices, readPickerLists, resolvedRecord } from "./choices.server.ts";
import { withAttention } from "./attention.server.ts";
import { findRecord, queryReadModel, screenReadModel, toRow } from "./read-model.server.ts";
import { currentRecord } from "./current-record.server.ts";
import { shownDigest } from "./merge.server.ts";
import { fileRulesOf } from "./file-rules.server.ts";

/** A screen's list as its loader returns it: the rows of its view, their count and paging, the open form's choices and the alerts. */

type Listed<C extends Cells> = Pick<ScreenData<C>, "rows" | "paging" | "count" | "selected" | "filters" | "notes">;

/** Rows per page: the screen's own, or the one of ROWS_PER_PAGE nearest what the URL asks (and a note when that is not what it asked). */
export function rowsPerPage(pageSize: number, view: Pick<ListView, "perPage">): { size: number; note?: string } {
  const asked = view.perPage;
  if (asked === null) return { size: pageSize };
  const nearest = ROWS_PER_PAGE.reduce((best, size) => (Math.abs(size - asked) < Math.abs(best - asked) ? size : best));
  if (nearest === asked) return { size: nearest };
  return { size: nearest, note: `Baris per halaman hanya ${ROWS_PER_PAGE.join(", ").replace(/, (\d+)$/, " atau $1")}; ditampilkan ${nearest}.` };
}

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
    return { rows: records.slice(0, 1).map((record) => toRow(adapter, record)), paging: null, count: null, selected: null, notes: [] };
  }
  // The filters' labels of values kept as ids (a classification's) are read beside the list.
  const [model, labels] = await Promise.all([screenReadModel(api, adapter), filterLabels(api, adapter)]);
  const perPage = definition.pageSize ? rowsPerPage(definition.pageSize, state) : undefined;
  const answer = queryReadModel(model, adapter, state, { pageSize: perPage?.size, filtered: await withAttention(labels, model.records, adapter, state) });
  const paging = perPage
    ? { page: answer.page, hasMore: answer.page < answer.pageCount, pageCount: answer.pageCount, perPage: perPage.size, view: listViewKey(state) }
    : null;
  const wanted = state.pendingDelete;
  const elsewhere = wanted && !answer.rows.some((row) => row.id === wanted) ? findRecord(model, adapter, wanted) : undefined;
  const selected = elsewhere === undefined ? null : toRow(adapter, elsewhere);
  const notes = [...answer.notes, ...(perPage?.note ? [perPage.note] : [])];
  return { rows: answer.rows, paging, count: { from: answer.from, to: answer.to, total: answer.total }, selected, notes, ...(answer.filters ? { filters: answer.filters } : {}) };
}

/**
 * The record an edit form opens with: the upstream's as it is now (current-record.server.ts),
 * null when it has none; undefined when it could not be read (the alert says so).
 */
async function editedRow<Rec, C extends Cells>(api: UpstreamClient, adapter: ResourceAdapter<Rec, C, z.ZodObject>, id: string): Promise<ScreenRow<C> | null | undefined> {
  try {
    const record = await currentRecord(api, adapter, id);
    return record === undefined ? null : toRow(adapter, record);
  } catch (error) {
    if (isUpstreamError(error)) return undefined;
    throw error;
  }
}

/** The open form's pickers: the lists they choose from, and the edit form's record matched against them. */
async function openFormChoices<C extends Cells>(
  api: UpstreamClient,
  sources: ChoiceSources,
  fields: readonly FieldDefinition[],
  editing: Promise<ScreenRow<C> | undefined>,
): Promise<{ choices: FormChoices; failures: string[] }> {
  const [lists, row] = await Promise.all([readPickerLists(api, sources, fields), editing]);
  const record = row ? resolvedRecord(lists, fields, row.id, row.relations ?? {}) : undefined;
  const chosen = Object.fromEntries(Object.entries(record?.values ?? {}).map(([field, value]) => [field, Array.isArray(value) ? value : [value]]));
  const choices = { ...formChoices(lists, fields, { chosen }), ...(record ? { record } : {}) };
  return { choices, failures: [...new Set(Object.values(lists.failures))] };
}

/**
 * The screen's rows and its alerts. An upstream that refused the session's token on any of the
 * reads ends the session (thrown: a loader's redirect), not a load-failure state.
 */
export async function loadScreen<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
) {
  const answer = await endingSessionOnRefusal(admin, request, () => screenData(admin, request, adapter));
  if (answer instanceof Response) throw answer;
  return answer;
}

async function screenData<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
) {
  const { definition } = adapter;
  const state = readScreenState(new URL(request.url).searchParams);

  const listing = listView(admin.api, adapter as ResourceAdapter<Rec, C, z.ZodObject>, state).catch((error: unknown) => {
    // Upstream failure is a state (design principle 6); anything else is a bug and surfaces.
    if (isUpstreamError(error)) return undefined;
    throw error;
  });
  const { modal } = state;
  // An edit form opens with the record as stored now, read beside the list.
  const editing = modal?.kind === "edit" && definition.edit ? editedRow(admin.api, adapter as ResourceAdapter<Rec, C, z.ZodObject>, modal.id) : undefined;
  // The pickers' lists only when the form is open, read beside the list: the list alone stays one read.
  const picking =
    modal && adapter.choices
      ? openFormChoices(admin.api, adapter.choices, definition.fields, editing?.then((row) => row ?? undefined) ?? Promise.resolve(undefined))
      : undefined;
  const [flashed, listed, edited, picked] = await Promise.all([takeFlashAlert(admin.session), listing, editing, picking]);

  const alerts: AlertMessage[] = [];
  if (flashed) alerts.push(alertOf(flashed.alert.type, flashed.alert.message));
  let loadFailure: string | null = null;
  if (!listed) {
    loadFailure = definition.messages.loadFailed;
    alerts.push(alertOf("error", loadFailure));
  }
  if (edited === null) alerts.push(alertOf("error", CONFLICT_MESSAGES.missing));
  if (edited === undefined && editing && listed) alerts.push(alertOf("error", definition.messages.loadFailed));
  // What the form shows, relations as matched against the pickers' lists: the base of the save's merge.
  const editingRow = edited ? { ...edited, shown: shownDigest(definition.fields, { ...edited.values, ...picked?.choices.record?.values }) } : edited;
  for (const failure of picked?.failures ?? []) alerts.push(alertOf("error", failure));
  const placement = definition.placement(getConfig().site);
  const empty: Listed<C> = { rows: [] as Array<ScreenRow<C>>, paging: null, count: null, selected: null, notes: [] };
  const screen: ScreenData<C> = {
    ...(listed ?? empty),
    alerts,
    loadFailure,
    placement,
    fileLimits: Object.fromEntries(Object.entries(fileRulesOf(definition)).map(([field, rule]) => [field, rule.maxBytes])),
    ...(picked ? { choices: picked.choices } : {}),
    ...(editing ? { editing: editingRow ?? null } : {}),
    ...(modal ? { submission: newSubmissionId() } : {}),
  };
  return data(screen, { headers: flashed ? { "Set-Cookie": flashed.setCookie } : undefined });
}
