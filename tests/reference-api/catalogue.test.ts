import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../../reference-api/db.ts";
import { form, pdfFile, pngFile, testApiForFile, storedFiles, type JsonBody } from "./helpers.ts";

const api = testApiForFile();

const exists = (area: "files" | "covers", name: string): boolean => existsSync(join(api.dataDir, area, name));
const admin = (): { token: string } => ({ token: api.adminToken });

describe("banners", () => {
  it("lists publicly and supports create (optional file), update and delete", async () => {
    const list = await api.call("GET", "/api/banners");
    expect(list.body.data.length).toBeGreaterThanOrEqual(3);
    for (const banner of list.body.data) expect(banner.file).toMatch(/\.png$/);
    const created = await api.call("POST", "/api/banners", { ...admin(), form: form({ title: "Banner Uji" }) });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), title: "Banner Uji", description: "", url: "", file: "" });
    const updated = await api.call("PUT", "/api/banners", {
      ...admin(),
      form: form({ id: String(created.body.data.id), url: "/koleksi", file: pngFile() }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ title: "Banner Uji", url: "/koleksi" });
    const deleted = await api.call("DELETE", `/api/banners/${created.body.data.id}`, admin());
    expect(deleted.status).toBe(200);
    expect(exists("files", updated.body.data.file)).toBe(false);
  });
});

describe.each([
  ["genres", "/api/genres"],
  ["tags", "/api/tags"],
])("%s", (_name, path) => {
  it("lists { data } with paging and does JSON create/update/delete", async () => {
    const list = await api.call("GET", `${path}?page=1&limit=20`, admin());
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(list.body.data[0]).sort()).toEqual(["cover", "id", "name"]);
    const firstOnly = await api.call("GET", `${path}?page=0&limit=1`, admin());
    expect(firstOnly.body.data).toEqual([list.body.data[0]]);

    const created = await api.call("POST", path, { ...admin(), json: { name: "Baru" } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), name: "Baru", cover: "" });
    const updated = await api.call("PUT", path, { ...admin(), json: { id: created.body.data.id, name: "Ubah" } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({ id: created.body.data.id, name: "Ubah", cover: "" });
    const withCover = await api.call("PUT", path, {
      ...admin(),
      json: { id: String(created.body.data.id), cover: "seed-book-1.png" },
    });
    expect(withCover.body.data).toEqual({ id: created.body.data.id, name: "Ubah", cover: "seed-book-1.png" });
    const deleted = await api.call("DELETE", `${path}/${created.body.data.id}`, admin());
    expect(deleted.status).toBe(200);
    expect(exists("covers", "seed-book-1.png")).toBe(true);
    expect((await api.call("DELETE", `${path}/${created.body.data.id}`, admin())).status).toBe(404);
  });

  it("validates name and cover", async () => {
    expect((await api.call("POST", path, { ...admin(), json: {} })).body).toEqual({ error: "Nama wajib diisi" });
    expect((await api.call("POST", path, { ...admin(), json: { name: "" } })).body).toEqual({ error: "Nama wajib diisi" });
    expect((await api.call("POST", path, { ...admin(), json: { name: ["x"] } })).body).toEqual({
      error: "Nama harus berupa teks",
    });
    expect((await api.call("POST", path, { ...admin(), json: { name: "A", cover: "../x.png" } })).body).toEqual({
      error: "Nama berkas sampul tidak valid",
    });
    expect((await api.call("PUT", path, { ...admin(), json: { id: 99999, name: "A" } })).status).toBe(404);
    expect((await api.call("PUT", path, { ...admin(), rawJson: '{"id":1,' })).body).toEqual({
      error: "Format JSON tidak valid",
    });
  });
});

