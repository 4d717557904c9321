import { describe, expect, it } from "vitest";
import { CLEAR_FIELD, encodeUnresolved, UNRESOLVED_FIELD } from "~/admin-kit/relations";
import { checkValues, openSave, settledValues, unchangedFields, withUnchanged, type Submitted } from "~/admin-kit/server/screen/save.server";
import { defaultBody, jsonBody, multipartEntries } from "~/admin-kit/server/screen/write.server";
import type { AdminContext } from "~/platform/auth.server";
import { IncomingForm } from "~/platform/multipart.server";
import { SERVER_HALVES } from "~/resources/resources.server";

/**
 * The save's steps (app/admin-kit/server/screen/save.server.ts, write.server.ts), each alone: the
 * save opened for the screen's write, the form's rules with a legacy value left as stored, the
 * values settled as they will be stored, the fields a partial update leaves out, and the bodies
 * a write sends. tests/integration/admin-*.test.ts run them together against the upstream.
 */

const admin = { api: { call: async () => [], fetch: async () => new Response() } } as unknown as AdminContext;
const request = new Request("http://localhost/admin/book?modal=edit&id=5");

function submitted(intent: "create" | "update", fields: Array<[string, string]>): Submitted {
  return { intent, id: intent === "update" ? "5" : undefined, fields, form: IncomingForm.open(new Request("http://x", { method: "POST", body: new FormData() })), firstFile: undefined, rules: {} };
}

const BOOK: Array<[string, string]> = [
  ["title", "Babad Tanah Jawi"],
  ["synopsis", "Sejarah"],
  ["published_date", "2020-01-01"],
  ["isbn_issn", "978-623-7001-01-2"],
  ["author_id", "1"],
  ["publisher_id", "2"],
  ["classification_id", "3"],
  ["genres", "4"],
  ["genres", "5"],
];

describe("opening a save", () => {
  it("has the screen's call and messages, and none for a write the screen does not have", () => {
    const save = openSave(admin, request, SERVER_HALVES.books, submitted("update", BOOK));
    expect(save).toMatchObject({ recordId: "5", failure: "Terjadi kesalahan saat mengedit buku!", success: "Berhasil mengubah data!" });
    expect(openSave(admin, request, SERVER_HALVES.histories, submitted("create", [["title", "X"]])), "histories are edited only").toBeUndefined();
  });
});

describe("checking the values", () => {
  const publisher = (email: string) => openSave(admin, request, SERVER_HALVES.publishers, submitted("update", [["name", "Penerbit"], ["email", email]]))!;
  const stored = { values: { name: "Penerbit", email: "redaksi(at)lama" }, label: "Penerbit" };

  it("refuses a value today's rule refuses", () => {
    expect(checkValues(publisher("bukan email"), stored)).toHaveProperty("refusal.error.email");
  });

  it("lets a stored value that fails today's rule stand while the admin leaves it as stored", () => {
    const checked = checkValues(publisher("redaksi(at)lama"), stored);
    expect(checked).toMatchObject({ values: { email: "redaksi(at)lama" }, legacy: { email: "redaksi(at)lama" } });
    expect(checkValues(publisher("redaksi(at)lama"), undefined), "a new record keeps nothing").toHaveProperty("refusal");
  });
});

