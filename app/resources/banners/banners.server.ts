import * as z from "zod";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";

/** `/banners` (spec §7) as the upstream answers it: the record's shape and its reads, for the public site and the back-office alike. */

const banner = z.object({
  id: upstreamId,
  title: upstreamText,
  description: upstreamText,
  url: upstreamText,
  file: upstreamText,
});
export type Banner = z.infer<typeof banner>;

/** All banners (the home page's slider), or one page of them (the admin screen). */
export function listBanners(api: UpstreamClient, page?: PageRequest): Promise<Banner[]> {
  return api.call(dataList(banner), { path: "/banners", query: page });
}
