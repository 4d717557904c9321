import * as z from "zod";
import { namedGroupServer } from "~/admin-kit/server/named-groups.server";
import { serveResource } from "~/admin-kit/server/resource.server";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";
import { genreResource } from "./genres";

/** `/genres` (spec §7): `{ data: [...] }` lists of `{id, name, cover}`, 20 a page; JSON writes of the name. */

const genre = z.object({ id: upstreamId, name: upstreamText, cover: upstreamText });
export type Genre = z.infer<typeof genre>;

export function listGenres(api: UpstreamClient, page?: PageRequest): Promise<Genre[]> {
  return api.call(dataList(genre), { path: "/genres", query: page });
}

export const genreAdapter = serveResource(genreResource, namedGroupServer("/genres", listGenres));