describe("settling the values", () => {
  it("cleans rich text, sends a relation cleared on purpose empty, and leaves out one the form could not show", () => {
    const fields: Array<[string, string]> = [...BOOK, [CLEAR_FIELD, "classification_id"], [UNRESOLVED_FIELD, encodeUnresolved({ genres: { shown: ["4", "5"], missing: ["Sejarah lama"] } })]];
    const save = openSave(admin, request, SERVER_HALVES.books, submitted("update", fields))!;
    const { values, omitted } = settledValues(save, { values: { title: "T", classification_id: "3", genres: ["4", "5"] } }, undefined);
    expect(values).toEqual({ title: "T", classification_id: undefined });
    expect([...omitted]).toEqual(["genres"]);
    const about = openSave(admin, request, SERVER_HALVES.abouts, submitted("update", []))!;
    expect(settledValues(about, { values: { description: "<p>a&nbsp;b<script>x</script></p>" } }, undefined).values.description).toBe("<p>a b</p>");
  });

  it("keeps a legacy rich text exactly as stored", () => {
    const about = openSave(admin, request, SERVER_HALVES.abouts, submitted("update", []))!;
    const kept = "<p>a&nbsp;b</p>";
    expect(settledValues(about, { values: { description: kept } }, { values: { description: kept }, label: "Tentang" }).values.description).toBe(kept);
  });

  it("sends rich text the edit leaves as stored exactly as stored: an older editor's styles, pictures and videos stay", () => {
    const about = openSave(admin, request, SERVER_HALVES.abouts, submitted("update", []))!;
    const stored =
      '<div style="text-align:center"><p>Foto:</p>\n<p><img src="data:image/png;base64,iVBORw0KGgo="></p>' +
      '<p><span style="font-size:18px">Teks besar</span> &ndash; 2019</p><iframe class="ql-video" src="https://www.youtube.com/embed/x"></iframe></div>';
    const before = { values: { description: stored }, label: "Tentang" };
    // As the edit form sends it back untouched, and as a form without JavaScript does (its textarea's CRLF).
    for (const sent of [stored, stored.replace(/\n/g, "\r\n")]) {
      expect(settledValues(about, { values: { description: sent } }, before).values.description).toBe(stored);
    }
    // Changed by the admin: cleaned.
    const changed = settledValues(about, { values: { description: `${stored}<p>Baru<script>x</script></p>` } }, before).values.description as string;
    expect(changed).toContain("<p>Baru</p>");
    expect(changed).not.toContain("script");
  });
});

describe("what a partial update leaves out", () => {
  it("every field left as stored, compared as a save stores them (lists in any order), files never", () => {
    const { definition } = SERVER_HALVES.books;
    const before = { values: { title: "Judul", isbn_issn: "9786237001012", genres: ["5", "4"] }, label: "Judul" };
    const unchanged = unchangedFields(definition, before, { title: "Judul baru", isbn_issn: "9786237001012", genres: ["4", "5"], cover: undefined });
    expect(["title", "isbn_issn", "genres", "cover"].filter((field) => unchanged.has(field))).toEqual(["isbn_issn", "genres"]);
    // Stored in another writing, the ISBN is the one its rule stores: left as it is, it is not a change.
    const dashed = { values: { isbn_issn: "978-623-7001-01-0" }, label: "Judul" };
    expect(unchangedFields(definition, dashed, { isbn_issn: "9786237001010" }).has("isbn_issn"), "an ISBN in another writing").toBe(true);
    expect(unchangedFields(definition, dashed, { isbn_issn: "9786237001027" }).has("isbn_issn"), "another ISBN").toBe(false);
    expect(unchangedFields(definition, undefined, { title: "Judul" }), "a new record").toEqual(new Set());
    const save = openSave(admin, request, SERVER_HALVES.books, submitted("update", [[CLEAR_FIELD, "genres"]]))!;
    expect([...withUnchanged(save, new Set(["tags"]), new Set(["isbn_issn", "genres"]))].sort(), "a field cleared on purpose is sent").toEqual(["isbn_issn", "tags"]);
    const put = openSave(admin, request, SERVER_HALVES.publishers, submitted("update", []))!;
    expect([...withUnchanged(put, new Set(), new Set(["name"]))], "a PUT sends the whole record").toEqual([]);
  });
});

describe("the bodies a write sends", () => {
  const definition = SERVER_HALVES.publishers.definition;
  it("every field of the schema after the id, not those left as stored, nor an update-only one on create", () => {
    const values = { name: "P", address: undefined, about: "A", email: "e@x.id", phone: "", total_books: 3 };
    expect(defaultBody(definition, values, { api: admin.api, id: "7", omitted: new Set(["about"]) })).toEqual({ id: "7", name: "P", address: undefined, email: "e@x.id", phone: "", total_books: 3 });
    expect(Object.keys(defaultBody(definition, values, { api: admin.api, id: undefined, omitted: new Set() }))).not.toContain("total_books");
  });

  it("an emptied field as text in multipart, as \"\" in JSON but null for a number", () => {
    expect(multipartEntries({ a: undefined, b: null, c: 2, d: ["x", "y"] })).toEqual([["a", ""], ["b", ""], ["c", "2"], ["d", "x"], ["d", "y"]]);
    expect(jsonBody({ name: undefined, total_books: undefined, books: [] }, definition.fields)).toEqual({ name: "", total_books: null, books: [] });
  });
});
