import type { Request, RequestHandler, Response } from "express";

/**
 * The "spec" answer shape (`REFERENCE_API_SHAPE=spec`, or `shape: "spec"`): every JSON answer
 * reshaped to hold only what spec §3 and §7 name, so that a client tested against it relies on
 * nothing the real agency API does not promise. The routes never know: one middleware wraps
 * `res.json` and walks the answer against the table below.
 *
 * - Records keep only their spec §3 fields; relations are `{name}` objects without ids.
 * - Lists stay under the keys §7 names (`data`, `author`, `publishers`, `books`); no `total`.
 * - A record whose id is even gets it as a string (`"12"`); the same for `classification_id`.
 * - Error answers (status 400 and up) are sent as they are: `{ error }`.
 * - Request bodies are not touched: writes accept what they accept in the full shape.
 *
 * Test-only: the request header `X-Reference-Api-Shape: full` (or `spec`) answers that one
 * request in the named shape, whatever the server's mode, so that end-to-end tests can check
 * what a spec-shaped server stored, ids included. Every answer says its shape in the same header.
 */

export type ApiShape = "full" | "spec";

export const SHAPE_HEADER = "X-Reference-Api-Shape";
export const DEFAULT_SHAPE: ApiShape = "full";

function isShape(value: string): value is ApiShape {
  return value === "full" || value === "spec";
}

export function shapeFromEnv(env: Record<string, string | undefined> = process.env): ApiShape {
  const raw = env.REFERENCE_API_SHAPE;
  if (raw === undefined || raw === "") return DEFAULT_SHAPE;
  if (!isShape(raw)) throw new Error(`REFERENCE_API_SHAPE must be "full" or "spec", got "${raw}"`);
  return raw;
}

/**
 * How one field is answered: `value` as it is; `id` as it is, or as a string when it is an even
 * number; `empty list` always `[]`; an object or a list of objects walked with their own fields.
 */
export type FieldRule = "value" | "id" | "empty list" | { object: Fields } | { list: Fields };
export type Fields = Readonly<Record<string, FieldRule>>;

const value = "value";
const id = "id";
const named: FieldRule = { object: { name: value } };
const namedList: FieldRule = { list: { name: value } };

/** Spec §3, entity by entity. */
export const SPEC_ENTITIES = {
  slider: { id, title: value, description: value, url: value, file: value },
  banner: { id, title: value, description: value, url: value, file: value },
  about: {
    id,
    title: value,
    description: value,
    address: value,
    phone: value,
    email: value,
    facebook: value,
    instagram: value,
    twitter: value,
    youtube: value,
    tiktok: value,
    terms_and_condition: value,
    privacy_policy: value,
    file: value,
  },
  missionVision: { id, vision: value, mission: value },
  history: { id, title: value, description: value, file: value },
  activity: { id, date: value, title: value, description: value, file: value },
  officer: { id, name: value, position: value, additional_text: value, file: value },
  genre: { id, name: value, cover: value },
  tag: { id, name: value, cover: value },
  classification: { id, notation: value, general_name: value },
  author: { id, name: value, biography: value, photo: value, total_books: value },
  // The spec names `books` but says only that clients send it as an empty list; what a
  // publisher's books look like is not shown, so the spec shape answers `[]`.
  publisher: {
    id,
    name: value,
    address: value,
    about: value,
    email: value,
    phone: value,
    total_books: value,
    books: "empty list",
  },
  book: {
    id,
    title: value,
    author: named,
    publisher: named,
    synopsis: value,
    published_date: value,
    isbn_issn: value,
    genres: namedList,
    tags: namedList,
    classification_id: id,
    cover: value,
    file: value,
  },
  video: { id, title: value, description: value, link: value, thumbnail: value, background: value, watched: value },
  library: { id, name: value, address: value, phone_number: value, about: value, active: value },
  /**
   * Spec §7 names only `user.role`: the BFF stands the email the admin logged in with for the
   * rest (app/platform/users.server.ts), which this shape makes every spec-shape run prove.
   */
  user: { role: value },
} as const satisfies Record<string, Fields>;

interface Collection {
  path: string;
  /** The list's key in `GET path` (spec §7). */
  listKey: string;
  entity: Fields;
  /** Methods that write a record and answer `{ data: record }`, and their paths. */
  writes: Array<[method: string, path: string]>;
  /** `DELETE {path}/{id}` answers `{ message }`. */
  deletePath?: string;
  /** `GET {path}/{id}` answers `{ data: record }`. */
  item?: boolean;
}

const E = SPEC_ENTITIES;
const collection = (
  path: string,
  entity: Fields,
  options: { listKey?: string; writes?: Collection["writes"]; deletePath?: string | false; item?: boolean; listPath?: string } = {},
): Collection & { listPath: string } => ({
  path,
  listPath: options.listPath ?? path,
  listKey: options.listKey ?? "data",
  entity,
  writes: options.writes ?? [
    ["POST", path],
    ["PUT", path],
  ],
  deletePath: options.deletePath === false ? undefined : (options.deletePath ?? path),
  item: options.item,
});

