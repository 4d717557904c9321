import { http, HttpResponse, type JsonBodyType } from "msw";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import { LEGACY_VALUE_NOTE, legacyValues } from "~/admin-kit/legacy-values";
import { activityScreen } from "~/resources/activities/activities";
import { bookScreen } from "~/resources/books/books";
import { publisherScreen } from "~/resources/publishers/publishers";
import * as screenRoute from "~/routes/admin-screen";
import type { ScreenDefinition, ScreenData } from "~/admin-kit/screen";
import { ResourceForm } from "~/components/admin/ResourceForm";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminScreen, fieldErrors, noFile, recordWrites } from "./admin-screen-support";

/**
 * Issue 37 point 3: validation judges what the admin changed. A stored value today's rule refuses
 * (an imported ISBN's check digit, an old email) and left as the form showed it is kept as stored;
 * a changed value is checked as always.
 */

// 978-623-7001-01-0 is valid: its last digit changed, the check digit no longer matches.
const BAD_ISBN = "9786237001011";
const BOOK = {
  id: 5,
  title: "Penjaga Arsip",
  synopsis: "Sinopsis lama.",
  published_date: "2021-03-14T00:00:00.000Z",
  isbn_issn: BAD_ISBN,
  author_id: 2,
  author: { id: 2, name: "Sari Wulandari" },
  publisher_id: 3,
  publisher: { id: 3, name: "Penerbit Lembah" },
  classification_id: 4,
  genres: [{ id: 1, name: "Sejarah" }],
  tags: [{ id: 9, name: "Lokal" }],
};
const LOOKUPS: Record<string, JsonBodyType> = {
  "/authors": { author: [{ id: 2, name: "Sari Wulandari" }] },
  "/publishers": { publishers: [{ id: 3, name: "Penerbit Lembah", books: [] }] },
  "/classifications": { data: [{ id: 4, notation: "900", general_name: "Sejarah dan Geografi" }] },
  "/genres": { data: [{ id: 1, name: "Sejarah" }] },
  "/tags": { data: [{ id: 9, name: "Lokal" }] },
};
const BOOK_FORM: Array<[string, string]> = [
  ["title", "Penjaga Arsip"],
  ["synopsis", "Sinopsis lama."],
  ["published_date", "2021-03-14"],
  ["isbn_issn", BAD_ISBN],
  ["author_id", "2"],
  ["publisher_id", "3"],
  ["classification_id", "4"],
  ["genres", "1"],
  ["tags", "9"],
];
/** The edit form of `rowId` as the server renders it (the page without JavaScript; the same markup is hydrated). */
async function editFormHtml(definition: ScreenDefinition, screen: ScreenData, rowId: string, path: string): Promise<string> {
  const row = screen.rows.find((candidate) => candidate.id === rowId) ?? screen.selected ?? undefined;
  expect(row, `row ${rowId}`).toBeDefined();
  const element = createElement(ResourceForm, { definition, row, choices: screen.choices, submitLabel: "UBAH", submitting: false });
  const handler = createStaticHandler([{ path: new URL(path, "http://localhost").pathname, element }]);
  const context = await handler.query(new Request(new URL(path, "http://localhost")));
  if (context instanceof Response) throw new Error("the static handler answered a Response");
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }));
}

const withField = (entries: Array<[string, string]>, name: string, value: string) =>
  entries.map(([field, old]): [string, string] => [field, field === name ? value : old]);

