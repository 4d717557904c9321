import * as z from "zod";
import { missionVisionResource, type MissionVisionCells, type missionVisionSchema } from "~/admin/screens/mission-vission/screen";
import type { UpstreamClient } from "~/bff/upstream.server";
import type { ResourceAdapter } from "~/bff/resources/screen.server";
import { dataListOrRecord, upstreamId, upstreamIdValue, upstreamText } from "~/bff/resources/upstream-shapes.server";

/** Adapter for `/mission-vision` (spec §7): JSON writes; `data` is a list or one record. */

const missionVision = z.object({ id: upstreamId, vision: upstreamText, mission: upstreamText });
export type MissionVision = z.infer<typeof missionVision>;

export function listMissionVisions(api: UpstreamClient): Promise<MissionVision[]> {
  return api.call(dataListOrRecord(missionVision), { path: "/mission-vision" });
}

export const missionVisionAdapter: ResourceAdapter<MissionVision, MissionVisionCells, typeof missionVisionSchema> = {
  definition: missionVisionResource,
  resource: "mission-visions",
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
};
