import type * as z from "zod";
import { isOptionList, type OptionsAnswer } from "~/admin-kit/pickers";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import type { Cells } from "~/admin-kit/screen";
import type { AdminContext } from "~/platform/auth.server";
import type { ResourceAdapter } from "~/admin-kit/server/screen.server";
import { searchChoices, type ChoiceSource, type ChoiceSources } from "~/admin-kit/server/screen/choices.server";
import { authorAdapter } from "~/resources/authors/adapter.server";
import { classificationAdapter } from "~/resources/classifications/adapter.server";
import { genreAdapter } from "~/resources/genres/adapter.server";
import { publisherAdapter } from "~/resources/publishers/adapter.server";
import { tagAdapter } from "~/resources/tags/adapter.server";

/**
 * The lists the book form's pickers choose from (app/admin-kit/pickers.ts): each is a list screen's
 * records, labelled by its name (a classification by its notation and name), searched by those
 * words only (an author is not found by a word of their biography).
 */

const source = <Rec, C extends Cells, S extends z.ZodObject>(
  adapter: ResourceAdapter<Rec, C, S>,
  labelColumns: Array<keyof C & string>,
  failed: string,
): ChoiceSource => ({ adapter: adapter as unknown as ResourceAdapter<unknown, Cells, z.ZodObject>, labelColumns, failed });

export const OPTION_SOURCES: ChoiceSources = {
  author: source(authorAdapter, ["name"], ADMIN_MESSAGES.authorsLookupFailed),
  publisher: source(publisherAdapter, ["name"], ADMIN_MESSAGES.publishersLookupFailed),
  classification: source(classificationAdapter, ["notation", "general_name"], ADMIN_MESSAGES.classificationsLookupFailed),
  genre: source(genreAdapter, ["name"], ADMIN_MESSAGES.genresLookupFailed),
  tag: source(tagAdapter, ["name"], ADMIN_MESSAGES.tagsLookupFailed),
};

/** `/admin/options/<list>?q=`: the first choices of `list` matching `q`; undefined for a list that offers none. */
export async function searchOptions(admin: AdminContext, list: string, q: string): Promise<OptionsAnswer | undefined> {
  return isOptionList(list) ? searchChoices(admin.api, OPTION_SOURCES[list], q) : undefined;
}
