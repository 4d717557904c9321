import { decode } from "turbo-stream";
import { SHOWN_FIELD } from "~/admin-kit/edit-conflicts";
import { encodeUnresolved, UNRESOLVED_FIELD } from "~/admin-kit/relations";
import type { FieldDefinition, ScreenActionData, ScreenData } from "~/admin-kit/screen";
import type { AdminScreen as RegisteredAdminScreen } from "./screens.ts";

/** What a form needs of its screen: where it posts, and its fields. */
type AdminScreen = Pick<RegisteredAdminScreen, "path" | "definition">;

/**
 * An admin's edit forms over HTTP, as a browser with JavaScript sends them (single fetch's
 * `.data`, turbo-stream): the form opened with what its loader gave, changed, and posted with the
 * hidden `_shown`. Shared by the lost-update and concurrent-saves suites and the record-locks bench.
 */

export type Entries = Array<[string, string]>;

export interface OpenForm {
  id: string;
  entries: Entries;
  values: Record<string, string | string[]>;
}

/** The screen's loader data for a URL (single fetch: `.data`, turbo-stream), as the browser reads it with JavaScript. */
export async function screenData(bffUrl: string, cookie: string, screen: AdminScreen, query: string): Promise<ScreenData> {
  const response = await fetch(`${bffUrl}${screen.path}.data${query}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`${screen.path}${query} answered ${response.status}`);
  const decoded = await decode(response.body!);
  await decoded.done;
  const routeId = `routes/${screen.path.slice(1).replace("/", ".")}`;
  return (decoded.value as Record<string, { data: ScreenData }>)[routeId].data;
}

/** A screen's field whose value any text fits (no format to keep): the ones two admins change here (in capitals: some screens store them so). */
export function freeText(screen: AdminScreen): readonly FieldDefinition[] {
  return screen.definition.fields.filter((field) => {
    if (!["text", "textarea", "textEditor"].includes(field.type) || field.optionsFrom || field.options) return false;
    const rule = screen.definition.schema.shape[field.name];
    return rule !== undefined && rule.safeParse(valueFor(field, "Uji")).success;
  });
}

export function valueFor(field: FieldDefinition, text: string): string {
  return field.type === "textEditor" ? `<p>${text}</p>` : text;
}

/** The edit form of a record as its page shows it: every field's value, relations as matched, and what it showed. */
export async function openEdit(bffUrl: string, cookie: string, screen: AdminScreen, id: string): Promise<OpenForm> {
  const data = await screenData(bffUrl, cookie, screen, `?modal=edit&id=${encodeURIComponent(id)}`);
  const editing = data.editing;
  if (!editing?.shown) throw new Error(`${screen.path}: the edit form of ${id} did not open with what it shows`);
  const values = { ...editing.values, ...data.choices?.record?.values };
  const entries: Entries = [
    ["intent", "update"],
    ["id", editing.id],
    [SHOWN_FIELD, editing.shown],
  ];
  const unresolved = data.choices?.record?.unresolved ?? {};
  if (Object.keys(unresolved).length > 0) entries.push([UNRESOLVED_FIELD, encodeUnresolved(unresolved)]);
  for (const field of screen.definition.fields) {
    if (field.type === "file" || field.name in unresolved) continue;
    const value = values[field.name] ?? (field.type === "pills" ? [] : "");
    for (const item of Array.isArray(value) ? value : [value]) entries.push([field.name, item]);
  }
  return { id: editing.id, entries, values };
}

export function withValue(entries: Entries, name: string, value: string): Entries {
  return [...entries.filter(([field]) => field !== name), [name, value]];
}

export async function save(bffUrl: string, cookie: string, screen: AdminScreen, id: string | undefined, entries: Entries): Promise<{ status: number; data?: ScreenActionData }> {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  const query = id === undefined ? "?modal=add" : `?modal=edit&id=${encodeURIComponent(id)}`;
  const response = await fetch(`${bffUrl}${screen.path}.data${query}`, {
    method: "POST",
    headers: { cookie, origin: bffUrl },
    body: form,
  });
  const decoded = await decode(response.body!);
  await decoded.done;
  const value = decoded.value as { data?: ScreenActionData; redirect?: string };
  return { status: value.redirect ? 302 : response.status, data: value.data };
}

/** A stored value as plain text (rich text's tags dropped), to compare with what was typed. */
export function plain(value: string | string[] | undefined): string {
  return String(value ?? "").replace(/<[^>]*>/g, "").trim();
}
