import type { FieldChange } from "~/lib/audit";
import type { FieldDefinition, FormValues } from "~/admin-kit/resource";
import { parseIndonesianNumber, toDateInputValue } from "~/lib/format";
import { SECRET_FIELD, shortText } from "~/platform/audit.server";
import { cleanEditorHtml } from "~/platform/sanitize.server";

/** How a screen's form values compare with what is stored: for a save's merge, its partial update and its audit entry. */

/**
 * A form or stored value as comparable text, each kind as it is stored: lists in a stable order,
 * dates as days, numbers parsed ("12.500" is 12500), rich text cleaned as a save cleans it, and
 * line breaks alike (a browser sends every textarea's as CRLF, whatever is stored).
 */
export function comparable(field: FieldDefinition, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(String).sort().join(", ");
  if (field.type === "date") return toDateInputValue(String(value));
  if (field.type === "number") return String(typeof value === "number" ? value : (parseIndonesianNumber(String(value)) ?? ""));
  const text = String(value).replace(/\r\n?/g, "\n");
  return field.type === "textEditor" ? cleanEditorHtml(text) : text;
}

/** Whether a submitted value is the one stored, compared as a save stores it. */
export function isStoredValue(field: FieldDefinition, stored: unknown, submitted: unknown): boolean {
  return comparable(field, stored) === comparable(field, submitted);
}

/**
 * Which of the form's fields a submission changes. `before` is the record's stored form values
 * (undefined for a new record, or when they could not be read: then every submitted field counts).
 */
export function fieldChanges(
  fields: readonly FieldDefinition[],
  before: FormValues | undefined,
  after: Record<string, unknown>,
  chosenFiles: ReadonlySet<string>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const { name, label } = field;
    if (field.type === "file") {
      if (chosenFiles.has(name)) changes.push({ field: name, label, kind: "file" });
      continue;
    }
    if (!(name in after)) continue;
    const to = comparable(field, after[name]);
    const from = before ? comparable(field, before[name]) : null;
    if (from === to || (from === null && to === "")) continue;
    if (field.type === "textEditor" || SECRET_FIELD.test(name)) changes.push({ field: name, label, kind: "changed" });
    else changes.push({ field: name, label, kind: "text", from: from === null ? null : shortText(from), to: shortText(to) });
  }
  return changes;
}

