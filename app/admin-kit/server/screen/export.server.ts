import type * as z from "zod";
import { BULK_FIELDS, BULK_MAX_IDS, BULK_TEXTS } from "~/admin-kit/bulk";
import { readExportFormat, type ExportFormat } from "~/admin-kit/export";
import { adminPage, adminPath, type AdminPage } from "~/admin-kit/menu";
import type { Cells, CellValue } from "~/admin-kit/screen";
import { isRecordId, listViewParams, readListView, type ListView } from "~/admin-kit/url-state";
import { formatDayMonthYear, jakartaDay } from "~/lib/dates";
import { endingSessionOnRefusal, type AdminContext } from "~/platform/auth.server";
import { csvResponse } from "~/platform/csv.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { readTextForm } from "~/platform/forms.server";
import { isUpstreamError, type UpstreamClient } from "~/platform/upstream.server";
import { xlsxResponse, type XlsxValue } from "~/platform/xlsx.server";
import { EXPORT_TEXT, type CellText, type ExportColumn, type ExportValue, type ResourceAdapter } from "./adapter.server.ts";
import { filterLabels, optionLabels } from "./choices.server.ts";
import { withAttention } from "./attention.server.ts";
import { screenReadModel, viewRows } from "./read-model.server.ts";

/**
 * The toolbar's Export of a list (`/admin/export/<screen>`, app/admin-kit/export.ts): the records
 * the list's view shows (its search, filters and order, every page), each with its id and every
 * field: the screen's columns, or the columns its resource declares (`exportColumns`: a book's
 * tags, classification and file), relations by name, whole texts, dates as DD-MM-YYYY, files as
 * absolute URLs; as CSV with either separator or as XLSX. The list's copy is read before
 * answering (the list page's own, app/platform/list-copy.server.ts), so an upstream that is down
 * sends the admin back to the list with its load-failure alert, one that refuses the session's
 * token ends the session, and a download never ends early for want of a page. The file is written
 * a batch of rows at a time as the download takes it: memory stays flat whatever the list's size.
 */

/** Rows made per batch: a few hundred KB of CSV, written when the download asks for more. */
const BATCH_ROWS = 200;

/** Whole texts, and a stored date the site cannot read written as stored rather than lost. */
const FILE_TEXT: CellText = { ...EXPORT_TEXT, date: (value) => formatDayMonthYear(value) || value };

const refusedAs = (message: string, status = 400) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * The export of a list's view, or of a selection of it (app/admin-kit/bulk.ts): ids repeated in
 * the URL (`?ids=3&ids=7`) or posted by the list's bulk form (its `ids`, or `all=1` for the whole
 * view), at most BULK_MAX_IDS, each one the view shows; written in the view's order.
 */
export async function exportList<Rec, C extends Cells, S extends z.ZodObject>(admin: AdminContext, request: Request, adapter: ResourceAdapter<Rec, C, S>): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const format = readExportFormat(search);
  if ("refused" in format) return refusedAs(format.refused);
  let fields: Array<[string, string]> = [...search];
  if (request.method === "POST") {
    const form = await readTextForm(request);
    if (!form.ok) return refusedAs(form.message, form.status);
    fields = [...fields, ...([...form.formData] as Array<[string, string]>)];
  }
  const all = fields.some(([name, value]) => name === BULK_FIELDS.all && value === "1");
  const sent = all ? [] : fields.filter(([name]) => name === BULK_FIELDS.ids).map(([, value]) => value);
  // A POST is the bulk form's: it names a selection, or all; a GET without ids is the toolbar's whole view.
  if (request.method === "POST" && !all && sent.length === 0) return refusedAs(BULK_TEXTS.none);
  if (sent.length > BULK_MAX_IDS) return refusedAs(BULK_TEXTS.tooMany, 413);
  if (!sent.every((id) => isRecordId(id))) return refusedAs(BULK_TEXTS.forged);
  const ids = sent.length > 0 ? new Set(sent) : undefined;
  return endingSessionOnRefusal(admin, request, () => startExport(admin, request, adapter as ResourceAdapter<Rec, C, z.ZodObject>, format, readListView(search), ids));
}

