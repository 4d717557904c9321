import { beforeEach, describe, expect, it } from "vitest";
import * as authorRoute from "~/routes/admin.author";
import * as bannerRoute from "~/routes/admin.banner";
import * as classificationRoute from "~/routes/admin.classification";
import * as genreRoute from "~/routes/admin.genre";
import * as publisherRoute from "~/routes/admin.publisher";
import * as tagRoute from "~/routes/admin.tag";
import { pageQuery, servePagedList } from "./admin-catalogue-support";
import { adminCookie, load, recordAllRequests, recordWrites, submit, type ScreenRoute } from "./admin-screen-support";

/**
 * The kit's paging on the catalogue screens: `?page=N` is the upstream's `page=N&limit=20`, one
 * upstream page per request however long the list; a short page is the end.
 */

const record = (id: number) => ({ id, name: `Rekaman ${id}`, title: `Rekaman ${id}`, notation: String(id), general_name: `Rekaman ${id}` });

const screens: Array<{ name: string; route: ScreenRoute; screenPath: string; path: string; key: string }> = [
  { name: "banner", route: bannerRoute, screenPath: "/admin/banner", path: "/banners", key: "data" },
  { name: "genre", route: genreRoute, screenPath: "/admin/genre", path: "/genres", key: "data" },
  { name: "tag", route: tagRoute, screenPath: "/admin/tag", path: "/tags", key: "data" },
  { name: "classification", route: classificationRoute, screenPath: "/admin/classification", path: "/classifications", key: "data" },
  { name: "author", route: authorRoute, screenPath: "/admin/author", path: "/authors", key: "author" },
  { name: "publisher", route: publisherRoute, screenPath: "/admin/publisher", path: "/publishers", key: "publishers" },
];

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
});

describe.each(screens)("$name paging", ({ route, screenPath, path, key }) => {
  it("?page=2 asks for page=2&limit=20 and shows records 21-40; a full page may have more", async () => {
    const queries = servePagedList(path, key, 45, record);
    const { screen } = await load(route, `${screenPath}?page=2`, cookie);
    expect(queries).toEqual([pageQuery(2)]);
    expect(screen.rows.map((row) => row.id)).toEqual(Array.from({ length: 20 }, (_, index) => String(21 + index)));
    expect(screen.paging).toEqual({ page: 2, hasMore: true });
  });

  it("a short page is the end: no next page", async () => {
    servePagedList(path, key, 45, record);
    const { screen } = await load(route, `${screenPath}?page=3`, cookie);
    expect(screen.rows.map((row) => row.id)).toEqual(["41", "42", "43", "44", "45"]);
    expect(screen.paging).toEqual({ page: 3, hasMore: false });
  });

  it("a page past a list of exactly 40 is empty and the end", async () => {
    servePagedList(path, key, 40, record);
    expect((await load(route, `${screenPath}?page=2`, cookie)).screen.paging).toEqual({ page: 2, hasMore: true });
    const past = await load(route, `${screenPath}?page=3`, cookie);
    expect(past.screen.rows).toEqual([]);
    expect(past.screen.paging).toEqual({ page: 3, hasMore: false });
    expect(past.screen.alerts).toEqual([]);
  });
});

describe("a catalogue of 10,000 records", () => {
  it.each(screens)("$name: any page costs one upstream page of 20, never the whole list", async ({ route, screenPath, path, key }) => {
    const queries = servePagedList(path, key, 10_000, record);
    const calls = recordAllRequests();
    for (const page of [1, 2, 250, 500, 501]) {
      const { screen } = await load(route, page === 1 ? screenPath : `${screenPath}?page=${page}`, cookie);
      if (page <= 500) expect(screen.rows.map((row) => row.id)[0]).toBe(String((page - 1) * 20 + 1));
      expect(screen.rows.length).toBe(page <= 500 ? 20 : 0);
      expect(screen.paging).toEqual({ page, hasMore: page <= 500 });
    }
    expect(queries).toEqual([1, 2, 250, 500, 501].map(pageQuery));
    // Exactly one upstream request per screen load, and nothing else.
    expect(calls).toHaveLength(5);
  });
});

describe("the page in the URL", () => {
  it("an unreadable page is the first; an action keeps the page it came from", async () => {
    const queries = servePagedList("/genres", "data", 30, record);
    await load(genreRoute, "/admin/genre?page=abc", cookie);
    await load(genreRoute, "/admin/genre?page=-2", cookie);
    expect(queries).toEqual([pageQuery(1), pageQuery(1)]);

    recordWrites("delete", "/genres/25", { status: 200 });
    const submitted = await submit(genreRoute, "/admin/genre?delete=25&page=2", cookie, new URLSearchParams({ intent: "delete", id: "25" }));
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/genre?page=2" });
  });
});
