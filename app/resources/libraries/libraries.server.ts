import * as z from "zod";
import { serveResource } from "~/admin-kit/server/resource.server";
import { missingRecord } from "~/admin-kit/server/screen.server";
import type { UpstreamClient } from "~/platform/upstream.server";
import { asSent, dataList, upstreamFlag, upstreamId, upstreamIdValue, upstreamText } from "~/platform/upstream-shapes.server";
import { libraryResource } from "./libraries";

/**
 * The library panel service (spec §7 "Library", `service: "panel"`). Its PUT takes
 * the whole record, so both the edit form and the status switch send every field: the form's
 * values with `active` as stored, or the record as stored with `active` changed.
 */

const LIBRARY_PATH = "/bibliographies/admin/library";

const library = z.object({
  id: upstreamId,
  name: upstreamText,
  address: upstreamText,
  phone_number: upstreamText,
  about: upstreamText,
  active: upstreamFlag,
});
export type Library = z.infer<typeof library>;

export function listLibraries(api: UpstreamClient): Promise<Library[]> {
  return api.call(dataList(library), { path: LIBRARY_PATH, service: "panel" });
}

async function storedLibrary(api: UpstreamClient, id: string): Promise<Library> {
  const found = (await listLibraries(api)).find((candidate) => candidate.id === id);
  if (!found) throw missingRecord(`PUT ${LIBRARY_PATH}`);
  return found;
}

export const libraryAdapter = serveResource(libraryResource, {
  service: "panel",
  list: (api) => listLibraries(api),
  idOf: (record) => record.id,
  cells: (record, text) => ({
    name: record.name,
    address: record.address,
    phone_number: record.phone_number,
    about: text.summary(record.about),
    active: record.active,
  }),
  formValues: (record) => ({
    name: record.name,
    address: record.address,
    phone_number: record.phone_number,
    about: record.about,
  }),
  update: {
    method: "PUT",
    path: LIBRARY_PATH,
    encoding: "json",
    body: async (values, { api, id }) => {
      const stored = await storedLibrary(api, id ?? "");
      return {
        id: upstreamIdValue(stored.id),
        name: values.name,
        address: values.address ?? "",
        phone_number: values.phone_number ?? "",
        about: values.about ?? "",
        active: asSent(stored, "active", stored.active),
      };
    },
  },
  removePath: (id) => `/company/${encodeURIComponent(id)}`,
  async toggle(api, stored, on) {
    const sentBack = (field: Exclude<keyof Library, "id">) => asSent(stored, field, stored[field]);
    await api.call(z.unknown(), {
      method: "PUT",
      path: LIBRARY_PATH,
      service: "panel",
      json: { id: upstreamIdValue(stored.id), name: sentBack("name"), address: sentBack("address"), phone_number: sentBack("phone_number"), about: sentBack("about"), active: on },
    });
  },
});
