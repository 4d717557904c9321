import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import * as screenRoute from "~/routes/admin-screen";
import { SCREENS } from "~/resources/resources";
import * as videoUploadRoute from "~/routes/admin-screen-upload";
import * as exportRoute from "~/routes/admin.export.$screen";
import { request } from "../helpers/sessions";
import { ADMIN_SCREENS, formOf } from "../hard/screens";
import { DEMO_TOKEN, recordUpstreamCalls, upstream, UPSTREAM, userHandlers } from "../mocks/upstream";
import { adminCookie, form, imageFile, load, recordWrites, serveList, submit, type ScreenRoute, type Submitted } from "./admin-screen-support";

/**
 * Issue 35, point 4: the upstream refusing the session's token (401, or 403 when /users/me refuses it too) on a write ends the
 * session as it does on a load (spec §6): the answer destroys the session (its record, and a
 * Set-Cookie that clears the cookie) and redirects to `/`. Not a 502 that keeps a session whose
 * token is worthless. Every screen's save, delete and status switch; the relayed uploads, the
 * video form's JSON answer, the export and the loader too.
 */


const REFUSALS = [
  { status: 401, error: "Token tidak valid atau sudah kedaluwarsa" },
  { status: 403, error: "Anda tidak memiliki akses untuk tindakan ini" },
] as const;

/** Every screen is served by the one module of app/routes/admin-screen.tsx. */
async function routeOf(screenPath: string): Promise<ScreenRoute> {
  if (!SCREENS.some((screen) => `/admin/${screen.id}` === screenPath)) throw new Error(`no screen at ${screenPath}`);
  return screenRoute as unknown as ScreenRoute;
}

