import express, { type Request, type Response } from "express";
import * as z from "zod";
import { requireAdmin, requireUser } from "../auth.ts";
import { handler, type ApiContext } from "../context.ts";
import { deleteRow, insertRow, sentValues, updateRow, type Db, type SqlValue } from "../db.ts";
import { HttpError, NOT_FOUND_MESSAGE } from "../errors.ts";
import { receiveMultipart, type FileRules, type ReceivedUpload } from "../multipart.ts";
import {
  idParam,
  longText,
  optionalReference,
  optionalText,
  parseInput,
  readPaging,
  requiredId,
  requiredIsoDate,
  requiredText,
} from "../validation.ts";
import { DELETED_MESSAGE } from "./resource.ts";

interface BookRow {
  id: number;
  title: string;
  synopsis: string;
  published_date: string;
  isbn_issn: string;
  author_id: number;
  author_name: string;
  publisher_id: number;
  publisher_name: string;
  classification_id: number | null;
  classification_notation: string | null;
  classification_general_name: string | null;
  cover: string;
  file: string;
}

interface NamedRef {
  id: number;
  name: string;
}

interface BookRecord {
  id: number;
  title: string;
  synopsis: string;
  published_date: string;
  isbn_issn: string;
  author_id: number;
  author: NamedRef;
  publisher_id: number;
  publisher: NamedRef;
  classification_id: number | null;
  classification: { id: number; notation: string; general_name: string } | null;
  genres: NamedRef[];
  tags: NamedRef[];
  cover: string;
  file: string;
}

const BOOK_SELECT = `
  SELECT books.*, authors.name AS author_name, publishers.name AS publisher_name,
         classifications.notation AS classification_notation,
         classifications.general_name AS classification_general_name
  FROM books
  JOIN authors ON authors.id = books.author_id
  JOIN publishers ON publishers.id = books.publisher_id
  LEFT JOIN classifications ON classifications.id = books.classification_id`;

/** Genres or tags of several books at once, grouped by book id. */
function linkedNames(db: Db, link: "book_genres" | "book_tags", bookIds: number[]): Map<number, NamedRef[]> {
  const [table, column] = link === "book_genres" ? ["genres", "genre_id"] : ["tags", "tag_id"];
  const rows = db
    .prepare(
      `SELECT ${link}.book_id AS book_id, ${table}.id AS id, ${table}.name AS name FROM ${link}
       JOIN ${table} ON ${table}.id = ${link}.${column}
       WHERE ${link}.book_id IN (SELECT value FROM json_each(?)) ORDER BY ${table}.id`,
    )
    .all(JSON.stringify(bookIds)) as Array<NamedRef & { book_id: number }>;
  const byBook = new Map<number, NamedRef[]>();
  for (const { book_id, id, name } of rows) {
    const list = byBook.get(book_id) ?? [];
    list.push({ id, name });
    byBook.set(book_id, list);
  }
  return byBook;
}

function toRecords(db: Db, rows: BookRow[]): BookRecord[] {
  const ids = rows.map((row) => row.id);
  const genres = linkedNames(db, "book_genres", ids);
  const tags = linkedNames(db, "book_tags", ids);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    synopsis: row.synopsis,
    published_date: row.published_date,
    isbn_issn: row.isbn_issn,
    author_id: row.author_id,
    author: { id: row.author_id, name: row.author_name },
    publisher_id: row.publisher_id,
    publisher: { id: row.publisher_id, name: row.publisher_name },
    classification_id: row.classification_id,
    classification:
      row.classification_id === null
        ? null
        : {
            id: row.classification_id,
            notation: row.classification_notation ?? "",
            general_name: row.classification_general_name ?? "",
          },
    genres: genres.get(row.id) ?? [],
    tags: tags.get(row.id) ?? [],
    cover: row.cover,
    file: row.file,
  }));
}

function findBook(db: Db, id: number): BookRecord {
  const row = db.prepare(`${BOOK_SELECT} WHERE books.id = ?`).get(id) as BookRow | undefined;
  if (!row) throw new HttpError(404, NOT_FOUND_MESSAGE);
  return toRecords(db, [row])[0];
}

const bookFields = {
  title: requiredText("Judul"),
  synopsis: longText("Sinopsis"),
  published_date: requiredIsoDate("Tanggal terbit"),
  isbn_issn: optionalText("ISBN/ISSN", 30).refine(
    (value) => value === undefined || value === "" || /^[0-9Xx][0-9Xx -]{6,24}$/.test(value),
    "Format ISBN/ISSN tidak valid",
  ),
  author_id: requiredId("Pengarang", "Pengarang wajib dipilih"),
  publisher_id: requiredId("Penerbit", "Penerbit wajib dipilih"),
  classification_id: optionalReference("Klasifikasi"),
};
const createSchema = z.object(bookFields);
const patchSchema = createSchema.partial();

const BOOK_FILES: FileRules = {
  cover: { area: "covers", kind: "image", label: "sampul" },
  file: { area: "files", kind: "book", label: "buku" },
};

