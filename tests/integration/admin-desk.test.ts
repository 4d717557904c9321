import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { DeskData } from "~/admin-kit/desk";
import { recordChange } from "~/platform/audit.server";
import { clearAllCaches } from "~/platform/cache.server";
import * as deskRoute from "~/routes/admin._index";
import * as screenRoute from "~/routes/admin-screen";
import * as exportRoute from "~/routes/admin.export.$screen";
import { request } from "../helpers/sessions";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminCookie, load } from "./admin-screen-support";

/**
 * The desk (`/admin`, issue 47 point 1) as its loader reads it: every list's size, what needs the
 * librarian (books without a cover or a file, a stored ISBN today's check refuses, likely
 * duplicates), the latest changes linked to their records, the upstream's state; a list the
 * upstream cannot give fails in its own row, the page stands. The browser's side:
 * tests/e2e/admin-desk.test.ts.
 */

const BOOKS = [
  { id: 1, title: "Laskar Pelangi", isbn_issn: "978-979-3062-79-2", published_date: "2005-09-01", cover: "laskar.jpg", file: "laskar.pdf", author: { id: 2, name: "Andrea Hirata" } },
  // The same ISBN in another writing: one of two likely duplicates.
  { id: 2, title: "Laskar Pelangi (cetak ulang)", isbn_issn: "9789793062792", published_date: "2008-01-01", cover: "laskar2.jpg", file: "", author: { id: 2, name: "Andrea Hirata" } },
  // Imported with a wrong check digit: a stored value today's check refuses; no cover, no file.
  { id: 3, title: "Ronggeng Dukuh Paruk", isbn_issn: "978-979-22-0196-4", published_date: "2003-01-01", cover: null, file: null, author: { id: 4, name: "Ahmad Tohari" } },
];

let cookie: string;

beforeEach(async () => {
  cookie = await adminCookie();
  // The lists' copies of an earlier test would stand in for these answers.
  clearAllCaches();
  upstream.use(
    http.get(UPSTREAM, () => HttpResponse.json({ message: "ok" })),
    http.get(`${UPSTREAM}/books/all`, () => HttpResponse.json({ books: BOOKS })),
    http.get(`${UPSTREAM}/publishers`, () => HttpResponse.json({ message: "gagal" }, { status: 500 })),
    // Every other list: empty.
    http.get(`${UPSTREAM}/*`, () => HttpResponse.json({ data: [] })),
  );
});

async function desk(): Promise<DeskData> {
  const result = (await deskRoute.loader({ request: request("/admin", { cookie }), params: {}, context: { clientIp: "127.0.0.1" } })) as { data: DeskData };
  return result.data;
}

