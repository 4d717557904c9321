import express, { type Request } from "express";
import { requestOrigin, type ApiContext } from "../context.ts";
import type { Row, SqlValue } from "../db.ts";
import {
  longText,
  optionalCount,
  optionalCoverName,
  optionalEmail,
  optionalPhone,
  optionalText,
  optionalUrl,
  requiredText,
  requiredUrl,
} from "../validation.ts";
import { resourceRouter, type ResourceDefinition } from "./resource.ts";

/** Mobile catalogue (spec §7 "Mobile catalogue"), except books (./books.ts). */

const banners: ResourceDefinition = {
  path: "/banners",
  table: "banners",
  listKey: "data",
  publicRead: true,
  fields: { title: requiredText("Judul"), description: longText("Deskripsi"), url: optionalUrl() },
  defaults: { description: "", url: "" },
  file: { area: "files", kind: "image", label: "gambar", field: "file" },
  orderBy: "id",
};

/** Genres and tags share a shape; a genre or tag in use is simply unlinked from its books. */
function namedGroup(path: string, table: string): ResourceDefinition {
  return {
    path,
    table,
    listKey: "data",
    publicRead: false,
    fields: { name: requiredText("Nama", 100), cover: optionalCoverName() },
    defaults: { cover: "" },
    orderBy: "id",
  };
}

function countBooks(context: ApiContext, column: string, id: number): number {
  const { total } = context.db.prepare(`SELECT COUNT(*) AS total FROM books WHERE ${column} = ?`).get(id) as {
    total: number;
  };
  return total;
}

const classifications: ResourceDefinition = {
  path: "/classifications",
  table: "classifications",
  listKey: "data",
  publicRead: false,
  // A book names its classification by id only (spec §7): the mobile app's readers read the list to name it.
  userRead: true,
  fields: { notation: requiredText("Notasi", 30), general_name: requiredText("Nama umum") },
  defaults: {},
  orderBy: "id",
  deleteBlocker: (context, id) => {
    const books = countBooks(context, "classification_id", id);
    return books > 0 ? `Klasifikasi masih dipakai oleh ${books} buku` : undefined;
  },
};

const authors: ResourceDefinition = {
  path: "/authors",
  table: "authors",
  listKey: "author",
  publicRead: false,
  fields: { name: requiredText("Nama"), biography: longText("Biografi"), total_books: optionalCount("Jumlah buku") },
  defaults: { biography: "", total_books: 0 },
  file: { area: "files", kind: "image", label: "foto", field: "photo" },
  orderBy: "id",
  deleteBlocker: (context, id) => {
    const books = countBooks(context, "author_id", id);
    return books > 0 ? `Pengarang masih memiliki ${books} buku di katalog` : undefined;
  },
};

const publishers: ResourceDefinition = {
  path: "/publishers",
  table: "publishers",
  listKey: "publishers",
  publicRead: false,
  fields: {
    name: requiredText("Nama"),
    address: optionalText("Alamat", 500),
    about: longText("Tentang penerbit"),
    email: optionalEmail(),
    phone: optionalPhone(),
    total_books: optionalCount("Jumlah buku"),
  },
  defaults: { address: "", about: "", email: "", phone: "", total_books: 0 },
  orderBy: "id",
  deleteBlocker: (context, id) => {
    const books = countBooks(context, "publisher_id", id);
    return books > 0 ? `Penerbit masih memiliki ${books} buku di katalog` : undefined;
  },
  // `books` is derived from the catalogue; a `books` list sent by a client is ignored.
  serialize: (row, _req, context) => ({
    ...row,
    books: context.db.prepare("SELECT id, title FROM books WHERE publisher_id = ? ORDER BY id").all(row.id),
  }),
};

/** Seeded videos point at "/files/..." on this server; clients get absolute addresses. */
function absoluteUrl(value: Row[string], req: Request): Row[string] {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//")
    ? `${requestOrigin(req)}${value}`
    : value;
}

/** An address on this server sent back as it was given is stored as the path it was: the server's port changes from one start to the next. */
function ownPath(value: SqlValue, req: Request): SqlValue {
  const origin = requestOrigin(req);
  return typeof value === "string" && value.startsWith(`${origin}/`) ? value.slice(origin.length) : value;
}

const VIDEO_ADDRESSES = ["link", "thumbnail", "background"] as const;

const videos: ResourceDefinition = {
  path: "/videos",
  table: "videos",
  listKey: "data",
  publicRead: false,
  userRead: true,
  fields: {
    title: requiredText("Judul"),
    description: longText("Deskripsi"),
    link: requiredUrl("Tautan video"),
    thumbnail: optionalUrl("Thumbnail"),
    background: optionalUrl("Latar belakang"),
    watched: optionalCount("Jumlah tontonan"),
  },
  defaults: { description: "", thumbnail: "", background: "", watched: 0 },
  orderBy: "id",
  serialize: (row, req) => ({
    ...row,
    link: absoluteUrl(row.link, req),
    thumbnail: absoluteUrl(row.thumbnail, req),
    background: absoluteUrl(row.background, req),
  }),
  storedValues: (values, req) => {
    const stored = { ...values };
    for (const field of VIDEO_ADDRESSES) if (field in stored) stored[field] = ownPath(stored[field], req);
    return stored;
  },
};

export function catalogueRoutes(context: ApiContext): express.Router {
  const router = express.Router();
  const definitions = [
    banners,
    namedGroup("/genres", "genres"),
    namedGroup("/tags", "tags"),
    classifications,
    authors,
    publishers,
    videos,
  ];
  for (const definition of definitions) router.use(resourceRouter(context, definition));
  return router;
}