/** E.g. `kegiatan-2026-11-22.csv`: the screen's name and the agency's date (Asia/Jakarta) today. */
export function exportFileName(screen: Pick<AdminPage, "id" | "alias">, now = new Date(), extension: "csv" | "xlsx" = "csv"): string {
  const stem = screen.alias.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${stem || screen.id}-${jakartaDay(now)}.${extension}`;
}

/** A column of the file: its header and how a record's cell is written. */
interface FileColumn<Rec> {
  header: string;
  cell(record: Rec): XlsxValue;
}

/** The records the list's view shows, in its order: the list page's rows, every page of them. */
async function viewedRecords<Rec, C extends Cells>(
  api: UpstreamClient,
  adapter: ResourceAdapter<Rec, C, z.ZodObject>,
  view: ListView,
): Promise<{ records: readonly Rec[]; positions: ArrayLike<number>; ignored: string[] }> {
  if (adapter.definition.singleRecord) {
    // The screen shows the upstream list's first record, and only that.
    const records = (await adapter.list(api, undefined)).slice(0, 1);
    return { records, positions: records.map((_, index) => index), ignored: [] };
  }
  const [model, labels] = await Promise.all([screenReadModel(api, adapter), filterLabels(api, adapter)]);
  const { positions, ignored } = viewRows(model, adapter, view, { filtered: await withAttention(labels, model.records, adapter, view) });
  return { records: model.records, positions, ignored };
}

/** The export's columns after the id: the resource's own, else the screen's (pictures as links), then its status switch. */
function declaredColumns<Rec, C extends Cells>(adapter: ResourceAdapter<Rec, C, z.ZodObject>): Array<ExportColumn<Rec>> {
  const { definition } = adapter;
  // The screen's columns are one record's cells: made once per record, whichever column asks.
  let last: { record: Rec; cells: C } | undefined;
  const cellsOf = (record: Rec): C => {
    if (last?.record !== record) last = { record, cells: adapter.cells(record, FILE_TEXT) };
    return last.cells;
  };
  const written = (value: CellValue | undefined): ExportValue => (typeof value === "boolean" ? (value ? "Ya" : "Tidak") : (value ?? null));
  const columns: Array<ExportColumn<Rec>> = adapter.exportColumns
    ? [...adapter.exportColumns]
    : definition.columns.map((column) => ({ header: column.header, value: (record: Rec) => written(cellsOf(record)[column.accessor]), link: column.display === "image" }));
  const { toggle } = definition;
  if (toggle) columns.push({ header: toggle.label, value: (record) => (toggle.isOn(cellsOf(record)) ? "Ya" : "Tidak") });
  return columns;
}

/** How each column's value is written: lists joined, ids named by their list's labels, links absolute, nothing as an empty cell. */
function fileColumns<Rec, C extends Cells>(adapter: ResourceAdapter<Rec, C, z.ZodObject>, origin: string, labels: Map<string, Map<string, string>>): Array<FileColumn<Rec>> {
  const idColumn: FileColumn<Rec> = { header: "ID", cell: (record) => adapter.idOf(record) };
  return [
    idColumn,
    ...declaredColumns(adapter).map((column): FileColumn<Rec> => {
      const named = column.optionsFrom === undefined ? undefined : labels.get(column.optionsFrom);
      const text = (value: string) => {
        if (named) return named.get(value) ?? value;
        return column.link && value !== "" ? new URL(value, origin).href : value;
      };
      return {
        header: column.header,
        cell(record) {
          const value = column.value(record, FILE_TEXT);
          if (value === null) return null;
          if (typeof value === "number") return named ? text(String(value)) : value;
          if (typeof value === "string") return text(value);
          return value.map(text).filter((each) => each !== "").join(", ");
        },
      };
    }),
  ];
}

/** The view's rows that are among the chosen ids, in its order; undefined when the view lacks one of them. */
function chosenPositions<Rec>(viewed: { records: readonly Rec[]; positions: ArrayLike<number> }, idOf: (record: Rec) => string, ids: ReadonlySet<string>): number[] | undefined {
  const kept = Array.from(viewed.positions).filter((position) => ids.has(idOf(viewed.records[position])));
  return kept.length === ids.size ? kept : undefined;
}

async function startExport<Rec, C extends Cells>(admin: AdminContext, request: Request, adapter: ResourceAdapter<Rec, C, z.ZodObject>, format: ExportFormat, view: ListView, ids?: ReadonlySet<string>): Promise<Response> {
  const { definition } = adapter;
  const screen = adminPage(definition.id, definition.menu);
  const lists = [...new Set((adapter.exportColumns ?? []).flatMap((column) => (column.optionsFrom === undefined ? [] : [column.optionsFrom])))];
  let viewed: Awaited<ReturnType<typeof viewedRecords<Rec, C>>>;
  let labels: Map<string, Map<string, string>>;
  try {
    [viewed, labels] = await Promise.all([viewedRecords(admin.api, adapter, view), optionLabels(admin.api, adapter.choices ?? {}, lists.map((list) => [list, list] as const))]);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    // Back to the list as it was shown, which says it could not be loaded.
    const query = listViewParams({ ...view, page: 1 }).toString();
    return redirectWithAlert(admin.session, `${adminPath(screen)}${query ? `?${query}` : ""}`, { type: "error", message: definition.messages.loadFailed });
  }

  const columns = fileColumns(adapter, new URL(request.url).origin, labels);
  const { records } = viewed;
  // The whole view, wider than the admin chose: not written as if it were what was asked for.
  if (!ids && viewed.ignored.length > 0) return refusedAs(BULK_TEXTS.filtersIgnored(viewed.ignored));
  const chosen = ids ? chosenPositions(viewed, (record) => adapter.idOf(record), ids) : viewed.positions;
  if (!chosen) return refusedAs(BULK_TEXTS.notListed);
  const positions: ArrayLike<number> = chosen;
  async function* batches(): AsyncGenerator<XlsxValue[][], void, undefined> {
    for (let start = 0; start < positions.length; start += BATCH_ROWS) {
      const rows: XlsxValue[][] = [];
      for (let index = start; index < Math.min(start + BATCH_ROWS, positions.length); index += 1) {
        const record = records[positions[index]];
        rows.push(columns.map((column) => column.cell(record)));
      }
      yield rows;
    }
  }
  const header = columns.map((column) => column.header);
  if (format.kind === "xlsx") {
    return xlsxResponse({ fileName: exportFileName(screen, new Date(), "xlsx"), sheetName: screen.alias, header, batches: batches(), logName: screen.id });
  }
  async function* csvBatches(): AsyncGenerator<string[][], void, undefined> {
    for await (const rows of batches()) yield rows.map((row) => row.map((value) => (value === null ? "" : String(value))));
  }
  return csvResponse({ fileName: exportFileName(screen), separator: format.separator, header, batches: csvBatches(), logName: screen.id });
}
