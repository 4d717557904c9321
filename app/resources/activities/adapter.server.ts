import { toDateInputValue } from "~/lib/format";
import { activityResource, type ActivityCells, type activitySchema } from "~/resources/activities/screen";
import { fileUrl } from "~/lib/files";
import { isUpstreamError } from "~/platform/upstream.server";
import type { ResourceAdapter } from "~/admin-kit/server/screen.server";
import { getActivity, listActivities, type Activity } from "./activities.server";

/** The activities screen's adapter for `/activities` (spec §7): multipart writes with the date as an ISO string. */
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
