import { sliderResource, type SliderCells, type sliderSchema } from "~/resources/sliders/screen";
import { fileUrl } from "~/lib/files";
import type { ResourceAdapter } from "~/admin-kit/server/screen.server";
import { listSliders, type Slider } from "./sliders.server";

/** The sliders screen's adapter for `/sliders` (spec §7): multipart writes, the image in `file`. */
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
