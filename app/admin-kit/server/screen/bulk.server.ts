import { data } from "@remix-run/node";
import type * as z from "zod";
import { BULK_ALL_MAX, BULK_CONCURRENCY, BULK_FIELDS, BULK_MAX_IDS, BULK_TEXTS, type BulkAnswer } from "~/admin-kit/bulk";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import type { Cells, ScreenActionData } from "~/admin-kit/screen";
import { isRecordId, readListView } from "~/admin-kit/url-state";
import type { AdminContext } from "~/platform/auth.server";
import { joinedClears, type WriteClear } from "~/platform/cache.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { isUpstreamError } from "~/platform/upstream.server";
import { EXPORT_TEXT, type ResourceAdapter } from "./adapter.server.ts";
import { alertOf, firstValue, listLocation, refused } from "./answers.server.ts";
import { filterLabels } from "./choices.server.ts";
import { idSetDigest } from "./duplicates.server.ts";
import { withAttention } from "./attention.server.ts";
import { patchScreenReadModel, rereadScreenReadModel, screenReadModel, viewRows } from "./read-model.server.ts";
import { removeOne } from "./remove.server.ts";

/**
 * A list's bulk delete (app/admin-kit/bulk.ts): the chosen ids (at most BULK_MAX_IDS, each one
 * the list holds) or every record the list's view matches (`all`, the view in the form's URL as
 * the page showed it). Without `confirmed` nothing is deleted: the answer is the question naming
 * the count. Confirmed, each record goes the single delete's way (`removeOne`: its lock, its audit
 * entry, the cache cleared), BULK_CONCURRENCY at a time, and the answer reports every one that was
 * not deleted (a record already gone upstream among them); when all were, a redirect with the
 * count. The list's copy is patched without those deleted (`patchScreenReadModel`). Bad input (no
 * choice, a forged or unknown id, too many) is refused before the upstream is written to, in
 * Indonesian, with a 4xx; an id the list stopped holding between the question and its
 * confirmation (deleted elsewhere) is reported as gone.
 */

/** The records a selection names, in the list's order, with the labels the report and the audit log give them. */
type Chosen = Array<{ id: string; label: string }>;

/** The selection's ids as sent, or why they cannot be used. */
function readIds(fields: Array<[string, string]>): { ids: string[] } | { refusal: string; status: 400 | 413 } {
  const sent = fields.filter(([name]) => name === BULK_FIELDS.ids).map(([, value]) => value);
  if (sent.length === 0) return { refusal: BULK_TEXTS.none, status: 400 };
  if (sent.length > BULK_MAX_IDS) return { refusal: BULK_TEXTS.tooMany, status: 413 };
  if (!sent.every((id) => isRecordId(id))) return { refusal: BULK_TEXTS.forged, status: 400 };
  return { ids: [...new Set(sent)] };
}

/**
 * The chosen records as the list holds them. Asked about, from the list's copy, and an id it
 * lacks refuses the whole selection. Confirmed, from the list read anew: the copy may be a minute
 * old, and records another tool changed, made or deleted meanwhile must not be deleted, or kept,
 * by what it held (all matching: a view that matches others now is asked about again); an id the
 * list no longer holds is `gone` (unless it holds none of them).
 */
async function chosenRecords<Rec, C extends Cells>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, z.ZodObject>,
  choice: ({ ids: string[] } | { all: true }) & { confirmed: boolean },
): Promise<{ chosen: Chosen; gone: string[] } | { refusal: string; status: 400 | 413 }> {
  const readModel = choice.confirmed ? rereadScreenReadModel : screenReadModel;
  const [model, labels] = await Promise.all([readModel(admin.api, adapter), filterLabels(admin.api, adapter)]);
  const labelOf = (record: Rec) => adapter.definition.rowLabel(adapter.cells(record, EXPORT_TEXT));
  if ("all" in choice) {
    const view = readListView(new URL(request.url).searchParams);
    const { positions, ignored } = viewRows(model, adapter, view, { filtered: await withAttention(labels, model.records, adapter, view) });
    if (ignored.length > 0) return { refusal: BULK_TEXTS.filtersIgnored(ignored), status: 400 };
    if (positions.length === 0) return { refusal: BULK_TEXTS.noneMatching, status: 400 };
    if (positions.length > BULK_ALL_MAX) return { refusal: BULK_TEXTS.tooManyMatching, status: 413 };
    return { chosen: Array.from(positions, (position) => ({ id: adapter.idOf(model.records[position]), label: labelOf(model.records[position]) })), gone: [] };
  }
  const wanted = new Set(choice.ids);
  const held = (records: readonly Rec[]) => records.flatMap((record) => (wanted.has(adapter.idOf(record)) ? [{ id: adapter.idOf(record), label: labelOf(record) }] : []));
  let chosen: Chosen = held(model.records);
  // Asked about an id the copy lacks (made elsewhere since it was read, and shown by another
  // process's list): the list read anew before the selection is refused.
  if (!choice.confirmed && chosen.length !== wanted.size) chosen = held((await rereadScreenReadModel(admin.api, adapter)).records);
  // Asked about, every id must be the list's. Once confirmed, one it no longer holds was deleted
  // meanwhile (elsewhere): reported as gone, never sent; but a selection the list holds none of is refused.
  if (chosen.length !== wanted.size && (!choice.confirmed || chosen.length === 0)) return { refusal: BULK_TEXTS.notListed, status: 400 };
  const found = new Set(chosen.map(({ id }) => id));
  return { chosen, gone: choice.ids.filter((id) => !found.has(id)) };
}

