import * as z from "zod";
import { fileUrl } from "~/lib/files";
import { serveResource } from "~/admin-kit/server/resource.server";
import { cachedRead } from "~/platform/cache.server";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";
import { bannerResource } from "./banners";

/** `/banners` (spec §7): the record's shape, its reads, and the screen's multipart writes (the image in `file`). */

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

/** The home page's slider, when it shows the banners. */
export const publicBanners = (api: UpstreamClient) => cachedRead("banners", bannerResource, () => listBanners(api));

export const bannerAdapter = serveResource(bannerResource, {
  list: listBanners,
  idOf: (record) => record.id,
  cells: (record, text) => ({
    title: record.title,
    description: text.summary(record.description),
    url: record.url,
    file: text.file(record.file),
  }),
  formValues: (record) => ({ title: record.title, description: record.description, url: record.url }),
  files: (record) => ({ file: fileUrl(record.file) }),
  create: { method: "POST", path: "/banners", encoding: "multipart" },
  update: { method: "PUT", path: "/banners", encoding: "multipart" },
  removePath: (id) => `/banners/${encodeURIComponent(id)}`,
});
