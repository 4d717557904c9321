import * as z from "zod";
import type { UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";
import { fileUrl } from "~/lib/files";
import { serveResource } from "~/admin-kit/server/resource.server";
import { cachedRead } from "~/platform/cache.server";
import { officerResource } from "./officers";

/** `/officers` (spec §7): the record's shape, its reads, and the screen's multipart writes (the photo in `file`). */

const officer = z.object({
  id: upstreamId,
  name: upstreamText,
  position: upstreamText,
  additional_text: upstreamText,
  file: upstreamText,
});
export type Officer = z.infer<typeof officer>;

export function listOfficers(api: UpstreamClient): Promise<Officer[]> {
  return api.call(dataList(officer), { path: "/officers" });
}

/** The home page's officers. */
export const publicOfficers = (api: UpstreamClient) => cachedRead("officers", officerResource, () => listOfficers(api));

export const officerAdapter = serveResource(officerResource, {
  list: (api) => listOfficers(api),
  idOf: (record) => record.id,
  cells: (record, text) => ({
    name: record.name,
    position: record.position,
    additional_text: record.additional_text,
    file: text.file(record.file),
  }),
  formValues: (record) => ({ name: record.name, position: record.position, additional_text: record.additional_text }),
  files: (record) => ({ file: fileUrl(record.file) }),
  create: { method: "POST", path: "/officers", encoding: "multipart" },
  update: { method: "PUT", path: "/officers", encoding: "multipart" },
  removePath: (id) => `/officers/${encodeURIComponent(id)}`,
});
