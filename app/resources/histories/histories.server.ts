import * as z from "zod";
import type { UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";

/** `/histories` (spec §7) as the upstream answers it: the record's shape and its reads, for the public site and the back-office alike. */

const history = z.object({ id: upstreamId, title: upstreamText, description: upstreamText, file: upstreamText });
export type History = z.infer<typeof history>;

export function listHistories(api: UpstreamClient): Promise<History[]> {
  return api.call(dataList(history), { path: "/histories" });
}
