import { exportPath } from "./menu";
import { listViewParams, type ListView } from "./url-state";

/**
 * A list's export as both sides read it: the formats the toolbar offers, and the download's URL,
 * `/admin/export/<screen>?format=…&sep=…` followed by the list's view (its search, filters and
 * order: the export writes the records the list shows, in its order, every page of them). The
 * server writes the file (app/admin-kit/server/screen/export.server.ts).
 */

/** What separates a CSV line's cells: a semicolon is what Excel expects under Indonesian regional settings (the comma is their decimal mark). */
export type ExportSeparator = ";" | ",";

export type ExportFormat = { kind: "csv"; separator: ExportSeparator } | { kind: "xlsx" };

/** The toolbar's choices, in its order. */
export const EXPORT_CHOICES: ReadonlyArray<{ label: string; format: ExportFormat }> = [
  { label: "CSV (;)", format: { kind: "csv", separator: ";" } },
  { label: "CSV (,)", format: { kind: "csv", separator: "," } },
  { label: "Excel (XLSX)", format: { kind: "xlsx" } },
];

/** The export's own parameters, never a list's filter (app/admin-kit/url-state.ts). */
export const EXPORT_PARAMS = { format: "format", separator: "sep" } as const;

/** A URL without a format is a CSV with commas, as the export was before it offered a choice. */
const DEFAULT_KIND = "csv";
const DEFAULT_SEPARATOR: ExportSeparator = ",";

/** The download of a list's view in a format: every page of it, whichever page is shown. */
export function exportHref(screenId: string, view: ListView, format: ExportFormat): string {
  const params = new URLSearchParams({ [EXPORT_PARAMS.format]: format.kind });
  if (format.kind === "csv") params.set(EXPORT_PARAMS.separator, format.separator);
  for (const [name, value] of listViewParams({ ...view, page: 1, perPage: null })) params.append(name, value);
  return `${exportPath(screenId)}?${params}`;
}

/** The format a download's URL asks for, or why it cannot be written (said to the admin, in a 400). */
export function readExportFormat(search: URLSearchParams): ExportFormat | { refused: string } {
  const kind = search.get(EXPORT_PARAMS.format)?.trim().toLowerCase() ?? DEFAULT_KIND;
  if (kind === "xlsx") return { kind };
  if (kind !== "csv") return { refused: `Format ekspor “${kind.slice(0, 20)}” tidak dikenal; pilih csv atau xlsx.` };
  const separator = search.get(EXPORT_PARAMS.separator) ?? DEFAULT_SEPARATOR;
  if (separator === ";" || separator === ",") return { kind, separator };
  return { refused: `Pemisah kolom CSV “${separator.slice(0, 20)}” tidak dikenal; pilih ; (titik koma) atau , (koma).` };
}
