import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { PICK_FIELD, pickSearchName } from "~/admin-kit/pickers";
import type { ScreenActionData } from "~/admin-kit/screen";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { servePagedList } from "./admin-catalogue-support";
import { adminScreen, fieldErrors, recordAllRequests, recordWrites, type Submitted } from "./admin-screen-support";

/**
 * Issue 22.4 on the server: the book form's pickers choose among 5,000 authors without the page
 * ever holding the list. The open form offers its chosen options and the first 20 of each list;
 * the edit form's stored relations are matched against the whole list; without JavaScript a
 * picker's "Cari" posts the form back with that search; a save checks every chosen id.
 */

const AUTHORS = 5_000;
const admin = adminScreen(route, "/admin/book");

const author = (id: number) => ({ id, name: `Pengarang P${id}`, biography: "Penulis sejarah daerah", photo: "", total_books: 0 });
const named = (prefix: string) => (id: number) => ({ id, name: `${prefix} ${id}` });

/** A book in the spec's shape: its author and publisher by name alone. */
const BOOK = {
  id: 7,
  title: "Penjaga Arsip",
  synopsis: "Kisah",
  published_date: "2021-03-14T00:00:00.000Z",
  isbn_issn: "",
  author: { name: "Pengarang P4321" },
  publisher: { name: "Penerbit 3" },
  classification_id: "2",
  genres: [{ name: "Genre 30" }],
  tags: [],
};

function serveCatalogue() {
  upstream.use(http.get(`${UPSTREAM}/books/all`, () => HttpResponse.json({ books: [BOOK] })));
  servePagedList("/authors", "author", AUTHORS, author);
  servePagedList("/publishers", "publishers", 40, named("Penerbit"));
  servePagedList("/classifications", "data", 3, (id) => ({ id, notation: `${id}00`, general_name: `Kelas ${id}` }));
  servePagedList("/genres", "data", 30, named("Genre"));
  servePagedList("/tags", "data", 2, named("Tag"));
}

/** The add form as typed so far, without JavaScript: a native select per picker, checkboxes for genres and tags. */
const TYPED: Array<[string, string]> = [
  ["intent", "create"],
  ["title", "Buku Baru"],
  ["published_date", "2024-05-01"],
  ["author_id", "4321"],
  ["publisher_id", "3"],
  ["genres", "30"],
];

function answer(submitted: Submitted): ScreenActionData {
  if (submitted.kind !== "data") throw new Error(`expected the form back, got ${submitted.kind}`);
  return submitted.data as ScreenActionData;
}

const labels = (options: Array<{ label: string }> | undefined) => options?.map((option) => option.label);

