import type * as z from "zod";
import type { FieldDefinition, FieldOption, FormValues } from "./fields";

/**
 * A book's author, publisher, classification, genres and tags as the upstream stores them. The
 * spec promises only a name (`author: {name}`, `genres: [{name}]`) or only an id
 * (`classification_id`); our reference API sends both. The edit form needs the choice's id, so
 * a stored relation is matched against the field's choices: by id when it has one, else by its
 * name. A relation that matches no choice, or several, cannot be shown in the form; such a field
 * is left out of the update unless the admin changes it (issue 19: an edit changes only what the
 * admin changed). Shared by the form (what to preselect) and the server (the audit's old values).
 */

export interface StoredRelation {
  id?: string;
  name?: string;
}

/** A relation field's stored references, by field name. */
export type StoredRelations = Record<string, StoredRelation[]>;

/** A field whose stored relations the form could not show in full. */
export interface UnresolvedRelation {
  /** The ids the form preselected: the relations it could match. */
  shown: string[];
  /** How the unmatched relations are named to the admin. */
  missing: string[];
}

export interface ResolvedRelations {
  values: FormValues;
  unresolved: Record<string, UnresolvedRelation>;
}

/** An edit form's record with its relations matched against the pickers' whole lists (the loader's `choices.record`). */
export interface ResolvedRecord extends ResolvedRelations {
  id: string;
}

/** The hidden field that tells the server which relation fields the form could not show. */
export const UNRESOLVED_FIELD = "_unresolved";
/** The checkbox with which the admin clears such a field on purpose (its value is the field's name). */
export const CLEAR_FIELD = "_clear";

function normalizedName(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("id-ID");
}

function describe(relation: StoredRelation): string {
  if (relation.name?.trim()) return relation.name.trim();
  return relation.id ? `ID ${relation.id}` : "";
}

function matchOf(relation: StoredRelation, options: FieldOption[]): string | undefined {
  if (relation.id !== undefined && options.some((option) => option.value === relation.id)) return relation.id;
  const name = relation.name === undefined ? "" : normalizedName(relation.name);
  if (name === "") return undefined;
  const named = options.filter((option) => normalizedName(option.label) === name);
  // Two choices of the same name: which one is stored cannot be told.
  return named.length === 1 ? named[0].value : undefined;
}

/**
 * The form values of the relation fields, and the fields the form cannot show in full. A field
 * whose choices are not loaded (the lookup failed) shows nothing it stores: it is unresolved.
 */
export function resolveRelations(
  stored: StoredRelations,
  options: Record<string, FieldOption[]> | undefined,
  fields: readonly FieldDefinition[],
): ResolvedRelations {
  const pills = new Set(fields.filter((field) => field.type === "pills").map((field) => field.name));
  const values: FormValues = {};
  const unresolved: Record<string, UnresolvedRelation> = {};
  for (const [field, relations] of Object.entries(stored)) {
    const shown: string[] = [];
    const missing: string[] = [];
    for (const relation of relations) {
      const match = matchOf(relation, options?.[field] ?? []);
      if (match !== undefined) {
        if (!shown.includes(match)) shown.push(match);
      } else {
        missing.push(describe(relation));
      }
    }
    values[field] = pills.has(field) ? shown : (shown[0] ?? "");
    if (missing.length > 0) unresolved[field] = { shown, missing };
  }
  return { values, unresolved };
}

/**
 * The edit form's relations: as the server matched them against the pickers' whole lists (the
 * loader's `choices.record`), else none shown, every one left as stored.
 */
export function shownRelations(
  row: { id: string; relations?: StoredRelations },
  choices: { record?: ResolvedRecord } | undefined,
  fields: readonly FieldDefinition[],
): ResolvedRelations | undefined {
  if (!row.relations) return undefined;
  return choices?.record?.id === row.id ? choices.record : resolveRelations(row.relations, undefined, fields);
}

/** What the form posts in UNRESOLVED_FIELD: each unresolved field with the ids it preselected. */
export function encodeUnresolved(unresolved: Record<string, UnresolvedRelation>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(unresolved).map(([field, { shown }]) => [field, shown])));
}

/**
 * The schema of an edit whose unresolved fields may stay empty: such a field is then left out
 * of the update, so a required choice the form could not show is no reason to refuse the edit.
 */
export function schemaAllowingUnresolved<S extends z.ZodObject>(schema: S, fields: Iterable<string>): S {
  const mask: Record<string, true> = {};
  for (const field of fields) {
    // Only a required choice is relaxed: an optional one (pills) keeps its own reading of "none" ([]).
    const shape = schema.shape[field] as z.ZodType | undefined;
    if (shape && !shape.safeParse(undefined).success) mask[field] = true;
  }
  return (Object.keys(mask).length > 0 ? schema.partial(mask) : schema) as S;
}
