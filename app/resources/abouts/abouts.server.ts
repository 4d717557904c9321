import * as z from "zod";
import type { UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";

/** `/abouts` (spec §7) as the upstream answers it: the record's shape and its reads, for the public site and the back-office alike. */

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
