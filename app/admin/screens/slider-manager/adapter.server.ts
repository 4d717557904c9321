import * as z from "zod";
import { sliderResource, type SliderCells, type sliderSchema } from "~/admin/screens/slider-manager/screen";
import { fileUrl } from "~/lib/files";
import type { UpstreamClient } from "~/bff/upstream.server";
import type { ResourceAdapter } from "~/bff/resources/screen.server";
import { dataList, upstreamId, upstreamText } from "~/bff/resources/upstream-shapes.server";

/** Adapter for `/sliders` (spec §7): multipart writes, the image in `file`. */

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

export const sliderAdapter: ResourceAdapter<Slider, SliderCells, typeof sliderSchema> = {
  definition: sliderResource,
  resource: "sliders",
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
};
