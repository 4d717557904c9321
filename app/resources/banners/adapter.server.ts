import { bannerResource, type BannerCells, type bannerSchema } from "~/resources/banners/screen";
import { fileUrl } from "~/lib/files";
import type { ResourceAdapter } from "~/admin-kit/server/screen.server";
import { listBanners, type Banner } from "./banners.server";

/** The banners screen's adapter for `/banners` (spec §7): the home page's slider reads them; multipart writes, the image in `file`. */
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
