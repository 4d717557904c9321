import type { FieldDefinition, FieldOption } from "./fields";
import type { ResolvedRecord } from "./relations";

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

/** A form's picker fields: its choices made from a list. */
export function pickerFields(fields: readonly FieldDefinition[]): Array<FieldDefinition & { optionsFrom: OptionList }> {
  return fields.filter((field): field is FieldDefinition & { optionsFrom: OptionList } => field.optionsFrom !== undefined);
}
