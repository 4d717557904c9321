import { join } from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ApiContext } from "../../reference-api/context.ts";
import { DATABASE_FILE, openDatabase } from "../../reference-api/db.ts";
import { createReferenceApp, startReferenceApi } from "../../reference-api/server.ts";
import { routeShape, SHAPE_HEADER, shapeFromEnv, SPEC_ROUTES } from "../../reference-api/spec-shape.ts";
import { Storage } from "../../reference-api/storage.ts";
import { ABOUT_TEXT_FIELDS } from "../helpers/spec-fields.ts";
import { form, login, pngFile, removeDataDir, startTestApi, SUPERADMIN_EMAIL, type JsonBody, type TestApi } from "./helpers.ts";

/**
 * The spec answer shape (REFERENCE_API_SHAPE=spec): two servers on one data directory, one in
 * each shape, so that the same records can be compared. The expected fields below are written
 * out from spec §3/§7 here, not taken from reference-api/spec-shape.ts, so that a wrong table
 * there fails these tests.
 */

let spec: TestApi;
let full: TestApi;

beforeAll(async () => {
  spec = await startTestApi({ shape: "spec" });
  full = await startTestApi({ dataDir: spec.dataDir, shape: "full" });
});

afterAll(async () => {
  await full?.close();
  await spec?.close();
  if (spec) await removeDataDir(spec.dataDir);
});

const F = (...fields: string[]) => fields;

/** Spec §3, entity by entity; relations and lists as `field.sub` / `field[].sub`. */
const ENTITIES: Record<string, string[]> = {
  slider: F("id", "title", "description", "url", "file"),
  banner: F("id", "title", "description", "url", "file"),
  about: F("id", ...ABOUT_TEXT_FIELDS, "file"),
  missionVision: F("id", "vision", "mission"),
  history: F("id", "title", "description", "file"),
  activity: F("id", "date", "title", "description", "file"),
  officer: F("id", "name", "position", "additional_text", "file"),
  genre: F("id", "name", "cover"),
  tag: F("id", "name", "cover"),
  classification: F("id", "notation", "general_name"),
  author: F("id", "name", "biography", "photo", "total_books"),
  publisher: F("id", "name", "address", "about", "email", "phone", "total_books", "books"),
  book: F(
    "id",
    "title",
    "author",
    "author.name",
    "publisher",
    "publisher.name",
    "synopsis",
    "published_date",
    "isbn_issn",
    "genres",
    "genres[].name",
    "tags",
    "tags[].name",
    "classification_id",
    "cover",
    "file",
  ),
  video: F("id", "title", "description", "link", "thumbnail", "background", "watched"),
  library: F("id", "name", "address", "phone_number", "about", "active"),
};

/** Every list/record GET of spec §7 and the key its records come under. */
const GET_ROUTES: Array<{ path: string; key: string; entity: keyof typeof ENTITIES; record?: boolean }> = [
  { path: "/sliders", key: "data", entity: "slider" },
  { path: "/abouts", key: "data", entity: "about" },
  { path: "/mission-vision", key: "data", entity: "missionVision" },
  { path: "/histories", key: "data", entity: "history" },
  { path: "/activities", key: "data", entity: "activity" },
  { path: "/activities/2", key: "data", entity: "activity", record: true },
  { path: "/activities/3", key: "data", entity: "activity", record: true },
  { path: "/officers", key: "data", entity: "officer" },
  { path: "/banners", key: "data", entity: "banner" },
  { path: "/genres", key: "data", entity: "genre" },
  { path: "/tags", key: "data", entity: "tag" },
  { path: "/classifications", key: "data", entity: "classification" },
  { path: "/authors", key: "author", entity: "author" },
  { path: "/publishers", key: "publishers", entity: "publisher" },
  { path: "/books/all", key: "books", entity: "book" },
  { path: "/videos", key: "data", entity: "video" },
  { path: "/bibliographies/admin/library", key: "data", entity: "library" },
];

/** Every key path in a JSON value: `books`, `books[].author`, `books[].author.name`, ... */
function keyPaths(value: unknown, prefix = ""): Set<string> {
  const paths = new Set<string>();
  if (Array.isArray(value)) {
    for (const item of value) for (const path of keyPaths(item, `${prefix}[]`)) paths.add(path);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      paths.add(path);
      for (const nested of keyPaths(inner, path)) paths.add(nested);
    }
  }
  return paths;
}