describe("classifications", () => {
  it("lists DDC-style notations and supports create/update/delete", async () => {
    const list = await api.call("GET", "/api/classifications?page=1&limit=20", admin());
    const notations = list.body.data.map((item: JsonBody) => item.notation);
    expect(notations).toEqual(expect.arrayContaining(["000", "297", "899.221"]));
    expect(Object.keys(list.body.data[0]).sort()).toEqual(["general_name", "id", "notation"]);
    const created = await api.call("POST", "/api/classifications", {
      ...admin(),
      json: { notation: "910", general_name: "Geografi" },
    });
    expect(created.status).toBe(201);
    const updated = await api.call("PUT", "/api/classifications", {
      ...admin(),
      json: { id: created.body.data.id, notation: "910.2", general_name: "Geografi Umum" },
    });
    expect(updated.body.data).toEqual({ id: created.body.data.id, notation: "910.2", general_name: "Geografi Umum" });
    expect((await api.call("DELETE", `/api/classifications/${created.body.data.id}`, admin())).status).toBe(200);
  });

  it("refuses to delete a classification still used by books (409)", async () => {
    const reply = await api.call("DELETE", "/api/classifications/1", admin());
    expect(reply.status).toBe(409);
    expect(reply.body.error).toMatch(/^Klasifikasi masih dipakai oleh \d+ buku$/);
  });

  it("requires notation and general name", async () => {
    expect((await api.call("POST", "/api/classifications", { ...admin(), json: { notation: "1" } })).body).toEqual({
      error: "Nama umum wajib diisi",
    });
  });
});

