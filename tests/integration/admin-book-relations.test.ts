import { forgetListCopies } from "~/platform/list-copy.server";
import { http, HttpResponse, type JsonBodyType } from "msw";
import { describe, expect, it } from "vitest";
import { SHOWN_FIELD } from "~/admin-kit/edit-conflicts";
import { CLEAR_FIELD, encodeUnresolved, shownRelations, UNRESOLVED_FIELD } from "~/admin-kit/relations";
import { bookScreen } from "~/resources/books/books";
import type { ScreenData } from "~/admin-kit/screen";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminScreen, fieldErrors, form, noFile, recordWrites } from "./admin-screen-support";

/**
 * Issue 19: a book edit changes only what the admin changed, whatever shape the upstream answers
 * in. "full" is our reference API's (ids inside every relation); "spec" is only what spec §3
 * promises: `author: {name}`, `publisher: {name}`, `genres`/`tags` as `[{name}]`,
 * `classification_id`, ids sometimes as strings, no total.
 */

const FULL_BOOK = {
  id: 5,
  title: "Penjaga Arsip",
  synopsis: "Kisah para penjaga arsip desa.",
  published_date: "2021-03-14T00:00:00.000Z",
  isbn_issn: "9786237001010",
  author_id: 2,
  author: { id: 2, name: "Sari Wulandari" },
  publisher_id: 3,
  publisher: { id: 3, name: "Penerbit Lembah" },
  classification_id: 4,
  classification: { id: 4, notation: "900", general_name: "Sejarah dan Geografi" },
  genres: [
    { id: 1, name: "Sejarah" },
    { id: 6, name: "Fiksi" },
  ],
  tags: [{ id: 9, name: "Lokal" }],
  cover: "sampul-5.png",
  file: "buku-5.pdf",
};

const SPEC_BOOK = {
  id: "5",
  title: FULL_BOOK.title,
  synopsis: FULL_BOOK.synopsis,
  published_date: FULL_BOOK.published_date,
  isbn_issn: FULL_BOOK.isbn_issn,
  author: { name: "Sari Wulandari" },
  publisher: { name: "Penerbit Lembah" },
  classification_id: "4",
  genres: [{ name: "Sejarah" }, { name: "Fiksi" }],
  tags: [{ name: "Lokal" }],
  cover: FULL_BOOK.cover,
  file: FULL_BOOK.file,
};

const LOOKUPS = {
  "/authors": { author: [{ id: 2, name: "Sari Wulandari" }, { id: 1, name: "Ahmad Fauzi" }] },
  "/publishers": { publishers: [{ id: 3, name: "Penerbit Lembah" }] },
  "/classifications": { data: [{ id: 4, notation: "900", general_name: "Sejarah dan Geografi" }] },
  "/genres": { data: [{ id: 1, name: "Sejarah" }, { id: 6, name: "Fiksi" }, { id: 8, name: "Puisi" }] },
  "/tags": { data: [{ id: "9", name: "Lokal" }] },
};

function serve(book: JsonBodyType, lookups: Record<string, JsonBodyType> = LOOKUPS) {
  upstream.use(http.get(`${UPSTREAM}/books/all`, () => HttpResponse.json({ books: [book] })));
  for (const [path, body] of Object.entries(lookups)) upstream.use(http.get(`${UPSTREAM}${path}`, () => HttpResponse.json(body)));
}

const admin = adminScreen(route, "/admin/book");
/**
 * What the edit form posts when the admin changes nothing but what `change` says: its starting
 * values as ResourceForm computes them from the loader's data, the unresolved marker, no files.
 */