function expectedPaths(key: string, entity: string, record: boolean): string[] {
  const base = record ? key : `${key}[]`;
  return [key, ...ENTITIES[entity].map((field) => `${base}.${field}`)].sort();
}

/** Every value under an `id` or `classification_id` key, anywhere in the JSON. */
function idValues(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) idValues(item, found);
  else if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "id" || key === "classification_id") found.push(inner);
      else idValues(inner, found);
    }
  }
  return found;
}

/**
 * GET with the admin token. Addresses on the server itself (videos' files) are absolute and name
 * its port; they come back with the origin written as ORIGIN, so two servers can be compared.
 */
async function get(api: TestApi, path: string, headers: Record<string, string> = {}) {
  const reply = await api.call("GET", `/api${path}`, { token: api.adminToken, headers });
  return { ...reply, body: JSON.parse(JSON.stringify(reply.body).replaceAll(api.url, "ORIGIN")) as JsonBody };
}

const asList = (body: JsonBody, key: string, record?: boolean): JsonBody[] => (record ? [body[key]] : body[key]);

describe("spec shape: every list and record GET", () => {
  it.each(GET_ROUTES)("GET $path answers exactly the spec's fields under `$key`", async ({ path, key, entity, record }) => {
    const reply = await get(spec, path);
    expect(reply.status).toBe(200);
    expect(reply.headers.get(SHAPE_HEADER)).toBe("spec");
    expect([...keyPaths(reply.body)].sort()).toEqual(expectedPaths(key, entity, !!record));
    expect(reply.body).not.toHaveProperty("total");
    expect(asList(reply.body, key, record).length).toBeGreaterThan(0);
  });

  it.each(GET_ROUTES)("GET $path: even ids are strings, odd ids numbers, and the values are the stored ones", async ({ path, key, record }) => {
    const [shaped, stored] = await Promise.all([get(spec, path), get(full, path)]);
    const specRecords = asList(shaped.body, key, record);
    const fullRecords = asList(stored.body, key, record);
    expect(specRecords.length).toBe(fullRecords.length);
    specRecords.forEach((specRecord, index) => {
      const fullRecord = fullRecords[index];
      for (const [field, value] of Object.entries(specRecord)) {
        const original = fullRecord[field];
        if (field === "id" || field === "classification_id") {
          if (original === null) expect(value).toBeNull();
          else expect(value).toBe(original % 2 === 0 ? String(original) : original);
        } else if (field === "author" || field === "publisher") {
          expect(value).toEqual({ name: original.name });
        } else if (field === "genres" || field === "tags") {
          expect(value).toEqual(original.map(({ name }: { name: string }) => ({ name })));
        } else if (field === "books") {
          expect(value).toEqual([]);
        } else {
          expect(value, `${path} ${field}`).toEqual(original);
        }
      }
    });
  });

  it("has string ids somewhere in every list of two or more records, and relations without ids", async () => {
    for (const { path, key, record } of GET_ROUTES) {
      if (record) continue;
      const { body } = await get(spec, path);
      const ids = idValues(body);
      if (body[key].length >= 2) {
        expect(ids.some((id) => typeof id === "string"), path).toBe(true);
        expect(ids.some((id) => typeof id === "number"), path).toBe(true);
      }
      for (const id of ids) if (typeof id === "string") expect(Number(id) % 2, `${path} ${id}`).toBe(0);
    }
    const { body } = await get(spec, "/books/all");
    const book = body.books.find((candidate: JsonBody) => candidate.genres.length >= 2 && candidate.tags.length >= 1);
    expect(book.author).toEqual({ name: expect.any(String) });
    expect(book.publisher).toEqual({ name: expect.any(String) });
    for (const relation of [...book.genres, ...book.tags]) expect(Object.keys(relation)).toEqual(["name"]);
    const activity = await get(spec, "/activities/2");
    expect(activity.body.data.id).toBe("2");
  });

  it("answers login, the current user and logout with only what the BFF reads", async () => {
    const loggedIn = await spec.call("POST", "/api/users/login", { json: { email: SUPERADMIN_EMAIL, password: "demo12345" } });
    expect(Object.keys(loggedIn.body)).toEqual(["token"]);
    const me = await spec.call("GET", "/api/users/me", { token: loggedIn.body.token });
    // The role alone, as spec §7 promises.
    expect(me.body).toEqual({ user: { role: 3 } });
    const admin = await spec.call("GET", "/api/users/me", { token: spec.adminToken });
    expect(admin.body).toEqual({ user: { role: 2 } });
    const logout = await spec.call("POST", "/api/users/logout", { token: loggedIn.body.token });
    expect(logout.body).toEqual({ message: expect.any(String) });
  });

  it("keeps error answers as { error }", async () => {
    const unknown = await spec.call("GET", "/api/nothing-here", { token: spec.adminToken });
    expect([unknown.status, unknown.body]).toEqual([404, { error: "Alamat tidak ditemukan" }]);
    const anonymous = await spec.call("GET", "/api/books/all");
    expect(anonymous.status).toBe(401);
    expect(Object.keys(anonymous.body)).toEqual(["error"]);
    const badPaging = await spec.call("GET", "/api/genres?page=x", { token: spec.adminToken });
    expect(badPaging.status).toBe(400);
    expect(Object.keys(badPaging.body)).toEqual(["error"]);
    const missing = await spec.call("GET", "/api/activities/99999");
    expect([missing.status, missing.body]).toEqual([404, { error: "Data tidak ditemukan" }]);
  });
});

