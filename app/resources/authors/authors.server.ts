import * as z from "zod";
import { fileUrl } from "~/lib/files";
import { formatIndonesianNumber } from "~/lib/format";
import { serveResource } from "~/admin-kit/server/resource.server";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { keyedList, upstreamCount, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";
import { authorResource } from "./authors";

/**
 * `/authors` (spec §7): the list comes as `{ author: [...] }`; writes are multipart with the
 * photo in `photo`, `total_books` on create and `id` on update.
 */

const author = z.object({
  id: upstreamId,
  name: upstreamText,
  biography: upstreamText,
  photo: upstreamText,
  total_books: upstreamCount,
});
export type Author = z.infer<typeof author>;

/** 20 a page on the admin screen, not the original screen's `page=0&limit=0` (design.md). */
export function listAuthors(api: UpstreamClient, page?: PageRequest): Promise<Author[]> {
  return api.call(keyedList("author", author), { path: "/authors", query: page });
}

/** A new author has no books in the catalogue yet; later the count is the upstream's to keep. */
const NEW_AUTHOR_BOOKS = 0;

export const authorAdapter = serveResource(authorResource, {
  list: listAuthors,
  idOf: (record) => record.id,
  cells: (record, text) => ({
    name: record.name,
    biography: text.summary(record.biography),
    total_books: formatIndonesianNumber(record.total_books),
    photo: text.file(record.photo),
  }),
  formValues: (record) => ({ name: record.name, biography: record.biography }),
  files: (record) => ({ photo: fileUrl(record.photo) }),
  create: {
    method: "POST",
    path: "/authors",
    encoding: "multipart",
    body: ({ name, biography }) => ({ name, biography, total_books: NEW_AUTHOR_BOOKS }),
  },
  update: { method: "PUT", path: "/authors", encoding: "multipart" },
  // A librarian's own sheet: what its columns are commonly called.
  importHeaders: { name: ["Nama Pengarang", "Pengarang", "Nama Penulis", "Penulis", "Author"], biography: ["Biodata", "Profil", "Biography"] },
  removePath: (id) => `/authors/${encodeURIComponent(id)}`,
});
