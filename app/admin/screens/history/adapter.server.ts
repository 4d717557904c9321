import * as z from "zod";
import { historyResource, type HistoryCells, type historySchema } from "~/admin/screens/history/screen";
import { fileUrl } from "~/lib/files";
import type { UpstreamClient } from "~/bff/upstream.server";
import type { ResourceAdapter } from "~/bff/resources/screen.server";
import { dataList, upstreamId, upstreamText } from "~/bff/resources/upstream-shapes.server";

/** Adapter for `/histories` (spec §7): edited only, PUT multipart with the title upper-cased. */

const history = z.object({ id: upstreamId, title: upstreamText, description: upstreamText, file: upstreamText });
export type History = z.infer<typeof history>;

export function listHistories(api: UpstreamClient): Promise<History[]> {
  return api.call(dataList(history), { path: "/histories" });
}

export const historyAdapter: ResourceAdapter<History, HistoryCells, typeof historySchema> = {
  definition: historyResource,
  resource: "histories",
  list: (api) => listHistories(api),
  idOf: (record) => record.id,
  cells: (record, text) => ({
    title: record.title,
    description: text.richSummary(record.description),
    file: text.file(record.file),
  }),
  formValues: (record) => ({ title: record.title, description: record.description }),
  files: (record) => ({ file: fileUrl(record.file) }),
  update: { method: "PUT", path: "/histories", encoding: "multipart" },
};