/** Runs `task` over `items`, at most `limit` at a time, in order of start. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function bulkDelete<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  fields: Array<[string, string]>,
) {
  const listed = adapter as ResourceAdapter<Rec, C, z.ZodObject>;
  const { definition } = adapter;
  if (!definition.remove || !adapter.removePath || definition.singleRecord) return refused(FORM_MESSAGES.invalidRequest);
  const all = firstValue(fields, BULK_FIELDS.all) === "1";
  const confirmed = firstValue(fields, BULK_FIELDS.confirmed) === "1";
  const ids = all ? undefined : readIds(fields);
  if (ids && "refusal" in ids) return refused(ids.refusal, ids.status);

  let selection: Awaited<ReturnType<typeof chosenRecords<Rec, C>>>;
  try {
    selection = await chosenRecords(admin, request, listed, ids ? { ids: ids.ids, confirmed } : { all: true, confirmed });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return refused(definition.messages.loadFailed, 502);
  }
  if ("refusal" in selection) return refused(selection.refusal, selection.status);
  const { chosen, gone } = selection;

  const matched = all ? idSetDigest(chosen.map((record) => record.id)) : undefined;
  if (!confirmed) {
    const question: BulkAnswer = { stage: "confirm", count: chosen.length, ids: ids ? chosen.map((record) => record.id) : null, ...(matched ? { matched } : {}) };
    return data<ScreenActionData>({ bulk: question });
  }
  // "All matching" was asked about for these very records: a view that matches others now (another
  // number, or as many others: records changed elsewhere meanwhile) is asked about again.
  if (all && firstValue(fields, BULK_FIELDS.count) !== String(chosen.length)) return refused(BULK_TEXTS.countChanged(chosen.length), 409);
  if (all && firstValue(fields, BULK_FIELDS.matched) !== matched) return refused(BULK_TEXTS.matchesChanged, 409);

  const failed: Extract<BulkAnswer, { stage: "report" }>["failed"] = gone.map((id) => ({ id, label: "", message: BULK_TEXTS.gone }));
  const deletedIds: string[] = [];
  const clears: WriteClear[] = [];
  let upstreamBroke = false;
  await eachLimited(chosen, BULK_CONCURRENCY, async ({ id, label }) => {
    const outcome = await removeOne(admin, adapter, id, { label });
    if (outcome.cleared) clears.push(outcome.cleared);
    if (outcome.deleted) deletedIds.push(id);
    else {
      failed.push({ id, label, message: outcome.status === 404 ? BULK_TEXTS.gone : outcome.alert.message });
      if (outcome.status === 502) upstreamBroke = true;
    }
  });
  const deleted = deletedIds.length;
  // The list the admin sees next goes without them: not read whole again.
  const cleared = joinedClears(clears);
  if (cleared) await patchScreenReadModel(admin.api, listed, { deleted: deletedIds }, cleared);
  if (failed.length === 0) return redirectWithAlert(admin.session, listLocation(request), { type: "success", message: BULK_TEXTS.deleted(deleted) });
  // In the list's order, whichever answered first; those already gone first.
  const order = new Map(chosen.map(({ id }, index) => [id, index]));
  failed.sort((a, b) => (order.get(a.id) ?? -1) - (order.get(b.id) ?? -1));
  const report: BulkAnswer = { stage: "report", deleted, failed };
  // Records already gone are no failure of ours: what the admin wanted happened. When nothing was
  // deleted for the others: a 502 for the upstream's own failures, a 422 for its refusals (409: still in use).
  const notDeleted = failed.filter((failure) => failure.message !== BULK_TEXTS.gone).length;
  const status = deleted === 0 && notDeleted > 0 ? (upstreamBroke ? 502 : 422) : 200;
  return data<ScreenActionData>({ bulk: report, alert: alertOf(notDeleted === 0 ? "success" : "error", BULK_TEXTS.partly(deleted, failed)) }, { status });
}
