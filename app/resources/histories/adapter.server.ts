import { historyResource, type HistoryCells, type historySchema } from "~/resources/histories/screen";
import { fileUrl } from "~/lib/files";
import type { ResourceAdapter } from "~/admin-kit/server/screen.server";
import { listHistories, type History } from "./histories.server";

/** The histories screen's adapter for `/histories` (spec §7): edited only, PUT multipart with the title upper-cased. */
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