describe("full shape", () => {
  it.each(GET_ROUTES)("GET $path is what it always was: totals, relation ids and extra fields", async ({ path, key, record }) => {
    const reply = await get(full, path);
    expect(reply.headers.get(SHAPE_HEADER)).toBe("full");
    if (!record) expect(reply.body.total).toBe(reply.body[key].length);
    for (const item of asList(reply.body, key, record)) expect(typeof item.id).toBe("number");
  });

  it("still has the book's extra fields and the ids of its relations", async () => {
    const { body } = await get(full, "/books/all");
    const [book] = body.books;
    expect(book).toMatchObject({
      author_id: expect.any(Number),
      author: { id: expect.any(Number), name: expect.any(String) },
      publisher_id: expect.any(Number),
      publisher: { id: expect.any(Number), name: expect.any(String) },
      classification: { id: expect.any(Number), notation: expect.any(String), general_name: expect.any(String) },
    });
    for (const genre of book.genres) expect(genre).toEqual({ id: expect.any(Number), name: expect.any(String) });
    const publishers = await get(full, "/publishers");
    expect(publishers.body.publishers.some((publisher: JsonBody) => publisher.books.length > 0)).toBe(true);
    const me = await full.call("GET", "/api/users/me", { token: full.adminToken });
    expect(me.body).toEqual({ user: { id: 1, name: expect.any(String), email: "admin@dispusip.local", role: 2 } });
  });
});

describe(`the test-only ${SHAPE_HEADER} header`, () => {
  it.each(GET_ROUTES)("`full` makes the spec server answer GET $path exactly as the full server does", async ({ path }) => {
    const [overridden, stored] = await Promise.all([get(spec, path, { [SHAPE_HEADER]: "full" }), get(full, path)]);
    expect(overridden.headers.get(SHAPE_HEADER)).toBe("full");
    expect(overridden.body).toEqual(stored.body);
  });

  it("`spec` makes the full server answer in the spec shape; only that one request", async () => {
    const [asSpec, fromSpecServer] = await Promise.all([get(full, "/books/all", { [SHAPE_HEADER]: "spec" }), get(spec, "/books/all")]);
    expect(asSpec.body).toEqual(fromSpecServer.body);
    expect((await get(full, "/books/all")).body).toHaveProperty("total");
    expect((await get(spec, "/books/all")).body).not.toHaveProperty("total");
  });

  it("refuses any other value with 400 { error }", async () => {
    const reply = await get(spec, "/genres", { [SHAPE_HEADER]: "tidy" });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body)).toEqual(["error"]);
  });
});

