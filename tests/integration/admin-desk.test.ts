import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { DeskData } from "~/admin-kit/desk";
import { recordChange } from "~/platform/audit.server";
import { clearAllCaches } from "~/platform/cache.server";
import * as deskRoute from "~/routes/admin._index";
import { request } from "../helpers/sessions";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminCookie } from "./admin-screen-support";

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
      { id: "book-missing-cover", text: "Buku: 1 tanpa sampul", href: "/admin/book" },
      { id: "book-missing-file", text: "Buku: 2 tanpa berkas buku", href: "/admin/book" },
      { id: "book-legacy", text: "Buku: 1 dengan nilai lama yang tidak lolos pemeriksaan", href: "/admin/book" },
      { id: "book-duplicates", text: "Buku: 2 kemungkinan data ganda", href: "/admin/book" },
    ]);
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
