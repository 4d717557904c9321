import * as z from "zod";
import type { FieldOption } from "~/admin/resource";
import { ADMIN_MESSAGES } from "~/admin/messages";
import type { UpstreamClient } from "../upstream.server.ts";
import type { Lookup } from "./screen.server.ts";
import { keyedList, upstreamId, upstreamText } from "./upstream-shapes.server.ts";

/**
 * The book form's choices: authors, publishers, classifications, genres and tags, each one
 * upstream list read for its ids and names only. A select must offer every record, so each is
 * asked for whole (`limit=0` is "all" in the upstream contract's paging).
 */

const ALL = { page: 1, limit: 0 };

const named = z.object({ id: upstreamId, name: upstreamText });
const classification = z.object({ id: upstreamId, notation: upstreamText, general_name: upstreamText });

function byLabel(options: FieldOption[]): FieldOption[] {
  return options.sort((a, b) => a.label.localeCompare(b.label, "id-ID"));
}

function namedLookup(field: string, path: string, key: string, failed: string): Lookup {
  return {
    field,
    failed,
    load: async (api: UpstreamClient) => {
      const records = await api.call(keyedList(key, named), { path, query: ALL });
      return byLabel(records.map((record) => ({ value: record.id, label: record.name })));
    },
  };
}

export const bookLookups: Lookup[] = [
  namedLookup("author_id", "/authors", "author", ADMIN_MESSAGES.authorsLookupFailed),
  namedLookup("publisher_id", "/publishers", "publishers", ADMIN_MESSAGES.publishersLookupFailed),
  {
    field: "classification_id",
    failed: ADMIN_MESSAGES.classificationsLookupFailed,
    load: async (api) => {
      const records = await api.call(keyedList("data", classification), { path: "/classifications", query: ALL });
      // Notation order is the classification's own (DDC 000, 100, ...).
      return records
        .map((record) => ({ value: record.id, label: `${record.notation} ${record.general_name}`.trim() }))
        .sort((a, b) => a.label.localeCompare(b.label, "id-ID", { numeric: true }));
    },
  },
  namedLookup("genres", "/genres", "data", ADMIN_MESSAGES.genresLookupFailed),
  namedLookup("tags", "/tags", "data", ADMIN_MESSAGES.tagsLookupFailed),
];
