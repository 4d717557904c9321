import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { DUPLICATE_CONFIRM_FIELD } from "~/admin-kit/duplicates";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminScreen, imageFile, recordWrites, type Submitted } from "./admin-screen-support";

/**
 * Duplicates caught before they are saved (app/admin-kit/duplicates.ts), as the server decides
 * them for every screen that declares them: what matches, what a warning holds, that nothing is
 * written until "Simpan tetap", and that the confirmation holds only for the records it was
 * given for. The browser's side (with and without JavaScript): tests/e2e/admin-duplicates.test.ts.
 */

const BOOKS = [
  {
    id: 5,
    title: "Laskar Pelangi",
    isbn_issn: "978-979-3062-79-2",
    published_date: "2005-09-01T00:00:00.000Z",
    author: { id: 2, name: "Andrea Hirata" },
    publisher: { id: 3, name: "Bentang Pustaka" },
    genres: [],
    tags: [],
  },
  // The spec's shape: the author by name alone.
  { id: 6, title: "Sang Pemimpi", isbn_issn: "", published_date: "2006-07-01T00:00:00.000Z", author: { name: "Andrea Hirata" }, publisher: { name: "Bentang Pustaka" } },
  { id: 7, title: "Ronggeng Dukuh Paruk", isbn_issn: "9789792201963", published_date: "2003-01-01T00:00:00.000Z", author: { id: 4, name: "Ahmad Tohari" }, publisher: null },
];

const LISTS: Record<string, unknown> = {
  "/books/all": { books: BOOKS },
  "/authors": { author: [{ id: 2, name: "Dr. Andrea Hirata, M.Hum." }, { id: 4, name: "Ahmad Tohari" }, { id: 8, name: "Tere Liye" }] },
  "/publishers": { publishers: [{ id: 3, name: "Bentang Pustaka", books: [] }] },
  "/classifications": { data: [{ id: 1, notation: "899.221 3", general_name: "Sastra Indonesia" }] },
  "/genres": { data: [{ id: 1, name: "Novel" }] },
  "/tags": { data: [{ id: 1, name: "Populer" }] },
};

beforeEach(() => {
  for (const [path, body] of Object.entries(LISTS)) upstream.use(http.get(`${UPSTREAM}${path}`, () => HttpResponse.json(body as Record<string, unknown>)));
});

const books = adminScreen(route, "/admin/book");
const authors = adminScreen(route, "/admin/author");
const classifications = adminScreen(route, "/admin/classification");

const newBook = (fields: Record<string, string>): Array<[string, string]> =>
  Object.entries({ title: "Buku Baru", published_date: "01-01-2024", isbn_issn: "", author_id: "8", publisher_id: "3", ...fields });

function warningOf(submitted: Submitted) {
  expect(submitted).toMatchObject({ kind: "data", status: 409 });
  if (submitted.kind !== "data" || !submitted.data.duplicates) throw new Error("no duplicate warning");
  return submitted.data.duplicates;
}

