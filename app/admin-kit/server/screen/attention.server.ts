import type * as z from "zod";
import { ATTENTION_FILTER, ATTENTION_TEXTS, ATTENTION_VALUES } from "~/admin-kit/attention";
import type { Cells } from "~/admin-kit/screen";
import type { ListView } from "~/admin-kit/url-state";
import type { ResourceAdapter } from "./adapter.server.ts";
import type { FilterLabels, ListFilter } from "./filters.server.ts";
import type { ReadModelQuery } from "./read-model.server.ts";
import { summaryOf, type ScreenSummary } from "./summary.server.ts";

/**
 * The list's filter of what needs the librarian (app/admin-kit/attention.ts): the desk's to-do
 * lines link to it. Only a view that asks for it (`?perlu=`) pays for the summary of its copy
 * (every record checked once per copy, summary.server.ts); any other view of the list is as before.
 */

/** By summary (one per copy of a list): its filter, made once, so that its facet is indexed once. */
const filters = new WeakMap<ScreenSummary, ListFilter<never>>();

function filterOf(summary: ScreenSummary): ListFilter<never> {
  let filter = filters.get(summary);
  if (!filter) {
    const { needs } = summary;
    filter = { kind: "values", name: ATTENTION_FILTER, label: ATTENTION_TEXTS.label, values: (record: unknown) => needs.get(record) ?? [] };
    filters.set(summary, filter);
  }
  return filter;
}

/** The filter's values as its options and chips say them. */
function labelsOf(fields: ReadonlyArray<{ name: string; label: string; expected?: boolean }>): ReadonlyMap<string, string> {
  return new Map([
    ...fields.filter((field) => field.expected).map((field) => [ATTENTION_VALUES.missing(field.name), ATTENTION_TEXTS.missing(field.label)] as const),
    [ATTENTION_VALUES.legacy, ATTENTION_TEXTS.legacy],
    [ATTENTION_VALUES.duplicates, ATTENTION_TEXTS.duplicates],
  ]);
}

/** How a view of `records` is filtered: the list's own filters with `labels`, and this one when the view names it. */
export async function withAttention<Rec, C extends Cells>(
  labels: FilterLabels,
  records: readonly Rec[],
  adapter: ResourceAdapter<Rec, C, z.ZodObject>,
  view: Pick<ListView, "filters">,
): Promise<NonNullable<ReadModelQuery["filtered"]>> {
  if (adapter.definition.singleRecord || !view.filters.some(([name]) => name === ATTENTION_FILTER)) return { labels };
  const summary = await summaryOf(records, adapter);
  return { labels: new Map([...labels, [ATTENTION_FILTER, labelsOf(adapter.definition.fields)]]), extra: [filterOf(summary)] };
}
