import * as z from "zod";
import { officerResource, type OfficerCells, type officerSchema } from "~/admin/screens/officer/screen";
import { fileUrl } from "~/lib/files";
import type { UpstreamClient } from "~/bff/upstream.server";
import type { ResourceAdapter } from "~/bff/resources/screen.server";
import { dataList, upstreamId, upstreamText } from "~/bff/resources/upstream-shapes.server";

/** Adapter for `/officers` (spec §7): multipart writes, the photo in `file`. */

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

export const officerAdapter: ResourceAdapter<Officer, OfficerCells, typeof officerSchema> = {
  definition: officerResource,
  resource: "officers",
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
};