/**
 * `genres[]`/`tags[]` (or `genres`/`tags`) are repeated fields of ids; a value may also be a
 * comma-separated list. Returns undefined when the field was not sent at all (PATCH keeps the
 * links); blank values are dropped, so a single empty value clears the list.
 */
function idList(upload: ReceivedUpload, field: string, label: string): number[] | undefined {
  const values = upload.allValues(field);
  if (!values) return undefined;
  const ids = new Set<number>();
  for (const part of values.flatMap((value) => value.split(","))) {
    const text = part.trim();
    if (text === "") continue;
    if (!/^[1-9]\d{0,14}$/.test(text)) throw new HttpError(400, `${label} tidak valid`);
    ids.add(Number(text));
  }
  return [...ids];
}

function requireExisting(db: Db, table: string, ids: number[], label: string): void {
  for (const id of ids) {
    if (!db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id)) {
      throw new HttpError(400, `${label} dengan ID ${id} tidak ditemukan`);
    }
  }
}

interface BookChanges {
  values: Record<string, SqlValue>;
  genres?: number[];
  tags?: number[];
}

/** Checks every reference, then writes the book and its links in one transaction. */
function saveBook(db: Db, bookId: number | undefined, changes: BookChanges): number {
  return db.transaction(() => {
    const { values, genres, tags } = changes;
    if (typeof values.author_id === "number") requireExisting(db, "authors", [values.author_id], "Pengarang");
    if (typeof values.publisher_id === "number") requireExisting(db, "publishers", [values.publisher_id], "Penerbit");
    if (typeof values.classification_id === "number") {
      requireExisting(db, "classifications", [values.classification_id], "Klasifikasi");
    }
    if (genres) requireExisting(db, "genres", genres, "Genre");
    if (tags) requireExisting(db, "tags", tags, "Tag");

    let id = bookId;
    if (id === undefined) id = insertRow(db, "books", values);
    else updateRow(db, "books", id, values);

    for (const [link, column, list] of [
      ["book_genres", "genre_id", genres],
      ["book_tags", "tag_id", tags],
    ] as const) {
      if (!list) continue;
      db.prepare(`DELETE FROM ${link} WHERE book_id = ?`).run(id);
      const insert = db.prepare(`INSERT INTO ${link} (book_id, ${column}) VALUES (?, ?)`);
      for (const linkedId of list) insert.run(id, linkedId);
    }
    return id;
  })();
}


export function bookRoutes(context: ApiContext): express.Router {
  const { db, storage } = context;
  const router = express.Router();
  const admin = requireAdmin(db);

  // Any signed-in user reads the catalogue (the mobile app's readers); admins change it.
  router.get("/books/all", requireUser(db), (req, res) => {
    const { limit, offset } = readPaging(req);
    const rows = db.prepare(`${BOOK_SELECT} ORDER BY books.id LIMIT ? OFFSET ?`).all(limit, offset) as BookRow[];
    const { total } = db.prepare("SELECT COUNT(*) AS total FROM books").get() as { total: number };
    res.json({ books: toRecords(db, rows), total });
  });

  router.post(
    "/books",
    admin,
    handler(context, async (req: Request, res: Response) => {
      const upload = await receiveMultipart(req, storage, BOOK_FILES, context.maxUploadBytes);
      let id: number;
      try {
        const input = parseInput(createSchema, upload.firstValues());
        const genres = idList(upload, "genres", "Genre") ?? [];
        const tags = idList(upload, "tags", "Tag") ?? [];
        const stored = await upload.commit();
        const values = {
          synopsis: "",
          isbn_issn: "",
          classification_id: null,
          ...sentValues(input),
          cover: stored.cover ?? "",
          file: stored.file ?? "",
        };
        id = saveBook(db, undefined, { values, genres, tags });
      } catch (error) {
        await upload.discard();
        throw error;
      }
      res.status(201).json({ data: findBook(db, id) });
    }),
  );

  router.patch(
    "/books/:id",
    admin,
    handler(context, async (req: Request, res: Response) => {
      const id = idParam(req);
      const upload = await receiveMultipart(req, storage, BOOK_FILES, context.maxUploadBytes);
      let previous: BookRecord;
      let stored: Record<string, string>;
      try {
        previous = findBook(db, id);
        const input = parseInput(patchSchema, upload.firstValues());
        const genres = idList(upload, "genres", "Genre");
        const tags = idList(upload, "tags", "Tag");
        stored = await upload.commit();
        saveBook(db, id, { values: { ...sentValues(input), ...stored }, genres, tags });
      } catch (error) {
        await upload.discard();
        throw error;
      }
      if (stored.cover) await storage.remove("covers", previous.cover);
      if (stored.file) await storage.remove("files", previous.file);
      res.json({ data: findBook(db, id) });
    }),
  );

  router.delete(
    "/books/:id",
    admin,
    handler(context, async (req: Request, res: Response) => {
      const book = findBook(db, idParam(req));
      deleteRow(db, "books", book.id);
      await storage.remove("covers", book.cover);
      await storage.remove("files", book.file);
      res.json({ message: DELETED_MESSAGE });
    }),
  );

  return router;
}
