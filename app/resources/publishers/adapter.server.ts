import * as z from "zod";
import { formatIndonesianNumber } from "~/lib/format";
import { publisherResource, type PublisherCells, type publisherSchema } from "~/resources/publishers/screen";
import type { UpstreamClient } from "~/platform/upstream.server";
import type { PageRequest, ResourceAdapter } from "~/admin-kit/server/screen.server";
import { keyedList, upstreamCount, upstreamId, upstreamIdValue, upstreamText } from "~/platform/upstream-shapes.server";

/**
 * Adapter for `/publishers` (spec §7): the list comes as `{ publishers: [...] }`; writes are
 * JSON with `books` sent as an empty list (the upstream derives a publisher's books itself).
 */

const publisher = z.object({
  id: upstreamId,
  name: upstreamText,
  address: upstreamText,
  about: upstreamText,
  email: upstreamText,
  phone: upstreamText,
  total_books: upstreamCount,
});
export type Publisher = z.infer<typeof publisher>;

export function listPublishers(api: UpstreamClient, page?: PageRequest): Promise<Publisher[]> {
  return api.call(keyedList("publishers", publisher), { path: "/publishers", query: page });
}

export const publisherAdapter: ResourceAdapter<Publisher, PublisherCells, typeof publisherSchema> = {
  definition: publisherResource,
  resource: "publishers",
  list: listPublishers,
  idOf: (record) => record.id,
  cells: (record, text) => ({
    name: record.name,
    address: record.address,
    email: record.email,
    phone: record.phone,
    total_books: formatIndonesianNumber(record.total_books),
    about: text.summary(record.about),
  }),
  formValues: (record) => ({
    name: record.name,
    address: record.address,
    about: record.about,
    email: record.email,
    phone: record.phone,
    total_books: formatIndonesianNumber(record.total_books),
  }),
  // Spec §7: `total_books` goes on update only; the add form does not offer it (`updateOnly`).
  create: {
    method: "POST",
    path: "/publishers",
    encoding: "json",
    body: ({ name, address, about, email, phone }) => ({ name, address, about, email, phone, books: [] }),
  },
  update: {
    method: "PUT",
    path: "/publishers",
    encoding: "json",
    body: (values, { id }) => ({ id: id === undefined ? undefined : upstreamIdValue(id), ...values, books: [] }),
  },
  removePath: (id) => `/publishers/${encodeURIComponent(id)}`,
};
