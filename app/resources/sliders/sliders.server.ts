import * as z from "zod";
import type { UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";

/** `/sliders` (spec §7) as the upstream answers it: the record's shape and its reads, for the public site and the back-office alike. */

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
