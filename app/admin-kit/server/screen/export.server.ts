import type * as z from "zod";
import { readExportFormat, type ExportFormat } from "~/admin-kit/export";
import { adminPage, adminPath, type AdminPage } from "~/admin-kit/menu";
import type { Cells, CellValue } from "~/admin-kit/screen";
import { listViewParams, readListView, type ListView } from "~/admin-kit/url-state";
import { formatDayMonthYear, jakartaDay } from "~/lib/dates";
import { endingSessionOnRefusal, type AdminContext } from "~/platform/auth.server";
import { csvResponse } from "~/platform/csv.server";
import { redirectWithAlert } from "~/platform/flash.server";
import { isUpstreamError, type UpstreamClient } from "~/platform/upstream.server";
import { xlsxResponse, type XlsxValue } from "~/platform/xlsx.server";
import { EXPORT_TEXT, type CellText, type ExportColumn, type ExportValue, type ResourceAdapter } from "./adapter.server.ts";
import { filterLabels, optionLabels } from "./choices.server.ts";
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

export function exportList<Rec, C extends Cells, S extends z.ZodObject>(admin: AdminContext, request: Request, adapter: ResourceAdapter<Rec, C, S>): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const format = readExportFormat(search);
  if ("refused" in format) {
    return Promise.resolve(new Response(format.refused, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } }));
  }
  return endingSessionOnRefusal(admin, request, () => startExport(admin, request, adapter as ResourceAdapter<Rec, C, z.ZodObject>, format, readListView(search)));
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
async function viewedRecords<Rec, C extends Cells>(api: UpstreamClient, adapter: ResourceAdapter<Rec, C, z.ZodObject>, view: ListView): Promise<{ records: readonly Rec[]; positions: ArrayLike<number> }> {
  if (adapter.definition.singleRecord) {
    // The screen shows the upstream list's first record, and only that.
    const records = (await adapter.list(api, undefined)).slice(0, 1);
    return { records, positions: records.map((_, index) => index) };
  }
  const [model, labels] = await Promise.all([screenReadModel(api, adapter), filterLabels(api, adapter)]);
  return { records: model.records, positions: viewRows(model, adapter, view, { filtered: { labels } }).positions };
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

async function startExport<Rec, C extends Cells>(admin: AdminContext, request: Request, adapter: ResourceAdapter<Rec, C, z.ZodObject>, format: ExportFormat, view: ListView): Promise<Response> {
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
  const { records, positions } = viewed;
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