describe("authors", () => {
  it("lists under `author` and supports multipart create/update/delete", async () => {
    const list = await api.call("GET", "/api/authors?page=0&limit=0", admin());
    expect(list.status).toBe(200);
    expect(list.body.author.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(list.body.author[0]).sort()).toEqual(["biography", "id", "name", "photo", "total_books"]);

    const created = await api.call("POST", "/api/authors", {
      ...admin(),
      form: form({ name: "Pengarang Uji", biography: "Bio", total_books: "3", photo: pngFile() }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      name: "Pengarang Uji",
      biography: "Bio",
      photo: expect.stringMatching(/\.png$/),
      total_books: 3,
    });
    const updated = await api.call("PUT", "/api/authors", {
      ...admin(),
      form: form({ id: String(created.body.data.id), name: "Pengarang Ubah" }),
    });
    expect(updated.body.data).toEqual({ ...created.body.data, name: "Pengarang Ubah" });
    expect((await api.call("DELETE", `/api/authors/${created.body.data.id}`, admin())).status).toBe(200);
    expect(exists("files", created.body.data.photo)).toBe(false);
  });

  it("validates total_books and refuses deleting an author with books", async () => {
    const bad = await api.call("POST", "/api/authors", { ...admin(), form: form({ name: "A", total_books: "-2" }) });
    expect(bad.body).toEqual({ error: "Jumlah buku harus berupa bilangan bulat positif" });
    const blocked = await api.call("DELETE", "/api/authors/1", admin());
    expect(blocked.status).toBe(409);
  });
});

describe("publishers", () => {
  it("lists under `publishers` with books and supports JSON create/update/delete", async () => {
    const list = await api.call("GET", "/api/publishers?page=1&limit=20", admin());
    expect(list.status).toBe(200);
    const [first] = list.body.publishers;
    expect(Object.keys(first).sort()).toEqual(["about", "address", "books", "email", "id", "name", "phone", "total_books"]);
    expect(Array.isArray(first.books)).toBe(true);

    const sent = { name: "Penerbit Uji", address: "Jl. A", about: "Tentang", email: "p@example.id", phone: "021-123", books: [] };
    const created = await api.call("POST", "/api/publishers", { ...admin(), json: sent });
    expect(created.status).toBe(201);
    // Stored as sent, with an id and no books yet.
    expect(created.body.data).toEqual({ id: expect.any(Number), ...sent, total_books: 0 });
    const updated = await api.call("PUT", "/api/publishers", {
      ...admin(),
      json: { id: created.body.data.id, name: "Penerbit Ubah", total_books: 12, books: [] },
    });
    expect(updated.body.data).toMatchObject({ name: "Penerbit Ubah", total_books: 12, address: "Jl. A" });
    const cleared = await api.call("PUT", "/api/publishers", {
      ...admin(),
      json: { id: created.body.data.id, address: null, about: "", total_books: null },
    });
    expect(cleared.body.data).toMatchObject({ name: "Penerbit Ubah", address: "", about: "", total_books: 12 });
    expect((await api.call("DELETE", `/api/publishers/${created.body.data.id}`, admin())).status).toBe(200);
  });

  it("validates email, phone and total_books", async () => {
    const email = await api.call("POST", "/api/publishers", { ...admin(), json: { name: "A", email: "x@" } });
    expect(email.body).toEqual({ error: "Format email tidak valid" });
    const phone = await api.call("POST", "/api/publishers", { ...admin(), json: { name: "A", phone: "telepon" } });
    expect(phone.body).toEqual({ error: "Nomor telepon tidak valid" });
    const total = await api.call("PUT", "/api/publishers", { ...admin(), json: { id: 1, total_books: "banyak" } });
    expect(total.body).toEqual({ error: "Jumlah buku harus berupa bilangan bulat positif" });
  });
});

describe("books", () => {
  it("lists under `books` with relations", async () => {
    const reply = await api.call("GET", "/api/books/all?page=1&limit=20", admin());
    expect(reply.status).toBe(200);
    expect(reply.body.books.length).toBeGreaterThanOrEqual(12);
    for (const book of reply.body.books) {
      expect(book).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        synopsis: expect.any(String),
        published_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/),
        isbn_issn: expect.stringMatching(/^978-623-/),
        author_id: book.author.id,
        author: { id: expect.any(Number), name: expect.any(String) },
        publisher_id: book.publisher.id,
        publisher: { id: expect.any(Number), name: expect.any(String) },
        classification_id: book.classification.id,
        classification: { id: expect.any(Number), notation: expect.any(String), general_name: expect.any(String) },
        genres: expect.arrayContaining([{ id: expect.any(Number), name: expect.any(String) }]),
        tags: expect.arrayContaining([{ id: expect.any(Number), name: expect.any(String) }]),
        cover: expect.stringMatching(/\.png$/),
        file: expect.stringMatching(/\.pdf$/),
      });
    }
    const paged = await api.call("GET", "/api/books/all?page=2&limit=5", admin());
    expect(paged.body.books.map((book: JsonBody) => book.id)).toEqual(
      reply.body.books.slice(5, 10).map((book: JsonBody) => book.id),
    );
    expect(paged.body.total).toBe(reply.body.books.length);
  });

  it("creates a book from multipart with genres[] and tags[], patches it and deletes it", async () => {
    const created = await api.call("POST", "/api/books", {
      ...admin(),
      form: form({
        title: "Buku Uji",
        author_id: "1",
        publisher_id: "2",
        published_date: "2024-05-17T00:00:00.000Z",
        isbn_issn: "978-623-0000-00-0",
        classification_id: "3",
        synopsis: "Sinopsis uji",
        "genres[]": ["1", "2"],
        "tags[]": ["3"],
        cover: pngFile("sampul.png"),
        file: pdfFile(),
      }),
    });
    expect(created.status).toBe(201);
    const book = created.body.data;
    expect(book).toMatchObject({
      title: "Buku Uji",
      author_id: 1,
      author: { id: 1 },
      publisher_id: 2,
      classification_id: 3,
      classification: { id: 3 },
      published_date: "2024-05-17T00:00:00.000Z",
      genres: [
        { id: 1, name: expect.any(String) },
        { id: 2, name: expect.any(String) },
      ],
      tags: [{ id: 3, name: expect.any(String) }],
    });
    expect(exists("covers", book.cover)).toBe(true);
    expect(exists("files", book.file)).toBe(true);
    const pdf = await fetch(`${api.url}/files/${book.file}`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const cover = await fetch(`${api.url}/covers/${book.cover}`);
    expect(cover.headers.get("content-type")).toBe("image/png");

    const patched = await api.call("PATCH", `/api/books/${book.id}`, {
      ...admin(),
      form: form({ title: "Buku Ubah", genres: ["4", "4,5"], classification_id: "" }),
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      title: "Buku Ubah",
      cover: book.cover,
      file: book.file,
      tags: book.tags,
      classification_id: null,
      classification: null,
    });
    expect(patched.body.data.genres.map((genre: JsonBody) => genre.id)).toEqual([4, 5]);

    const newCover = await api.call("PATCH", `/api/books/${book.id}`, {
      ...admin(),
      form: form({ cover: pngFile("lain.png", 300), "tags[]": "" }),
    });
    expect(newCover.body.data.tags).toEqual([]);
    expect(newCover.body.data.cover).not.toBe(book.cover);
    expect(exists("covers", book.cover)).toBe(false);

    const deleted = await api.call("DELETE", `/api/books/${book.id}`, admin());
    expect(deleted.status).toBe(200);
    expect(exists("covers", newCover.body.data.cover)).toBe(false);
    expect(exists("files", book.file)).toBe(false);
    expect((await api.call("PATCH", `/api/books/${book.id}`, { ...admin(), form: form({ title: "X" }) })).status).toBe(404);
  });

  it("refuses unknown relations and bad fields with Indonesian errors, leaving no files", async () => {
    const base = { title: "Buku", author_id: "1", publisher_id: "1", published_date: "2024-01-01" };
    const cases: Array<[Record<string, string | string[]>, string]> = [
      [{ ...base, author_id: "999" }, "Pengarang dengan ID 999 tidak ditemukan"],
      [{ ...base, publisher_id: "999" }, "Penerbit dengan ID 999 tidak ditemukan"],
      [{ ...base, classification_id: "999" }, "Klasifikasi dengan ID 999 tidak ditemukan"],
      [{ ...base, "genres[]": ["1", "999"] }, "Genre dengan ID 999 tidak ditemukan"],
      [{ ...base, "tags[]": ["abc"] }, "Tag tidak valid"],
      [{ ...base, author_id: "" }, "Pengarang wajib dipilih"],
      [{ ...base, title: "" }, "Judul wajib diisi"],
      [{ ...base, published_date: "17/05/2024" }, "Format tanggal tidak valid"],
      [{ ...base, isbn_issn: "ISBN?" }, "Format ISBN/ISSN tidak valid"],
    ];
    const coversBefore = await storedFiles(api.dataDir, "covers");
    const filesBefore = await storedFiles(api.dataDir, "files");
    const countBefore = (await api.call("GET", "/api/books/all", admin())).body.total;
    for (const [fields, error] of cases) {
      const reply = await api.call("POST", "/api/books", {
        ...admin(),
        form: form({ ...fields, cover: pngFile(), file: pdfFile() }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error });
    }
    expect(await storedFiles(api.dataDir, "covers")).toEqual(coversBefore);
    expect(await storedFiles(api.dataDir, "files")).toEqual(filesBefore);
    expect((await api.call("GET", "/api/books/all", admin())).body.total).toBe(countBefore);
  });

  it("checks the book file and cover by content", async () => {
    const base = { title: "Buku", author_id: "1", publisher_id: "1", published_date: "2024-01-01" };
    const pngAsBook = await api.call("POST", "/api/books", { ...admin(), form: form({ ...base, file: pngFile("a.pdf") }) });
    expect(pngAsBook.body).toEqual({ error: "Berkas buku harus berformat PDF atau EPUB" });
    const pdfAsCover = await api.call("POST", "/api/books", { ...admin(), form: form({ ...base, cover: pdfFile("a.png") }) });
    expect(pdfAsCover.body).toEqual({ error: "Berkas gambar harus berformat JPEG, PNG, WebP, atau GIF" });
  });
});

