import * as z from "zod";
import type { UpstreamClient } from "../upstream.server.ts";
import { dataList, upstreamId, upstreamText } from "./upstream-shapes.server.ts";

/** Adapter for `/banners` (spec §7): the home page's slider reads them. */

const banner = z.object({
  id: upstreamId,
  title: upstreamText,
  description: upstreamText,
  url: upstreamText,
  file: upstreamText,
});
export type Banner = z.infer<typeof banner>;

export function listBanners(api: UpstreamClient): Promise<Banner[]> {
  return api.call(dataList(banner), { path: "/banners" });
}
