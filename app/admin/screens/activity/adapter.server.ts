import * as z from "zod";
import { toDateInputValue } from "~/admin/format";
import { activityResource, type ActivityCells, type activitySchema } from "~/admin/screens/activity/screen";
import { fileUrl } from "~/lib/files";
import { isUpstreamError, type UpstreamClient } from "~/bff/upstream.server";
import type { PageRequest, ResourceAdapter } from "~/bff/resources/screen.server";
import { dataList, dataRecord, upstreamId, upstreamText } from "~/bff/resources/upstream-shapes.server";

/** Adapter for `/activities` (spec §7): multipart writes with the date as an ISO string. */

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

export const activityAdapter: ResourceAdapter<Activity, ActivityCells, typeof activitySchema> = {
  definition: activityResource,
  resource: "activities",
  list: listActivities,
  read: (api, id) => getActivity(api, id).catch((error: unknown) => (isUpstreamError(error) && error.status === 404 ? undefined : Promise.reject(error))),
  idOf: (record) => record.id,
  cells: (record, text) => ({
    date: text.date(record.date),
    title: record.title,
    description: text.richSummary(record.description),
    file: text.file(record.file),
  }),
  formValues: (record) => ({ date: toDateInputValue(record.date), title: record.title, description: record.description }),
  files: (record) => ({ file: fileUrl(record.file) }),
  create: { method: "POST", path: "/activities", encoding: "multipart" },
  update: { method: "PUT", path: "/activities", encoding: "multipart" },
  removePath: (id) => `/activities/${encodeURIComponent(id)}`,
};