/** What a loader or action answered or threw, as a Response when it was one. */
async function outcome(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

/** The answer ended the session: a redirect to `/` whose Set-Cookie empties and expires the cookie. */
function expectSessionEnded(submitted: Submitted, what: string) {
  expect(submitted, what).toMatchObject({ kind: "redirect", location: "/" });
  const setCookie = submitted.kind === "redirect" ? (submitted.setCookie ?? "") : "";
  expect(setCookie, what).toMatch(/^__session=;/);
  expect(setCookie, what).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
}

/** The session's record is gone too: the old cookie no longer opens the back-office. */
async function expectSessionGone(route: ScreenRoute, screenPath: string, cookie: string, what: string) {
  const answer = await outcome(() => route.loader({ request: request(screenPath, { cookie }), params: {}, context: { clientIp: "127.0.0.1" } }));
  expect(answer, what).toBeInstanceOf(Response);
  expect((answer as Response).headers.get("Location"), what).toBe("/");
}

/**
 * Every read answers record 1 with `fields` under each list key the screens read (a screen that
 * cannot make sense of it takes it as a failed read, not a refusal), and as itself where the
 * upstream reads one record (spec §7: `GET /activities/{id}`, what an activity's save reads
 * first); every write is refused with `status`. So whatever refused the token, it was the write.
 */
function refuseWrites({ status, error }: (typeof REFUSALS)[number], fields: Record<string, string | string[]> = {}) {
  const record = { id: 1, ...fields };
  upstream.use(
    http.get(`${UPSTREAM}/activities/:id`, () => HttpResponse.json({ data: record })),
    http.get(`${UPSTREAM}/*`, ({ request: read }) =>
      new URL(read.url).searchParams.get("page") === "1" || !new URL(read.url).searchParams.has("page")
        ? HttpResponse.json({ data: [record], books: [record], author: [record], publishers: [record] })
        : HttpResponse.json({ data: [], books: [], author: [], publishers: [] }),
    ),
    http.all(`${UPSTREAM}/*`, () => HttpResponse.json({ error }, { status })),
  );
}

describe.each(REFUSALS)("an upstream that refuses the token with $status", (refusal) => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await adminCookie();
  });

  describe("on every screen's writes (the registry's screens)", () => {
    for (const screen of ADMIN_SCREENS) {
      const { definition } = screen;
      it.runIf(definition.edit)(`${screen.path}: a save ends the session${definition.edit ? "" : " (skipped: no edit form)"}`, async () => {
        refuseWrites(refusal, screen.valid);
        const calls = recordUpstreamCalls();
        const route = await routeOf(screen.path);
        const submitted = await submit(route, `${screen.path}?modal=edit&id=1`, cookie, formOf({ intent: "update", id: "1", ...screen.valid }));
        expect(calls.some((call) => call.method !== "GET"), "the write itself reached the upstream").toBe(true);
        expectSessionEnded(submitted, `${screen.path} save`);
        await expectSessionGone(route, screen.path, cookie, `${screen.path} after the save`);
      });

      it.runIf(definition.remove)(`${screen.path}: a delete ends the session${definition.remove ? "" : " (skipped: no delete)"}`, async () => {
        refuseWrites(refusal);
        const calls = recordUpstreamCalls();
        const route = await routeOf(screen.path);
        const submitted = await submit(route, `${screen.path}?delete=1`, cookie, new URLSearchParams({ intent: "delete", id: "1" }));
        expect(calls.filter((call) => call.method === "DELETE").length, "the delete reached the upstream").toBe(1);
        expectSessionEnded(submitted, `${screen.path} delete`);
        await expectSessionGone(route, screen.path, cookie, `${screen.path} after the delete`);
      });
    }
  });

  it("a genre saved with JavaScript (a fetch, not a navigation) and a genre created: the same", async () => {
    refuseWrites(refusal);
    const update = await submit(screenRoute, "/admin/genre?modal=edit&id=1", cookie, form([["intent", "update"], ["id", "1"], ["name", "Sejarah"]]), {
      "Sec-Fetch-Mode": "cors",
    });
    expectSessionEnded(update, "update with JavaScript");

    const again = await adminCookie();
    refuseWrites(refusal);
    const created = await submit(screenRoute, "/admin/genre?modal=add", again, form([["intent", "create"], ["name", "Baru"]]));
    expectSessionEnded(created, "create");
  });

  it("a save whose reads succeed and whose write alone is refused ends the session (not a 502 that keeps it)", async () => {
    serveList("/genres", [{ id: 1, name: "Sejarah" }]);
    const writes = recordWrites("put", "/genres", { status: refusal.status, body: { error: refusal.error } });
    const submitted = await submit(screenRoute, "/admin/genre?modal=edit&id=1", cookie, form([["intent", "update"], ["id", "1"], ["name", "Sejarah lokal"]]));
    expect(writes.map(({ method, authorization }) => [method, authorization])).toEqual([["PUT", "Bearer token-role-3"]]);
    expectSessionEnded(submitted, "genre save");
    await expectSessionGone(screenRoute, "/admin/genre", cookie, "after the genre save");
  });

  it("a save whose read of the record as stored now is refused ends the session, writing nothing", async () => {
    upstream.use(http.get(`${UPSTREAM}/activities/1`, () => HttpResponse.json({ error: refusal.error }, { status: refusal.status })));
    const writes = recordWrites("put", "/activities", { status: 200 });
    const activityRoute = await routeOf("/admin/activity");
    const submitted = await submit(
      activityRoute,
      "/admin/activity?modal=edit&id=1",
      cookie,
      form([["intent", "update"], ["id", "1"], ["date", "2024-05-01"], ["title", "Kegiatan"], ["description", ""]]),
    );
    expect(writes).toEqual([]);
    expectSessionEnded(submitted, "activity save");
  });

  it("a delete whose record was read and whose DELETE alone is refused ends the session", async () => {
    serveList("/genres", [{ id: 1, name: "Sejarah" }]);
    const writes = recordWrites("delete", "/genres/1", { status: refusal.status, body: { error: refusal.error } });
    const submitted = await submit(screenRoute, "/admin/genre?delete=1", cookie, new URLSearchParams({ intent: "delete", id: "1" }));
    expect(writes.map(({ method, path }) => [method, path])).toEqual([["DELETE", "/api/genres/1"]]);
    expectSessionEnded(submitted, "genre delete");
  });

  for (const [mode, headers] of [
    ["with JavaScript (in place)", { "Sec-Fetch-Mode": "cors" }],
    ["without JavaScript", { "Sec-Fetch-Mode": "navigate" }],
  ] as const) {
    it(`the library's status switch ${mode} ends the session`, async () => {
      serveList("/bibliographies/admin/library", [{ id: 11, name: "Perpustakaan Desa", address: "", phone_number: "", about: "", active: true }]);
      const writes = recordWrites("put", "/bibliographies/admin/library", { status: refusal.status, body: { error: refusal.error } });
      const submitted = await submit(screenRoute, "/admin/library", cookie, new URLSearchParams({ intent: "toggle", id: "11", on: "false" }), headers);
      expect(writes).toHaveLength(1);
      expectSessionEnded(submitted, `toggle ${mode}`);
      await expectSessionGone(screenRoute, "/admin/library", cookie, `after the toggle ${mode}`);
    });
  }

  it("a form relaying a file (multipart, streamed) ends the session", async () => {
    serveList("/sliders", [{ id: 1, title: "Lama", description: "", url: "", file: "lama.png" }]);
    const writes = recordWrites("put", "/sliders", { status: refusal.status, body: { error: refusal.error } });
    const submitted = await submit(
      screenRoute,
      "/admin/slider-manager?modal=edit&id=1",
      cookie,
      form([["intent", "update"], ["id", "1"], ["title", "Baru"], ["description", "Isi"], ["url", "/about"], ["file", imageFile()]]),
    );
    expect(writes.map((write) => write.contentType.split(";")[0])).toEqual(["multipart/form-data"]);
    expectSessionEnded(submitted, "slider save with a file");
  });

  it("the video form sent with JavaScript (JSON answer) says where to go and ends the session", async () => {
    const video = ADMIN_SCREENS.find((screen) => screen.path === "/admin/video")!;
    refuseWrites(refusal, video.valid);
    const answer = (await videoUploadRoute.action({
      request: request("/admin/video.upload?modal=edit&id=1", {
        method: "POST",
        cookie,
        body: formOf({ intent: "update", id: "1", ...video.valid }),
      }),
      params: {},
      context: { clientIp: "127.0.0.1" },
    } as Parameters<typeof videoUploadRoute.action>[0])) as Response;
    expect(await answer.json()).toEqual({ location: "/" });
    expect(answer.headers.get("Set-Cookie")).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("an export and a list's load end the session too (the reads a load makes)", async () => {
    upstream.use(http.all(`${UPSTREAM}/*`, () => HttpResponse.json({ error: refusal.error }, { status: refusal.status })));
    const exported = (await outcome(() =>
      exportRoute.loader({ request: request("/admin/export/genre", { cookie }), params: { screen: "genre" }, context: { clientIp: "127.0.0.1" } } as Parameters<
        typeof exportRoute.loader
      >[0]),
    )) as Response;
    expect(exported.status).toBe(302);
    expect(exported.headers.get("Location")).toBe("/");
    expect(exported.headers.get("Set-Cookie")).toMatch(/^__session=;/);

    const again = await adminCookie();
    upstream.use(http.all(`${UPSTREAM}/*`, () => HttpResponse.json({ error: refusal.error }, { status: refusal.status })));
    const loaded = await outcome(() => load(screenRoute, "/admin/genre", again));
    expect(loaded).toBeInstanceOf(Response);
    expect((loaded as Response).headers.get("Location")).toBe("/");
    expect((loaded as Response).headers.get("Set-Cookie")).toMatch(/^__session=;/);
  });
});

