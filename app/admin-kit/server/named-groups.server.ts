import { COVER_PLACEHOLDER, type NamedGroupCells, type namedGroupSchema } from "~/admin-kit/named-groups";
import { coverUrl } from "~/lib/files";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { upstreamIdValue } from "~/platform/upstream-shapes.server";
import type { ServerHalf } from "./resource.server.ts";

/**
 * The server half of a named group's screen (app/admin-kit/named-groups.ts: a genre's, a tag's):
 * its records are `{id, name, cover}`, written as JSON of the name (`{name}`, `{id, name}`) at
 * the resource's own path; the cover is a file name under /covers.
 */

export interface NamedGroupRecord {
  id: string;
  name: string;
  cover: string;
}

export function namedGroupServer<Rec extends NamedGroupRecord>(
  path: string,
  list: (api: UpstreamClient, page: PageRequest | undefined) => Promise<Rec[]>,
): ServerHalf<Rec, NamedGroupCells, typeof namedGroupSchema> {
  return {
    list,
    idOf: (record) => record.id,
    cells: (record) => ({ name: record.name, cover: coverUrl(record.cover) ?? COVER_PLACEHOLDER }),
    formValues: (record) => ({ name: record.name }),
    create: { method: "POST", path, encoding: "json", body: ({ name }) => ({ name }) },
    update: {
      method: "PUT",
      path,
      encoding: "json",
      body: ({ name }, { id }) => ({ id: id === undefined ? undefined : upstreamIdValue(id), name }),
    },
    removePath: (id) => `${path}/${encodeURIComponent(id)}`,
  };
}
