import { nameKey } from "~/lib/name-keys";
import { OPTIONS_PAGE, pickerFields, type FormChoices, type OptionsAnswer } from "~/admin-kit/pickers";
import { resolveRelations, type StoredRelations } from "~/admin-kit/relations";
import type { FieldDefinition, FieldOption, ScreenRow } from "~/admin-kit/screen";
import { isRecordId, type ListView } from "~/admin-kit/url-state";
import { formatIndonesianNumber } from "~/lib/format";
import { recordsHolding } from "~/platform/facets.server";
import { isUpstreamError, type UpstreamClient } from "~/platform/upstream.server";
import type { ChoiceSource, ChoiceSources } from "./adapter.server.ts";
import type { FilterLabels, ListFilter } from "./filters.server.ts";
import { queryReadModel, screenReadModel } from "./read-model.server.ts";

/**
 * The pickers' side of the server (app/admin-kit/pickers.ts). A picker chooses among a list screen's
 * records (the book's authors are the author screen's), so its options come from that screen's
 * copy of its list (read-model.server.ts): searched there as the admin types, matched there
 * against a record's stored relations, and checked there when a form is saved. Nothing sends a
 * whole list to the browser.
 */

/**
 * Every option of a list in label order, made once per copy of the list (by its records: a read
 * model is made per request), and again for another copy of the list its records are counted in.
 */
const allOptionsOf = new WeakMap<readonly unknown[], { countedOver: readonly unknown[] | undefined; options: FieldOption[] }>();

function labelOf(row: ScreenRow, labelColumns: readonly string[]): string {
  return labelColumns
    .map((column) => String(row.cells[column] ?? ""))
    .join(" ")
    .trim();
}

/** How many records of the counting list hold a label: "12 buku". */
type CountOf = (label: string) => string;

/** A record as a picker offers it: its id, its label, and what tells it from a look-alike (its count first). */
function optionOf(row: ScreenRow, source: ChoiceSource, countOf: CountOf | undefined): FieldOption {
  const label = labelOf(row, source.labelColumns);
  const detail = [countOf?.(label), source.detail?.(row.cells)].filter(Boolean).join(" · ");
  return { value: row.id, label, ...(detail ? { detail } : {}) };
}

/**
 * The copy a list's records are counted in (a genre's books) and how to count: nothing when the
 * list is counted nowhere, or that copy cannot be read (its options then go without counts).
 */
async function countingOf(api: UpstreamClient, source: ChoiceSource): Promise<{ records: readonly unknown[]; countOf: CountOf } | undefined> {
  const { counted } = source;
  if (!counted) return undefined;
  try {
    const { records } = await screenReadModel(api, counted.adapter);
    const holding = recordsHolding(records, counted.facet);
    return { records, countOf: (label) => `${formatIndonesianNumber(holding(label))} ${counted.noun}` };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return undefined;
  }
}

function inLabelOrder(q: string, source: ChoiceSource): ListView {
  return { q, sort: source.labelColumns[0], dir: "asc", page: 1, perPage: null, filters: [], filtersCut: false };
}

/** The first OPTIONS_PAGE options of a list matching `q` (the first of all without it), in label order. */
export async function searchChoices(api: UpstreamClient, source: ChoiceSource, q: string): Promise<OptionsAnswer> {
  const [model, counting] = await Promise.all([screenReadModel(api, source.adapter), countingOf(api, source)]);
  // Titles and degrees aside, and a name written surname first, as the duplicate check compares names: "Dr. Ratna Tanjung" finds "Ratna Tanjung".
  const answer = queryReadModel(model, source.adapter, inLabelOrder(nameKey(q) || q, source), { pageSize: OPTIONS_PAGE, searchIn: source.labelColumns });
  return { options: answer.rows.map((row) => optionOf(row, source, counting?.countOf)), total: answer.total };
}

/**
 * By name: the labels of a list's options by id (a filter's values kept as ids, named as a picker
 * names them). A list that cannot be read names nothing: its ids show as they are.
 */
export async function optionLabels(api: UpstreamClient, sources: ChoiceSources, lists: ReadonlyArray<readonly [name: string, list: string]>): Promise<Map<string, Map<string, string>>> {
  const read = await Promise.all(lists.map(([, list]) => (sources[list] ? readList(api, sources[list]) : { options: [] })));
  return new Map(lists.map(([name], index) => {
    const answer = read[index];
    return [name, new Map("options" in answer ? answer.options.map((option) => [option.value, option.label]) : [])];
  }));
}

/** By filter: the labels of a list's filter values kept as ids (a book's classification), from the lists that name them, as the list page shows them. */
export function filterLabels<Rec>(api: UpstreamClient, adapter: { filters?: ReadonlyArray<ListFilter<Rec>>; choices?: ChoiceSources }): Promise<FilterLabels> {
  const labelled = (adapter.filters ?? []).flatMap((filter) => (filter.kind === "values" && filter.optionsFrom ? [[filter.name, filter.optionsFrom] as const] : []));
  return optionLabels(api, adapter.choices ?? {}, labelled);
}

/** A list's options, all of them, or the list's failure message when it cannot be read. */
type ReadList = { options: FieldOption[] } | { failure: string };

