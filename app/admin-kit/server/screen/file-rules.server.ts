import type { FieldDefinition } from "~/admin-kit/screen";
import type { FileRule } from "~/platform/multipart.server";
import { maxBytesByKind } from "@server/upload-limits.server";

/** By file field of a form: what its file must be, and how large it may be (the process's limits by kind). */
export function fileRulesOf(definition: { fields: readonly FieldDefinition[] }): Record<string, FileRule> {
  const maxBytes = maxBytesByKind();
  const rules: Record<string, FileRule> = {};
  for (const field of definition.fields) {
    if (field.type === "file" && field.accept) {
      rules[field.name] = { kind: field.accept, maxBytes: maxBytes[field.accept], label: field.label };
    }
  }
  return rules;
}
