import { missionVisionResource, type MissionVisionCells, type missionVisionSchema } from "~/resources/mission-visions/screen";
import type { ResourceAdapter } from "~/admin-kit/server/screen.server";
import { upstreamIdValue } from "~/platform/upstream-shapes.server";
import { listMissionVisions, type MissionVision } from "./mission-visions.server";

/** The mission-visions screen's adapter for `/mission-vision` (spec §7): JSON writes; `data` is a list or one record. */
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
