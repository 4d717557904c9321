import type * as z from "zod";
import { ATTENTION_VALUES } from "~/admin-kit/attention";
import { legacyValues } from "~/admin-kit/legacy-values";
import type { Cells } from "~/admin-kit/screen";
import type { UpstreamClient } from "~/platform/upstream.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { duplicatedPositions } from "./duplicates.server.ts";
import { screenReadModel } from "./read-model.server.ts";

/**
 * What the desk (`/admin`) says of one screen's list: how many records it holds, and how many
 * need the librarian: a stored value today's checks refuse (an imported ISBN with a wrong check
 * digit), a likely duplicate of another (the screen's own duplicate rules), a field the
 * resource declares `expected` left empty (a book without its cover). Worked out from the list's
 * copy, once per copy: 10,000 books are a pass of some hundreds of milliseconds, in slices that
 * let other requests through.
 */

export interface ScreenSummary {
  total: number;
  /** Records with a stored value today's checks refuse. */
  legacy: number;
  /** Records that match another by one of the screen's duplicate rules. */
  duplicates: number;
  /** By expected field: how many records lack it. */
  missing: Array<{ field: string; label: string; count: number }>;
  /** By record, what it needs (ATTENTION_VALUES): the list's "perlu" filter. A record that needs nothing is absent. */
  needs: ReadonlyMap<unknown, readonly string[]>;
}

/** Records looked at between two turns of the event loop. */
const SLICE = 1_000;

const summaries = new WeakMap<readonly unknown[], WeakMap<object, Promise<ScreenSummary>>>();

export async function screenSummary<Rec, C extends Cells, S extends z.ZodObject>(api: UpstreamClient, adapter: ResourceAdapter<Rec, C, S>): Promise<ScreenSummary> {
  const { records } = await screenReadModel(api, adapter as unknown as ResourceAdapter<Rec, Cells, z.ZodObject>);
  return summaryOf(records, adapter);
}

/** The summary of one copy of the list (the records of its read model), worked out once per copy. */
export function summaryOf<Rec, C extends Cells, S extends z.ZodObject>(records: readonly Rec[], adapter: ResourceAdapter<Rec, C, S>): Promise<ScreenSummary> {
  let byScreen = summaries.get(records);
  if (!byScreen) summaries.set(records, (byScreen = new WeakMap()));
  let summary = byScreen.get(adapter);
  if (!summary) {
    summary = summarize(records, adapter as unknown as ResourceAdapter<Rec, Cells, z.ZodObject>);
    byScreen.set(adapter, summary);
  }
  return summary;
}

async function summarize<Rec>(records: readonly Rec[], adapter: ResourceAdapter<Rec, Cells, z.ZodObject>): Promise<ScreenSummary> {
  const { definition } = adapter;
  const expected = definition.fields.filter((field) => field.expected);
  const missing = new Map(expected.map((field) => [field.name, 0]));
  const needs = new Map<Rec, string[]>();
  const need = (record: Rec, what: string) => {
    const list = needs.get(record);
    if (list) list.push(what);
    else needs.set(record, [what]);
  };
  let legacy = 0;
  for (let start = 0; start < records.length; start += SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const record of records.slice(start, start + SLICE)) {
      const values = adapter.formValues(record);
      if (Object.keys(legacyValues(definition.schema, definition.fields, values)).length > 0) {
        legacy += 1;
        need(record, ATTENTION_VALUES.legacy);
      }
      if (expected.length === 0) continue;
      const files = adapter.files?.(record) ?? {};
      for (const field of expected) {
        const value = field.type === "file" ? files[field.name] : values[field.name];
        if (value === null || value === undefined || (Array.isArray(value) ? value.length === 0 : String(value).trim() === "")) {
          missing.set(field.name, (missing.get(field.name) ?? 0) + 1);
          need(record, ATTENTION_VALUES.missing(field.name));
        }
      }
    }
  }
  const duplicated = definition.singleRecord ? new Set<number>() : duplicatedPositions(records, adapter);
  for (const position of duplicated) need(records[position], ATTENTION_VALUES.duplicates);
  return {
    total: records.length,
    legacy,
    duplicates: duplicated.size,
    missing: expected.map((field) => ({ field: field.name, label: field.label, count: missing.get(field.name) ?? 0 })),
    needs,
  };
}
