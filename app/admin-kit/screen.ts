import type { Placement, SiteSettings } from "./placement";
import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import type { Cells, Column, FieldDefinition, FieldRule, FormValues } from "./fields";
import type { MenuEntry } from "./menu";
import type { FormChoices } from "./pickers";
import type { DuplicateRule, DuplicateWarning } from "./duplicates";
import type { EditConflict } from "./edit-conflicts";
import type { ListFilters } from "./filters";
import type { StoredRelations } from "./relations";
import type { BulkAnswer } from "./bulk";

/**
 * What one admin screen is, declared once (design principle 4) and read by both sides: the
 * browser renders the table and the form from it, the server validates submissions with the
 * same schema. It holds nothing secret and imports nothing from server/.
 */

export type { CellValue, Cells, Column, FieldDefinition, FieldIcon, FieldOption, FieldType, FileAccept, FormValues } from "./fields";

export interface ResourceMessages {
  loadFailed: string;
  created?: string;
  createFailed?: string;
  updated?: string;
  updateFailed?: string;
  deleted?: string;
  deleteFailed?: string;
  /** The status switch failed (the library screen). */
  toggleFailed?: string;
  /**
   * A failed write or delete shows the upstream's own `error` text when it sends one, and the
   * message above only otherwise (the book screen, spec §8).
   */
  preferUpstreamError?: boolean;
}

export interface ScreenTexts {
  addTitle?: string;
  addSubmit?: string;
  editTitle?: string;
  editSubmit?: string;
  /** Asked before every delete (spec §8). */
  deleteQuestion?: string;
  /** What the table says when there are no rows. */
  empty: string;
}

export interface ToggleDefinition<C extends Cells> {
  /** The switch's name ("Aktif"), for assistive technology whatever its state, and what it shows when on. */
  label: string;
  /** What the switch shows when off ("Nonaktif"); its name stays `label`, its state is aria-checked. */
  offLabel: string;
  isOn(cells: C): boolean;
}

export interface ScreenDefinition<C extends Cells = Cells, S extends z.ZodObject = z.ZodObject> {
  /**
   * The screen's one id: its URL segment after /admin/, its name in the audit log and the export
   * route, and the name of its form (and its element ids).
   */
  id: string;
  /** Its place in the back-office's menu. */
  menu: MenuEntry;
  /** Where its records show, said on the screen (app/admin-kit/placement.ts). */
  placement(site: SiteSettings): Placement;
  /** The table's caption, for assistive technology (the page heading names it visually). */
  caption: string;
  /** How a row is named inside its action buttons ("EDIT" + this, for screen readers). */
  rowLabel(cells: C): string;
  columns: Array<Column<C>>;
  /** The form's fields in display order; file fields are sent last whatever their place here. */
  fields: readonly FieldDefinition[];
  /** The text fields' rules as one schema, made from `fields` by `formOf`; the server sends its output upstream. */
  schema: S;
  texts: ScreenTexts;
  messages: ResourceMessages;
  /** The toolbar's Add button ("toolbar") or an extra button with its own label (the slider's). */
  addButton?: { placement: "toolbar" } | { placement: "extra"; label: string };
  edit?: boolean;
  remove?: boolean;
  /** A page that shows one record (the DETAIL action). */
  detailHref?(id: string): string;
  toggle?: ToggleDefinition<C>;
  /** The list can be downloaded as CSV (the toolbar's Export button, at `exportPath(id)`). */
  exportable?: boolean;
  /** Records can be added and updated from a spreadsheet or a SLiMS export (the toolbar's Impor, app/admin-kit/import.ts). */
  importable?: boolean;
  /** The screen edits one record, the upstream list's first: Add only while there is none. */
  singleRecord?: boolean;
  /**
   * With JavaScript, the add and edit forms are sent to the screen's upload-progress route
   * (`/admin/<id>.upload`, app/admin-kit/routes.ts) instead of its action, so that the browser can
   * show the upload's progress (large files: the video's). Without JavaScript the form posts to
   * the screen as usual.
   */
  uploadProgress?: boolean;
  /**
   * Rows per page (`?page=N`), with numbered links to the pages, and with JavaScript the next
   * page appended when the table is scrolled to its bottom. Without it every matching row is
   * shown at once. A screen with a page size is also read from the upstream in pages (into the
   * BFF's copy of the whole list, app/admin-kit/server/screen/read-model.server.ts).
   */
  pageSize?: number;
  /** What makes two records one thing: a save that would add a second is warned first (app/admin-kit/duplicates.ts). */
  duplicates?: readonly DuplicateRule[];
}

export interface ScreenRow<C extends Cells = Cells> {
  id: string;
  cells: C;
  values: FormValues;
  /** The current file of each file field, as a URL on this site (for the edit form's preview). */
  files: Record<string, string | null>;
  /** Relation fields (select, pills) as stored: the form matches them against its choices (app/admin-kit/relations.ts). */
  relations?: StoredRelations;
  /** The edit form's record only: what its values are, for the save's merge (`SHOWN_FIELD`, app/admin-kit/edit-conflicts.ts). */
  shown?: string;
}

