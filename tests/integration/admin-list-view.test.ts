import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { http, HttpResponse } from "msw";
import { CONFLICT_MESSAGES } from "~/admin-kit/edit-conflicts";
import { SERVED_STALE_MS } from "~/platform/list-copy.server";
import * as screenRoute from "~/routes/admin-screen";
import { DEMO_TOKEN, upstream, UPSTREAM, userHandlers } from "../mocks/upstream";
import { readQueries, servePagedList } from "./admin-catalogue-support";
import { adminCookie, load, recordAllRequests, recordWrites, submit, type ScreenRoute } from "./admin-screen-support";

/**
 * The lists' view at catalogue scale (search, order, count, pages). The upstream offers only
 * `page` and `limit`, so the BFF reads a list whole in pages of 100 and answers every view from
 * its copy until a write through the site or ADMIN_LIST_REFRESH_MS (60 s) makes it read again.
 */

const record = (id: number) => ({ id, name: `Rekaman ${id}`, title: `Rekaman ${id}`, notation: String(id), general_name: `Rekaman ${id}` });
const ids = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => String(from - index));

const screens: Array<{ name: string; route: ScreenRoute; screenPath: string; path: string; key: string }> = [
  { name: "banner", route: screenRoute, screenPath: "/admin/banner", path: "/banners", key: "data" },
  { name: "genre", route: screenRoute, screenPath: "/admin/genre", path: "/genres", key: "data" },
  { name: "tag", route: screenRoute, screenPath: "/admin/tag", path: "/tags", key: "data" },
  { name: "classification", route: screenRoute, screenPath: "/admin/classification", path: "/classifications", key: "data" },
  { name: "author", route: screenRoute, screenPath: "/admin/author", path: "/authors", key: "author" },
  { name: "publisher", route: screenRoute, screenPath: "/admin/publisher", path: "/publishers", key: "publishers" },
];

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each(screens)("$name pages", ({ route, screenPath, path, key }) => {
  it("shows 20 a page, newest first, with the count and the number of pages, from one read of the whole list", async () => {
    const queries = servePagedList(path, key, 45, record);
    const first = await load(route, screenPath, cookie);
    const second = await load(route, `${screenPath}?page=2`, cookie);
    // 45 records: their page asked as 0 and 1, then the empty page after it; the second screen page costs nothing.
    expect(queries).toEqual(readQueries(2));
    expect(first.screen.rows.map((row) => row.id)).toEqual(ids(45, 26));
    expect(first.screen.count).toEqual({ from: 1, to: 20, total: 45 });
    expect(second.screen.rows.map((row) => row.id)).toEqual(ids(25, 6));
    expect(second.screen.paging).toEqual({ page: 2, hasMore: true, pageCount: 3, perPage: 20, view: "" });
    expect(second.screen.count).toEqual({ from: 21, to: 40, total: 45 });
  });

  it("a page past the end shows the last page", async () => {
    servePagedList(path, key, 45, record);
    const { screen } = await load(route, `${screenPath}?page=9`, cookie);
    expect(screen.rows.map((row) => row.id)).toEqual(ids(5, 1));
    expect(screen.paging).toEqual({ page: 3, hasMore: false, pageCount: 3, perPage: 20, view: "" });
    expect(screen.count).toEqual({ from: 41, to: 45, total: 45 });
    expect(screen.alerts).toEqual([]);
  });
});

