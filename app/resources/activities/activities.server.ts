import * as z from "zod";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { dataList, dataRecord, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";

/** `/activities` (spec §7) as the upstream answers it: the record's shape and its reads, for the public site and the back-office alike. */

const activity = z.object({
  id: upstreamId,
  date: upstreamText,
  title: upstreamText,
  description: upstreamText,
  file: upstreamText,
});
export type Activity = z.infer<typeof activity>;

/** The newest first, as the upstream orders them; all of them, or one page. */
export function listActivities(api: UpstreamClient, page?: PageRequest): Promise<Activity[]> {
  return api.call(dataList(activity), { path: "/activities", query: page });
}

/** One activity (its public page); an unknown id is the upstream's 404. */
export function getActivity(api: UpstreamClient, id: string): Promise<Activity> {
  return api.call(dataRecord(activity), { path: `/activities/${encodeURIComponent(id)}` });
}
