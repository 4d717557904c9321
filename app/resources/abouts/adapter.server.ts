import { aboutResource, type AboutCells, type aboutSchema } from "~/resources/abouts/screen";
import { fileUrl } from "~/lib/files";
import type { ResourceAdapter } from "~/admin-kit/server/screen.server";
import { listAbouts, type About } from "./abouts.server";

/** The abouts screen's adapter for `/abouts` (spec §7): the list's first record is the one shown and edited. */
export const aboutAdapter: ResourceAdapter<About, AboutCells, typeof aboutSchema> = {
  definition: aboutResource,
  resource: "abouts",
  list: (api) => listAbouts(api),
  idOf: (record) => record.id,
  cells: (record, text) => ({
    title: record.title,
    description: text.richSummary(record.description),
    address: record.address,
    phone: record.phone,
    email: record.email,
    privacy_policy: text.richSummary(record.privacy_policy),
    terms_and_condition: text.richSummary(record.terms_and_condition),
    file: text.file(record.file),
  }),
  formValues: ({ id: _id, file: _file, ...fields }) => fields,
  files: (record) => ({ file: fileUrl(record.file) }),
  create: { method: "POST", path: "/abouts", encoding: "multipart" },
  update: { method: "PUT", path: "/abouts", encoding: "multipart" },
};
