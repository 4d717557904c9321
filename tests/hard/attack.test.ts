import { createHmac } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiData, decodeHtmlEntities, pngBuffer, PROJECT_ROOT, STAFF_EMAIL } from "../e2e/helpers/index.ts";
import { SCREENS } from "~/resources/resources";
import { caseRecorder } from "./report.ts";
import { formOf } from "./screens.ts";
import { INDONESIAN_FAILURE, logIn, startHardStack, unhandledFailures, type HardStack } from "./stack.ts";

/**
 * Attacks on a real BFF process over HTTP: open redirects on login, path traversal on the file
 * proxy, hostile uploads, forged and stale session cookies, and anonymous or role-1 visitors on
 * every admin loader and action. Each case reports what it tried and what it got.
 */

const IMAGE_LIMIT = 64 * 1024;
let stack: HardStack;
let base: string;
let adminCookie: string;

beforeAll(async () => {
  stack = await startHardStack({ UPLOAD_IMAGE_MAX_BYTES: String(IMAGE_LIMIT) });
  base = stack.bff.url;
  adminCookie = await logIn(base);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const record = caseRecorder("attack");

/** A GET with the path sent exactly as written (fetch would normalise `..` away). */
function rawGet(rawPath: string): Promise<{ status: number; location?: string; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, path: rawPath }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("open redirects on login", () => {
  const targets = [
    "//evil.example/",
    "https://evil.example/",
    "http:evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "/\t/evil.example",
    " //evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/\u3002evil.example",
    "///evil.example",
    "/.//evil.example",
  ];

  it.each([
    {
      name: "a login form's redirectTo never leaves the site",
      way: "login POST",
      send: (target: string) =>
        fetch(`${base}/login`, {
          method: "POST",
          body: new URLSearchParams({ email: "admin@dispusip.local", password: "demo12345", redirectTo: target }),
          redirect: "manual",
        }),
    },
    {
      name: "a logged-in admin visiting /login?redirectTo= stays on the site",
      way: "login GET (logged in)",
      send: (target: string) => fetch(`${base}/login?redirectTo=${encodeURIComponent(target)}`, { headers: { cookie: adminCookie }, redirect: "manual" }),
    },
  ])("$name", async ({ way, send }) => {
    const failures: string[] = [];
    for (const target of targets) {
      const response = await send(target);
      const location = response.headers.get("location") ?? "";
      const stays = response.status === 302 && new URL(location, base).origin === base && !location.startsWith("//");
      if (!record(`${way} redirectTo=${JSON.stringify(target)}`, `${response.status} to ${location}`, stays)) failures.push(target);
    }
    expect(failures).toEqual([]);
  });
});

describe("path traversal on the file proxy", () => {
  const attempts = [
    "/files/../../etc/passwd",
    "/files/..%2F..%2Fetc%2Fpasswd",
    "/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/files/..%252F..%252Fetc%252Fpasswd",
    "/files/..\\..\\etc\\passwd",
    "/files/%2e%2e%5c%2e%2e%5cetc%5cpasswd",
    "/files/%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afetc%c0%afpasswd",
    "/files/x.jpg%00.html",
    "/files/.env",
    "/files/..",
    "/covers/../api/users",
    "/covers/%2e%2e/%2e%2e/database.sqlite",
    "/files/....//....//etc/passwd",
  ];

  it("refuses every name that could leave the folder, and never asks the upstream outside it", async () => {
    const failures: string[] = [];
    const seen = stack.upstream.calls.length;
    for (const attempt of attempts) {
      const { status, location, body } = await rawGet(attempt);
      // express.static answers a name that resolves to a folder (`/files/..` is public/) with a
      // redirect to the same path plus `/`: on this site, and never a file.
      const refused = status === 400 || status === 404 || (status === 301 && location === `${attempt}/`);
      const got = `${status}${location ? ` to ${location}` : ""}`;
      if (!record(`GET ${attempt}`, got, refused && !body.includes("root:"))) failures.push(`${attempt}: ${got}`);
    }
    // The site's 404 page reads what its footer shows (the about record), as every public page
    // does; no other upstream address may be asked.
    const escaped = stack.upstream.calls
      .slice(seen)
      .filter((call) => !/^\/(files|covers)\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(call.path) && !(call.method === "GET" && call.path === "/api/abouts"));
    record("file proxy: upstream calls outside /files and /covers", escaped.map((call) => call.path).join(", ") || "none", escaped.length === 0);
    expect(failures).toEqual([]);
    expect(escaped).toEqual([]);
  });
});

describe("hostile uploads (activity image)", () => {
  let activityId: string;
  let originalFile: string | null;

  beforeAll(async () => {
    const [activity] = await apiData<Array<{ id: number | string; file: string | null }>>(stack.referenceApi.url, "/activities");
    activityId = String(activity.id);
    originalFile = activity.file;
  });

  async function storedFile() {
    const activities = await apiData<Array<{ id: number | string; file: string | null }>>(stack.referenceApi.url, "/activities");
    return activities.find((activity) => String(activity.id) === activityId)?.file ?? null;
  }

  function upload(body: BodyInit, contentType?: string) {
    return fetch(`${base}/admin/activity?modal=edit&id=${activityId}`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: base, ...(contentType ? { "content-type": contentType } : {}) },
      body,
      redirect: "manual",
    });
  }

  function withFile(content: Buffer, name: string, type: string) {
    const form = formOf({ intent: "update", id: activityId, date: "2026-11-01", title: "Kegiatan unggahan" });
    form.append("file", new Blob([new Uint8Array(content)], { type }), name);
    return form;
  }

  const hostile: Array<{ what: string; body: () => { body: BodyInit; contentType?: string } }> = [
    { what: `oversized PNG (${IMAGE_LIMIT * 3} B, limit ${IMAGE_LIMIT} B)`, body: () => ({ body: withFile(pngBuffer(IMAGE_LIMIT * 3), "besar.png", "image/png") }) },
    { what: "HTML named .jpg", body: () => ({ body: withFile(Buffer.from("<!doctype html><script>alert(1)</script>"), "foto.jpg", "image/jpeg") }) },
    {
      what: "SVG named .jpg",
      body: () => ({ body: withFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "foto.jpg", "image/jpeg") }),
    },
    { what: "PDF named .png", body: () => ({ body: withFile(Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"), "foto.png", "image/png") }) },
    { what: "empty file named .jpg", body: () => ({ body: withFile(Buffer.alloc(0), "kosong.jpg", "image/jpeg") }) },
    {
      what: "multipart without a boundary",
      body: () => ({ body: "--x\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\nupdate\r\n--x--\r\n", contentType: "multipart/form-data" }),
    },
    {
      what: "multipart cut before its closing boundary",
      body: () => ({
        body: `--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupdate\r\n--b\r\nContent-Disposition: form-data; name="id"\r\n\r\n${activityId}\r\n--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nTerpotong\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${pngBuffer().toString("latin1")}`,
        contentType: "multipart/form-data; boundary=b",
      }),
    },
    {
      what: "multipart with a part lacking Content-Disposition",
      body: () => ({ body: "--b\r\nContent-Type: text/plain\r\n\r\nhallo\r\n--b--\r\n", contentType: "multipart/form-data; boundary=b" }),
    },
    { what: "garbage labelled multipart", body: () => ({ body: "\u0000\u0001 bukan formulir \u00ff", contentType: "multipart/form-data; boundary=zz" }) },
    { what: "a field after the file", body: () => {
      const form = withFile(pngBuffer(), "a.png", "image/png");
      form.append("description", "<p>sesudah berkas</p>");
      return { body: form };
    } },
  ];

  for (const attempt of hostile) {
    it(`refuses ${attempt.what} with a 4xx in Indonesian and leaves the record as it was`, async () => {
      const { body, contentType } = attempt.body();
      const response = await upload(body, contentType);
      const text = decodeHtmlEntities(await response.text());
      const unchanged = (await storedFile()) === originalFile;
      const passed = response.status >= 400 && response.status < 500 && INDONESIAN_FAILURE.test(text) && unchanged;
      record(`upload: ${attempt.what}`, `${response.status}${unchanged ? ", record unchanged" : ", RECORD CHANGED"}`, passed);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(text).toMatch(INDONESIAN_FAILURE);
      expect(unchanged).toBe(true);
    });
  }

  it("takes a real PNG (the refusals above are not a refusal of everything)", async () => {
    const response = await upload(withFile(pngBuffer(), "foto.png", "image/png"));
    const stored = await storedFile();
    record("upload: a real 1×1 PNG", `${response.status}, file ${stored === originalFile ? "unchanged" : "replaced"}`, response.status === 302 && stored !== originalFile);
    expect(response.status).toBe(302);
    expect(stored).not.toBe(originalFile);
    originalFile = stored;
  });
});

describe("forged, tampered and stale session cookies", () => {
  const TEST_SECRET_GUESS = "bukan-rahasia-yang-benar-0123456789abcdef";
  const sign = (value: string, secret: string) => `${value}.${createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "")}`;
  const sessionValue = (id: string) => Buffer.from(JSON.stringify(id)).toString("base64");
  /** The session id a cookie carries (Remix: base64 JSON, then `.signature`). */
  const idOf = (cookie: string) => JSON.parse(Buffer.from(decodeURIComponent(cookie.split("=")[1]).replace(/\.[^.]*$/, ""), "base64").toString()) as string;

  async function adminAnswer(cookie: string) {
    const response = await fetch(`${base}/admin/activity`, { headers: { cookie }, redirect: "manual" });
    return `${response.status} to ${response.headers.get("location") ?? "-"}`;
  }

  const cases: Array<{ what: string; cookie: () => Promise<string> }> = [
    { what: "a made-up session id, unsigned", cookie: async () => `__session=${sessionValue("A".repeat(43))}` },
    { what: "a made-up session id signed with a guessed secret", cookie: async () => `__session=${encodeURIComponent(sign(sessionValue("A".repeat(43)), TEST_SECRET_GUESS))}` },
    {
      what: "a real admin session id signed with a guessed secret",
      cookie: async () => `__session=${encodeURIComponent(sign(sessionValue(idOf(await logIn(base))), TEST_SECRET_GUESS))}`,
    },
    {
      what: "a real cookie with one signature character changed",
      cookie: async () => {
        const cookie = decodeURIComponent(await logIn(base));
        const last = cookie.at(-1) === "A" ? "B" : "A";
        return encodeURI(cookie.slice(0, -1) + last);
      },
    },
    {
      what: "a real cookie without its signature",
      cookie: async () => {
        const [name, value] = (await logIn(base)).split("=");
        return `${name}=${encodeURIComponent(decodeURIComponent(value).replace(/\.[^.]*$/, ""))}`;
      },
    },
    {
      what: "a cookie whose session was idle past the limit",
      cookie: async () => {
        const cookie = await logIn(base);
        await staleSession(idOf(cookie));
        return cookie;
      },
    },
    {
      what: "a cookie kept after logging out",
      cookie: async () => {
        const cookie = await logIn(base);
        await fetch(`${base}/logout`, { method: "POST", headers: { cookie, origin: base }, redirect: "manual" });
        return cookie;
      },
    },
    { what: "a path-traversal session id", cookie: async () => `__session=${encodeURIComponent(sign(sessionValue("../../../etc/passwd"), TEST_SECRET_GUESS))}` },
  ];

  /** Makes the server-side record of this session look idle for a day (as the clock would). */
  async function staleSession(id: string) {
    const file = path.join(stack.bffDataDir, "sessions", `${id}.json`);
    const data = JSON.parse(await readFile(file, "utf8")) as { lastActive: number };
    data.lastActive = Date.now() - 24 * 60 * 60 * 1000;
    await writeFile(file, JSON.stringify(data));
  }

  for (const { what, cookie } of cases) {
    it(`${what} is not an admin`, async () => {
      const got = await adminAnswer(await cookie());
      const passed = got === "302 to /";
      record(`session: ${what}`, got, passed);
      expect(got).toBe("302 to /");
    });
  }

  it("a real admin cookie is (the cases above are not a refusal of everyone)", async () => {
    const got = await adminAnswer(adminCookie);
    record("session: the admin's own cookie", got, got.startsWith("200"));
    expect(got).toMatch(/^200/);
  });
});

describe("anonymous and role-1 visitors on every admin loader and action", () => {
  const routesDir = path.join(PROJECT_ROOT, "app/routes");
  /** The admin route modules as URL paths (admin.activity[.]csv.tsx is /admin/activity.csv), and whether they take writes. */
  const adminRoutes = readdirSync(routesDir)
    .filter((file) => /^admin([.$_].*)?\.tsx?$/.test(file))
    .map((file) => ({
      path: `/${file
        .replace(/\.tsx?$/, "")
        .replace(/\[\.\]/g, "\u0000")
        .split(".")
        .filter((segment) => segment !== "_index")
        .join("/")
        // eslint-disable-next-line no-control-regex -- the NUL stands in for a dot in flat route names
        .replace(/\u0000/g, ".")
        // A dynamic segment gets a value the route knows (admin.export.$screen.tsx: a real list).
        .replace(/\$screen/, "activity")}`,
      index: file.includes("._index"),
      hasAction: /export (async )?function action|export const action/.test(readFileSync(path.join(routesDir, file), "utf8")),
    }))
    // And every screen of the one list, which the build serves with app/routes/admin-screen.tsx.
    .concat(SCREENS.map((screen) => ({ path: `/admin/${screen.id}`, index: false, hasAction: true })));
  const adminPaths = adminRoutes.map((route) => route.path);

  it("finds every admin route module", () => {
    expect(adminPaths).toContain("/admin");
    expect(adminPaths).toContain("/admin/export/activity");
    expect(adminPaths).toContain("/admin/audit");
    expect(adminPaths).toContain("/admin/book");
    expect(adminPaths.length).toBeGreaterThan(15);
  });

  for (const visitor of ["anonymous", "role 1"] as const) {
    it(`${visitor}: every loader and action sends them to / and nothing is written upstream`, async () => {
      const cookie = visitor === "anonymous" ? "" : await logIn(base, STAFF_EMAIL);
      const writesBefore = stack.upstream.writes.length;
      const failures: string[] = [];
      for (const route of adminRoutes) {
        const target = route.index ? `${route.path}?index` : route.path;
        for (const method of ["GET", "POST"] as const) {
          const response = await fetch(`${base}${target}`, {
            method,
            headers: { cookie, origin: base },
            body: method === "POST" ? formOf({ intent: "delete", id: "1" }) : undefined,
            redirect: "manual",
          });
          await response.body?.cancel();
          const got = `${response.status} to ${response.headers.get("location") ?? "-"}`;
          // A module without an action takes no writes at all: Remix answers 405.
          const expected = method === "POST" && !route.hasAction ? "405 to -" : "302 to /";
          if (!record(`${visitor}: ${method} ${target}`, got, got === expected)) failures.push(`${method} ${target}: ${got}`);
        }
      }
      const writes = stack.upstream.writes.slice(writesBefore);
      record(`${visitor}: upstream writes after every admin action`, `${writes.length}`, writes.length === 0);
      expect(failures).toEqual([]);
      expect(writes).toEqual([]);
    });
  }

  it("left no unhandled failure in the BFF", () => {
    const unhandled = unhandledFailures(stack.bff);
    record("attack suite: unhandled failures logged by the BFF", `${unhandled.length}`, unhandled.length === 0);
    expect(unhandled).toEqual([]);
  });
});
