import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { CONFLICT_MESSAGES } from "~/admin-kit/edit-conflicts";
import type { DeskData } from "~/admin-kit/desk";
import { planContext, planRow } from "~/admin-kit/server/import/plan.server";
import type { AdminContext } from "~/platform/auth.server";
import { createUpstreamClient } from "~/platform/upstream.server";
import { genreAdapter } from "~/resources/genres/genres.server";
import * as deskRoute from "~/routes/admin._index";
import * as screenRoute from "~/routes/admin-screen";
import * as exportRoute from "~/routes/admin.export.$screen";
import { loader as homeLoader } from "~/routes/_public._index";
import { publicLoaderArgs } from "../helpers/public-loaders";
import { request } from "../helpers/sessions";
import { siteContentHandlers } from "../mocks/site-content";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { servePagedList, type PagingQuirks } from "./admin-catalogue-support";
import { ADMIN_TOKEN, adminScreen, form, noFile, recordWrites } from "./admin-screen-support";

/**
 * Every reader of a paged upstream list, against upstreams that page as spec §7 and §9 allow
 * rather than as the reference API does (app/platform/paged-read.server.ts): pages counted from 0
 * ("0 or 1 depending on screen"), `limit` capped at the spec's 20, a page past the end refused,
 * `page` ignored. The admin lists, an edit's stored record, the pickers, the import, the export,
 * the desk and the home page; the public catalogue's in public-catalogue.isolated.test.ts.
 */

const record = (id: number) => ({ id, name: `Rekaman ${id}`, title: `Rekaman ${id}`, notation: String(id), general_name: `Rekaman ${id}` });
const newestFirst = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => String(from - index));

/** An upstream from the spec alone: pages from 0, 20 at most whatever is asked, a page past the end refused. */
const FROM_ZERO: PagingQuirks = { firstPage: 0, maxLimit: 20, pastEnd: 404 };

const genres = adminScreen(screenRoute, "/admin/genre");

describe("the admin lists", () => {
  const screens = [
    { screen: "/admin/banner", path: "/banners", key: "data" },
    { screen: "/admin/genre", path: "/genres", key: "data" },
    { screen: "/admin/tag", path: "/tags", key: "data" },
    { screen: "/admin/classification", path: "/classifications", key: "data" },
    { screen: "/admin/author", path: "/authors", key: "author" },
    { screen: "/admin/publisher", path: "/publishers", key: "publishers" },
    { screen: "/admin/video", path: "/videos", key: "data" },
  ];
  const upstreams: Array<{ name: string; quirks: PagingQuirks }> = [
    { name: "pages from 0, capped at 20, a page past the end 404", quirks: FROM_ZERO },
    { name: "pages from 0, `limit` ignored (20)", quirks: { firstPage: 0, fixedLimit: 20 } },
    { name: "pages from 1, page 0 refused, a page past the end 422", quirks: { pageZero: 422, maxLimit: 20, pastEnd: 422 } },
    { name: "pages from 1, tags' limit 1, a page past the end the last again", quirks: { maxLimit: 1, pastEnd: "last" } },
  ];
  const cases = screens.flatMap((screen) => upstreams.map((each) => ({ ...screen, ...each })));

  it.each(cases)("$screen, $name: every record once", async ({ screen, path, key, quirks }) => {
    servePagedList(path, key, 45, record, quirks);
    const first = await genres.load(screen);
    expect(first.screen.alerts).toEqual([]);
    expect(first.screen.count?.total).toBe(45);
    expect(first.screen.rows.map((row) => row.id)).toEqual(newestFirst(45, 26));
    const last = await genres.load(`${screen}?page=3`);
    expect(last.screen.rows.map((row) => row.id)).toEqual(newestFirst(5, 1));
  });

  it("an upstream that ignores `page`: its first page once, never looping", async () => {
    const queries = servePagedList("/genres", "data", 45, record, { maxLimit: 20, ignoresPage: true });
    const { screen } = await genres.load("/admin/genre");
    expect(screen.rows.map((row) => row.id)).toEqual(newestFirst(20, 1));
    expect(queries.length).toBeLessThanOrEqual(3);
  });
});

describe("an edit finds the record the upstream holds", () => {
  it("on the first page of an upstream counting from 0, and saves it", async () => {
    servePagedList("/genres", "data", 45, record, FROM_ZERO);
    const { screen } = await genres.load("/admin/genre?modal=edit&id=5");
    expect(screen.alerts).toEqual([]);
    expect(screen.editing).toMatchObject({ id: "5", values: { name: "Rekaman 5" } });
    const writes = recordWrites("put", "/genres", { status: 200 });
    const submitted = await genres.submit("/admin/genre?modal=edit&id=5", form([["intent", "update"], ["id", "5"], ["name", "Rekaman lima"]]));
    expect(submitted).toMatchObject({ kind: "redirect" });
    expect(writes.map((write) => write.json)).toEqual([{ id: 5, name: "Rekaman lima" }]);
  });

  it("not found on an upstream that ignores `page`: a failed read, never 'deleted elsewhere'", async () => {
    servePagedList("/genres", "data", 45, record, { maxLimit: 20, ignoresPage: true });
    const { screen } = await genres.load("/admin/genre?modal=edit&id=30");
    expect(screen.alerts.map((alert) => alert.message)).not.toContain(CONFLICT_MESSAGES.missing);
    expect(screen.alerts.map((alert) => alert.message)).toContain("Gagal mendapatkan data!");
    const submitted = await genres.submit("/admin/genre?modal=edit&id=30", form([["intent", "update"], ["id", "30"], ["name", "Tiga puluh"]]));
    expect(submitted).toMatchObject({ kind: "data", status: 502 });
    expect(JSON.stringify(submitted)).not.toContain(CONFLICT_MESSAGES.gone);
  });

  it("still says 'deleted elsewhere' of a record an upstream that pages does not hold", async () => {
    servePagedList("/genres", "data", 45, record, FROM_ZERO);
    const { screen } = await genres.load("/admin/genre?modal=edit&id=99");
    expect(screen.alerts.map((alert) => alert.message)).toEqual([CONFLICT_MESSAGES.missing]);
  });
});

