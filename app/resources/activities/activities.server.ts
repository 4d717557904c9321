import * as z from "zod";
import { fileUrl } from "~/lib/files";
import { dateFormValue } from "~/lib/format";
import { serveResource } from "~/admin-kit/server/resource.server";
import { cachedRead } from "~/platform/cache.server";
import { readFirstPage } from "~/platform/paged-read.server";
import { isUpstreamError, type PageRequest, type UpstreamClient } from "~/platform/upstream.server";
import { dataList, dataRecord, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";
import { activityResource } from "./activities";

/** `/activities` (spec §7): the record's shape, its reads, and the screen's multipart writes with the date as an ISO string. */

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

/** Every activity (the archive page, the feed, the sitemap). */
export const publicActivities = (api: UpstreamClient) => cachedRead("activities", activityResource, () => listActivities(api));

/** How many activities the home page's carousel holds: the newest, however many there are. */
export const HOME_ACTIVITY_COUNT = 12;

/**
 * The newest activities only (the upstream lists newest first): its first page, numbered 0 or 1
 * (readFirstPage), so the home page costs the same with 500 activities as with 20. Cut here too,
 * in case an upstream ignores `limit`.
 */
export const latestActivities = (api: UpstreamClient) =>
  cachedRead("activities?latest", activityResource, async () =>
    (await readFirstPage((page, limit) => listActivities(api, { page, limit }), HOME_ACTIVITY_COUNT)).slice(0, HOME_ACTIVITY_COUNT),
  );

/** One activity's page. */
export const publicActivity = (api: UpstreamClient, activityId: string) => cachedRead(`activities/${activityId}`, activityResource, () => getActivity(api, activityId));

export const activityAdapter = serveResource(activityResource, {
  list: listActivities,
  read: (api, id) => getActivity(api, id).catch((error: unknown) => (isUpstreamError(error) && error.status === 404 ? undefined : Promise.reject(error))),
  idOf: (record) => record.id,
  filters: [{ kind: "range", name: "date", label: "Tanggal", unit: "date", date: (record) => record.date }],
  cells: (record, text) => ({
    date: text.date(record.date),
    title: record.title,
    description: text.richSummary(record.description),
    file: text.file(record.file),
  }),
  formValues: (record) => ({ date: dateFormValue(record.date), title: record.title, description: record.description }),
  files: (record) => ({ file: fileUrl(record.file) }),
  create: { method: "POST", path: "/activities", encoding: "multipart" },
  update: { method: "PUT", path: "/activities", encoding: "multipart" },
  removePath: (id) => `/activities/${encodeURIComponent(id)}`,
});
