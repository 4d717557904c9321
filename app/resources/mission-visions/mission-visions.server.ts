import * as z from "zod";
import type { UpstreamClient } from "~/platform/upstream.server";
import { dataListOrRecord, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";

/** `/mission-vision` (spec §7) as the upstream answers it: the record's shape and its reads, for the public site and the back-office alike. */

const missionVision = z.object({ id: upstreamId, vision: upstreamText, mission: upstreamText });
export type MissionVision = z.infer<typeof missionVision>;

export function listMissionVisions(api: UpstreamClient): Promise<MissionVision[]> {
  return api.call(dataListOrRecord(missionVision), { path: "/mission-vision" });
}
