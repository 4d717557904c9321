import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import type { FieldDefinition, FormValues } from "./screen";

/**
 * Validation judges what the admin changed. A stored value that today's rule
 * refuses (an imported ISBN whose check digit is wrong, an old email, URL or phone number) and
 * that the admin leaves as the form showed it is kept as it is: the edit is saved, the value is
 * not rewritten, and the field says so. A value the admin changed is checked as always.
 *
 * "As stored" is the record's form values: in the browser the record the form opened with, on
 * the server the record as the save reads it just before writing (current-record.server.ts).
 * Both run the field's own zod rule, so one declaration (app/resources/<name>/<name>.ts)
 * decides for every screen.
 */

export const LEGACY_VALUE_NOTE = "Nilai lama tidak lolos pemeriksaan; tidak diubah";

/** A field whose value is text the admin types: not a file, nor a picker's choice (relations have their own rules). */
function typedText(field: FieldDefinition): boolean {
  return field.type !== "file" && field.type !== "pills" && !field.optionsFrom;
}

/** A field's rule alone as a form's schema, made once per rule (conform's coercion of it is cached by the schema). */
const fieldSchemas = new WeakMap<z.ZodType, Map<string, z.ZodObject>>();

function fieldSchema(name: string, rule: z.ZodType): z.ZodObject {
  let byName = fieldSchemas.get(rule);
  if (!byName) fieldSchemas.set(rule, (byName = new Map()));
  let schema = byName.get(name);
  if (!schema) byName.set(name, (schema = z.object({ [name]: rule })));
  return schema;
}

/**
 * The stored values, by field, that the field's rule refuses today, as the edit form shows them.
 * An empty value is never one: a required field left empty must be filled.
 */
export function legacyValues(schema: z.ZodObject, fields: readonly FieldDefinition[], stored: FormValues | undefined): Record<string, string> {
  const legacy: Record<string, string> = {};
  if (!stored) return legacy;
  for (const field of fields) {
    const value = stored[field.name];
    const rule = schema.shape[field.name] as z.ZodType | undefined;
    if (!rule || !typedText(field) || typeof value !== "string" || value.trim() === "") continue;
    // Read as a submission is (conform's coercion: empty to undefined, numbers...), by the field's rule alone.
    const formData = new FormData();
    formData.set(field.name, value);
    const submission = parseWithZod(formData, { schema: fieldSchema(field.name, rule) });
    if (submission.status !== "success") legacy[field.name] = value;
  }
  return legacy;
}

/**
 * The edit's schema: each legacy field takes its stored value exactly as shown (and gives it
 * back unchanged), or else a value its own rule accepts, refused with the rule's own message.
 */
export function schemaKeepingLegacy<S extends z.ZodObject>(schema: S, legacy: Record<string, string>): S {
  const kept: Record<string, z.ZodType> = {};
  for (const [name, value] of Object.entries(legacy)) {
    const rule = schema.shape[name] as z.ZodType | undefined;
    if (!rule) continue;
    kept[name] = z.union([z.literal(value), rule], {
      // Not the union's "invalid input": what the field's rule says of the new value.
      error: (issue) => (issue as { errors?: Array<Array<{ message?: string }>> }).errors?.[1]?.[0]?.message,
    });
  }
  return (Object.keys(kept).length > 0 ? schema.extend(kept) : schema) as S;
}
