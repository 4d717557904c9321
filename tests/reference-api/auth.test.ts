import Database from "better-sqlite3";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../reference-api/demo-users.ts";
import { startReferenceApi } from "../../reference-api/server.ts";
import {
  ADMIN_EMAIL,
  call,
  DEMO_PASSWORD,
  login,
  makeDataDir,
  pngFile,
  form,
  removeDataDir,
  STAFF_EMAIL,
  testApiForFile,
  SUPERADMIN_EMAIL,
} from "./helpers.ts";

const api = testApiForFile();

describe("POST /api/users/login", () => {
  it("returns a random 32-byte hex token for each demo user", async () => {
    const tokens = new Set<string>();
    for (const email of [ADMIN_EMAIL, SUPERADMIN_EMAIL, STAFF_EMAIL]) {
      const reply = await api.call("POST", "/api/users/login", { json: { email, password: DEMO_PASSWORD } });
      expect(reply.status).toBe(200);
      expect(reply.body.token).toMatch(/^[0-9a-f]{64}$/);
      tokens.add(reply.body.token);
    }
    expect(tokens.size).toBe(3);
  });

  it("matches the email case-insensitively", async () => {
    const reply = await api.call("POST", "/api/users/login", {
      json: { email: "  ADMIN@Dispusip.Local ", password: DEMO_PASSWORD },
    });
    expect(reply.status).toBe(200);
  });

  it("rejects a wrong password or an unknown email with 401", async () => {
    for (const json of [
      { email: ADMIN_EMAIL, password: "salah" },
      { email: "tidakada@dispusip.local", password: DEMO_PASSWORD },
    ]) {
      const reply = await api.call("POST", "/api/users/login", { json });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: "Email atau password salah" });
    }
  });

  it("answers 400 for missing fields, wrong types and malformed JSON", async () => {
    expect((await api.call("POST", "/api/users/login", { json: { password: "x" } })).body).toEqual({
      error: "Email wajib diisi",
    });
    expect((await api.call("POST", "/api/users/login", { json: { email: ADMIN_EMAIL } })).body).toEqual({
      error: "Password wajib diisi",
    });
    const wrongType = await api.call("POST", "/api/users/login", { json: { email: 5, password: [] } });
    expect(wrongType.status).toBe(400);
    const array = await api.call("POST", "/api/users/login", { json: [ADMIN_EMAIL, DEMO_PASSWORD] });
    expect(array.status).toBe(400);
    const malformed = await api.call("POST", "/api/users/login", { rawJson: '{"email": "a@b.c", ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "Format JSON tidak valid" });
  });

  it("stores scrypt hashes and token digests, never the secrets themselves", async () => {
    const token = await login(api.url, ADMIN_EMAIL);
    const db = new Database(join(api.dataDir, "reference-api.sqlite"), { readonly: true });
    try {
      const users = db.prepare("SELECT password_hash FROM users").all() as Array<{ password_hash: string }>;
      expect(users).toHaveLength(3);
      const salts = new Set<string>();
      for (const { password_hash } of users) {
        expect(password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
        expect(password_hash).not.toContain(DEMO_PASSWORD);
        salts.add(password_hash.split("$")[4]);
      }
      expect(salts.size).toBe(3);
      const stored = db.prepare("SELECT token_hash, expires_at FROM tokens").all() as Array<{
        token_hash: string;
        expires_at: number;
      }>;
      expect(stored.map((row) => row.token_hash)).not.toContain(token);
      const twelveHours = 12 * 60 * 60 * 1000;
      for (const row of stored) expect(Math.abs(row.expires_at - (Date.now() + twelveHours))).toBeLessThan(60_000);
    } finally {
      db.close();
    }
  });
});

describe("GET /api/users/me and POST /api/users/logout", () => {
  it("returns the current user with its role", async () => {
    for (const user of DEMO_USERS) {
      const token = await login(api.url, user.email);
      const reply = await api.call("GET", "/api/users/me", { token });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        user: { id: expect.any(Number), name: user.name, email: user.email, role: user.role },
      });
    }
  });

  it("answers 401 without a token, with a malformed or unknown token", async () => {
    const headerSets: Array<Record<string, string>> = [
      {},
      { authorization: "Bearer" },
      { authorization: "Basic YWRtaW46ZGVtbw==" },
      { authorization: `Bearer ${"0".repeat(64)}` },
    ];
    for (const headers of headerSets) {
      const reply = await api.call("GET", "/api/users/me", { headers });
      expect(reply.status).toBe(401);
      expect(typeof reply.body.error).toBe("string");
      expect(reply.headers.get("www-authenticate")).toBe("Bearer");
    }
  });

  it("revokes the token on logout", async () => {
    const token = await login(api.url, ADMIN_EMAIL);
    expect((await api.call("POST", "/api/users/logout", { token })).status).toBe(200);
    expect((await api.call("GET", "/api/users/me", { token })).status).toBe(401);
    expect((await api.call("POST", "/api/users/logout", { token })).status).toBe(401);
  });

  it("refuses an expired token", async () => {
    const token = await login(api.url, ADMIN_EMAIL);
    const db = new Database(join(api.dataDir, "reference-api.sqlite"));
    try {
      db.prepare("UPDATE tokens SET expires_at = ?").run(Date.now() - 1);
    } finally {
      db.close();
    }
    expect((await api.call("GET", "/api/users/me", { token })).status).toBe(401);
    // The shared test tokens expired too: sign in again for the tests below.
    api.adminToken = await login(api.url, ADMIN_EMAIL);
    api.staffToken = await login(api.url, STAFF_EMAIL);
  });
});

