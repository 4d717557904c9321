import * as z from "zod";
import { bannerResource, type BannerCells, type bannerSchema } from "~/admin/screens/banner/screen";
import { fileUrl } from "~/lib/files";
import type { UpstreamClient } from "~/bff/upstream.server";
import type { PageRequest, ResourceAdapter } from "~/bff/resources/screen.server";
import { dataList, upstreamId, upstreamText } from "~/bff/resources/upstream-shapes.server";

/** Adapter for `/banners` (spec §7): the home page's slider reads them; multipart writes, the image in `file`. */

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

export const bannerAdapter: ResourceAdapter<Banner, BannerCells, typeof bannerSchema> = {
  definition: bannerResource,
  resource: "banners",
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
};
