import * as z from "zod";
import { fileUrl } from "~/lib/files";
import { serveResource } from "~/admin-kit/server/resource.server";
import { cachedRead } from "~/platform/cache.server";
import type { UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";
import { sliderResource } from "./sliders";

/** `/sliders` (spec §7): the record's shape, its reads, and the screen's multipart writes (the image in `file`). */

const slider = z.object({
  id: upstreamId,
  title: upstreamText,
  description: upstreamText,
  url: upstreamText,
  file: upstreamText,
});
export type Slider = z.infer<typeof slider>;

export function listSliders(api: UpstreamClient): Promise<Slider[]> {
  return api.call(dataList(slider), { path: "/sliders" });
}

/** The home page's slider, when it shows the sliders. */
export const publicSliders = (api: UpstreamClient) => cachedRead("sliders", sliderResource, () => listSliders(api));

export const sliderAdapter = serveResource(sliderResource, {
  list: (api) => listSliders(api),
  idOf: (record) => record.id,
  cells: (record, text) => ({
    title: record.title,
    description: text.summary(record.description),
    url: record.url,
    file: text.file(record.file),
  }),
  formValues: (record) => ({ title: record.title, description: record.description, url: record.url }),
  files: (record) => ({ file: fileUrl(record.file) }),
  create: { method: "POST", path: "/sliders", encoding: "multipart" },
  update: { method: "PUT", path: "/sliders", encoding: "multipart" },
  removePath: (id) => `/sliders/${encodeURIComponent(id)}`,
});
