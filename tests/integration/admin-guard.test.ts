import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminScreenRoutes } from "~/admin-kit/routes";
import { RESOURCE_SECTIONS } from "~/resources/resources";
import { RESOURCES } from "~/resources/resources.server";
import { http, HttpResponse } from "msw";
import { recordUpstreamCalls, upstream, UPSTREAM, userHandlers } from "../mocks/upstream";
import { request, sessionCookie } from "../helpers/sessions";
import { getSession } from "~/platform/session.server";

/**
 * Design principle 1: every admin loader and action checks the role itself. This walks every
 * admin route: each route module under app/routes/admin*, and each route the build makes from the
 * one list of resources (app/resources/resources.ts: a screen's, served by
 * app/routes/admin-screen.tsx, and its upload-progress route's), so a new admin route or screen
 * is covered the day it is added, and proves each loader and action sends
 * anonymous and role-1 visitors to `/` before any upstream data call is made.
 */

const routesDir = path.resolve(__dirname, "../../app/routes");
const adminRouteFiles = readdirSync(routesDir).filter((file) => /^admin([.$_].*)?\.tsx?$/.test(file));

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: { clientIp: string } }) => unknown;
interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
}

/** Values for the route's dynamic segments: the guard must not depend on them. */
function paramsOf(file: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const segment of file.replace(/\.tsx?$/, "").split(".")) {
    if (segment.startsWith("$")) params[segment.slice(1) || "*"] = "1";
  }
  return params;
}

/** Every admin route, its module loaded once: which of loader and action it has decides which cases run. */
interface AdminRoute {
  name: string;
  path: string;
  params: Record<string, string>;
  module: RouteModule;
}
const moduleOf = async (file: string) => (await import(/* @vite-ignore */ path.join(routesDir, file))) as RouteModule;
const adminRoutes: AdminRoute[] = [
  ...(await Promise.all(adminRouteFiles.map(async (file) => ({ name: file, path: `/${file}`, params: paramsOf(file), module: await moduleOf(file) })))),
  ...(await Promise.all(
    adminScreenRoutes(RESOURCE_SECTIONS).map(async (route) => ({
      name: `${route.file} at /admin/${route.path}`,
      path: `/admin/${route.path}`,
      params: {},
      module: await moduleOf(path.relative("routes", route.file)),
    })),
  )),
];

async function outcome(run: () => unknown): Promise<Response | "returned"> {
  try {
    const result = await run();
    return result instanceof Response ? result : "returned";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const visitors = {
  anonymous: async () => undefined,
  "role 1 (role known)": () => sessionCookie(1),
  "role 1 (role asked again)": () => sessionCookie(1, { roleCheckedAgoMs: 10 * 60_000 }),
  "role 3 whose token the upstream refuses": () => sessionCookie(3, { token: "revoked", roleCheckedAgoMs: 10 * 60_000 }),
};

describe("every admin route guards its loader and action", () => {
  it("finds the admin route modules", () => {
    expect(adminRouteFiles).toContain("admin.tsx");
    expect(adminRouteFiles.length).toBeGreaterThan(2);
  });

  it("finds a route for every page of the registry's menu, so each is guarded below", () => {
    const pages = RESOURCES.menu.flatMap((section) => section.pages);
    expect(pages.length).toBeGreaterThan(10);
    const guarded = adminRoutes.map((route) => route.path);
    expect(pages.map((page) => page.id).filter((id) => !guarded.includes(`/admin/${id}`) && !adminRouteFiles.includes(`admin.${id}.tsx`))).toEqual([]);
  });

  for (const { name: file, path: routePath, params, module } of adminRoutes) {
    describe(file, () => {
      it("has a loader (every admin page is guarded on the server)", () => {
        expect(typeof module.loader).toBe("function");
      });

      for (const [visitor, cookieFor] of Object.entries(visitors)) {
        for (const kind of ["loader", "action"] as const) {
          const run = module[kind];
          // A module without an action has nothing to guard: Remix answers a POST to it 405 itself.
          it.runIf(run)(`${kind}: ${visitor} is redirected to / before any data call${run ? "" : ` (skipped: ${file} has no ${kind})`}`, async () => {
            if (!run) throw new Error(`${file} has no ${kind}`);
            upstream.use(...userHandlers({ "role1@dispusip.local": { password: "x", role: 1, token: "token-role-1" } }));
            const calls = recordUpstreamCalls();
            const cookie = await cookieFor();
            const method = kind === "loader" ? "GET" : "POST";
            const body = kind === "action" ? new URLSearchParams({ title: "x", id: "1", intent: "delete" }) : undefined;
            const response = await outcome(() =>
              run({ request: request(routePath, { method, body, cookie }), params, context: { clientIp: "127.0.0.1" } }),
            );
            expect(response).toBeInstanceOf(Response);
            const redirect = response as Response;
            expect(redirect.status).toBe(302);
            expect(redirect.headers.get("Location")).toBe("/");
            // Nothing but the role's check, and a session of another role's token revoked as it ends.
            expect(calls.filter((call) => !call.path.startsWith("/api/users/me") && call.path !== "/api/users/logout")).toEqual([]);
          });
        }
      }
    });
  }

  it("ends the session of a role that may not enter (a staff member's login on a shared PC), revoking its token", async () => {
    const module = (await import("~/routes/admin")) as RouteModule;
    const calls = recordUpstreamCalls();
    const cookie = await sessionCookie(1);
    const answer = await outcome(() => module.loader!({ request: request("/admin", { cookie }), params: {}, context: { clientIp: "127.0.0.1" } }));
    expect((answer as Response).headers.get("Location")).toBe("/");
    expect((answer as Response).headers.get("Set-Cookie")).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/);
    expect(calls.map((call) => call.path)).toContain("/api/users/logout");
    expect((await getSession(request("/", { cookie }))).get("token")).toBeUndefined();
  });

  it("asks the role again once it is 15 s old: an admin demoted upstream is sent away then, not a minute later", async () => {
    const module = (await import("~/routes/admin")) as RouteModule;
    upstream.use(http.get(`${UPSTREAM}/users/me`, () => HttpResponse.json({ user: { role: 1 } })));
    const visit = async (cookie: string) => outcome(() => module.loader!({ request: request("/admin", { cookie }), params: {}, context: { clientIp: "127.0.0.1" } }));
    expect(await visit(await sessionCookie(3, { roleCheckedAgoMs: 10_000 }))).toBe("returned");
    expect(((await visit(await sessionCookie(3, { roleCheckedAgoMs: 16_000 }))) as Response).headers.get("Location")).toBe("/");
  });

  it("lets roles 2 and 3 through (the guard is not simply refusing everyone)", async () => {
    // The back-office's layout: its loader reads no upstream data, only the menu.
    const module = (await import("~/routes/admin")) as RouteModule;
    const visit = async (cookie?: string) => {
      try {
        return await module.loader!({ request: request("/admin", { cookie }), params: {}, context: { clientIp: "127.0.0.1" } });
      } catch (thrown) {
        return thrown;
      }
    };
    expect(((await visit()) as Response).headers.get("Location")).toBe("/");
    for (const role of [2, 3]) {
      const answer = (await visit(await sessionCookie(role))) as { menu?: unknown[] };
      expect(answer.menu?.length, `role ${role}`).toBeGreaterThan(0);
    }
  });
});
