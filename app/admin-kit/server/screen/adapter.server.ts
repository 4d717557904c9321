import * as z from "zod";
import { clip } from "~/lib/format";
import type { OptionList } from "~/admin-kit/pickers";
import type { StoredRelations } from "~/admin-kit/relations";
import type { ResourceDeclaration } from "~/admin-kit/resource";
import type { Cells, FormValues, ScreenDefinition } from "~/admin-kit/screen";
import { formatDayMonthYear } from "~/lib/dates";
import { fileUrl } from "~/lib/files";
import type { ListSource } from "~/platform/list-copy.server";
import type { ValueFacet } from "~/platform/facets.server";
import type { ListFilter } from "./filters.server.ts";
import type { FilePart, FileRule } from "~/platform/multipart.server";
import { richTextToPlain } from "~/platform/sanitize.server";
import { UpstreamError, type PageRequest, type Service, type UpstreamClient } from "~/platform/upstream.server";
import type { UpstreamScalar } from "~/platform/upstream-shapes.server";

/**
 * What an admin screen's upstream adapter is (a resource's server half,
 * app/resources/<name>/<name>.server.ts, made by `serveResource`): how it lists, shows and writes
 * its records. The machinery that runs every adapter lives beside this file.
 */

/** A value as sent upstream: JSON keeps its type, multipart sends text (a list repeats the field). */
export type OutgoingValue = string | number | boolean | null | undefined | string[];
export type OutgoingFields = Record<string, OutgoingValue>;

export interface WriteContext {
  api: UpstreamClient;
  /** The record's id on update. */
  id: string | undefined;
  /** Fields this update leaves as they are stored (relations the form could not show): not sent. */
  omitted: ReadonlySet<string>;
  /** Fields this update leaves as they are stored, sent as the upstream sent them (field-values.server.ts, `sentAsStored`). */
  asStored?: Readonly<Record<string, UpstreamScalar>>;
}

export interface WriteCall<Values> {
  method: "POST" | "PUT" | "PATCH";
  /**
   * A partial update (the book's PATCH): a field left out keeps its stored value, so an edit
   * sends only the fields whose value differs from the stored one (all of them when the stored
   * record cannot be read in time).
   */
  partial?: boolean;
  path: string | ((id: string | undefined) => string);
  /** Multipart streams the form's files along; JSON sends the fields only. */
  encoding: "multipart" | "json";
  /** The fields to send; by default the form's values, after the id on update. */
  body?(values: Values, context: WriteContext): OutgoingFields | Promise<OutgoingFields>;
}

/** The chosen files of a submission, one by one in the order the browser sent them. */
export interface IncomingFiles {
  next(): Promise<{ part: FilePart; rule: FileRule } | undefined>;
}

/**
 * A write of the adapter's own making (the video's: each file to its own upload call, then the
 * record as JSON). Refusals are FormRejected, upstream failures UpstreamError or WriteFailed.
 */
export interface StagedWrite<Values> {
  staged(values: Values, files: IncomingFiles, context: WriteContext): Promise<void>;
}

/** A write that failed at a step the adapter names: its Indonesian message is what the admin sees. */
export class WriteFailed extends Error {
  /** The upstream's answer that failed the write, when it was one: its status is the answer's (a refusal 422, not 502). */
  readonly upstream: UpstreamError | undefined;
  constructor(message: string, upstream?: UpstreamError) {
    super(message);
    this.name = "WriteFailed";
    this.upstream = upstream;
  }
}

/** Turns stored text into what a cell shows: shortened for the table, whole for an export. */
export interface CellText {
  /** Plain text (a textarea's), shortened. */
  summary(text: string): string;
  /** Rich text (HTML), as plain text, shortened. */
  richSummary(html: string): string;
  /** A stored date as DD-MM-YYYY. */
  date(value: string): string;
  /** A stored file name as its URL on this site. */
  file(name: string): string | null;
}

export type { PageRequest } from "~/platform/upstream.server";

/** A value an export writes: text, a number (a number cell in Excel), a list (written joined by ", "), or nothing. */
export type ExportValue = string | number | null | readonly string[];

/**
 * A column of the export (export.server.ts) that a resource declares beyond its screen's: a field
 * the table does not show (a book's tags and file), or one it shows otherwise (a count as a
 * number). Values come whole (`CellText`: whole texts, dates as DD-MM-YYYY).
 */
export interface ExportColumn<Rec> {
  header: string;
  value(record: Rec, text: CellText): ExportValue;
  /** The value is a file's address on this site (`/files/…`): written as an absolute URL. */
  link?: boolean;
  /** The value holds ids of this list's records (a pickable resource's screen id): written as their options' labels ("959.8 Sejarah Asia Tenggara"). */
  optionsFrom?: OptionList;
  /** The form field the column carries: the import reads it back into that field (app/admin-kit/server/import/). */
  field?: string;
}

