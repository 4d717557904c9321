import * as z from "zod";
import type { UpstreamClient } from "~/platform/upstream.server";
import { dataListOrRecord, upstreamId, upstreamIdValue, upstreamText } from "~/platform/upstream-shapes.server";
import { serveResource } from "~/admin-kit/server/resource.server";
import { cachedRead } from "~/platform/cache.server";
import { missionVisionResource } from "./mission-visions";

/** `/mission-vision` (spec §7): the record's shape (`data` is a list or one record), its reads, and the screen's JSON writes. */

const missionVision = z.object({ id: upstreamId, vision: upstreamText, mission: upstreamText });
export type MissionVision = z.infer<typeof missionVision>;

export function listMissionVisions(api: UpstreamClient): Promise<MissionVision[]> {
  return api.call(dataListOrRecord(missionVision), { path: "/mission-vision" });
}

/** The vision and mission: the first record, or null. */
export async function firstMissionVision(api: UpstreamClient): Promise<MissionVision | null> {
  return (await cachedRead("mission-vision", missionVisionResource, () => listMissionVisions(api)))[0] ?? null;
}

export const missionVisionAdapter = serveResource(missionVisionResource, {
  list: (api) => listMissionVisions(api),
  idOf: (record) => record.id,
  cells: (record) => ({ vision: record.vision, mission: record.mission }),
  formValues: (record) => ({ vision: record.vision, mission: record.mission }),
  create: { method: "POST", path: "/mission-vision", encoding: "json" },
  update: {
    method: "PUT",
    path: "/mission-vision",
    encoding: "json",
    body: (values, { id }) => ({ id: id === undefined ? undefined : upstreamIdValue(id), ...values }),
  },
});
