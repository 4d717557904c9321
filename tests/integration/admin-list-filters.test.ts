import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { RangeFilterView, ValueFilterView } from "~/admin-kit/filters";
import * as screenRoute from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { servePagedList } from "./admin-catalogue-support";
import { adminCookie, load, recordAllRequests } from "./admin-screen-support";

/**
 * Issue 47, points 2 and 6: the book list filtered by its relations and a range of years, the
 * activities by a range of days, with the count of records beside each option, from the list's
 * copy (no upstream call per value); and what a hand-made URL gets: a short note, never a 500.
 * The books are in spec §3's shape only (relations by name, `classification_id`) and messy as a
 * real catalogue is: names written two ways, dates unreadable or missing, relations missing.
 */

const GENRES = ["Sejarah", "Fiksi", "Puisi", "Biografi"];
const TAGS = ["Lokal", "Anak", "Arsip"];

/** Book `id`: genre by id, a second genre on every third, years 1980–2019, some dates legacy junk. */
function book(id: number) {
  const genre = GENRES[id % GENRES.length];
  // The same genre written as a hand-typed import would: another case, spaces, an accent.
  const written = id % 10 === 0 ? ` ${genre.toLowerCase()} ` : id % 10 === 5 && genre === "Sejarah" ? "Séjarah" : genre;
  const date = id % 50 === 0 ? "0000-00-00" : id % 49 === 0 ? "" : `${1980 + (id % 40)}-06-15T00:00:00.000Z`;
  return {
    id: String(id),
    title: `Buku ${id}`,
    synopsis: "",
    published_date: date,
    isbn_issn: "",
    author: id % 97 === 0 ? null : { name: `Pengarang ${id % 7}` },
    publisher: { name: id % 2 ? "Penerbit Lembah" : "Penerbit Cahaya Ilmu" },
    classification_id: id % 3 === 0 ? "4" : null,
    genres: id % 3 === 0 ? [{ name: written }, { name: "Fiksi" }] : [{ name: written }],
    tags: [{ name: TAGS[id % TAGS.length] }],
    cover: "",
    file: "",
  };
}
const BOOKS = 1_000;
const all = Array.from({ length: BOOKS }, (_, index) => book(index + 1));

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
  servePagedList("/books/all", "books", BOOKS, book);
  upstream.use(http.get(`${UPSTREAM}/classifications`, () => HttpResponse.json({ data: [{ id: 4, notation: "959.8", general_name: "Sejarah Asia Tenggara" }] })));
});

const bookList = (query: string) => load(screenRoute, `/admin/book${query}`, cookie);
const valueFilter = (filters: { filters: unknown[] } | undefined, name: string) =>
  filters?.filters.find((filter) => (filter as ValueFilterView).name === name) as ValueFilterView;
const counted = (filter: ValueFilterView) => Object.fromEntries(filter.options.map((option) => [option.label ?? option.value, option.count]));

