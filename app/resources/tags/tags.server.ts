import * as z from "zod";
import { namedGroupServer } from "~/admin-kit/server/named-groups.server";
import { serveResource } from "~/admin-kit/server/resource.server";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";
import { tagResource } from "./tags";

/** `/tags` (spec §7): `{ data: [...] }` lists of `{id, name, cover}`, 20 a page (not the original screen's `limit=1`, design.md); JSON writes of the name. */

const tag = z.object({ id: upstreamId, name: upstreamText, cover: upstreamText });
export type Tag = z.infer<typeof tag>;

export function listTags(api: UpstreamClient, page?: PageRequest): Promise<Tag[]> {
  return api.call(dataList(tag), { path: "/tags", query: page });
}

export const tagAdapter = serveResource(tagResource, namedGroupServer("/tags", listTags));
