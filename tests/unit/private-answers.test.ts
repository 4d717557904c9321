import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLEAR_ON_LOGOUT, privateAnswers } from "@server/security.server";

/**
 * No answer of the back-office, the login or the logout is kept by a browser (issue 35): the
 * middleware has to see each path as Remix routes it, which resolves dot segments, decodes and
 * ignores case. (The same over the built app, with the written paths only: tests/hard/shared-desk.test.ts.)
 */

let base: string;
let server: ReturnType<express.Express["listen"]>;

beforeAll(async () => {
  const app = express();
  app.use(privateAnswers());
  // Not app.all("*"): Express would refuse a path it cannot decode before the answer.
  app.use((_req, res) => {
    res.status(200).end();
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

/** The headers of an answer to this request line, the path sent as written (fetch would normalize it). */
async function answer(method: string, path: string): Promise<IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${base}/`, { method, path, headers: { "content-length": "0" } }, (response) => {
      response.resume().on("end", () => resolve(response.headers));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The app's routes as far as the middleware is concerned: the admin layout, login, logout, and the public pages with their catch-all. */
const ROUTES: AgnosticRouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      {
        id: "admin",
        path: "admin",
        children: [
          { id: "admin/index", index: true },
          { id: "admin/screen", path: ":screen" },
          { id: "admin/export", path: "export/:screen" },
        ],
      },
      { id: "login", path: "login" },
      { id: "logout", path: "logout" },
      {
        id: "public",
        children: [
          { id: "public/index", index: true },
          { id: "public/about", path: "about" },
          { id: "public/catch-all", path: "*" },
        ],
      },
    ],
  },
];

/** The route Remix runs for a request path: React Router's matching on the URL server/remix-handler.ts builds, route data as its page. */
function routedTo(path: string): string | undefined {
  let { pathname } = new URL(`http://site${path}`);
  if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length).replace(/^\/_root$/, "/");
  return matchRoutes(ROUTES, pathname)?.at(-1)?.route.id;
}
const isPrivateRoute = (id: string | undefined) => /^(admin|login|logout)/.test(id ?? "");

describe("privateAnswers", () => {
  it("makes the back-office and the login no-store however their paths are written", async () => {
    const probes: Array<[string, string]> = [
      ["GET", "/admin/book"],
      ["GET", "/ADMIN/book"],
      ["GET", "/Admin/genre"],
      ["GET", "/%61dmin/book"],
      ["GET", "/%41DMIN/book.data"],
      ["HEAD", "/admin/book"],
      ["HEAD", "/ADMIN/book"],
      ["POST", "/Admin/genre"],
      ["GET", "/LOGIN"],
      ["GET", "/login/"],
      ["GET", "/x/../admin/book"],
      ["GET", "/%2e%2e/admin/book"],
      ["GET", "/./admin"],
    ];
    for (const [method, path] of probes) {
      expect(isPrivateRoute(routedTo(path)), `${path} reaches a private route`).toBe(true);
      expect((await answer(method, path))["cache-control"], `${method} ${path}`).toBe("no-store");
    }
  });

  it("tells the browser to clear its cache on a logout however its path is written, and only then", async () => {
    for (const path of ["/logout", "/logout.data", "/Logout", "/LOGOUT.data", "/%6Cogout", "/logout/", "/x/../logout"]) {
      expect(routedTo(path), path).toBe("logout");
      const headers = await answer("POST", path);
      expect(headers["cache-control"], path).toBe("no-store");
      expect(headers["clear-site-data"], path).toBe(CLEAR_ON_LOGOUT);
    }
    for (const [method, path] of [
      ["GET", "/Logout"],
      ["POST", "/Admin/genre"],
      ["POST", "/logoutx"],
    ]) {
      expect((await answer(method, path))["clear-site-data"], `${method} ${path}`).toBeUndefined();
    }
  });

  it("leaves the public pages to their own caching, as Remix routes them", async () => {
    // Remix decodes once: `/%2561dmin` is `/%61dmin` to it, the catch-all's 404 page; `/admin/%2e%2e/about` is `/about`.
    for (const path of ["/", "/about", "/administrasi", "/loginx", "/%2561dmin/book", "/admin/%2e%2e/about"]) {
      expect(isPrivateRoute(routedTo(path)), path).toBe(false);
      expect((await answer("GET", path))["cache-control"], path).toBeUndefined();
    }
  });

  it("treats a path it cannot decode as private, without clearing anything", async () => {
    for (const path of ["/about%ZZ", "/%61dmin/%ZZ", "/logout%E0"]) {
      const headers = await answer("POST", path);
      expect(headers["cache-control"], path).toBe("no-store");
      expect(headers["clear-site-data"], path).toBeUndefined();
    }
  });

  it("agrees with Remix's routing on any spelling of a private path: case, escapes, dot segments, route data", async () => {
    /** Each character of the path kept, upper-cased, or escaped in lower- or upper-case hex. */
    const spell = (path: string, ways: number[]) =>
      [...path]
        .map((char, i) => {
          if (char === "/") return char;
          const hex = char.charCodeAt(0).toString(16);
          return [char, char.toUpperCase(), `%${hex}`, `%${hex.toUpperCase()}`][ways[i] ?? 0];
        })
        .join("");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/admin", "/admin/book", "/admin/genre", "/admin/export/audit", "/login", "/logout"),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 20, maxLength: 20 }),
        fc.constantFrom("", "/.", "/x/..", "/%2e%2e", "/%2E/x/%2e%2E", "/about/.."),
        fc.constantFrom("", "/", ".data", "/?next=%2F", "?index"),
        fc.constantFrom("GET", "HEAD", "POST"),
        async (written, ways, prefix, suffix, method) => {
          const path = `${prefix}${spell(written, ways)}${suffix}`;
          const route = routedTo(path);
          expect(isPrivateRoute(route), `${path} reaches ${route}`).toBe(true);
          const headers = await answer(method, path);
          expect(headers["cache-control"], `${method} ${path}`).toBe("no-store");
          expect(headers["clear-site-data"], `${method} ${path}`).toBe(method === "POST" && route === "logout" ? CLEAR_ON_LOGOUT : undefined);
        },
      ),
      { numRuns: 200 },
    );
  });
});