describe("a book whose stored ISBN fails its check digit", () => {
  const admin = adminScreen(screenRoute, "/admin/book");
  beforeEach(() => {
    upstream.use(http.get(`${UPSTREAM}/books/all`, () => HttpResponse.json({ books: [BOOK], total: 1 })));
    for (const [path, body] of Object.entries(LOOKUPS)) upstream.use(http.get(`${UPSTREAM}${path}`, () => HttpResponse.json(body)));
  });

  it("is marked when its edit form opens: the note beside the field, in the page's HTML", async () => {
    const { screen } = await admin.load("/admin/book?modal=edit&id=5");
    const row = screen.rows.find((candidate) => candidate.id === "5");
    expect(row?.values.isbn_issn).toBe(BAD_ISBN);
    expect(legacyValues(bookScreen.schema, bookScreen.fields, row?.values)).toEqual({ isbn_issn: BAD_ISBN });
    const html = await editFormHtml(bookScreen as unknown as ScreenDefinition, screen, "5", "/admin/book?modal=edit&id=5");
    expect(html).toContain(`value="${BAD_ISBN}"`);
    // Once, and for the ISBN alone (the field describes itself by it).
    expect(html.split(LEGACY_VALUE_NOTE)).toHaveLength(2);
    expect(html).toMatch(/id="([^"]*)-legacy"/);
    const noteId = /<p class="kit-legacy" id="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(new RegExp(`<input[^>]*aria-describedby="[^"]*${noteId}[^"]*"[^>]*name="isbn_issn"|<input[^>]*name="isbn_issn"[^>]*aria-describedby="[^"]*${noteId}`).test(html)).toBe(true);
  });

  it("saves a synopsis edit, sending nothing for the ISBN left as it was (PATCH sends what changed)", async () => {
    const writes = recordWrites("patch", "/books/5", { status: 200, body: { data: { id: 5 } } });
    const submitted = await admin.edit("5", [...withField(BOOK_FORM, "synopsis", "Sinopsis baru."), ["cover", noFile()], ["file", noFile()]]);
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/book" });
    expect(writes).toHaveLength(1);
    expect(writes[0].fields).toEqual([["synopsis", "Sinopsis baru."]]);
  });

  it("refuses it changed to another number whose check digit fails, as always", async () => {
    // The copy is read (to tell a stored value from a new one), nothing is written.
    const writes = recordWrites("patch", "/books/5", { status: 200 });
    const submitted = await admin.edit("5", withField(BOOK_FORM, "isbn_issn", "9786237001012"));
    expect(writes).toEqual([]);
    expect(submitted).toMatchObject({ kind: "data", status: 400 });
    expect(fieldErrors(submitted)).toEqual({ isbn_issn: ["Nomor ISBN/ISSN tidak valid: digit pemeriksanya tidak cocok, periksa kembali nomornya"] });
  });

  it("takes it changed to a valid number", async () => {
    const writes = recordWrites("patch", "/books/5", { status: 200, body: { data: { id: 5 } } });
    const submitted = await admin.edit("5", withField(BOOK_FORM, "isbn_issn", "978-623-7001-01-0"));
    expect(submitted).toMatchObject({ kind: "redirect" });
    expect(writes[0].fields).toEqual([["isbn_issn", "9786237001010"]]);
  });

  it("is refused on a new book, which has no stored value to keep", async () => {
    const writes = recordWrites("post", "/books", { status: 201 });
    const submitted = await admin.add(BOOK_FORM);
    expect(writes).toEqual([]);
    expect(fieldErrors(submitted)).toMatchObject({ isbn_issn: ["Nomor ISBN/ISSN tidak valid: digit pemeriksanya tidak cocok, periksa kembali nomornya"] });
  });
});

describe("a publisher whose stored email fails today's rule", () => {
  const admin = adminScreen(screenRoute, "/admin/publisher");
  const PUBLISHER = { id: 1, name: "Penerbit Lama", address: "", about: "", email: "redaksi(at)lama", phone: "0271 123456", total_books: 12, books: [] };
  beforeEach(() => {
    upstream.use(
      http.get(`${UPSTREAM}/publishers`, ({ request }) =>
        HttpResponse.json({ publishers: new URL(request.url).searchParams.get("page") === "1" ? [PUBLISHER] : [] }),
      ),
    );
  });
  const form: Array<[string, string]> = [
    ["name", "Penerbit Lama"],
    ["address", ""],
    ["about", ""],
    ["email", "redaksi(at)lama"],
    ["phone", "0271 123456"],
    ["total_books", "12"],
  ];

  it("saves an edit of its name only, the email sent as stored", async () => {
    const { screen } = await admin.load("/admin/publisher?modal=edit&id=1");
    expect(legacyValues(publisherScreen.schema, publisherScreen.fields, screen.rows[0]?.values)).toEqual({ email: "redaksi(at)lama" });
    const writes = recordWrites("put", "/publishers", { status: 200 });
    const submitted = await admin.edit("1", withField(form, "name", "Penerbit Baru"));
    expect(submitted).toMatchObject({ kind: "redirect" });
    expect(writes[0].json).toMatchObject({ id: 1, name: "Penerbit Baru", email: "redaksi(at)lama" });
  });

  it("refuses the email changed to another malformed one", async () => {
    const writes = recordWrites("put", "/publishers", { status: 200 });
    const submitted = await admin.edit("1", withField(form, "email", "redaksi(at)baru"));
    expect(writes).toEqual([]);
    expect(fieldErrors(submitted)).toEqual({ email: ["Format email tidak valid"] });
  });

  it("shows the note beside the email in its edit form, and none in a valid publisher's", async () => {
    expect(LEGACY_VALUE_NOTE).toBe("Nilai lama tidak lolos pemeriksaan; tidak diubah");
    const { screen } = await admin.load("/admin/publisher?modal=edit&id=1");
    const html = await editFormHtml(publisherScreen as unknown as ScreenDefinition, screen, "1", "/admin/publisher?modal=edit&id=1");
    expect(html.split(LEGACY_VALUE_NOTE)).toHaveLength(2);
    const valid = { ...screen, rows: screen.rows.map((row) => ({ ...row, values: { ...row.values, email: "redaksi@lama.id" } })) };
    expect(await editFormHtml(publisherScreen as unknown as ScreenDefinition, valid, "1", "/admin/publisher?modal=edit&id=1")).not.toContain(LEGACY_VALUE_NOTE);
  });
});