export type AlertType = "success" | "error";

export interface AlertMessage {
  /** Distinguishes one alert from the next with the same text (a dismissed alert stays dismissed). */
  id: string;
  type: AlertType;
  message: string;
}

export interface ScreenData<C extends Cells = Cells> {
  rows: Array<ScreenRow<C>>;
  alerts: AlertMessage[];
  /** Present when the screen pages: the page shown, and whether a next page may exist. */
  paging: ScreenPaging | null;
  /** How many rows the list's view has and which of them are shown (null: a one-record screen, or a failed load). */
  count: ListCount | null;
  /** The list's filters with their counts, when its resource declares some (app/admin-kit/filters.ts). */
  filters?: ListFilters;
  /** What in the list's URL could not be used, and why: an unknown filter value, a backwards range, rows per page not offered. */
  notes: string[];
  /**
   * The row the open form or delete question is about when it is not among `rows` (a link to
   * `?modal=edit&id=…` from elsewhere, or a list that changed meanwhile).
   */
  selected: ScreenRow<C> | null;
  /**
   * The record the open edit form is about, as the upstream holds it now (never the list's copy);
   * null when the form is open for a record the upstream does not have.
   */
  editing?: ScreenRow<C> | null;
  /**
   * The screen's load-failure message (spec §8) when the upstream did not answer the list: the
   * table says so, with a way to try again, instead of reading as an empty list.
   */
  loadFailure: string | null;
  /** Where the records show, for the site's current settings. */
  placement: Placement;
  /** By file field: the largest file it takes, in bytes (the browser refuses a larger one before sending it). */
  fileLimits: Record<string, number>;
  /** The open form's pickers: what they offer first, and the edit form's relations (app/admin-kit/pickers.ts). */
  choices?: FormChoices;
  /** The open form's one-time id, for the server to draw it with (app/admin-kit/submissions.ts). */
  submission?: string;
}

export interface ScreenPaging {
  page: number;
  /** Another page follows this one. */
  hasMore: boolean;
  pageCount: number;
  /** Rows per page: the screen's own, or one of ROWS_PER_PAGE the URL chose. */
  perPage: number;
  /** The view the pages belong to (search and order, `listViewKey`): pages of another view are not appended. */
  view: string;
}

/** "Menampilkan 21–40 dari 10.000 buku": 1-based positions of the rows shown, and how many match. */
export interface ListCount {
  from: number;
  to: number;
  total: number;
}

export interface ScreenActionData {
  /** The form's values and errors after a refused submission. */
  result?: SubmissionResult<string[]>;
  alert?: AlertMessage;
  /** A status switch changed in place (no reload of the list). */
  toggled?: { id: string; on: boolean };
  /** A picker's search without JavaScript: the form comes back as typed, the picker offering what matched. */
  choices?: FormChoices;
  /** An edit sent back: what its values are, as its `SHOWN_FIELD` (app/admin-kit/edit-conflicts.ts). */
  shown?: string;
  /** An edit whose fields were also changed elsewhere: written only once the admin chooses. */
  conflict?: EditConflict;
  /** A save that would duplicate stored records: written only once the admin presses "Simpan tetap". */
  duplicates?: DuplicateWarning;
  /** A bulk delete's question, or its report of the records it could not delete (bulk.ts). */
  bulk?: BulkAnswer;
}

/** What an upload-progress route answers (`uploadProgress`): where to go after success, or the form's answer. */
export type UploadAnswer = { location: string } | ScreenActionData;

/** The columns a list is searched and ordered by: every one but pictures. */
export function listedColumns<C extends Cells>(columns: ReadonlyArray<Column<C>>): string[] {
  return columns.filter((column) => column.display !== "image").map((column) => column.accessor);
}

/** The schema's shape of these fields: each field with a rule, by its name. */
type ShapeOf<F extends readonly FieldDefinition[]> = {
  [Field in F[number] as Field extends { rule: FieldRule } ? Field["name"] : never]: Field extends { rule: FieldRule<infer T> } ? T : never;
};

/**
 * A form's fields and the zod schema made from them, each field's rule given the field's label:
 * the label, the rule and the control are declared once, together.
 */
export function formOf<const F extends readonly FieldDefinition[]>(fields: F): { fields: F; schema: z.ZodObject<ShapeOf<F>> } {
  const shape = Object.fromEntries(fields.flatMap((field) => (field.rule ? [[field.name, field.rule(field.label)]] : [])));
  return { fields, schema: z.object(shape) as unknown as z.ZodObject<ShapeOf<F>> };
}

/** Defines a resource with its cell and schema types checked against each other. */
export function defineScreen<C extends Cells, S extends z.ZodObject>(definition: ScreenDefinition<C, S>) {
  return definition;
}
