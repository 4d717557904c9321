import * as z from "zod";
import type { UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";
import { fileUrl } from "~/lib/files";
import { serveResource } from "~/admin-kit/server/resource.server";
import { cachedRead } from "~/platform/cache.server";
import { historyResource } from "./histories";

/** `/histories` (spec §7): the record's shape, its reads, and the screen's writes (edited only: PUT multipart, the title upper-cased). */

const history = z.object({ id: upstreamId, title: upstreamText, description: upstreamText, file: upstreamText });
export type History = z.infer<typeof history>;

export function listHistories(api: UpstreamClient): Promise<History[]> {
  return api.call(dataList(history), { path: "/histories" });
}

/** The history record: the first of the list (spec §3), or null. */
export async function firstHistory(api: UpstreamClient): Promise<History | null> {
  return (await cachedRead("histories", historyResource, () => listHistories(api)))[0] ?? null;
}

export const historyAdapter = serveResource(historyResource, {
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
});
