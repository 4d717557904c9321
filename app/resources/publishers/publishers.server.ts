import * as z from "zod";
import { formatIndonesianNumber } from "~/lib/format";
import { serveResource } from "~/admin-kit/server/resource.server";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { asSentOf, countOf, keyedList, upstreamCount, upstreamId, upstreamIdValue, upstreamText } from "~/platform/upstream-shapes.server";
import { publisherResource } from "./publishers";

/**
 * `/publishers` (spec §7): the list comes as `{ publishers: [...] }`; writes are
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

/**
 * The number of books as the list and the form show it: in Indonesian digits, or, when what the
 * upstream stored reads as no number ("abc", from another tool), that text: the form keeps it as
 * a legacy value while the admin leaves it, rather than showing a 0 nobody typed.
 */
function totalBooksShown(record: Publisher): string {
  const sent = asSentOf(record)?.total_books;
  return typeof sent === "string" && sent.trim() !== "" && countOf(sent) === undefined ? sent : formatIndonesianNumber(record.total_books);
}

export const publisherAdapter = serveResource(publisherResource, {
  list: listPublishers,
  idOf: (record) => record.id,
  cells: (record, text) => ({
    name: record.name,
    address: record.address,
    email: record.email,
    phone: record.phone,
    total_books: totalBooksShown(record),
    about: text.summary(record.about),
  }),
  formValues: (record) => ({
    name: record.name,
    address: record.address,
    about: record.about,
    email: record.email,
    phone: record.phone,
    total_books: totalBooksShown(record),
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
  // A librarian's own sheet: what its columns are commonly called.
  importHeaders: {
    name: ["Nama Penerbit", "Penerbit", "Publisher"],
    address: ["Alamat Penerbit", "Kota"],
    about: ["Profil", "Profil Penerbit"],
    email: ["E-mail", "Surel", "Alamat Email"],
    phone: ["No Telepon", "Nomor Telepon", "Telp", "No HP", "HP", "WhatsApp"],
  },
  removePath: (id) => `/publishers/${encodeURIComponent(id)}`,
});
