import type * as z from "zod";
import type { Cells } from "~/admin-kit/screen";
import { adminPage, adminPath, type AdminPage } from "~/admin-kit/menu";
import { jakartaDay } from "~/lib/dates";
import { endingSessionOnRefusal, type AdminContext } from "~/platform/auth.server";
import { csvResponse } from "~/platform/csv.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { isUpstreamError, type UpstreamClient } from "~/platform/upstream.server";
import { EXPORT_TEXT, type ResourceAdapter } from "./adapter.server.ts";

/** Records asked of the upstream per call while exporting a paged list. */
const EXPORT_PAGE_SIZE = 100;

/**
 * The list as a CSV download (the toolbar's Export): the table's columns with whole texts and
 * absolute file URLs, every record of every page, streamed one upstream page at a time. The
 * first page is read before answering, so an upstream that is down sends the admin back to the
 * screen with its load-failure alert, and one that refuses the session's token ends the session;
 * a later page that fails aborts the download.
 */
export function exportCsv<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
): Promise<Response> {
  return endingSessionOnRefusal(admin, request, () => startExport(admin, request, adapter));
}

async function startExport<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
): Promise<Response> {
  const { definition } = adapter;
  const screen = adminPage(definition.id, definition.menu);
  const pages = recordPages(admin.api, adapter);
  let first: IteratorResult<Rec[], void>;
  try {
    first = await pages.next();
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return redirectWithAlert(admin.session, adminPath(screen), { type: "error", message: definition.messages.loadFailed });
  }

  const origin = new URL(request.url).origin;
  const header = definition.columns.map((column) => column.header);
  if (definition.toggle) header.push(definition.toggle.label);
  const rowOf = (record: Rec) => {
    const cells = adapter.cells(record, EXPORT_TEXT);
    const line = definition.columns.map((column) => {
      const value = cells[column.accessor];
      if (column.display === "image" && typeof value === "string") return new URL(value, origin).href;
      return value === null ? "" : String(value);
    });
    if (definition.toggle) line.push(definition.toggle.isOn(cells) ? "Ya" : "Tidak");
    return line;
  };
  async function* batches(): AsyncGenerator<string[][], void, undefined> {
    for (let next = first; !next.done; next = await pages.next()) yield next.value.map(rowOf);
  }
  return csvResponse({ fileName: exportFileName(screen), header, batches: batches(), logName: screen.id });
}

/** E.g. `kegiatan-2026-11-22.csv`: the screen's name and the agency's date (Asia/Jakarta) today. */
export function exportFileName(screen: Pick<AdminPage, "id" | "alias">, now = new Date()): string {
  const stem = screen.alias.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${stem || screen.id}-${jakartaDay(now)}.csv`;
}

/** An upstream that ignored `page` would send its first page forever: the export fails instead. */
class PagingIgnored extends Error {
  constructor(resource: string) {
    super(`${resource}: the upstream sent the same page again`);
    this.name = "PagingIgnored";
  }
}

/** The records, one upstream page at a time; a list that does not page comes in one piece. */
async function* recordPages<Rec, C extends Cells, S extends z.ZodObject>(
  api: UpstreamClient,
  adapter: ResourceAdapter<Rec, C, S>,
): AsyncGenerator<Rec[], void, undefined> {
  if (!adapter.definition.pageSize) {
    yield await adapter.list(api, undefined);
    return;
  }
  let previousFirstId: string | undefined;
  for (let page = 1; ; page += 1) {
    const records = await adapter.list(api, { page, limit: EXPORT_PAGE_SIZE });
    const firstId = records.length > 0 ? adapter.idOf(records[0]) : undefined;
    if (firstId !== undefined && firstId === previousFirstId) throw new PagingIgnored(adapter.definition.id);
    previousFirstId = firstId;
    if (records.length > 0) yield records;
    // A short page is the end (the upstream sends no total).
    if (records.length < EXPORT_PAGE_SIZE) return;
  }
}