async function editForm(change: Array<[string, string]> = [], drop: string[] = []) {
  const { screen } = await admin.load("/admin/book?modal=edit&id=5");
  // The form opens with the record the loader read for it, and carries what it showed.
  const row = (screen as ScreenData).editing;
  if (!row) throw new Error("the edit form's record was not read");
  const resolved = shownRelations(row, screen.choices, bookScreen.fields) ?? { values: {}, unresolved: {} };
  const values = { ...row.values, ...resolved.values };
  const entries: Array<[string, string | File]> = [
    ["intent", "update"],
    ["id", row.id],
  ];
  if (row.shown) entries.push([SHOWN_FIELD, row.shown]);
  if (Object.keys(resolved.unresolved).length > 0) entries.push([UNRESOLVED_FIELD, encodeUnresolved(resolved.unresolved)]);
  const changed = new Set(change.map(([name]) => name));
  for (const [name, value] of Object.entries(values)) {
    if (changed.has(name) || drop.includes(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) entries.push([name, item]);
  }
  entries.push(...change, ["cover", noFile()], ["file", noFile()]);
  return { entries: form(entries), resolved };
}

function sent(fields: Array<[string, unknown]> | undefined): Record<string, string[]> {
  const byName: Record<string, string[]> = {};
  for (const [name, value] of fields ?? []) (byName[name] ??= []).push(String(value));
  return byName;
}

describe.each([
  { shape: "full", book: FULL_BOOK },
  { shape: "spec", book: SPEC_BOOK },
])("a title-only edit with the upstream in the $shape shape", ({ book }) => {
  it("keeps author, publisher, classification, genres and tags exactly: the PATCH names the title alone", async () => {
    serve(book);
    const writes = recordWrites("patch", "/books/5", { status: 200 });
    const { entries, resolved } = await editForm([["title", "Penjaga Arsip Baru"]]);
    expect(resolved.unresolved).toEqual({});
    const submitted = await admin.submit("/admin/book?modal=edit&id=5", entries);
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/book" });
    expect(writes).toHaveLength(1);
    // A PATCH keeps what it leaves out: every relation was matched, so none counts as changed.
    expect(sent(writes[0].fields)).toEqual({ title: ["Penjaga Arsip Baru"] });
  });

  it("fails with the screen's message and sends nothing when the stored record cannot be read to merge with", async () => {
    serve(book);
    const { entries } = await editForm([["title", "Penjaga Arsip Baru"]]);
    // The copy of the list the form came from is gone (a write elsewhere cleared it), and the list cannot be read again.
    forgetListCopies();
    upstream.use(http.get(`${UPSTREAM}/books/all`, () => new HttpResponse(null, { status: 500 })));
    const writes = recordWrites("patch", "/books/5", { status: 200 });
    const submitted = await admin.submit("/admin/book?modal=edit&id=5", entries);
    // Without the record as stored now, unchanged fields could overwrite newer values: nothing is written.
    expect(submitted).toMatchObject({ kind: "data", status: 502, data: { alert: { type: "error", message: "Terjadi kesalahan saat mengedit buku!" } } });
    expect(writes).toEqual([]);
    // The form comes back as typed, the admin's change kept for another try.
    if (submitted.kind === "data") expect(submitted.data.result?.initialValue).toMatchObject({ title: "Penjaga Arsip Baru" });
  });

  it("leaves out (never clears) a relation it cannot match, and names it in the form", async () => {
    // A genre the lookups do not know, an author of two records with the same name, a publisher whose lookup failed.
    const odd = { ...book, genres: [...book.genres, { name: "Misteri" }], author: { name: "Sari Wulandari" }, author_id: undefined };
    serve(odd, {
      ...LOOKUPS,
      "/authors": { author: [{ id: 2, name: "Sari Wulandari" }, { id: 12, name: "sari  wulandari" }] },
      "/publishers": { error: "rusak" },
    });
    upstream.use(http.get(`${UPSTREAM}/publishers`, () => HttpResponse.json({ error: "rusak" }, { status: 500 })));
    const writes = recordWrites("patch", "/books/5", { status: 200 });
    const { entries, resolved } = await editForm([["title", "Judul Baru"]]);
    expect(resolved.unresolved).toEqual({
      author_id: { shown: [], missing: ["Sari Wulandari"] },
      publisher_id: { shown: [], missing: ["Penerbit Lembah"] },
      genres: { shown: ["1", "6"], missing: ["Misteri"] },
    });
    const submitted = await admin.submit("/admin/book?modal=edit&id=5", entries);
    expect(submitted).toMatchObject({ kind: "redirect" });
    expect(sent(writes[0].fields)).toEqual({ title: ["Judul Baru"] });
  });

  it("sends a relation the admin changed even where the form could not show the stored one", async () => {
    serve({ ...book, genres: [{ name: "Misteri" }] });
    const writes = recordWrites("patch", "/books/5", { status: 200 });
    const { entries } = await editForm([["genres", "8"]]);
    await admin.submit("/admin/book?modal=edit&id=5", entries);
    expect(sent(writes[0].fields)["genres[]"]).toEqual(["8"]);
  });

  it("clears every genre only as an explicit choice", async () => {
    serve({ ...book, genres: [{ name: "Misteri" }] });
    const writes = recordWrites("patch", "/books/5", { status: 200 });
    const { entries } = await editForm([[CLEAR_FIELD, "genres"]]);
    await admin.submit("/admin/book?modal=edit&id=5", entries);
    expect(sent(writes[0].fields)["genres[]"]).toEqual([""]);

    // A form whose genres were all shown clears them when the admin unticks them all.
    serve(book);
    const again = recordWrites("patch", "/books/5", { status: 200 });
    const { entries: unticked } = await editForm([], ["genres"]);
    await admin.submit("/admin/book?modal=edit&id=5", unticked);
    expect(sent(again[0].fields)["genres[]"]).toEqual([""]);
  });
});

describe("a relation in no shape the BFF knows", () => {
  it.each([
    ["a genre that is no object", { genres: [true] }],
    ["genres that are no list", { genres: "Sejarah" }],
    ["a genre that names nothing", { genres: [{}] }],
    ["an author that is a number list", { author: [1, 2] }],
  ])("%s is shown as unreadable and left as stored", async (_, odd) => {
    serve({ ...SPEC_BOOK, ...odd } as JsonBodyType);
    const writes = recordWrites("patch", "/books/5", { status: 200 });
    const { entries, resolved } = await editForm([["title", "Judul Baru"]]);
    expect(Object.values(resolved.unresolved).map((field) => field.missing)).toEqual([["(tidak terbaca)"]]);
    await admin.submit("/admin/book?modal=edit&id=5", entries);
    const fields = sent(writes[0].fields);
    const field = "genres" in odd ? "genres[]" : "author_id";
    expect(fields[field]).toBeUndefined();
    expect(fields.title).toEqual(["Judul Baru"]);
  });
});

describe("the unresolved marker", () => {
  it("lets a required choice the form could not show stay empty, but only for that field", async () => {
    serve({ ...SPEC_BOOK, author: { name: "Tak Dikenal" } });
    const writes = recordWrites("patch", "/books/5", { status: 200 });
    const { entries } = await editForm();
    await admin.submit("/admin/book?modal=edit&id=5", entries);
    expect(writes).toHaveLength(1);
    expect(sent(writes[0].fields).author_id).toBeUndefined();

    const withoutMarker = form([
      ["intent", "update"],
      ["id", "5"],
      ["title", "X"],
      ["published_date", "2021-03-14"],
      ["publisher_id", "3"],
    ]);
    expect(fieldErrors(await admin.submit("/admin/book?modal=edit&id=5", withoutMarker))).toMatchObject({
      author_id: ["Pengarang wajib dipilih"],
    });
  });

  it("refuses a marker that is not the form's own with 400", async () => {
    serve(SPEC_BOOK);
    for (const marker of ["{", "[1,2]", JSON.stringify({ genres: "1" }), JSON.stringify({ genres: ["x".repeat(65)] })]) {
      const submitted = await admin.edit("5", [[UNRESOLVED_FIELD, marker], ["title", "X"]]);
      expect(submitted).toMatchObject({ kind: "data", status: 400 });
    }
  });
});