describe("reading a whole list from the upstream", () => {
  it("10,000 records: read once in pages of 100, then any page, search or order costs no upstream call", async () => {
    const queries = servePagedList("/publishers", "publishers", 10_000, record);
    const calls = recordAllRequests();
    const { screen } = await load(screenRoute, "/admin/publisher", cookie);
    expect(screen.count).toEqual({ from: 1, to: 20, total: 10_000 });
    expect(screen.rows[0].id).toBe("10000");
    // Pages 0 and 1 together (the same first page), 2 alone, then four at once until the empty 101st (102 came in its wave).
    expect(queries).toEqual(readQueries(102));
    calls.length = 0;
    for (const page of [2, 250, 500]) {
      const shown = await load(screenRoute, `/admin/publisher?page=${page}`, cookie);
      expect(shown.screen.rows[0].id).toBe(String(10_000 - (page - 1) * 20));
      expect(shown.screen.paging).toMatchObject({ page, hasMore: page < 500, pageCount: 500 });
    }
    const searched = await load(screenRoute, "/admin/publisher?q=rekaman%209999", cookie);
    expect(searched.screen.rows.map((row) => row.id)).toEqual(["9999"]);
    const sorted = await load(screenRoute, "/admin/publisher?sort=name&dir=asc", cookie);
    expect(sorted.screen.rows[0].cells.name).toBe("Rekaman 1");
    expect(calls).toEqual([]);
  });

  it("reads every record from an upstream that caps `limit` below 100", async () => {
    const queries = servePagedList("/genres", "data", 45, record, { maxLimit: 20 });
    const { screen } = await load(screenRoute, "/admin/genre", cookie);
    expect(screen.count?.total).toBe(45);
    // Pages 0 and 1 (the same 20), 2 (20 more), then a wave of four whose first (5 records) is the end.
    expect(queries.map((query) => query.page)).toEqual(["0", "1", "2", "3", "4", "5", "6"]);
  });

  it("stops at the first page of repeats from an upstream that ignores `page`", async () => {
    const queries = servePagedList("/genres", "data", 45, record, { ignoresPage: true });
    const { screen } = await load(screenRoute, "/admin/genre", cookie);
    expect(screen.count?.total).toBe(45);
    // Pages 0 and 1 may be one first page; page 2 repeats it.
    expect(queries).toHaveLength(3);
  });

  it("keeps its copy until a write through the site or ADMIN_LIST_REFRESH_MS, then reads the list again behind the page it serves", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // A minute on, the session asks the upstream for the admin's role again.
    upstream.use(...userHandlers({ "admin@dispusip.local": { password: "rahasia", role: 3, token: DEMO_TOKEN } }));
    const queries = servePagedList("/genres", "data", 30, record);
    await load(screenRoute, "/admin/genre", cookie);
    await load(screenRoute, "/admin/genre?q=rekaman", cookie);
    // A whole read of a short list: pages 0, 1 and 2.
    expect(queries).toHaveLength(3);

    recordWrites("delete", "/genres/25", { status: 200 });
    await submit(screenRoute, "/admin/genre?delete=25", cookie, new URLSearchParams({ intent: "delete", id: "25" }));
    // The delete taken into the copy: served at once, the whole list read behind it.
    expect((await load(screenRoute, "/admin/genre", cookie)).screen.count?.total).toBe(29);
    await vi.waitFor(() => expect(queries).toHaveLength(6));

    vi.setSystemTime(Date.now() + 59_000);
    await load(screenRoute, "/admin/genre", cookie);
    expect(queries).toHaveLength(6);
    vi.setSystemTime(Date.now() + 2_000);
    // Aged, not made stale by a write: served at once, while one read refreshes it.
    const aged = await load(screenRoute, "/admin/genre", cookie);
    expect(aged.screen.count?.total).toBe(30);
    await vi.waitFor(() => expect(queries).toHaveLength(9));
  });

  it("serves an aged copy while the upstream fails, for a while, trying again after a pause, not for every request", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    upstream.use(...userHandlers({ "admin@dispusip.local": { password: "rahasia", role: 3, token: DEMO_TOKEN } }));
    servePagedList("/genres", "data", 30, record);
    await load(screenRoute, "/admin/genre", cookie);
    let failures = 0;
    upstream.use(
      http.get(`${UPSTREAM}/genres`, () => {
        failures += 1;
        return HttpResponse.json({ error: "rusak" }, { status: 500 });
      }),
    );
    vi.setSystemTime(Date.now() + 61_000);
    for (let request = 0; request < 3; request += 1) expect((await load(screenRoute, "/admin/genre", cookie)).screen.count?.total).toBe(30);
    // One refresh tried (with its one retry of a read), not one per request.
    await vi.waitFor(() => expect(failures).toBeGreaterThan(0));
    const tried = failures;
    await load(screenRoute, "/admin/genre", cookie);
    expect(failures).toBe(tried);
    // Past what an aged copy may be served for, the page says the list could not be loaded.
    vi.setSystemTime(Date.now() + SERVED_STALE_MS);
    const gone = await load(screenRoute, "/admin/genre", cookie);
    expect(gone.screen.loadFailure).not.toBeNull();
  });
});