describe("videos", () => {
  it("lists with absolute links and supports JSON create/update/delete", async () => {
    const list = await api.call("GET", "/api/videos?page=1&limit=20", admin());
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);
    for (const video of list.body.data) {
      expect(Object.keys(video).sort()).toEqual(["background", "description", "id", "link", "thumbnail", "title", "watched"]);
      expect(video.link.startsWith(`${api.url}/files/`)).toBe(true);
      const file = await fetch(video.link);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("video/mp4");
      expect((await fetch(video.thumbnail)).headers.get("content-type")).toBe("image/png");
    }
    const sent = {
      title: "Video Uji",
      description: "Deskripsi",
      link: "https://cdn.example.org/v.mp4",
      thumbnail: "https://cdn.example.org/t.png",
      background: "",
      watched: 0,
    };
    const created = await api.call("POST", "/api/videos", { ...admin(), json: sent });
    expect(created.status).toBe(201);
    // Stored as sent (absolute links kept as they are), with an id.
    expect(created.body.data).toEqual({ id: expect.any(Number), ...sent });
    const updated = await api.call("PUT", "/api/videos", {
      ...admin(),
      json: { id: created.body.data.id, title: "Video Ubah", watched: "15" },
    });
    expect(updated.body.data).toMatchObject({ title: "Video Ubah", watched: 15, link: "https://cdn.example.org/v.mp4" });
    expect((await api.call("DELETE", `/api/videos/${created.body.data.id}`, admin())).status).toBe(200);
  });

  it("stores an address on itself sent back as it was given as its path, so that it holds when the server's port changes", async () => {
    const [seeded] = (await api.call("GET", "/api/videos?page=1&limit=20", admin())).body.data as Array<{ id: number; title: string; link: string; thumbnail: string }>;
    // An edit of the title alone sends every address back as the list gave it.
    const updated = await api.call("PUT", "/api/videos", { ...admin(), json: { ...seeded, title: "Video Judul Baru" } });
    expect(updated.body.data).toMatchObject({ title: "Video Judul Baru", link: seeded.link });
    const db = new Database(join(api.dataDir, DATABASE_FILE), { readonly: true });
    try {
      const stored = db.prepare("SELECT link, thumbnail FROM videos WHERE id = ?").get(seeded.id) as { link: string; thumbnail: string };
      expect(stored.link).toBe(seeded.link.slice(api.url.length));
      expect(stored.link.startsWith("/files/")).toBe(true);
      expect(stored.thumbnail).toBe(seeded.thumbnail.slice(api.url.length));
    } finally {
      db.close();
    }
  });

  it("validates link and watched", async () => {
    expect((await api.call("POST", "/api/videos", { ...admin(), json: { title: "A" } })).body).toEqual({
      error: "Tautan video wajib diisi",
    });
    expect((await api.call("POST", "/api/videos", { ...admin(), json: { title: "A", link: "ftp://x" } })).body).toEqual({
      error: "Tautan video tidak valid",
    });
    expect(
      (await api.call("POST", "/api/videos", { ...admin(), json: { title: "A", link: "/files/x.mp4", watched: -1 } })).body,
    ).toEqual({ error: "Jumlah tontonan harus berupa bilangan bulat positif" });
  });
});