describe("writes in the spec shape", () => {
  it("accept what they always accepted (ids, multipart, JSON) and answer spec-shaped records", async () => {
    const admin = { token: spec.adminToken };
    const lookups = await get(spec, "/genres", { [SHAPE_HEADER]: "full" });
    const [first, second] = lookups.body.data as Array<{ id: number }>;

    const genre = await spec.call("POST", "/api/genres", { ...admin, json: { name: "Genre Bentuk Spec" } });
    expect(genre.status).toBe(201);
    expect(Object.keys(genre.body.data).sort()).toEqual(["cover", "id", "name"]);

    const books = await get(spec, "/books/all", { [SHAPE_HEADER]: "full" });
    const target = books.body.books[0];
    const patched = await spec.call("PATCH", `/api/books/${target.id}`, {
      ...admin,
      form: form({ title: "Judul Bentuk Spec", "genres[]": [String(first.id), String(second.id)], cover: pngFile() }),
    });
    expect(patched.status).toBe(200);
    expect([...keyPaths(patched.body)].sort()).toEqual(expectedPaths("data", "book", true));
    expect(patched.body.data).toMatchObject({ title: "Judul Bentuk Spec", author: { name: target.author.name } });
    const stored = await get(spec, "/books/all", { [SHAPE_HEADER]: "full" });
    expect(stored.body.books[0]).toMatchObject({
      author_id: target.author_id,
      genres: [{ id: first.id }, { id: second.id }],
      tags: target.tags,
    });

    const library = await get(spec, "/bibliographies/admin/library", { [SHAPE_HEADER]: "full" });
    const [place] = library.body.data;
    // A string id (as the spec shape gives it) is accepted back.
    const switched = await spec.call("PUT", "/api/bibliographies/admin/library", { ...admin, json: { ...place, id: String(place.id), active: !place.active } });
    expect(switched.status).toBe(200);
    expect(Object.keys(switched.body.data).sort()).toEqual([...ENTITIES.library].sort());

    const upload = await spec.call("POST", "/api/upload/thumbnail", { ...admin, form: form({ thumbnail: pngFile() }) });
    expect([upload.status, Object.keys(upload.body)]).toEqual([201, ["thumbnail_url"]]);

    const removed = await spec.call("DELETE", `/api/genres/${genre.body.data.id}`, admin);
    expect(removed.body).toEqual({ message: expect.any(String) });
  });
});

describe("the shape table", () => {
  it("has an entry for every route the API serves, and none for a route it does not", async () => {
    const db = openDatabase(join(spec.dataDir, DATABASE_FILE));
    try {
      const context: ApiContext = { db, storage: new Storage(spec.dataDir), maxUploadBytes: 1, inflight: new Set(), parseJson: express.json() };
      const app = createReferenceApp(context) as unknown as { _router: { stack: Layer[] } };
      interface Layer {
        route?: { path: string; methods: Record<string, boolean> };
        regexp?: RegExp;
        handle: { stack?: Layer[] };
      }
      const served: string[] = [];
      const walk = (stack: Layer[]) => {
        for (const layer of stack) {
          if (layer.route) for (const method of Object.keys(layer.route.methods)) served.push(`${method.toUpperCase()} ${layer.route.path}`);
          else if (layer.handle.stack) walk(layer.handle.stack);
        }
      };
      const apiLayer = app._router.stack.find((layer) => layer.handle.stack && layer.regexp?.test("/api/x"));
      walk(apiLayer!.handle.stack!);
      expect(served.length).toBeGreaterThan(40);
      for (const route of served) {
        const [method, path] = route.split(" ");
        expect(routeShape(method, path.replace(/:id/g, "7")), route).toBeDefined();
      }
      expect(SPEC_ROUTES.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([...new Set(served)].sort());
    } finally {
      db.close();
    }
  });
});

describe("choosing the shape", () => {
  const saved = process.env.REFERENCE_API_SHAPE;
  afterEach(() => {
    if (saved === undefined) delete process.env.REFERENCE_API_SHAPE;
    else process.env.REFERENCE_API_SHAPE = saved;
  });

  it("reads REFERENCE_API_SHAPE (default full) and refuses other values", () => {
    expect(shapeFromEnv({})).toBe("full");
    expect(shapeFromEnv({ REFERENCE_API_SHAPE: "" })).toBe("full");
    expect(shapeFromEnv({ REFERENCE_API_SHAPE: "spec" })).toBe("spec");
    expect(() => shapeFromEnv({ REFERENCE_API_SHAPE: "Spec" })).toThrow(/REFERENCE_API_SHAPE/);
  });

  it("lets the option win over the environment", async () => {
    process.env.REFERENCE_API_SHAPE = "spec";
    const fromEnv = await startReferenceApi({ dataDir: spec.dataDir, port: 0 });
    const fromOption = await startReferenceApi({ dataDir: spec.dataDir, port: 0, shape: "full" });
    try {
      expect([fromEnv.shape, fromOption.shape]).toEqual(["spec", "full"]);
      const token = await login(fromEnv.url, "admin@dispusip.local");
      const answers = await Promise.all(
        [fromEnv, fromOption].map(async (api) => {
          const response = await fetch(`${api.url}/api/genres`, { headers: { Authorization: `Bearer ${token}` } });
          return (await response.json()) as JsonBody;
        }),
      );
      expect(answers[0]).not.toHaveProperty("total");
      expect(answers[1]).toHaveProperty("total");
    } finally {
      await fromEnv.close();
      await fromOption.close();
    }
  });
});