describe("the desk", () => {
  it("counts every list, and a list the upstream cannot give fails in its own row only", async () => {
    const { lists, upstream: state } = await desk();
    const row = (alias: string) => lists.find((list) => list.alias === alias);
    expect(row("Buku")).toEqual({ id: "book", alias: "Buku", href: "/admin/book", total: 3, addHref: "/admin/book?modal=add" });
    expect(row("Penerbit")).toMatchObject({ href: "/admin/publisher", total: null });
    expect(row("Pengarang")?.total).toBe(0);
    // A single-record screen (Tentang) is not a list.
    expect(row("Tentang")).toBeUndefined();
    expect(state).toEqual({ state: "ok", text: "Terhubung" });
  });

  it("names what needs the librarian: books without a cover or a file, a stored value today's check refuses, likely duplicates", async () => {
    const { tasks } = await desk();
    expect("items" in tasks && tasks.items).toEqual([
      { id: "book-missing-cover", text: "Buku: 1 tanpa sampul", href: "/admin/book?perlu=tanpa-cover" },
      { id: "book-missing-file", text: "Buku: 2 tanpa berkas buku", href: "/admin/book?perlu=tanpa-file" },
      { id: "book-legacy", text: "Buku: 1 dengan nilai lama yang tidak lolos pemeriksaan", href: "/admin/book?perlu=nilai-lama" },
      { id: "book-duplicates", text: "Buku: 2 kemungkinan data ganda", href: "/admin/book?perlu=ganda" },
    ]);
  });

  it("links each to its list showing those records alone, the filter named in a chip and offered with its counts", async () => {
    const { tasks } = await desk();
    const shown = async (href: string) => {
      const { screen } = await load(screenRoute, href, cookie);
      return { ids: screen.rows.map((row) => row.id), chips: screen.filters?.chips.map((chip) => chip.text), notes: screen.notes };
    };
    const links = Object.fromEntries(("items" in tasks ? tasks.items : []).map((task) => [task.id, task.href ?? ""]));
    expect(await shown(links["book-missing-cover"])).toEqual({ ids: ["3"], chips: ["Perlu ditindaklanjuti: Tanpa sampul"], notes: [] });
    expect((await shown(links["book-missing-file"])).ids.sort()).toEqual(["2", "3"]);
    expect((await shown(links["book-legacy"])).ids).toEqual(["3"]);
    expect((await shown(links["book-duplicates"])).ids.sort()).toEqual(["1", "2"]);
    // Two reasons: either (as every value filter); with a search, both narrow.
    expect((await shown("/admin/book?perlu=tanpa-cover&perlu=ganda")).ids.sort()).toEqual(["1", "2", "3"]);
    expect((await shown("/admin/book?perlu=ganda&q=cetak")).ids).toEqual(["2"]);
    const { screen } = await load(screenRoute, "/admin/book?perlu=ganda", cookie);
    const offered = screen.filters?.filters.find((filter) => filter.name === "perlu");
    expect(offered?.kind === "values" && offered.options).toEqual(
      expect.arrayContaining([
        { value: "tanpa-file", label: "Tanpa berkas buku", count: 2 },
        { value: "ganda", label: "Kemungkinan data ganda", count: 2 },
        { value: "tanpa-cover", label: "Tanpa sampul", count: 1 },
        { value: "nilai-lama", label: "Nilai lama yang tidak lolos pemeriksaan", count: 1 },
      ]),
    );
    // A value no record has finds none and says so; the list without the filter is as before, with no such filter offered.
    expect(await shown("/admin/book?perlu=tanpa-judul")).toMatchObject({ ids: [], notes: ["Perlu ditindaklanjuti “tanpa-judul” tidak ada pada data mana pun."] });
    const plain = await load(screenRoute, "/admin/book", cookie);
    expect(plain.screen.rows).toHaveLength(3);
    expect(plain.screen.filters?.filters.map((filter) => filter.name)).not.toContain("perlu");
  });

  it("exports what such a link shows, those records alone", async () => {
    const answer = (await exportRoute.loader({ request: request("/admin/export/book?perlu=tanpa-file", { cookie }), params: { screen: "book" }, context: { clientIp: "127.0.0.1" } })) as Response;
    const lines = (await answer.text()).trim().split("\r\n");
    expect(lines.slice(1).map((line) => line.split(",")[0]).sort()).toEqual(['"2"', '"3"']);
  });

  it("filters a list without filters of its own by what needs the librarian too", async () => {
    upstream.use(http.get(`${UPSTREAM}/genres`, () => HttpResponse.json({ data: [{ id: 1, name: "Sejarah" }, { id: 2, name: "sejarah " }, { id: 3, name: "Puisi" }] })));
    const { screen } = await load(screenRoute, "/admin/genre?perlu=ganda", cookie);
    expect(screen.rows.map((row) => row.id).sort()).toEqual(["1", "2"]);
  });

  it("shows the latest changes, newest first, each linked to its record's edit form unless it was deleted", async () => {
    await recordChange({ actor: { id: "7", email: "pustakawan@dispusip.local" }, resource: "book", recordId: "3", recordLabel: "Ronggeng Dukuh Paruk", action: "update", outcome: "ok", changes: [] });
    await recordChange({ actor: { id: "7", email: "pustakawan@dispusip.local" }, resource: "genre", recordId: "9", recordLabel: "Puisi", action: "delete", outcome: "ok", changes: [] });
    const { changes } = await desk();
    if (!("items" in changes)) throw new Error(`the changes failed: ${changes.failed}`);
    expect(changes.items[0]).toMatchObject({ action: "Hapus", screen: "Kategori", label: "Puisi", actor: "pustakawan@dispusip.local", outcome: "Berhasil" });
    expect(changes.items[0].href).toBeUndefined();
    expect(changes.items[1]).toMatchObject({ action: "Ubah", screen: "Buku", label: "Ronggeng Dukuh Paruk", href: "/admin/book?modal=edit&id=3" });
  });

  it("says when the upstream does not answer, with the rest of the page", async () => {
    upstream.use(http.get(UPSTREAM, () => HttpResponse.error()));
    const read = await desk();
    expect(read.upstream).toEqual({ state: "unreachable", text: "Tidak dapat dihubungi" });
    expect(read.lists.find((list) => list.alias === "Buku")?.total).toBe(3);
  });
});