type ProtectedCall = { method: string; path: string; body?: "json" | "form" };

/** POST and PUT `/api/{resource}` with a body of this kind, and DELETE `/api/{resource}/1` where records can be deleted. */
function writes(resource: string, body: "json" | "form", { deletable = true } = {}): ProtectedCall[] {
  const calls: ProtectedCall[] = [
    { method: "POST", path: `/api/${resource}`, body },
    { method: "PUT", path: `/api/${resource}`, body },
  ];
  if (deletable) calls.push({ method: "DELETE", path: `/api/${resource}/1` });
  return calls;
}

/** Every call that needs an admin token, with a body good enough to pass auth. */
const PROTECTED_CALLS: ProtectedCall[] = [
  ...["genres", "tags", "authors", "publishers", "bibliographies/admin/library"].map((list) => ({
    method: "GET",
    path: `/api/${list}`,
  })),
  ...["sliders", "activities", "officers", "banners", "authors"].flatMap((resource) => writes(resource, "form")),
  ...["genres", "tags", "classifications", "publishers", "videos"].flatMap((resource) => writes(resource, "json")),
  ...["abouts", "histories"].flatMap((resource) => writes(resource, "form", { deletable: false })),
  ...["mission-vision", "bibliographies/admin/library"].flatMap((resource) => writes(resource, "json", { deletable: false })),
  // Books: PATCH on the record's own path.
  { method: "POST", path: "/api/books", body: "form" },
  { method: "PATCH", path: "/api/books/1", body: "form" },
  { method: "DELETE", path: "/api/books/1" },
  ...["video", "thumbnail", "video-background"].map((kind): ProtectedCall => ({ method: "POST", path: `/api/upload/${kind}`, body: "form" })),
  { method: "DELETE", path: "/api/company/1" },
];

describe("access control", () => {
  const bodyFor = (kind: "json" | "form" | undefined) =>
    kind === "json"
      ? { json: { id: 1, name: "x", title: "x" } }
      : kind === "form"
        ? { form: form({ id: "1", title: "x", file: pngFile() }) }
        : {};

  it.each(PROTECTED_CALLS)("$method $path needs a token (401)", async ({ method, path, body }) => {
    const none = await api.call(method, path, bodyFor(body));
    expect(none.status).toBe(401);
    expect(typeof none.body.error).toBe("string");
    const bad = await api.call(method, path, { ...bodyFor(body), token: "f".repeat(64) });
    expect(bad.status).toBe(401);
    expect(typeof bad.body.error).toBe("string");
  });

  it.each(PROTECTED_CALLS)("$method $path refuses role 1 (403)", async ({ method, path, body }) => {
    const reply = await api.call(method, path, { ...bodyFor(body), token: api.staffToken });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ error: expect.any(String) });
  });

  it.each(["/api/books/all", "/api/videos", "/api/classifications"])("GET %s is for any signed-in user (the app's readers, the public catalogue's account), not anonymous", async (path) => {
    expect((await api.call("GET", path)).status).toBe(401);
    const reply = await api.call("GET", path, { token: api.staffToken });
    expect(reply.status).toBe(200);
    expect(Object.values(reply.body).some(Array.isArray)).toBe(true);
  });

  it("lets role 3 do what role 2 does", async () => {
    const token = await login(api.url, SUPERADMIN_EMAIL);
    expect((await api.call("GET", "/api/genres", { token })).status).toBe(200);
    const created = await api.call("POST", "/api/tags", { token, json: { name: "Superadmin" } });
    expect(created.status).toBe(201);
  });

  it.each([
    "/api/sliders",
    "/api/abouts",
    "/api/mission-vision",
    "/api/histories",
    "/api/activities",
    "/api/activities/1",
    "/api/officers",
    "/api/banners",
    "/api/health",
    "/files/seed-slider-1.png",
    "/covers/seed-book-1.png",
  ])("GET %s is public", async (path) => {
    const response = await fetch(`${api.url}${path}`);
    expect(response.status).toBe(200);
  });
});

describe("DEMO_PASSWORD", () => {
  it("sets the demo users' password of a new database", async () => {
    const dataDir = await makeDataDir();
    const running = await startReferenceApi({ dataDir, port: 0, demoPassword: "rahasia-lain-123" });
    try {
      const wrong = await call(running.url, "POST", "/api/users/login", {
        json: { email: ADMIN_EMAIL, password: DEMO_PASSWORD },
      });
      expect(wrong.status).toBe(401);
      expect(await login(running.url, ADMIN_EMAIL, "rahasia-lain-123")).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await running.close();
      await removeDataDir(dataDir);
    }
  });
});