describe("a publisher whose stored number of books reads as no number", () => {
  const admin = adminScreen(screenRoute, "/admin/publisher");
  const PUBLISHER = { id: 1, name: "Penerbit Lama", address: "", about: "", email: "", phone: "", total_books: "± 40 judul", books: [] };
  beforeEach(() => {
    upstream.use(
      http.get(`${UPSTREAM}/publishers`, ({ request }) =>
        HttpResponse.json({ publishers: new URL(request.url).searchParams.get("page") === "1" ? [PUBLISHER] : [] }),
      ),
    );
  });

  it("shows what is stored, not a 0 nobody typed, in its list and its edit form", async () => {
    const { screen } = await admin.load("/admin/publisher?modal=edit&id=1");
    expect(screen.rows[0]?.cells.total_books).toBe("± 40 judul");
    // Spec §5: a number field's text that is no number leaves it empty when typed; shown as stored, it is sent as stored.
    const html = await editFormHtml(publisherScreen as unknown as ScreenDefinition, screen, "1", "/admin/publisher?modal=edit&id=1");
    expect(html).toContain('value="± 40 judul"');
  });

  it("saves an edit of its name with the number sent as stored", async () => {
    await admin.load("/admin/publisher?modal=edit&id=1");
    const writes = recordWrites("put", "/publishers", { status: 200 });
    const form: Array<[string, string]> = [["name", "Penerbit Baru"], ["address", ""], ["about", ""], ["email", ""], ["phone", ""], ["total_books", "± 40 judul"]];
    expect(await admin.edit("1", form)).toMatchObject({ kind: "redirect" });
    expect(writes[0].json).toMatchObject({ id: 1, name: "Penerbit Baru", total_books: "± 40 judul" });
  });
});

describe("an activity whose stored date no writing reads, or the calendar lacks", () => {
  const admin = adminScreen(screenRoute, "/admin/activity");
  const activity = (date: string) => ({ id: 3, date, title: "Pameran arsip", description: "<p>Arsip lama.</p>", file: "" });
  let stored = "c1998";
  beforeEach(() => {
    upstream.use(
      http.get(`${UPSTREAM}/activities`, () => HttpResponse.json({ data: [activity(stored)] })),
      http.get(`${UPSTREAM}/activities/3`, () => HttpResponse.json({ data: activity(stored) })),
    );
  });

  it("opens with the stored text in the field, marked, which the browser lets through as it is (no pattern)", async () => {
    for (stored of ["c1998", "2024-02-30", "2024-02-30T10:00:00Z"]) {
      const { screen } = await admin.load("/admin/activity?modal=edit&id=3");
      expect(screen.editing?.values.date).toBe(stored);
      const html = await editFormHtml(activityScreen as unknown as ScreenDefinition, { ...screen, rows: screen.editing ? [screen.editing] : [] }, "3", "/admin/activity?modal=edit&id=3");
      const input = /<input[^>]*name="date"[^>]*>/.exec(html)?.[0] ?? "";
      expect(input).toContain(`value="${stored}"`);
      expect(input).not.toContain("pattern=");
      expect(html.split(LEGACY_VALUE_NOTE)).toHaveLength(2);
    }
  });

  it("saves an edit of the title alone with the date sent as stored", async () => {
    const writes = recordWrites("put", "/activities", { status: 200 });
    for (stored of ["c1998", "2024-02-30"]) {
      const submitted = await admin.edit("3", [["date", stored], ["title", "Pameran arsip desa"], ["description", "<p>Arsip lama.</p>"], ["file", noFile()]]);
      expect(submitted).toMatchObject({ kind: "redirect" });
    }
    expect(writes.map((write) => write.fields?.find(([name]) => name === "date"))).toEqual([["date", "c1998"], ["date", "2024-02-30"]]);
  });

  it("refuses it changed to another text no writing reads", async () => {
    stored = "c1998";
    const writes = recordWrites("put", "/activities", { status: 200 });
    const submitted = await admin.edit("3", [["date", "c1999"], ["title", "Pameran arsip"], ["description", "<p>Arsip lama.</p>"], ["file", noFile()]]);
    expect(writes).toEqual([]);
    expect(fieldErrors(submitted)).toEqual({ date: [expect.stringContaining("c1999")] });
  });
});
