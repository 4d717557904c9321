import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import * as optionsRoute from "~/routes/admin.options.$list";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { request } from "../helpers/sessions";
import { servePagedList } from "./admin-catalogue-support";
import { adminCookie } from "./admin-screen-support";

/**
 * `/admin/options/<list>?q=`: the pickers' choices, searched as the admin types, 20 at most,
 * from the list screen's copy: never the whole list.
 */

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
});

interface Answer {
  status: number;
  body: { options?: Array<{ value: string; label: string }>; total?: number; error?: string };
}

async function options(list: string, q = ""): Promise<Answer> {
  const result = (await optionsRoute.loader({
    request: request(`/admin/options/${list}${q ? `?q=${encodeURIComponent(q)}` : ""}`, { cookie }),
    params: { list },
    context: { clientIp: "127.0.0.1" },
  })) as unknown;
  // A resource route answers Responses: under single fetch Remix drops a data()'s status (a 404 went out as 200).
  if (!(result instanceof Response)) throw new Error("the options route answered data(), not a Response");
  return { status: result.status, body: (await result.json()) as Answer["body"] };
}

const author = (id: number) => ({ id, name: `Pengarang ${id}`, biography: "Penulis sejarah daerah", photo: "", total_books: 0 });

describe("the pickers' choices", () => {
  it("5,000 authors: the first 20 in name order, and one found by its name's words", async () => {
    servePagedList("/authors", "author", 5_000, author);
    const first = await options("author");
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(5_000);
    expect(first.body.options).toHaveLength(20);
    expect(first.body.options?.slice(0, 3)).toEqual([
      { value: "1", label: "Pengarang 1", detail: "0 buku · Penulis sejarah daerah" },
      { value: "2", label: "Pengarang 2", detail: "0 buku · Penulis sejarah daerah" },
      { value: "3", label: "Pengarang 3", detail: "0 buku · Penulis sejarah daerah" },
    ]);
    const found = await options("author", "PENGARANG 4321");
    expect(found.body).toEqual({ options: [{ value: "4321", label: "Pengarang 4321", detail: "0 buku · Penulis sejarah daerah" }], total: 1 });
  });

  it("finds a name typed with its titles or degrees, or surname first, as the duplicate check compares names", async () => {
    const names = ["Ratna Tanjung", "Dr. Ratna Tanjung, M.Pd.", "Budi Santoso"];
    servePagedList("/authors", "author", names.length, (id) => ({ ...author(id), name: names[id - 1] }));
    for (const typed of ["Dr. Ratna Tanjung", "Prof. Ratna Tanjung, S.Pd.", "Tanjung, Ratna"]) {
      const found = await options("author", typed);
      expect(found.body.options?.map((option) => option.label), typed).toEqual(["Dr. Ratna Tanjung, M.Pd.", "Ratna Tanjung"]);
    }
  });

  it("tells look-alike options apart: an author's books and the first words of the biography, a publisher's address", async () => {
    const authors = [
      { id: 1, name: "Fitri Sutrisno", biography: "Guru bahasa di Kudus yang menulis cerita anak sejak tahun 1998 untuk majalah sekolah.", photo: "", total_books: 12 },
      { id: 2, name: "Fitri Sutrisno, M.Hum.", biography: "", photo: "", total_books: 1 },
    ];
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.json({ author: authors })));
    expect((await options("author", "fitri sutrisno")).body.options).toEqual([
      { value: "1", label: "Fitri Sutrisno", detail: "12 buku · Guru bahasa di Kudus yang menulis cerita…" },
      { value: "2", label: "Fitri Sutrisno, M.Hum.", detail: "1 buku" },
    ]);
    const publishers = [
      { id: 3, name: "Penerbit Lembah", address: "Jl. Merdeka No. 5, Kudus, Jawa Tengah 59312", about: "", email: "", phone: "", total_books: 0, books: [] },
      { id: 4, name: "Penerbit Lembah", address: "", about: "", email: "", phone: "", total_books: 0, books: [] },
    ];
    upstream.use(http.get(`${UPSTREAM}/publishers`, () => HttpResponse.json({ publishers })));
    // Equal labels keep the list's order, newest first.
    expect((await options("publisher", "lembah")).body.options).toEqual([
      { value: "4", label: "Penerbit Lembah" },
      { value: "3", label: "Penerbit Lembah", detail: "Jl. Merdeka No. 5, Kudus, Jawa Tengah…" },
    ]);
  });

  it("counts a genre's and a tag's books in the book list, any writing of the name", async () => {
    const genres = [
      { id: 1, name: "Sejarah", cover: "" },
      { id: 2, name: "Sejarah Lokal", cover: "" },
      { id: 3, name: "Puisi", cover: "" },
    ];
    const tags = [{ id: 7, name: "Arsip", cover: "" }];
    upstream.use(
      http.get(`${UPSTREAM}/genres`, () => HttpResponse.json({ data: genres })),
      http.get(`${UPSTREAM}/tags`, () => HttpResponse.json({ data: tags })),
    );
    // Legacy writings count as the one genre they are; a book counts once however often it names it.
    const book = (id: number, genreNames: string[], tagNames: string[]) => ({
      id,
      title: `Buku ${id}`,
      author: { name: "A" },
      publisher: { name: "P" },
      synopsis: "",
      published_date: "2020-01-01",
      isbn_issn: "",
      genres: genreNames.map((name) => ({ name })),
      tags: tagNames.map((name) => ({ name })),
      classification_id: null,
      cover: "",
      file: "",
    });
    servePagedList("/books/all", "books", 4, (id) =>
      [book(1, ["Sejarah"], ["Arsip"]), book(2, ["SEJARAH ", "Sejarah"], []), book(3, ["Séjarah", "Sejarah Lokal"], ["arsip"]), book(4, [], [])][id - 1],
    );
    expect((await options("genre", "sejarah")).body.options).toEqual([
      { value: "1", label: "Sejarah", detail: "3 buku" },
      { value: "2", label: "Sejarah Lokal", detail: "1 buku" },
    ]);
    expect((await options("genre", "puisi")).body.options).toEqual([{ value: "3", label: "Puisi", detail: "0 buku" }]);
    expect((await options("tag")).body.options).toEqual([{ value: "7", label: "Arsip", detail: "2 buku" }]);
  });

  it("offers a genre without its count when the book list cannot be read", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/genres`, () => HttpResponse.json({ data: [{ id: 1, name: "Sejarah", cover: "" }] })),
      http.get(`${UPSTREAM}/books/all`, () => HttpResponse.json({ error: "rusak" }, { status: 500 })),
    );
    expect(await options("genre")).toEqual({ status: 200, body: { options: [{ value: "1", label: "Sejarah" }], total: 1 } });
  });

  it("matches the label only: an author is not found by a word of their biography", async () => {
    servePagedList("/authors", "author", 30, author);
    expect((await options("author", "sejarah")).body).toEqual({ options: [], total: 0 });
  });

  it("labels a classification by its notation and name, searched by either", async () => {
    servePagedList("/classifications", "data", 3, (id) => ({ id, notation: `${id}00`, general_name: ["Karya Umum", "Filsafat", "Agama"][id - 1] }));
    expect((await options("classification", "filsafat")).body.options).toEqual([{ value: "2", label: "200 Filsafat" }]);
    expect((await options("classification", "3")).body.options).toEqual([{ value: "3", label: "300 Agama" }]);
  });

  it("knows no other list (nor a name of Object's own), and says so when the upstream cannot answer", async () => {
    for (const list of ["book", "constructor", "__proto__", "toString"]) {
      const answer = await options(list);
      expect(answer.status, list).toBe(404);
      expect(answer.body.error).toBe("Daftar pilihan tidak dikenal.");
    }
    upstream.use(http.get(`${UPSTREAM}/publishers`, () => HttpResponse.json({ error: "rusak" }, { status: 500 })));
    expect(await options("publisher", "x")).toEqual({ status: 503, body: { error: "Gagal mendapatkan data!" } });
  });
});
