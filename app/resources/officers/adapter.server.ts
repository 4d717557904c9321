import { officerResource, type OfficerCells, type officerSchema } from "~/resources/officers/screen";
import { fileUrl } from "~/lib/files";
import type { ResourceAdapter } from "~/admin-kit/server/screen.server";
import { listOfficers, type Officer } from "./officers.server";

/** The officers screen's adapter for `/officers` (spec §7): multipart writes, the photo in `file`. */
export const officerAdapter: ResourceAdapter<Officer, OfficerCells, typeof officerSchema> = {
  definition: officerResource,
  resource: "officers",
  list: (api) => listOfficers(api),
  idOf: (record) => record.id,
  cells: (record, text) => ({
    name: record.name,
    position: record.position,
    additional_text: record.additional_text,
    file: text.file(record.file),
  }),
  formValues: (record) => ({ name: record.name, position: record.position, additional_text: record.additional_text }),
  files: (record) => ({ file: fileUrl(record.file) }),
  create: { method: "POST", path: "/officers", encoding: "multipart" },
  update: { method: "PUT", path: "/officers", encoding: "multipart" },
  removePath: (id) => `/officers/${encodeURIComponent(id)}`,
};
