import * as z from "zod";
import type { UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";
import { fileUrl } from "~/lib/files";
import { serveResource } from "~/admin-kit/server/resource.server";
import { cachedRead } from "~/platform/cache.server";
import { aboutResource } from "./abouts";

/** `/abouts` (spec §7): the record's shape, its reads, and the screen's multipart writes; the list's first record is the one shown and edited. */

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

/** The about record: the first of the list (spec §3), or null when there is none yet. */
export async function firstAbout(api: UpstreamClient): Promise<About | null> {
  return (await cachedRead("abouts", aboutResource, () => listAbouts(api)))[0] ?? null;
}

export const aboutAdapter = serveResource(aboutResource, {
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
});
