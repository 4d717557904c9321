import * as z from "zod";
import type { UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";

/** `/officers` (spec §7) as the upstream answers it: the record's shape and its reads, for the public site and the back-office alike. */

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