/** Genres held by the upstream as a store: its list paged, its writes kept; every read noted, and held back when asked. */
function genreStore(count: number) {
  const genres = Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Genre ${index + 1}`, cover: null }));
  const reads: string[] = [];
  let held: { promise: Promise<void>; release(): void } | undefined;
  upstream.use(
    http.get(`${UPSTREAM}/genres`, async ({ request }) => {
      const params = new URL(request.url).searchParams;
      reads.push(`${params.get("page")}/${params.get("limit")}`);
      await held?.promise;
      const limit = Number(params.get("limit")) || genres.length;
      const page = Math.max(1, Number(params.get("page")) || 1);
      return HttpResponse.json({ data: genres.slice((page - 1) * limit, page * limit) });
    }),
    http.put(`${UPSTREAM}/genres`, async ({ request }) => {
      const { id, name } = (await request.json()) as { id: number; name: string };
      const genre = genres.find((candidate) => candidate.id === id)!;
      genre.name = name;
      return HttpResponse.json({ data: genre });
    }),
    http.post(`${UPSTREAM}/genres`, async ({ request }) => {
      const genre = { id: genres.at(-1)!.id + 1, name: ((await request.json()) as { name: string }).name, cover: null };
      genres.push(genre);
      return HttpResponse.json({ data: genre }, { status: 201 });
    }),
    http.delete(`${UPSTREAM}/genres/:id`, ({ params }) => {
      genres.splice(genres.findIndex((genre) => String(genre.id) === params.id), 1);
      return HttpResponse.json({ message: "ok" });
    }),
  );
  return {
    reads,
    /** Every read of the list from now on waits until `release()`. */
    hold() {
      let release!: () => void;
      held = { promise: new Promise((resolve) => (release = resolve)), release: () => release() };
    },
    release() {
      held?.release();
      held = undefined;
    },
  };
}

describe("after a write through the site", () => {
  it("the list the admin lands on takes a save, a delete or a bulk delete in place, and waits for no read of the whole list", async () => {
    const store = genreStore(250);
    expect((await load(screenRoute, "/admin/genre", cookie)).screen.count?.total).toBe(250);
    const landOn = async (path: string) => {
      // The upstream's list answers nothing meanwhile: only the copy can give the page.
      const before = store.reads.length;
      store.hold();
      const { screen } = await load(screenRoute, path, cookie);
      store.release();
      // The whole list read behind it (pages 1 and 2, then 3 to 6 at once).
      await vi.waitFor(() => expect(store.reads.slice(before)).toContain("6/100"));
      return screen;
    };

    store.reads.length = 0;
    const renamed = await submit(screenRoute, "/admin/genre?modal=edit&id=7", cookie, new URLSearchParams({ intent: "update", id: "7", name: "Cerita Rakyat Nusantara" }));
    expect(renamed.kind).toBe("redirect");
    // The record read for the merge, then again once written: one window of 20 each.
    expect(store.reads).toEqual(["1/20", "1/20"]);
    expect((await landOn("/admin/genre?q=nusantara")).rows.map((row) => [row.id, row.cells.name])).toEqual([["7", "Cerita Rakyat Nusantara"]]);

    const deleted = await submit(screenRoute, "/admin/genre?delete=8", cookie, new URLSearchParams({ intent: "delete", id: "8" }));
    expect(deleted.kind).toBe("redirect");
    const afterDelete = await landOn("/admin/genre?sort=name&dir=asc");
    expect(afterDelete.count?.total).toBe(249);
    expect(afterDelete.rows.map((row) => row.id)).not.toContain("8");

    const created = await submit(screenRoute, "/admin/genre?modal=add", cookie, new URLSearchParams({ intent: "create", name: "Genre paling baru" }));
    expect(created.kind).toBe("redirect");
    const afterCreate = await landOn("/admin/genre");
    expect(afterCreate.count?.total).toBe(250);
    expect(afterCreate.rows[0]).toMatchObject({ id: "251", cells: { name: "Genre paling baru" } });

    const chosen = ["20", "21", "120", "251"];
    const bulkDeleted = await submit(screenRoute, "/admin/genre", cookie, new URLSearchParams([["intent", "bulk-delete"], ...chosen.map((id) => ["ids", id]), ["confirmed", "1"]]));
    expect(bulkDeleted.kind).toBe("redirect");
    // Newest first, 100 a page: the third page holds the oldest, 20 and 21 among them before.
    const afterBulk = await landOn("/admin/genre?perPage=100&page=3");
    expect(afterBulk.count?.total).toBe(246);
    const left = ids(250, 1).filter((id) => !["8", ...chosen].includes(id));
    expect(afterBulk.rows.map((row) => row.id)).toEqual(left.slice(200));
    expect((await load(screenRoute, "/admin/genre?q=genre%2012", cookie)).screen.rows.map((row) => row.id)).not.toContain("120");
  });
});

describe("search (?q=)", () => {
  const banner = (id: number) => ({
    id,
    title: ["Perpustakaan Keliling", "Pojok Baca Café", "Lomba Bercerita", "Jam Layanan Perpustakaan"][id - 1] ?? `Banner ${id}`,
    description:
      id === 3
        ? "Lomba bercerita tingkat SD se-kabupaten, diikuti lebih dari seratus peserta dari dua belas kecamatan di Lembah Asri."
        : "Informasi layanan",
    url: "",
    file: "",
  });

  it("matches any text column, whatever the case and accents, and the beginning of a word", async () => {
    servePagedList("/banners", "data", 4, banner);
    const titles = async (q: string) =>
      (await load(screenRoute, `/admin/banner?q=${encodeURIComponent(q)}`, cookie)).screen.rows.map((row) => row.cells.title);
    expect(await titles("PERPUS")).toEqual(expect.arrayContaining(["Perpustakaan Keliling", "Jam Layanan Perpustakaan"]));
    expect(await titles("perpus")).toHaveLength(2);
    expect(await titles("cafe")).toEqual(["Pojok Baca Café"]);
    expect(await titles("Pojok Báca")).toEqual(["Pojok Baca Café"]);
    // Every word must match: two words narrow, not widen.
    expect(await titles("perpustakaan keliling")).toEqual(["Perpustakaan Keliling"]);
    // The whole description, past the table's 50-character preview.
    expect(await titles("kecamatan")).toEqual(["Lomba Bercerita"]);
  });

  it("finds a name pasted with a zero-width space, or typed without its apostrophe", async () => {
    servePagedList("/genres", "data", 3, (id) => ({ ...record(id), name: ["Ke\u200Bsenian Lombok", "Tafsir Qur'an", "Sejarah"][id - 1] }));
    const names = async (q: string) => (await load(screenRoute, `/admin/genre?q=${encodeURIComponent(q)}`, cookie)).screen.rows.map((row) => row.cells.name);
    expect(await names("kesenian")).toEqual(["Ke\u200Bsenian Lombok"]);
    expect(await names("quran")).toEqual(["Tafsir Qur'an"]);
    expect(await names("qur'an")).toEqual(["Tafsir Qur'an"]);
  });

  it("counts what matches, and an empty result is not a failure", async () => {
    servePagedList("/banners", "data", 4, banner);
    const matched = await load(screenRoute, "/admin/banner?q=perpustakaan", cookie);
    expect(matched.screen.count).toEqual({ from: 1, to: 2, total: 2 });
    const none = await load(screenRoute, "/admin/banner?q=tidak%20ada%20yang%20cocok", cookie);
    expect(none.screen.rows).toEqual([]);
    expect(none.screen.count).toEqual({ from: 0, to: 0, total: 0 });
    expect(none.screen.loadFailure).toBeNull();
    expect(none.screen.alerts).toEqual([]);
  });

  it("takes any text: symbols, a very long query, and search syntax are plain words", async () => {
    servePagedList("/banners", "data", 4, banner);
    // "\u0000": SQLite ends a string at NUL (a real NUL, sent as %00 in the address).
    for (const q of ["*", "\"", "((", "a".repeat(5_000), "title:lomba", "<script>", "%00", "\u0000", "a\u0000b\u0007c", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢"]) {
      const { screen } = await load(screenRoute, `/admin/banner?q=${encodeURIComponent(q)}`, cookie);
      expect(screen.loadFailure, q).toBeNull();
      expect(screen.count, q).not.toBeNull();
    }
  });
});

describe("order (?sort=&dir=)", () => {
  it("orders by a column either way, numbers in a name by their value; an unknown or picture column is the default order", async () => {
    servePagedList("/genres", "data", 12, record);
    const names = async (query: string) => (await load(screenRoute, `/admin/genre?${query}`, cookie)).screen.rows.map((row) => row.cells.name);
    expect((await names("sort=name&dir=asc")).slice(0, 3)).toEqual(["Rekaman 1", "Rekaman 2", "Rekaman 3"]);
    expect((await names("sort=name&dir=desc")).slice(0, 3)).toEqual(["Rekaman 12", "Rekaman 11", "Rekaman 10"]);
    expect((await names("sort=nope&dir=asc"))[0]).toBe("Rekaman 12");
    expect((await names("sort=cover&dir=asc"))[0]).toBe("Rekaman 12");
  });

  it("puts empty cells last either way: newest first opens on a date, not on records without one", async () => {
    // Publishers 1, 4 and 7 have no email (another tool left it empty).
    servePagedList("/publishers", "publishers", 9, (id) => ({ ...record(id), email: id % 3 === 1 ? "" : `p${id}@contoh.id` }));
    const emails = async (dir: string) => (await load(screenRoute, `/admin/publisher?sort=email&dir=${dir}`, cookie)).screen.rows.map((row) => row.cells.email);
    expect(await emails("asc")).toEqual(["p2@contoh.id", "p3@contoh.id", "p5@contoh.id", "p6@contoh.id", "p8@contoh.id", "p9@contoh.id", "", "", ""]);
    expect(await emails("desc")).toEqual(["p9@contoh.id", "p8@contoh.id", "p6@contoh.id", "p5@contoh.id", "p3@contoh.id", "p2@contoh.id", "", "", ""]);
  });

  it("orders a count column by its value, though it shows with the thousands' dots: 35, 200, 1.500", async () => {
    const counts: Record<number, number | string> = { 1: 1500, 2: 200, 3: 35, 4: 1_000_000, 5: "abc" };
    servePagedList("/authors", "author", 5, (id) => ({ ...record(id), total_books: counts[id] }));
    const shown = async (dir: string) => (await load(screenRoute, `/admin/author?sort=total_books&dir=${dir}`, cookie)).screen.rows.map((row) => row.cells.total_books);
    expect(await shown("asc")).toEqual(["0", "35", "200", "1.500", "1.000.000"]);
    expect(await shown("desc")).toEqual(["1.000.000", "1.500", "200", "35", "0"]);
  });

  it("orders dates by their day, and shows one the site cannot read as stored (as the export writes it), not as a guess", async () => {
    const dates: Record<number, string> = { 1: "2024-05-17", 2: "1998", 3: "-0001-01-01", 4: "2019-12-31T17:00:00.000Z", 5: "c1998" };
    servePagedList("/activities", "data", 5, (id) => ({ id, title: `Kegiatan ${id}`, description: "", file: "", date: dates[id] }));
    const shown = async (dir: string) => (await load(screenRoute, `/admin/activity?sort=date&dir=${dir}`, cookie)).screen.rows.map((row) => row.cells.date);
    const days = (cells: unknown[]) => cells.filter((cell) => /^\d{2}-\d{2}-\d{4}$/.test(String(cell)));
    expect(days(await shown("asc"))).toEqual(["01-01-2020", "17-05-2024"]);
    expect(days(await shown("desc"))).toEqual(["17-05-2024", "01-01-2020"]);
    // Not 01-01-2001 for a negative year, nor 01-01-1998 for a year alone.
    expect([...(await shown("asc"))].sort()).toEqual(["-0001-01-01", "01-01-2020", "17-05-2024", "1998", "c1998"]);
  });

  it("a search keeps the list's order: the one asked for, else newest first", async () => {
    servePagedList("/genres", "data", 30, record);
    const sorted = await load(screenRoute, "/admin/genre?q=rekaman%202&sort=name&dir=asc", cookie);
    expect(sorted.screen.rows.map((row) => row.cells.name)).toEqual(["Rekaman 2", ...Array.from({ length: 10 }, (_, index) => `Rekaman ${20 + index}`)]);
    const newest = await load(screenRoute, "/admin/genre?q=rekaman%202", cookie);
    expect(newest.screen.rows.map((row) => row.id)).toEqual([...ids(29, 20), "2"]);
  });
});

describe("the view in the URL", () => {
  it("an unreadable page is the first; an action keeps the view it came from; a create goes to the first page, newest first", async () => {
    const queries = servePagedList("/genres", "data", 30, record);
    expect((await load(screenRoute, "/admin/genre?page=abc", cookie)).screen.paging?.page).toBe(1);
    expect((await load(screenRoute, "/admin/genre?page=-2", cookie)).screen.paging?.page).toBe(1);
    expect(queries).toEqual(readQueries(2));

    recordWrites("delete", "/genres/25", { status: 200 });
    const deleted = await submit(screenRoute, "/admin/genre?delete=25&page=2&q=rekaman&sort=name&dir=desc", cookie, new URLSearchParams({ intent: "delete", id: "25" }));
    expect(deleted).toMatchObject({ kind: "redirect", location: "/admin/genre?q=rekaman&sort=name&dir=desc&page=2" });

    recordWrites("post", "/genres", { status: 201, body: { data: { id: 31 } } });
    const created = await submit(screenRoute, "/admin/genre?modal=add&page=2&q=rekaman", cookie, new URLSearchParams({ intent: "create", name: "Baru" }));
    expect(created).toMatchObject({ kind: "redirect", location: "/admin/genre" });
  });

  it("the edit form reads its record as stored now, on any page; the delete question finds its row in the list", async () => {
    servePagedList("/genres", "data", 45, record);
    const editing = await load(screenRoute, "/admin/genre?modal=edit&id=3", cookie);
    expect(editing.screen.rows.some((row) => row.id === "3")).toBe(false);
    expect(editing.screen.editing).toMatchObject({ id: "3", values: { name: "Rekaman 3" } });
    // Renamed elsewhere after the list was read: the form shows the new name, not the list's copy.
    servePagedList("/genres", "data", 45, (id) => ({ ...record(id), name: id === 3 ? "Diubah di tempat lain" : `Rekaman ${id}` }));
    const reopened = await load(screenRoute, "/admin/genre?modal=edit&id=3", cookie);
    expect(reopened.screen.editing).toMatchObject({ id: "3", values: { name: "Diubah di tempat lain" } });
    const deleting = await load(screenRoute, "/admin/genre?delete=4", cookie);
    expect(deleting.screen.selected?.id).toBe("4");
    const onPage = await load(screenRoute, "/admin/genre?modal=edit&id=44", cookie);
    expect(onPage.screen.editing).toMatchObject({ id: "44", values: { name: "Rekaman 44" } });
    expect(onPage.screen.selected).toBeNull();
  });

  it("an edit form for a record the upstream does not have opens nothing, and says it may have been deleted elsewhere", async () => {
    servePagedList("/genres", "data", 45, record);
    const { screen } = await load(screenRoute, "/admin/genre?modal=edit&id=99", cookie);
    expect(screen.editing).toBeNull();
    expect(screen.alerts.map(({ type, message }) => ({ type, message }))).toEqual([{ type: "error", message: CONFLICT_MESSAGES.missing }]);
    expect(screen.rows.map((row) => row.id)).toEqual(ids(45, 26));
  });
});
