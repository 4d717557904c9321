import type { FieldDefinition, FieldOption } from "./screen";
import type { UnresolvedRelation } from "./relations";

/**
 * The book form's pickers (issue 22.4): author, publisher and classification as a combobox,
 * genres and tags as pills, each choosing among a list too long to send into the page. With
 * JavaScript a picker asks `/admin/options/<list>?q=` as the admin types; without it the form
 * offers the chosen options and the first OPTIONS_PAGE, and a "Cari" button beside each picker
 * posts the form back with that picker's search (PICK_FIELD), keeping what was typed.
 */

/** The lists a picker chooses from, by the name of their `/admin/options/<list>` route. */
export const OPTION_LISTS = ["author", "publisher", "classification", "genre", "tag"] as const;
export type OptionList = (typeof OPTION_LISTS)[number];

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
  record?: { id: string; values: Record<string, string | string[]>; unresolved: Record<string, UnresolvedRelation> };
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

export function isOptionList(list: string): list is OptionList {
  return (OPTION_LISTS as readonly string[]).includes(list);
}

/** A form's picker fields: its choices made from a list. */
export function pickerFields(fields: readonly FieldDefinition[]): Array<FieldDefinition & { optionsFrom: OptionList }> {
  return fields.filter((field): field is FieldDefinition & { optionsFrom: OptionList } => field.optionsFrom !== undefined);
}