describe("a book", () => {
  it("whose ISBN is a stored one in another writing (its ISBN-10) is sent back, naming it, with nothing written", async () => {
    const writes = recordWrites("post", "/books", { status: 201 });
    const warning = warningOf(await books.add(newBook({ isbn_issn: "ISBN 979-3062-79-7" })));
    expect(warning).toMatchObject({ matches: [{ id: "5", label: "Laskar Pelangi", reasons: ["ISBN/ISSN sama"] }], total: 1 });
    expect(warning.confirm).toMatch(/^[\w-]{22}$/);
    expect(writes).toEqual([]);
  });

  it("whose title and author are a stored one's (case, spaces, the author by id or by name) is sent back", async () => {
    const byId = warningOf(await books.add(newBook({ title: "  laskar   PELANGI ", author_id: "2" })));
    expect(byId.matches).toEqual([{ id: "5", label: "Laskar Pelangi", reasons: ["judul dan pengarang sama"] }]);
    // Book 6 names its author only; the picker's option says "Dr. Andrea Hirata, M.Hum.": one name.
    const byName = warningOf(await books.add(newBook({ title: "Sang Pemimpi", author_id: "2" })));
    expect(byName.matches.map((match) => match.id)).toEqual(["6"]);
  });

  it("is written once “Simpan tetap” sends the warning's value back, and sent back again when it matches other records", async () => {
    const writes = recordWrites("post", "/books", { status: 201, body: { data: { id: 9 } } });
    const fields = newBook({ title: "Laskar Pelangi", author_id: "2" });
    const { confirm } = warningOf(await books.add(fields));
    // A value made for other matches (a forged one, or one from before another duplicate appeared) confirms nothing.
    warningOf(await books.add([...fields, [DUPLICATE_CONFIRM_FIELD, "bukan-nilai-yang-benar"]]));
    warningOf(await books.add([...newBook({ title: "Laskar Pelangi", author_id: "2", isbn_issn: "9789792201963" }), [DUPLICATE_CONFIRM_FIELD, confirm]]));
    expect(writes).toEqual([]);

    const saved = await books.add([...fields, [DUPLICATE_CONFIRM_FIELD, confirm]]);
    expect(saved).toMatchObject({ kind: "redirect" });
    expect(writes).toHaveLength(1);
  });

  it("says the files chosen did not go with a form sent back without JavaScript", async () => {
    const warning = warningOf(await books.add([...newBook({ isbn_issn: "9789793062792" }), ["cover", imageFile("sampul.png")]]));
    expect(warning.filesDropped).toBe(true);
  });

  it("edited into another's title and author is sent back; an edit that leaves them alone is not, even among stored near-duplicates", async () => {
    const patches = recordWrites("patch", "/books/7", { status: 200 });
    const stored = { title: "Ronggeng Dukuh Paruk", published_date: "01-01-2003", isbn_issn: "9789792201963", author_id: "4", publisher_id: "3" };
    const warning = warningOf(await books.edit("7", Object.entries({ ...stored, title: "Laskar Pelangi", author_id: "2" })));
    expect(warning.matches.map((match) => match.id)).toEqual(["5"]);
    expect(patches).toEqual([]);
    // Its own ISBN is no duplicate of itself.
    expect(await books.edit("7", Object.entries({ ...stored, title: "Ronggeng Dukuh Paruk (cetak ulang)" }))).toMatchObject({ kind: "redirect" });
    expect(patches).toHaveLength(1);
  });
});

describe("names and notations", () => {
  it("an author whose name is a stored one's with titles around it", async () => {
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.json(LISTS["/authors"] as Record<string, unknown>)));
    const writes = recordWrites("post", "/authors", { status: 201 });
    const warning = warningOf(await authors.add([["name", "andrea hirata"]]));
    expect(warning.matches).toEqual([{ id: "2", label: "Dr. Andrea Hirata, M.Hum.", reasons: ["nama sama"] }]);
    expect(await authors.add([["name", "Andrea Hirata Putra"]])).toMatchObject({ kind: "redirect" });
    expect(writes).toHaveLength(1);
  });

  it("an edit of one of two stored near-duplicates that writes its name another way, to the same key, is not sent back; one into another's name is", async () => {
    // Two legacy records of one person, as a catalogue carries them (the property run found this: a name "z" saved as "&-z").
    const legacy = { author: [{ id: 11, name: "Fitri Sutrisno" }, { id: 12, name: "Fitri  Sutrisno, M.Hum." }, { id: 8, name: "Tere Liye" }] };
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.json(legacy)));
    const writes = recordWrites("put", "/authors", { status: 200, body: { data: { id: 12 } } });
    expect(await authors.edit("12", [["name", "Fitri Sutrisno, M.Hum."]])).toMatchObject({ kind: "redirect" });
    expect(writes).toHaveLength(1);
    const warning = warningOf(await authors.edit("12", [["name", "Tere Liye, S.Pd."]]));
    expect(warning.matches).toEqual([{ id: "8", label: "Tere Liye", reasons: ["nama sama"] }]);
    expect(writes).toHaveLength(1);
  });

  it("a classification whose notation is a stored one's, spaces and case aside", async () => {
    recordWrites("post", "/classifications", { status: 201 });
    const warning = warningOf(await classifications.add([["notation", " 899.221  3 "], ["general_name", "Sastra"]]));
    expect(warning.matches.map((match) => match.id)).toEqual(["1"]);
  });
});
