import express, { type Request, type Response } from "express";
import * as z from "zod";
import { requireAdmin, requireUser } from "../auth.ts";
import { handler, type ApiContext } from "../context.ts";
import { deleteRow, findRow, insertRow, listRows, sentValues, updateRow, type Row, type SqlValue } from "../db.ts";
import { HttpError, NOT_FOUND_MESSAGE } from "../errors.ts";
import { receiveMultipart, type FileRule, type ReceivedUpload } from "../multipart.ts";
import { idParam, jsonObjectBody, parseInput, readPaging, requiredId } from "../validation.ts";

export type FieldSchema = z.ZodType<SqlValue | undefined>;

/** The one file a multipart resource owns; its column has the same name as the form field. */
export interface OwnedFile extends FileRule {
  field: string;
  /** Set when a create without this file is a 400 (with this message). */
  requiredMessage?: string;
}

/**
 * One REST resource of the contract: list, create, update (id in the body) and delete.
 * Resources that own a file take multipart bodies; the others take JSON.
 */
export interface ResourceDefinition {
  path: string;
  table: string;
  /** The list's field in the response body (`data` for most, `author`, `publishers`). */
  listKey: string;
  /** Website content is readable without a token; catalogue and panel lists are not. */
  publicRead: boolean;
  /** Readable by any signed-in user (the mobile app's readers), not only admins: the videos. */
  userRead?: boolean;
  /** Fields as on create: required ones fail when missing, the others are `.optional()`. */
  fields: Record<string, FieldSchema>;
  /** Values for optional fields a create did not send. */
  defaults: Record<string, SqlValue>;
  file?: OwnedFile;
  /** SQL ORDER BY; must end on a unique column so paging is stable. */
  orderBy: string;
  /** Also serve GET {path}/{id} as `{ "data": record }`. */
  itemRoute?: boolean;
  /** Path of DELETE {deletePath}/{id} (default: path); false when the resource has no delete. */
  deletePath?: string | false;
  /** Explains why a record cannot be deleted yet (answered with 409), or undefined. */
  deleteBlocker?: (context: ApiContext, id: number) => string | undefined;
  serialize?: (row: Row, req: Request, context: ApiContext) => object;
  /** The reverse of `serialize` for the values a client sends back (an address it was given, stored as it was). */
  storedValues?: (values: Record<string, SqlValue>, req: Request) => Record<string, SqlValue>;
}

export const DELETED_MESSAGE = "Data berhasil dihapus";


export function resourceRouter(context: ApiContext, definition: ResourceDefinition): express.Router {
  const { db, storage } = context;
  const router = express.Router();
  const { path, table, file } = definition;
  const admin = requireAdmin(db);
  const readers = definition.publicRead ? [] : definition.userRead ? [requireUser(db)] : [admin];
  const writers = file ? [admin] : [admin, context.parseJson];

  const createSchema = z.object(definition.fields);
  const changesSchema = createSchema.partial();
  const idSchema = z.object({ id: requiredId("ID") });
  const serialize = (row: Row, req: Request): object => definition.serialize?.(row, req, context) ?? row;
  const stored = (values: Record<string, SqlValue>, req: Request): Record<string, SqlValue> => definition.storedValues?.(values, req) ?? values;

  const mustFind = (id: number): Row => {
    const row = findRow(db, table, id);
    if (!row) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return row;
  };

  /**
   * Reads the body (JSON, or multipart with the resource's file stored under a permanent name)
   * and hands it to `write`; if anything fails, the uploaded file is removed again.
   */
  async function withBody(
    req: Request,
    write: (body: Record<string, unknown>, upload?: ReceivedUpload, storedFile?: string) => number,
  ): Promise<number> {
    if (!file) return write(jsonObjectBody(req));
    const upload = await receiveMultipart(req, storage, { [file.field]: file }, context.maxUploadBytes);
    try {
      const stored = await upload.commit();
      return write(upload.firstValues(), upload, stored[file.field]);
    } catch (error) {
      await upload.discard();
      throw error;
    }
  }

  router.get(path, ...readers, (req, res) => {
    const { limit, offset } = readPaging(req);
    const { rows, total } = listRows(db, table, definition.orderBy, limit, offset);
    res.json({ [definition.listKey]: rows.map((row) => serialize(row, req)), total });
  });

  if (definition.itemRoute) {
    router.get(`${path}/:id`, ...readers, (req, res) => {
      res.json({ data: serialize(mustFind(idParam(req)), req) });
    });
  }

  router.post(
    path,
    ...writers,
    handler(context, async (req: Request, res: Response) => {
      const id = await withBody(req, (body, upload, storedFile) => {
        const input = parseInput(createSchema, body);
        if (file?.requiredMessage && !upload?.hasFile(file.field)) throw new HttpError(400, file.requiredMessage);
        const values = { ...definition.defaults, ...stored(sentValues(input), req) };
        if (file) values[file.field] = storedFile ?? "";
        return insertRow(db, table, values);
      });
      res.status(201).json({ data: serialize(mustFind(id), req) });
    }),
  );

  router.put(
    path,
    ...writers,
    handler(context, async (req: Request, res: Response) => {
      let replacedFile: string | undefined;
      const id = await withBody(req, (body, _upload, storedFile) => {
        const recordId = parseInput(idSchema, body).id;
        const values = stored(sentValues(parseInput(changesSchema, body)), req);
        const existing = mustFind(recordId);
        if (file && storedFile) {
          values[file.field] = storedFile;
          replacedFile = String(existing[file.field]);
        }
        updateRow(db, table, recordId, values);
        return recordId;
      });
      if (file && replacedFile) await storage.remove(file.area, replacedFile);
      res.json({ data: serialize(mustFind(id), req) });
    }),
  );

  if (definition.deletePath !== false) {
    router.delete(
      `${definition.deletePath ?? path}/:id`,
      admin,
      handler(context, async (req: Request, res: Response) => {
        const id = idParam(req);
        const existing = mustFind(id);
        const blocker = definition.deleteBlocker?.(context, id);
        if (blocker) throw new HttpError(409, blocker);
        deleteRow(db, table, id);
        if (file) await storage.remove(file.area, String(existing[file.field]));
        res.json({ message: DELETED_MESSAGE });
      }),
    );
  }

  return router;
}