describe("the book form's pickers over 5,000 authors", () => {
  it("offer the first 20 of each list and how many there are, never the whole list", async () => {
    serveCatalogue();
    const { screen } = await admin.load("/admin/book?modal=add");
    expect(screen.choices?.total).toEqual({ author_id: AUTHORS, publisher_id: 40, classification_id: 3, genres: 30, tags: 2 });
    expect(screen.choices?.offered.author_id).toHaveLength(20);
    // Label order, numbers as numbers: P1, P2, ... not P1, P10, P100.
    expect(labels(screen.choices?.offered.author_id)?.slice(0, 3)).toEqual(["Pengarang P1", "Pengarang P2", "Pengarang P3"]);
    // The page's data holds 20 authors, not 5,000: a few kilobytes.
    expect(JSON.stringify(screen).length).toBeLessThan(20_000);
  });

  it("preselect an edited book's author found by name far past the first 20, offered first", async () => {
    serveCatalogue();
    const { screen } = await admin.load("/admin/book?modal=edit&id=7");
    expect(screen.choices?.record).toEqual({
      id: "7",
      values: { author_id: "4321", publisher_id: "3", classification_id: "2", genres: ["30"], tags: [] },
      unresolved: {},
    });
    expect(screen.choices?.offered.author_id[0]).toEqual({ value: "4321", label: "Pengarang P4321", detail: "0 buku · Penulis sejarah daerah" });
    expect(screen.choices?.offered.author_id).toHaveLength(21);
    expect(screen.choices?.offered.genres[0]).toEqual({ value: "30", label: "Genre 30", detail: "1 buku" });
  });

  it("without JavaScript, 'Cari' sends the form back as typed, the picker offering its matches, and saves nothing", async () => {
    serveCatalogue();
    await admin.load("/admin/book?modal=add");
    const writes = recordWrites("post", "/books", { status: 201 });
    const submitted = await admin.submit("/admin/book?modal=add", [
      ...TYPED,
      [pickSearchName("author_id"), "  p123 "],
      [PICK_FIELD, "author_id"],
    ]);
    expect(submitted).toMatchObject({ kind: "data", status: 200 });
    const { result, choices } = answer(submitted);
    expect(result?.initialValue).toMatchObject({ title: "Buku Baru", published_date: "2024-05-01", author_id: "4321", genres: "30" });
    expect(result?.error ?? {}).toEqual({});
    expect(choices?.searches).toEqual({ author_id: "p123" });
    // The chosen author first, then the matches: P123 and P1230-P1239 (a word's beginning matches).
    expect(labels(choices?.offered.author_id)).toEqual(["Pengarang P4321", "Pengarang P123", ...Array.from({ length: 10 }, (_, n) => `Pengarang P${1230 + n}`)]);
    expect(choices?.total.author_id).toBe(11);
    // Every other picker keeps its choice in view.
    expect(choices?.offered.genres[0]).toEqual({ value: "30", label: "Genre 30", detail: "1 buku" });
    expect(writes).toEqual([]);
  });

  it("says when a search finds nothing, and refuses a 'Cari' for a field that is no picker", async () => {
    serveCatalogue();
    const none = answer(await admin.submit("/admin/book?modal=add", [...TYPED, [pickSearchName("publisher_id"), "zzz"], [PICK_FIELD, "publisher_id"]]));
    expect(none.choices?.total.publisher_id).toBe(0);
    expect(labels(none.choices?.offered.publisher_id)).toEqual(["Penerbit 3"]);
    const calls = recordAllRequests();
    const refused = await admin.submit("/admin/book?modal=add", [...TYPED, [PICK_FIELD, "title"]]);
    expect(refused).toMatchObject({ kind: "data", status: 400, data: { alert: { message: "Permintaan tidak valid. Silakan muat ulang halaman." } } });
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("refuses a saved id its list does not have, on its field, writing nothing", async () => {
    serveCatalogue();
    const writes = recordWrites("post", "/books", { status: 201 });
    const submitted = await admin.add([...TYPED.slice(1).filter(([name]) => name !== "author_id" && name !== "genres"), ["author_id", "5001"], ["genres", "30"], ["genres", "31"]]);
    expect(submitted).toMatchObject({ kind: "data", status: 400 });
    expect(fieldErrors(submitted)).toEqual({
      author_id: ["Pengarang yang dipilih tidak ditemukan. Silakan pilih lagi."],
      genres: ["Genre yang dipilih tidak ditemukan. Silakan pilih lagi."],
    });
    expect(writes).toEqual([]);
  });

  it("a refused save (no title) offers the chosen author back, so the page drawn anew still shows it", async () => {
    serveCatalogue();
    const submitted = await admin.add(TYPED.slice(1).filter(([name]) => name !== "title"));
    expect(fieldErrors(submitted)).toEqual({ title: ["Judul wajib diisi"] });
    const { choices } = answer(submitted);
    expect(choices?.offered.author_id[0]).toEqual({ value: "4321", label: "Pengarang P4321", detail: "0 buku · Penulis sejarah daerah" });
  });

  it("saves a book with an author far past the first 20", async () => {
    serveCatalogue();
    const writes = recordWrites("post", "/books", { status: 201, body: { data: { id: 8 } } });
    const submitted = await admin.add(TYPED.slice(1));
    expect(submitted).toMatchObject({ kind: "redirect" });
    expect(writes[0].fields).toContainEqual(["author_id", "4321"]);
  });

  it("a picker whose list cannot be read says so, and keeps the form as typed", async () => {
    serveCatalogue();
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.json({ error: "rusak" }, { status: 500 })));
    const submitted = await admin.submit("/admin/book?modal=add", [...TYPED, [pickSearchName("author_id"), "p1"], [PICK_FIELD, "author_id"]]);
    expect(submitted).toMatchObject({ kind: "data", status: 503, data: { alert: { message: "rusak" } } });
    expect(answer(submitted).result?.initialValue).toMatchObject({ title: "Buku Baru", author_id: "4321" });
  });
});
