import type { DuplicateWarning } from "./duplicates";
import type { FieldDefinition, FieldOption } from "./fields";
import type { ResolvedRecord } from "./relations";
import { BACK_PARAM } from "./url-state";

/**
 * A form's pickers: a select field (one choice) or pills field (several) whose choices are the
 * records of another resource, one declared `pickable` (app/admin-kit/resource.ts), each choosing
 * among a list too long to send into the page. With JavaScript a picker asks
 * `/admin/options/<list>?q=` as the admin types; without it the form offers the chosen options
 * and the first OPTIONS_PAGE, and a "Cari" button beside each picker posts the form back with
 * that picker's search (PICK_FIELD), keeping what was typed.
 */

/** A list a picker chooses from: the pickable resource's screen id, the name of its `/admin/options/<list>` route. */
export type OptionList = string;

/** How many options a search answers with, and a form offers before one. */
export const OPTIONS_PAGE = 20;

export interface OptionsAnswer {
  /** The first OPTIONS_PAGE matches, in label order. */
  options: FieldOption[];
  /** How many match in all. */
  total: number;
}

/** The choices an open form starts with: loaded with the screen, or answered by a picker's search without JavaScript. */
export interface FormChoices {
  /** By field: the options offered, the chosen ones first, then the first matches in label order. */
  offered: Record<string, FieldOption[]>;
  /** By field: how many options its list has in all (or match the search that `searches` names). */
  total: Record<string, number>;
  /** By field: the search the offered options answer, when there is one. */
  searches: Record<string, string>;
  /** The edit form's record: its relations as the form shows them, and those it cannot show. */
  record?: ResolvedRecord;
  /** By field: its list takes a new record typed in the picker (`addInline`). */
  addable?: Record<string, boolean>;
}

/** The button that posts a picker's search without JavaScript; its value is the field's name. */
export const PICK_FIELD = "_pick";
/** The no-JavaScript search box of a picker. */
export function pickSearchName(field: string): string {
  return `_pick_q_${field}`;
}

export function optionsHref(list: OptionList, q: string): string {
  return `/admin/options/${list}?${new URLSearchParams({ q })}`;
}

/**
 * A record added from a picker ("Tambah pengarang baru «…»"): its label POSTed to
 * `/admin/options/<list>` under this name (and, to save past a likely duplicate, the warning's
 * `DUPLICATE_CONFIRM_FIELD`), created by that list's own screen as its add form would.
 */
export const ADDED_LABEL_FIELD = "label";

/** What an add from a picker answers: the new option, the likely duplicates found instead, or why not. */
export type OptionAdded = { added: FieldOption } | { duplicates: DuplicateWarning } | { error: string };

/** Without JavaScript, the add form of a picker's list: its list's screen, which comes back to `back` once it saved. */
export function addFormHref(list: OptionList, back: string): string {
  return `/admin/${list}?${new URLSearchParams({ modal: "add", [BACK_PARAM]: back })}`;
}

/** Where a screen goes back to after a create that a picker's link sent it: an admin page, nowhere else. */
export function backTo(value: string | null): string | undefined {
  return value !== null && /^\/admin(?:[/?]|$)/.test(value) && !value.includes("\\") && value.length <= 2_000 ? value : undefined;
}

export const PICKER_ADD_TEXTS = {
  add: (noun: string, typed: string) => `Tambah ${noun} baru «${typed}»`,
  addLink: (noun: string) => `Tambah ${noun} baru`,
  adding: (typed: string) => `Menambah «${typed}»…`,
  added: (typed: string) => `«${typed}» ditambahkan dan dipilih.`,
  failed: "Data tidak dapat ditambahkan. Periksa koneksi, lalu coba lagi.",
  pickExisting: (label: string) => `Pilih «${label}»`,
  notFound: (noun: string) => `Data ${noun} sudah ditambahkan, tetapi belum dapat dipilih otomatis: cari lalu pilih.`,
  cancel: "Batal",
} as const;

/** A form's picker fields: its choices made from a list. */
export function pickerFields(fields: readonly FieldDefinition[]): Array<FieldDefinition & { optionsFrom: OptionList }> {
  return fields.filter((field): field is FieldDefinition & { optionsFrom: OptionList } => field.optionsFrom !== undefined);
}