async function readList(api: UpstreamClient, source: ChoiceSource): Promise<ReadList> {
  try {
    const [model, counting] = await Promise.all([screenReadModel(api, source.adapter), countingOf(api, source)]);
    const made = allOptionsOf.get(model.records);
    if (made && made.countedOver === counting?.records) return { options: made.options };
    const rows = queryReadModel(model, source.adapter, inLabelOrder("", source)).rows;
    const options = rows.map((row) => optionOf(row, source, counting?.countOf));
    allOptionsOf.set(model.records, { countedOver: counting?.records, options });
    return { options };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return { failure: error.shownMessage ?? source.failed };
  }
}

/** The lists of a form's pickers, read (or found in their copies) at once. */
export interface PickerLists {
  /** By field: every option of its list; a list that could not be read has none. */
  options: Record<string, FieldOption[]>;
  /** By field: the lists that could not be read, each with its message. */
  failures: Record<string, string>;
  /** By field: its list takes a record added from the picker. */
  addable: Record<string, boolean>;
}

export async function readPickerLists(api: UpstreamClient, sources: ChoiceSources, fields: readonly FieldDefinition[]): Promise<PickerLists> {
  const pickers = pickerFields(fields);
  const read = await Promise.all(pickers.map((field) => readList(api, sources[field.optionsFrom])));
  const lists: PickerLists = { options: {}, failures: {}, addable: {} };
  pickers.forEach((field, index) => {
    const answer = read[index];
    lists.addable[field.name] = sources[field.optionsFrom].addInline;
    lists.options[field.name] = "options" in answer ? answer.options : [];
    if ("failure" in answer) lists.failures[field.name] = answer.failure;
  });
  return lists;
}

/** Chosen ids a list that could not be read still offers back, named by their ids; any more are not the form's own. */
const UNREAD_CHOSEN_MAX = 100;

/**
 * The options of these ids, in their order. An id its list does not have is dropped (the save
 * refuses it, saying so); one of a list that could not be read is kept, named by its id, so that
 * the admin's choice is not lost, if it is an id at all.
 */
function optionsOfIds(ids: readonly string[], options: FieldOption[], listRead: boolean): FieldOption[] {
  const wanted = new Set(ids);
  if (!listRead) return [...wanted].filter(isRecordId).slice(0, UNREAD_CHOSEN_MAX).map((id) => ({ value: id, label: `ID ${id}` }));
  const found = new Map(options.filter((option) => wanted.has(option.value)).map((option) => [option.value, option]));
  return [...wanted].flatMap((id) => found.get(id) ?? []);
}

/** By picker field: the ids a form posted. */
export function chosenIn(formData: FormData, fields: readonly FieldDefinition[]): Record<string, string[]> {
  return Object.fromEntries(
    pickerFields(fields).map((field) => [field.name, formData.getAll(field.name).map(String).filter((id) => id !== "")]),
  );
}

interface ChoicesRequest {
  /** By field: the ids chosen now (the stored ones, or those the admin posted). */
  chosen: Record<string, readonly string[]>;
  /** A picker's search without JavaScript, answered instead of that picker's first options. */
  search?: { field: string; q: string; answer: OptionsAnswer };
}

/** What an open form's pickers offer: the chosen options first, then the first of the list (or of the search). */
export function formChoices(lists: PickerLists, fields: readonly FieldDefinition[], { chosen, search }: ChoicesRequest): FormChoices {
  const choices: FormChoices = { offered: {}, total: {}, searches: {}, addable: lists.addable };
  for (const field of pickerFields(fields)) {
    const all = lists.options[field.name] ?? [];
    const picked = optionsOfIds(chosen[field.name] ?? [], all, lists.failures[field.name] === undefined);
    const searched = search?.field === field.name ? search : undefined;
    const first = searched ? searched.answer.options : all.slice(0, OPTIONS_PAGE);
    const pickedIds = new Set(picked.map((option) => option.value));
    choices.offered[field.name] = [...picked, ...first.filter((option) => !pickedIds.has(option.value))];
    choices.total[field.name] = searched ? searched.answer.total : all.length;
    if (searched) choices.searches[field.name] = searched.q;
  }
  return choices;
}

/** A record's stored relations as the edit form shows them, matched against the whole lists (by id, else by a name only one option has). */
export function resolvedRecord(lists: PickerLists, fields: readonly FieldDefinition[], id: string, stored: StoredRelations): NonNullable<FormChoices["record"]> {
  const readable = Object.fromEntries(Object.entries(lists.options).filter(([field]) => lists.failures[field] === undefined));
  const { values, unresolved } = resolveRelations(stored, readable, fields);
  return { id, values, unresolved };
}

/**
 * The picker fields whose submitted ids their list does not have (a forged form, or a record
 * deleted meanwhile), each with its message. A list that cannot be read is not held against the
 * form: the upstream judges the ids then.
 */
export function unknownChoices(lists: PickerLists, fields: readonly FieldDefinition[], values: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of pickerFields(fields)) {
    if (lists.failures[field.name] !== undefined || !(field.name in values)) continue;
    const value = values[field.name];
    const ids = Array.isArray(value) ? value.map(String) : typeof value === "string" && value !== "" ? [value] : [];
    const known = new Set(lists.options[field.name]?.map((option) => option.value));
    if (ids.some((id) => !known.has(id))) errors[field.name] = [`${field.label} yang dipilih tidak ditemukan. Silakan pilih lagi.`];
  }
  return errors;
}
