import * as z from "zod";
import { aboutResource, type AboutCells, type aboutSchema } from "~/admin/screens/about-manager/screen";
import { fileUrl } from "~/lib/files";
import type { UpstreamClient } from "~/bff/upstream.server";
import type { ResourceAdapter } from "~/bff/resources/screen.server";
import { dataList, upstreamId, upstreamText } from "~/bff/resources/upstream-shapes.server";

/** Adapter for `/abouts` (spec §7): the list's first record is the one shown and edited. */

const about = z.object({
  id: upstreamId,
  title: upstreamText,
  description: upstreamText,
  address: upstreamText,
  phone: upstreamText,
  email: upstreamText,
  facebook: upstreamText,
  instagram: upstreamText,
  twitter: upstreamText,
  youtube: upstreamText,
  tiktok: upstreamText,
  terms_and_condition: upstreamText,
  privacy_policy: upstreamText,
  file: upstreamText,
});
export type About = z.infer<typeof about>;

export function listAbouts(api: UpstreamClient): Promise<About[]> {
  return api.call(dataList(about), { path: "/abouts" });
}

export const aboutAdapter: ResourceAdapter<About, AboutCells, typeof aboutSchema> = {
  definition: aboutResource,
  resource: "abouts",
  list: (api) => listAbouts(api),
  idOf: (record) => record.id,
  cells: (record, text) => ({
    title: record.title,
    description: text.richSummary(record.description),
    address: record.address,
    phone: record.phone,
    email: record.email,
    privacy_policy: text.richSummary(record.privacy_policy),
    terms_and_condition: text.richSummary(record.terms_and_condition),
    file: text.file(record.file),
  }),
  formValues: ({ id: _id, file: _file, ...fields }) => fields,
  files: (record) => ({ file: fileUrl(record.file) }),
  create: { method: "POST", path: "/abouts", encoding: "multipart" },
  update: { method: "PUT", path: "/abouts", encoding: "multipart" },
};