describe("the book list's filters", () => {
  it("offers each relation's values with the count of books, most first, a name written several ways counted as one under its usual writing", async () => {
    const { screen } = await bookList("");
    const genres = valueFilter(screen.filters, "genre");
    const expected = (name: string) => all.filter((each) => each.genres.some((genre) => genre.name.trim().toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "") === name.toLowerCase())).length;
    expect(counted(genres)).toEqual(Object.fromEntries(GENRES.map((name) => [name, expected(name)])));
    expect(genres.options.map((option) => option.count)).toEqual([...genres.options.map((option) => option.count)].sort((a, b) => b - a));
    expect(counted(valueFilter(screen.filters, "publisher"))).toEqual({ "Penerbit Lembah": 500, "Penerbit Cahaya Ilmu": 500 });
    expect(screen.filters?.chips).toEqual([]);
    expect(screen.notes).toEqual([]);
  });

  it("narrows by a value in any writing, counts the other values of that filter as if it were not chosen, and the other filters within it", async () => {
    const { screen } = await bookList("?genre=SEJARAH&tag=Arsip");
    const sejarah = all.filter((each) => each.genres.some((genre) => /^s[eé]jarah$/i.test(genre.name.trim())));
    const both = sejarah.filter((each) => each.tags[0].name === "Arsip");
    expect(screen.count?.total).toBe(both.length);
    expect(screen.rows.every((row) => String(row.cells.genres).toLowerCase().match(/s[eé]jarah/))).toBe(true);
    // Genre counts: the books tagged Arsip, whatever their genre; tag counts: the Sejarah books, whatever their tag.
    const arsip = all.filter((each) => each.tags[0].name === "Arsip");
    expect(counted(valueFilter(screen.filters, "genre")).Fiksi).toBe(arsip.filter((each) => each.genres.some((genre) => genre.name === "Fiksi")).length);
    expect(counted(valueFilter(screen.filters, "tag")).Lokal).toBe(sejarah.filter((each) => each.tags[0].name === "Lokal").length);
    expect(screen.filters?.chips.map((chip) => chip.text)).toEqual(["Genre: SEJARAH", "Tag: Arsip"]);
  });

  it("takes several values of one filter as any of them, and combines filters with the search and the order", async () => {
    const { screen } = await bookList("?q=buku%2099&genre=Puisi&genre=Biografi&sort=title&dir=desc");
    const expected = all.filter((each) => /^Buku 99/.test(each.title) && ["Puisi", "Biografi"].includes(each.genres[0].name.trim().replace(/^./, (c) => c.toUpperCase())));
    expect(screen.count?.total).toBe(expected.length);
    const titles = screen.rows.map((row) => String(row.cells.title));
    expect(titles).toEqual([...titles].sort((a, b) => b.localeCompare(a, "id", { numeric: true })));
    expect(expected.length).toBeGreaterThan(2);
    expect(screen.paging?.view).toBe("q=buku+99&sort=title&dir=desc&genre=Puisi&genre=Biografi");
  });

  it("names a classification by its list's notation and name, and filters by its id", async () => {
    const { screen } = await bookList("?classification=4");
    expect(screen.count?.total).toBe(all.filter((each) => each.classification_id === "4").length);
    expect(valueFilter(screen.filters, "classification").options).toEqual([{ value: "4", label: "959.8 Sejarah Asia Tenggara", count: 333 }]);
    expect(screen.filters?.chips.map((chip) => chip.text)).toEqual(["Klasifikasi: 959.8 Sejarah Asia Tenggara"]);
  });

  it("filters a range of publication years (bounds included); a book whose date cannot be read matches no range", async () => {
    const { screen } = await bookList("?year_from=1990&year_to=1994");
    const inRange = all.filter((each) => /^199[0-4]-/.test(each.published_date));
    expect(screen.count?.total).toBe(inRange.length);
    const year = screen.filters?.filters.find((filter) => filter.name === "year") as RangeFilterView;
    expect(year).toMatchObject({ kind: "range", unit: "year", from: "1990", to: "1994", min: "1980", max: "2019" });
    expect(screen.filters?.chips.map((chip) => chip.text)).toEqual(["Tahun terbit: 1990 – 1994"]);
    const from = await bookList("?year_from=2015");
    expect(from.screen.count?.total).toBe(all.filter((each) => /^201[5-9]-/.test(each.published_date)).length);
  });

  it("pages 20, 50 or 100 rows as the URL asks, the filters kept in the pages' view", async () => {
    const fifty = await bookList("?genre=Fiksi&perPage=50&page=2");
    expect(fifty.screen.rows).toHaveLength(50);
    expect(fifty.screen.paging).toMatchObject({ page: 2, perPage: 50, view: "genre=Fiksi&perPage=50" });
    expect(fifty.screen.count).toMatchObject({ from: 51, to: 100 });
  });
});

