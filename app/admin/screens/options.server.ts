import type * as z from "zod";
import type { Cells, FieldOption } from "~/admin/resource";
import type { AdminContext } from "~/bff/auth.server";
import type { ResourceAdapter } from "~/bff/resources/screen.server";
import { queryReadModel, screenReadModel } from "~/bff/resources/screen/read-model.server";
import { authorAdapter } from "./author/adapter.server";
import { classificationAdapter } from "./classification/adapter.server";
import { genreAdapter } from "./genre/adapter.server";
import { publisherAdapter } from "./publisher/adapter.server";
import { tagAdapter } from "./tag/adapter.server";

/**
 * The choices of a relation field searched as the admin types (issue 22.4), for a picker that
 * asks `/admin/options/<list>?q=` instead of receiving the whole list in the page: the first
 * OPTIONS_PAGE matches in label order, from the list screen's own copy (read-model.server.ts),
 * matching the label's words only (an author is not found by a word of their biography).
 */

export const OPTIONS_PAGE = 20;

interface OptionSource {
  adapter: ResourceAdapter<unknown, Cells, z.ZodObject>;
  /** The columns the label is made of, searched and ordered by the first. */
  labelColumns: string[];
}

const source = <Rec, C extends Cells, S extends z.ZodObject>(adapter: ResourceAdapter<Rec, C, S>, labelColumns: Array<keyof C & string>): OptionSource => ({
  adapter: adapter as unknown as ResourceAdapter<unknown, Cells, z.ZodObject>,
  labelColumns,
});

export const OPTION_SOURCES: Record<string, OptionSource> = {
  author: source(authorAdapter, ["name"]),
  publisher: source(publisherAdapter, ["name"]),
  classification: source(classificationAdapter, ["notation", "general_name"]),
  genre: source(genreAdapter, ["name"]),
  tag: source(tagAdapter, ["name"]),
};

export interface OptionsAnswer {
  options: FieldOption[];
  /** How many match, of which `options` are the first. */
  total: number;
}

/** The choices of `list` matching `q` (the first of all without it); undefined for a list that offers none. */
export async function searchOptions(admin: AdminContext, list: string, q: string): Promise<OptionsAnswer | undefined> {
  const found = Object.hasOwn(OPTION_SOURCES, list) ? OPTION_SOURCES[list] : undefined;
  if (!found) return undefined;
  const { adapter, labelColumns } = found;
  const model = await screenReadModel(admin.api, adapter);
  const view = { q, sort: labelColumns[0], dir: "asc" as const, page: 1 };
  const answer = queryReadModel(model, adapter, view, OPTIONS_PAGE, labelColumns);
  return {
    options: answer.rows.map((row) => ({
      value: row.id,
      label: labelColumns
        .map((column) => String(row.cells[column] ?? ""))
        .join(" ")
        .trim(),
    })),
    total: answer.total,
  };
}