describe("a video's edit", () => {
  const videos = adminScreen(screenRoute, "/admin/video");
  const video = (id: number) => ({ id, title: `Video ${id}`, description: "", link: `https://video.example/${id}.mp4`, thumbnail: "", background: "", watched: id });

  it("finds its video on the first page of an upstream counting from 0", async () => {
    servePagedList("/videos", "data", 45, video, FROM_ZERO);
    const writes = recordWrites("put", "/videos", { status: 200 });
    const submitted = await videos.edit("5", [["title", "Video lima"], ["description", ""], ["video", noFile()], ["thumbnail", noFile()], ["background", noFile()]]);
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/video" });
    expect(writes.map((write) => write.json)).toEqual([{ ...video(5), title: "Video lima" }]);
  });
});

describe("the book form's pickers", () => {
  const books = adminScreen(screenRoute, "/admin/book");

  it("offer every author, publisher, genre, tag and classification of upstreams counting from 0", async () => {
    servePagedList("/books/all", "books", 0, record, FROM_ZERO);
    servePagedList("/authors", "author", 45, record, FROM_ZERO);
    servePagedList("/publishers", "publishers", 45, record, FROM_ZERO);
    servePagedList("/genres", "data", 45, record, FROM_ZERO);
    servePagedList("/tags", "data", 45, record, { ...FROM_ZERO, maxLimit: 1 });
    servePagedList("/classifications", "data", 45, record, FROM_ZERO);
    const { screen } = await books.load("/admin/book?modal=add");
    expect(screen.alerts).toEqual([]);
    expect(screen.choices?.total).toEqual({ author_id: 45, publisher_id: 45, classification_id: 45, genres: 45, tags: 45 });
  });
});

describe("the export and the desk", () => {
  it("export every record of an upstream counting from 0", async () => {
    servePagedList("/genres", "data", 45, record, FROM_ZERO);
    const answer = (await exportRoute.loader({
      request: request("/admin/export/genre", { cookie: genres.cookie }),
      params: { screen: "genre" },
      context: { clientIp: "127.0.0.1" },
    })) as Response;
    const lines = (await answer.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(46);
  });

  it("count every record of an upstream counting from 0", async () => {
    // The API's health and every other list (empty) first: the genres' answers are used before them.
    upstream.use(http.get(UPSTREAM, () => HttpResponse.json({ message: "ok" })), http.get(`${UPSTREAM}/*`, () => HttpResponse.json({ data: [] })));
    servePagedList("/genres", "data", 45, record, FROM_ZERO);
    const result = (await deskRoute.loader({ request: request("/admin", { cookie: genres.cookie }), params: {}, context: { clientIp: "127.0.0.1" } })) as { data: DeskData };
    expect(result.data.lists.find((list) => list.id === "genre")?.total).toBe(45);
  });
});

describe("the import", () => {
  const admin = () => ({ api: createUpstreamClient({ token: ADMIN_TOKEN }) }) as unknown as AdminContext;
  const row = (id: string, name: string) => ({ id, values: new Map([["name", name]]), notes: [] });

  it("finds a row's record on the first page of an upstream counting from 0", async () => {
    servePagedList("/genres", "data", 45, record, FROM_ZERO);
    const context = await planContext(admin(), genreAdapter);
    expect(await planRow(context, 2, row("5", "Rekaman lima"))).toMatchObject({ action: "update", id: "5" });
  });

  it("says a row's record may be unread, not deleted, when the upstream ignores `page`", async () => {
    servePagedList("/genres", "data", 45, record, { maxLimit: 20, ignoresPage: true });
    const context = await planContext(admin(), genreAdapter);
    const planned = await planRow(context, 2, row("30", "Tiga puluh"));
    expect(planned.action).toBe("error");
    expect(planned.messages.join(" ")).not.toMatch(/dihapus/);
    expect(planned.messages.join(" ")).toMatch(/sebagian/);
  });
});

describe("the home page", () => {
  it("shows the newest activities of an upstream counting from 0", async () => {
    upstream.use(...siteContentHandlers());
    const activity = (id: number) => ({ id, date: "2024-05-01", title: `Kegiatan ${id}`, description: "<p>Isi</p>", file: "" });
    servePagedList("/activities", "data", 30, activity, FROM_ZERO);
    const data = await homeLoader(publicLoaderArgs("/"));
    expect(data.activities.map((each) => each.id)).toEqual(Array.from({ length: 12 }, (_, index) => String(index + 1)));
  });
});