/** Every resource of spec §7 with its list key and record fields. */
const COLLECTIONS = [
  collection("/sliders", E.slider),
  collection("/abouts", E.about, { deletePath: false }),
  collection("/mission-vision", E.missionVision, { deletePath: false }),
  collection("/histories", E.history, { deletePath: false }),
  collection("/activities", E.activity, { item: true }),
  collection("/officers", E.officer),
  collection("/banners", E.banner),
  collection("/genres", E.genre),
  collection("/tags", E.tag),
  collection("/classifications", E.classification),
  collection("/authors", E.author, { listKey: "author" }),
  collection("/publishers", E.publisher, { listKey: "publishers" }),
  collection("/books", E.book, {
    listPath: "/books/all",
    listKey: "books",
    writes: [
      ["POST", "/books"],
      ["PATCH", "/books/:id"],
    ],
  }),
  collection("/videos", E.video),
  collection("/bibliographies/admin/library", E.library, { deletePath: "/company" }),
];

export interface ShapedRoute {
  method: string;
  /** Express-style path under /api (`:id` for one segment). */
  path: string;
  body: Fields;
}

const message: Fields = { message: value };

/** Every JSON answer of the API and what the spec shape keeps of it. */
export const SPEC_ROUTES: readonly ShapedRoute[] = [
  { method: "GET", path: "/health", body: { status: value } },
  { method: "POST", path: "/users/login", body: { token: value } },
  { method: "GET", path: "/users/me", body: { user: { object: E.user } } },
  { method: "POST", path: "/users/logout", body: message },
  { method: "POST", path: "/users/logout-all", body: message },
  ...COLLECTIONS.flatMap((resource): ShapedRoute[] => [
    { method: "GET", path: resource.listPath, body: { [resource.listKey]: { list: resource.entity } } },
    ...(resource.item ? [{ method: "GET", path: `${resource.path}/:id`, body: { data: { object: resource.entity } } }] : []),
    ...resource.writes.map(([method, path]) => ({ method, path, body: { data: { object: resource.entity } } })),
    ...(resource.deletePath ? [{ method: "DELETE", path: `${resource.deletePath}/:id`, body: message }] : []),
  ]),
  { method: "POST", path: "/upload/video", body: { video_url: value } },
  { method: "POST", path: "/upload/thumbnail", body: { thumbnail_url: value } },
  { method: "POST", path: "/upload/video-background", body: { background_url: value } },
];

const compiled = SPEC_ROUTES.map((route) => ({
  ...route,
  // Like Express's default routing: case-insensitive, an optional trailing slash.
  pattern: new RegExp(`^${route.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:id/g, "[^/]+")}/?$`, "i"),
}));

export function routeShape(method: string, path: string): Fields | undefined {
  const upper = method.toUpperCase();
  return compiled.find((route) => route.method === upper && route.pattern.test(path))?.body;
}

/** An even numeric id goes out as a string: the spec promises no type, clients must take both. */
export function specId(raw: unknown): unknown {
  return typeof raw === "number" && Number.isInteger(raw) && raw % 2 === 0 ? String(raw) : raw;
}

function isPlainObject(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === "object" && raw !== null && !Array.isArray(raw);
}

function applyRule(raw: unknown, rule: FieldRule): unknown {
  if (rule === "value") return raw;
  if (rule === "id") return specId(raw);
  if (rule === "empty list") return [];
  if ("object" in rule) return reshape(raw, rule.object);
  return Array.isArray(raw) ? raw.map((item) => reshape(item, rule.list)) : raw;
}

/** Keeps only the named fields of an object (a null or a non-object is left as it is). */
export function reshape(raw: unknown, fields: Fields): unknown {
  if (!isPlainObject(raw)) return raw;
  const kept: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(fields)) {
    if (Object.hasOwn(raw, key)) kept[key] = applyRule(raw[key], rule);
  }
  return kept;
}

/** The shape this request is answered in: the test-only header, else the server's mode. */
function requestedShape(req: Request, mode: ApiShape): ApiShape | "invalid" {
  const header = req.get(SHAPE_HEADER);
  if (header === undefined) return mode;
  const wanted = header.trim().toLowerCase();
  return isShape(wanted) ? wanted : "invalid";
}

/**
 * The one reshaping layer: put before the routes of the `/api` router. In the full shape (and
 * with no header asking otherwise) answers pass untouched.
 */
export function answerShape(mode: ApiShape): RequestHandler {
  return (req: Request, res: Response, next) => {
    const shape = requestedShape(req, mode);
    if (shape === "invalid") {
      res.status(400).json({ error: `${SHAPE_HEADER} harus "full" atau "spec"` });
      return;
    }
    res.setHeader(SHAPE_HEADER, shape);
    if (shape === "full") {
      next();
      return;
    }
    // Captured before routing: req.path is relative to the /api mount here.
    const { method, path } = req;
    const send = res.json.bind(res);
    res.json = ((body: unknown) => {
      if (res.statusCode >= 400) return send(body);
      const fields = routeShape(method, path);
      if (!fields) {
        // A route this table does not know yet: fail loudly rather than leak a full answer.
        console.error(`reference-api: spec shape has no entry for ${method} ${path}`);
        res.status(500);
        return send({ error: "Terjadi kesalahan pada server" });
      }
      return send(reshape(body, fields));
    }) as Response["json"];
    next();
  };
}