describe("library panel", () => {
  const path = "/api/bibliographies/admin/library";

  it("lists libraries with boolean active, some active and some not", async () => {
    const reply = await api.call("GET", path, admin());
    expect(reply.status).toBe(200);
    const actives = reply.body.data.map((library: JsonBody) => library.active);
    expect(actives).toContain(true);
    expect(actives).toContain(false);
    expect(Object.keys(reply.body.data[0]).sort()).toEqual(["about", "active", "address", "id", "name", "phone_number"]);
  });

  it("toggles active with a full-record PUT, creates (extension) and deletes via /company/{id}", async () => {
    const [first] = (await api.call("GET", path, admin())).body.data;
    const toggled = await api.call("PUT", path, { ...admin(), json: { ...first, active: !first.active } });
    expect(toggled.status).toBe(200);
    expect(toggled.body.data).toEqual({ ...first, active: !first.active });

    const created = await api.call("POST", path, {
      ...admin(),
      json: { name: "Perpustakaan Uji", address: "Jl. B", phone_number: "0812-1", about: "Uji", active: false },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: "Perpustakaan Uji", active: false });
    const deleted = await api.call("DELETE", `/api/company/${created.body.data.id}`, admin());
    expect(deleted.status).toBe(200);
    expect((await api.call("DELETE", `/api/company/${created.body.data.id}`, admin())).status).toBe(404);
  });

  it("rejects a non-boolean active", async () => {
    const reply = await api.call("PUT", path, { ...admin(), json: { id: 1, name: "A", active: "mungkin" } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: "Status aktif harus bernilai true atau false" });
  });
});
