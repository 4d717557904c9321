import * as z from "zod";
import { serveResource } from "~/admin-kit/server/resource.server";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamIdValue, upstreamText } from "~/platform/upstream-shapes.server";
import { classificationResource } from "./classifications";

/** `/classifications` (spec §7): JSON writes of `{notation, general_name}` (+`id`). */

const classification = z.object({
  id: upstreamId,
  notation: upstreamText,
  general_name: upstreamText,
});
export type Classification = z.infer<typeof classification>;

export function listClassifications(api: UpstreamClient, page?: PageRequest): Promise<Classification[]> {
  return api.call(dataList(classification), { path: "/classifications", query: page });
}

export const classificationAdapter = serveResource(classificationResource, {
  list: listClassifications,
  idOf: (record) => record.id,
  cells: (record) => ({ notation: record.notation, general_name: record.general_name }),
  formValues: (record) => ({ notation: record.notation, general_name: record.general_name }),
  create: { method: "POST", path: "/classifications", encoding: "json" },
  update: {
    method: "PUT",
    path: "/classifications",
    encoding: "json",
    body: (values, { id }) => ({ id: id === undefined ? undefined : upstreamIdValue(id), ...values }),
  },
  removePath: (id) => `/classifications/${encodeURIComponent(id)}`,
});