describe("what still keeps the session", () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await adminCookie();
  });

  it("an upstream failing otherwise (500, 422) answers as before and the admin stays logged in", async () => {
    serveList("/genres", [{ id: 1, name: "Sejarah" }]);
    recordWrites("put", "/genres", { status: 500, body: { error: "x" } });
    const failed = await submit(screenRoute, "/admin/genre?modal=edit&id=1", cookie, form([["intent", "update"], ["id", "1"], ["name", "Sejarah lokal"]]));
    expect(failed).toMatchObject({ kind: "data", status: 502, data: { alert: { message: "Gagal mengubah data!" } } });

    recordWrites("put", "/genres", { status: 422, body: { error: "Nama sudah dipakai" } });
    const refused = await submit(screenRoute, "/admin/genre?modal=edit&id=1", cookie, form([["intent", "update"], ["id", "1"], ["name", "Sejarah lokal"]]));
    expect(refused).toMatchObject({ kind: "data", status: 422 });

    const { screen } = await load(screenRoute, "/admin/genre", cookie);
    expect(screen.rows.map((row) => row.id)).toEqual(["1"]);
  });

  it("a 403 that refuses one action, while the upstream still knows the token as an admin's, is that action's failure, not the session's end", async () => {
    serveList("/genres", [{ id: 1, name: "Sejarah" }]);
    upstream.use(...userHandlers({ "admin@dispusip.local": { password: "x", role: 3, token: DEMO_TOKEN } }));
    const deletes = recordWrites("delete", "/genres/1", { status: 403, body: { error: "Anda tidak berhak menghapus genre" } });
    const refused = await submit(screenRoute, "/admin/genre?delete=1", cookie, new URLSearchParams({ intent: "delete", id: "1" }));
    expect(deletes).toHaveLength(1);
    expect(refused.kind === "redirect" ? refused.location : "kept").not.toBe("/");
    const { screen } = await load(screenRoute, "/admin/genre", cookie);
    expect(screen.rows.map((row) => row.id)).toEqual(["1"]);
  });
});
