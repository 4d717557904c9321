import * as z from "zod";
import { COVER_PLACEHOLDER, type NamedGroupCells, type namedGroupSchema } from "~/admin-kit/named-groups";
import type { ScreenDefinition } from "~/admin-kit/screen";
import { coverUrl } from "~/lib/files";
import type { UpstreamClient } from "~/platform/upstream.server";
import type { PageRequest, ResourceAdapter } from "./screen.server.ts";
import { dataList, upstreamId, upstreamIdValue, upstreamText } from "~/platform/upstream-shapes.server";

/**
 * What the adapters of `/genres` and `/tags` share (spec §7): `{ data: [...] }` lists of
 * `{id, name, cover}`, JSON writes of the name (`{name}`, `{id, name}`); the cover is a file
 * name under /covers.
 */

const namedGroup = z.object({
  id: upstreamId,
  name: upstreamText,
  cover: upstreamText,
});
type NamedGroup = z.infer<typeof namedGroup>;

function listNamedGroups(api: UpstreamClient, path: string, page: PageRequest | undefined): Promise<NamedGroup[]> {
  return api.call(dataList(namedGroup), { path, query: page });
}

export function namedGroupAdapter(
  path: "/genres" | "/tags",
  definition: ScreenDefinition<NamedGroupCells, typeof namedGroupSchema>,
): ResourceAdapter<NamedGroup, NamedGroupCells, typeof namedGroupSchema> {
  return {
    definition,
    resource: path === "/genres" ? "genres" : "tags",
    list: (api, page) => listNamedGroups(api, path, page),
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