describe("a hand-made list URL gets the list and a short note, never an error or an upstream call per value", () => {
  it("an unknown value, an unknown filter, a backwards range, an unreadable bound", async () => {
    await bookList("");
    const calls = recordAllRequests();
    const { screen } = await bookList("?warna=merah&year_from=2000&year_to=1990&tag=Anak");
    expect(screen.notes).toEqual(["Rentang Tahun terbit terbalik; dibaca 1990 sampai 2000.", "Filter “warna” tidak dikenal pada daftar ini; diabaikan."]);
    expect(screen.count?.total).toBe(all.filter((each) => each.tags[0].name === "Anak" && /^(199\d|2000)-/.test(each.published_date)).length);
    // A value no book holds (a genre deleted or renamed since the link was made) finds nothing, as a spreadsheet's filter would; its chip takes it back.
    const gone = await bookList("?genre=Tidak%20Ada&tag=Anak");
    expect(gone.screen.notes).toEqual(["Genre “Tidak Ada” tidak ada pada data mana pun."]);
    expect(gone.screen.count?.total).toBe(0);
    expect(gone.screen.filters?.chips.map((chip) => chip.text)).toEqual(["Genre: Tidak Ada", "Tag: Anak"]);
    // Beside a value some book holds, it adds nothing (values of one filter are either-or).
    expect((await bookList("?genre=Tidak%20Ada&genre=Fiksi")).screen.count?.total).toBe((await bookList("?genre=Fiksi")).screen.count?.total);
    const unreadable = await bookList("?year_from=dua%20ribu");
    expect(unreadable.screen.notes).toEqual(["Tahun terbit “dua ribu” tidak dapat dibaca (contoh: 1990); batas itu diabaikan."]);
    expect(unreadable.screen.count?.total).toBe(BOOKS);
    expect(calls, "answered from the list's copy").toEqual([]);
  });

  it("100 filter parameters: the first 20 are read, the rest dropped and said so", async () => {
    const many = Array.from({ length: 100 }, (_, index) => `genre=Nama${index}`).join("&");
    const { screen } = await bookList(`?${many}`);
    expect(screen.notes).toHaveLength(21);
    expect(screen.notes.at(-1)).toBe("Hanya 20 nilai filter pertama yang dipakai.");
    // None of the twenty is a genre any book holds.
    expect(screen.count?.total).toBe(0);
  });

  it("rows per page of 10⁹ or 7: the nearest offered, said so; a page past the end: the last", async () => {
    const huge = await bookList("?perPage=1000000000");
    expect(huge.screen.rows).toHaveLength(100);
    expect(huge.screen.notes).toEqual(["Baris per halaman hanya 20, 50 atau 100; ditampilkan 100."]);
    const seven = await bookList("?perPage=7");
    expect(seven.screen.paging?.perPage).toBe(20);
    const past = await bookList("?genre=Puisi&page=999");
    expect(past.screen.paging).toMatchObject({ page: past.screen.paging?.pageCount, hasMore: false });
    expect(past.screen.rows.length).toBeGreaterThan(0);
  });
});

describe("the activity list's date range", () => {
  beforeEach(() => {
    const activities = Array.from({ length: 40 }, (_, index) => ({
      id: index + 1,
      // Days of January and February 2024, one each; the last is stored without a readable date.
      date: index === 39 ? "tanggal lama" : new Date(Date.UTC(2024, 0, 1 + index, 1)).toISOString(),
      title: `Kegiatan ${index + 1}`,
      description: "",
      file: "",
    }));
    upstream.use(http.get(`${UPSTREAM}/activities`, () => HttpResponse.json({ data: activities })));
  });

  it("keeps the days between the bounds, written as the date input sends them or as staff write them", async () => {
    const iso = await load(screenRoute, "/admin/activity?date_from=2024-01-10&date_to=2024-01-19", cookie);
    expect(iso.screen.count?.total).toBe(10);
    const written = await load(screenRoute, "/admin/activity?date_from=10-01-2024&date_to=19-01-2024", cookie);
    expect(written.screen.count?.total).toBe(10);
    expect(iso.screen.filters?.chips.map((chip) => chip.text)).toEqual(["Tanggal: 10-01-2024 – 19-01-2024"]);
    const impossible = await load(screenRoute, "/admin/activity?date_from=31-02-2024", cookie);
    expect(impossible.screen.notes).toEqual(["Tanggal “31-02-2024” tidak dapat dibaca (contoh: 31-01-2024); batas itu diabaikan."]);
  });
});
