import * as z from "zod";
import { CLEAR_FIELD, UNRESOLVED_FIELD } from "~/admin-kit/relations";
import type { FieldDefinition } from "~/admin-kit/screen";
import { MalformedForm } from "~/platform/multipart.server";

/**
 * An edit changes only what the admin changed (issue 19). The edit form posts, in
 * UNRESOLVED_FIELD, the relation fields whose stored choices it could not show, each with the
 * ids it did preselect. Such a field is left out of the update while its submitted choice is
 * still the one shown; a changed choice replaces it; CLEAR_FIELD empties it on purpose. The
 * marker can only keep stored data, never clear it, so a forged one does no harm.
 */

export interface RelationEdits {
  /** Field name → the ids the form preselected. */
  unresolved: ReadonlyMap<string, readonly string[]>;
  /** Fields the admin chose to empty. */
  cleared: ReadonlySet<string>;
}

export const NO_RELATION_EDITS: RelationEdits = { unresolved: new Map(), cleared: new Set() };

const marker = z.record(z.string().max(64), z.array(z.string().max(64)).max(1000));

/** The relation fields of a form: its choices (select and pills). */
export function relationFieldsOf(fields: readonly FieldDefinition[]): Map<string, FieldDefinition> {
  return new Map(fields.filter((field) => field.type === "select" || field.type === "pills").map((field) => [field.name, field]));
}

/** Reads the marker and the clear boxes of an edit; a marker that is not the form's own is a malformed form. */
export function readRelationEdits(fields: Array<[string, string]>, relationFields: ReadonlyMap<string, FieldDefinition>): RelationEdits {
  const unresolved = new Map<string, string[]>();
  const cleared = new Set<string>();
  for (const [name, value] of fields) {
    if (name === CLEAR_FIELD && relationFields.has(value)) cleared.add(value);
    if (name !== UNRESOLVED_FIELD) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new MalformedForm();
    }
    const read = marker.safeParse(parsed);
    if (!read.success) throw new MalformedForm();
    for (const [field, shown] of Object.entries(read.data)) if (relationFields.has(field)) unresolved.set(field, shown);
  }
  return { unresolved, cleared };
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" && value !== "" ? [value] : [];
}

function sameChoice(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");
}

/**
 * Applies an edit's relation marker to the validated values: a field cleared on purpose is sent
 * empty, an unresolved field the admin left as shown is taken out. Returns the fields left out.
 */
export function keepUnresolvedRelations(
  values: Record<string, unknown>,
  edits: RelationEdits,
  relationFields: ReadonlyMap<string, FieldDefinition>,
): Set<string> {
  const omitted = new Set<string>();
  for (const field of edits.cleared) values[field] = relationFields.get(field)?.type === "pills" ? [] : undefined;
  for (const [field, shown] of edits.unresolved) {
    if (edits.cleared.has(field) || !sameChoice(asList(values[field]), shown)) continue;
    delete values[field];
    omitted.add(field);
  }
  return omitted;
}