export interface ResourceAdapter<Rec, C extends Cells, S extends z.ZodObject> {
  /** Its screen (the declaration's). */
  definition: ScreenDefinition<C, S>;
  /** The resource it reads and writes, as its folder declares it: what its writes clear (cache.server.ts). */
  resource: ResourceDeclaration<string, C, S>;
  /** The resource's own list copy, when the resource has one others read too (the books'); else one is made from the columns. */
  listSource?: ListSource<Rec>;
  /**
   * The filters its list offers (issue 47): values the records hold (a book's genres), or a range
   * of their dates; counted over the list's copy (filters.server.ts).
   */
  filters?: ReadonlyArray<ListFilter<Rec>>;
  /** Which upstream serves every call of this resource (default: the main API). */
  service?: Service;
  /** The records: all of them, or only the page asked for when the screen pages. */
  list(api: UpstreamClient, page: PageRequest | undefined): Promise<Rec[]>;
  /** One record as stored now, where the upstream reads single records (spec §7: activities only); undefined when it has none. */
  read?(api: UpstreamClient, id: string): Promise<Rec | undefined>;
  idOf(record: Rec): string;
  cells(record: Rec, text: CellText): C;
  /**
   * The export's columns after the record's id, when the screen's columns (and its status switch)
   * are not every field: a resource whose table leaves fields out declares them all here.
   */
  exportColumns?: ReadonlyArray<ExportColumn<Rec>>;
  /**
   * The import of a SLiMS bibliography export (app/admin-kit/server/import/slims.server.ts):
   * SLiMS's columns in its export's order, and by column the form field it fills. A select takes
   * the first of several names (the others are reported), pills take them all, a date the year's
   * 1 January.
   */
  slimsImport?: { columns: readonly string[]; fields: Readonly<Record<string, string>> };
  /**
   * By field, the other headers a hand-made spreadsheet gives its column ("Judul Buku",
   * "Penulis", "Tahun Terbit"): the import reads them as the export's own header, the label and
   * the field's name (app/admin-kit/server/import/columns.server.ts).
   */
  importHeaders?: Readonly<Record<string, readonly string[]>>;
  /** The edit form's starting values (relation fields come from `relations`). */
  formValues(record: Rec): FormValues;
  /**
   * The record's relation fields (its select and pills fields) as stored, by id or by name: the
   * form preselects those its choices name, and an edit leaves the others as they are.
   */
  relations?(record: Rec): StoredRelations;
  /** The current file of each file field (shown in the edit form). */
  files?(record: Rec): Record<string, string | null>;
  create?: WriteCall<z.output<S>> | StagedWrite<z.output<S>>;
  update?: WriteCall<z.output<S>> | StagedWrite<z.output<S>>;
  /**
   * By file field, its own upload call when that call takes the file alone and answers its
   * address (a video's): a resumable upload goes on to it as it arrives (early-relays.server.ts).
   */
  earlyUploads?: Readonly<Record<string, (api: UpstreamClient, file: FilePart, rule: FileRule, signal: AbortSignal) => Promise<string>>>;
  /** The lists the form's pickers choose from (the fields' `optionsFrom`), read when the form opens: the registry's to give. */
  choices?: ChoiceSources;
  /** The DELETE path for a record. */
  removePath?(id: string): string;
  /** Sets the record's status switch (the library's `active`); `stored`: the record as the upstream holds it now. */
  toggle?(api: UpstreamClient, stored: Rec, on: boolean): Promise<void>;
}

/** A list a picker chooses from: a pickable resource's screen, its records labelled by some of its cells. */
export interface ChoiceSource {
  adapter: ResourceAdapter<unknown, Cells, z.ZodObject>;
  /** The columns an option's label is made of; searched, and ordered by the first. */
  labelColumns: readonly string[];
  /** What tells look-alike options apart, from the record's cells (the pickable's `detail`). */
  detail?(cells: Cells): string;
  /** Where its records are counted (the pickable's `countedIn`, resolved): that list, its facet, the noun of a count. */
  counted?: { adapter: ResourceAdapter<unknown, Cells, z.ZodObject>; facet: ValueFacet<unknown>; noun: string };
  /** A picker may add a record to it (the pickable's `addInline`, where its screen has an add form). */
  addInline: boolean;
  /** Said when the list cannot be read and the upstream sends no text of its own. */
  failed: string;
}

/** By list (`optionsFrom`): where a form's pickers choose from. */
export type ChoiceSources = Readonly<Record<string, ChoiceSource>>;

export const TABLE_TEXT: CellText = {
  summary: (text) => clip(text),
  richSummary: (html) => clip(richTextToPlain(html)),
  // One the site cannot read ("c1998", "2020-13-45") as stored: as the export writes it and the edit form holds it.
  date: (value) => formatDayMonthYear(value) || value,
  file: fileUrl,
};

export const EXPORT_TEXT: CellText = {
  summary: (text) => text,
  richSummary: richTextToPlain,
  date: formatDayMonthYear,
  file: fileUrl,
};

/** For adapters: a record the upstream does not have (e.g. gone between list and toggle). */
export function missingRecord(call: string): UpstreamError {
  return new UpstreamError("http", 404, undefined, call);
}
