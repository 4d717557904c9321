import { http, HttpResponse, type JsonBodyType } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as route from "~/routes/admin-screen";
import { epubBytes } from "../helpers/book-files";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminScreen, fakeImage, fieldErrors, imageFile, noFile, recordAllRequests, recordWrites, uploadedPng } from "./admin-screen-support";

/** /admin/book against a mocked upstream: the list and its pickers' lists, and exactly what each write sends. */

const SYNOPSIS = "Kisah para penjaga arsip desa yang menyelamatkan naskah-naskah tua dari banjir besar.";
const BOOKS = [
  {
    id: 5,
    title: "Penjaga Arsip",
    synopsis: SYNOPSIS,
    published_date: "2021-03-14T00:00:00.000Z",
    isbn_issn: "9786237001010",
    author_id: 2,
    author: { id: 2, name: "Sari Wulandari" },
    publisher_id: 3,
    publisher: { id: 3, name: "Penerbit Lembah" },
    classification_id: 4,
    genres: [
      { id: 1, name: "Sejarah" },
      { id: 6, name: "Fiksi" },
    ],
    tags: [{ id: 9, name: "Lokal" }],
    cover: "sampul-5.png",
    file: "buku-5.pdf",
  },
  // The spec's own shape: relations by name only, some fields missing.
  { id: 6, title: "Tanpa Relasi", author: { name: "Anonim" }, publisher: null, genres: null },
];

const LOOKUP_BODIES: Record<string, JsonBodyType> = {
  "/authors": { author: [{ id: 2, name: "Sari Wulandari" }, { id: 1, name: "Ahmad Fauzi" }] },
  "/publishers": { publishers: [{ id: 3, name: "Penerbit Lembah", books: [] }] },
  "/classifications": { data: [{ id: 4, notation: "900", general_name: "Sejarah dan Geografi" }, { id: 7, notation: "100", general_name: "Filsafat" }] },
  "/genres": { data: [{ id: 1, name: "Sejarah" }, { id: 6, name: "Fiksi" }] },
  "/tags": { data: [{ id: 9, name: "Lokal" }] },
};

function serveLookups(overrides: Record<string, () => Response> = {}) {
  for (const [path, body] of Object.entries(LOOKUP_BODIES)) {
    upstream.use(http.get(`${UPSTREAM}${path}`, () => overrides[path]?.() ?? HttpResponse.json(body)));
  }
}

const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
function pdfFile(name = "buku.pdf") {
  return new File([PDF_BYTES], name, { type: "application/pdf" });
}
/** A whole EPUB: a zip whose first entry is the stored file "mimetype", as EPUB requires, and whose end is there. */
function epubFile(name = "buku.epub") {
  return new File([new Uint8Array(epubBytes())], name, { type: "application/epub+zip" });
}

const admin = adminScreen(route, "/admin/book");
beforeEach(async () => {
  upstream.use(http.get(`${UPSTREAM}/books/all`, () => HttpResponse.json({ books: BOOKS, total: 2 })));
  serveLookups();
});

/** A new book: neither its title with its author nor its ISBN is a stored one's (that would be a likely duplicate, sent back first). */
const VALID: Array<[string, string]> = [
  ["title", "Penjaga Arsip Jilid 2"],
  ["synopsis", SYNOPSIS],
  ["published_date", "2021-03-14"],
  ["isbn_issn", "978-623-7001-02-7"],
  ["author_id", "2"],
  ["publisher_id", "3"],
  ["classification_id", "4"],
  ["genres", "1"],
  ["genres", "6"],
  ["tags", "9"],
];

/** Book 5's values as stored, as its edit form sends them back. */
const AS_STORED: Array<[string, string]> = VALID.map(([name, value]) =>
  name === "title" ? [name, "Penjaga Arsip"] : name === "isbn_issn" ? [name, "978-623-7001-01-0"] : [name, value],
);

describe("book list", () => {
  it("reads { books } whole, shown 20 per page: author and publisher names, synopsis cut to 50 characters, cover through /covers or typeset", async () => {
    const calls = recordAllRequests();
    const { screen } = await admin.load("/admin/book");
    expect(screen.alerts).toEqual([]);
    // Newest first: the highest id on top.
    expect(screen.rows.map((row) => row.id)).toEqual(["6", "5"]);
    expect(screen.rows[1]).toMatchObject({
      id: "5",
      cells: {
        title: "Penjaga Arsip",
        author: "Sari Wulandari",
        publisher: "Penerbit Lembah",
        synopsis: `${SYNOPSIS.slice(0, 50)}...`,
        published_date: "14-03-2021",
        isbn_issn: "9786237001010",
        genres: "Sejarah, Fiksi",
        cover: "/covers/sampul-5.png",
      },
      values: { published_date: "2021-03-14" },
      relations: {
        author_id: [{ id: "2", name: "Sari Wulandari" }],
        publisher_id: [{ id: "3", name: "Penerbit Lembah" }],
        classification_id: [{ id: "4" }],
        genres: [
          { id: "1", name: "Sejarah" },
          { id: "6", name: "Fiksi" },
        ],
        tags: [{ id: "9", name: "Lokal" }],
      },
      files: { cover: "/covers/sampul-5.png", file: "/files/buku-5.pdf" },
    });
    // A book without a cover shows one typeset from its title and author.
    expect(screen.rows[0].cells).toMatchObject({ title: "Tanpa Relasi", author: "Anonim", publisher: "", genres: "", cover: "/cover-placeholder.svg?judul=Tanpa+Relasi&pengarang=Anonim&v=1" });
    expect(screen.paging).toEqual({ page: 1, hasMore: false, pageCount: 1, perPage: 20, view: "" });
    // The list is read (this upstream answers every page alike: pages 0 and 1 may be one first
    // page, the repeat at 2 ends it), and beside it the classifications, which name the
    // classification filter's values (ids on a book); the pickers' other four lists wait until the form is opened.
    const read = (list: string) => [0, 1, 2].map((page) => `GET /api/${list}?page=${page}&limit=100`);
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([...read("books/all"), ...read("classifications")].sort());
    calls.length = 0;
    await admin.load("/admin/book?modal=add");
    // The lists are the BFF's copies now: opening the form reads only its other pickers' lists, in
    // pages, into copies of their own (never `limit=0`, the whole list in one answer).
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual(["authors", "publishers", "genres", "tags"].flatMap(read).sort());
  });

  it("offers the first of each picker's list in label order, and how many there are", async () => {
    const { screen } = await admin.load("/admin/book?modal=add");
    expect(screen.choices?.total).toEqual({ author_id: 2, publisher_id: 1, classification_id: 2, genres: 2, tags: 1 });
    expect(screen.choices?.offered).toEqual({
      // An author is told from a look-alike by their books (none stored here) and biography.
      author_id: [
        { value: "1", label: "Ahmad Fauzi", detail: "0 buku" },
        { value: "2", label: "Sari Wulandari", detail: "0 buku" },
      ],
      publisher_id: [{ value: "3", label: "Penerbit Lembah" }],
      classification_id: [
        { value: "7", label: "100 Filsafat" },
        { value: "4", label: "900 Sejarah dan Geografi" },
      ],
      // A genre and a tag by their books in the book list.
      genres: [
        { value: "6", label: "Fiksi", detail: "1 buku" },
        { value: "1", label: "Sejarah", detail: "1 buku" },
      ],
      tags: [{ value: "9", label: "Lokal", detail: "1 buku" }],
    });
  });

  it("asks for the list and all five pickers' lists at once, never one after another", async () => {
    let arrived = 0;
    let gaveUp = 0;
    let allArrived: () => void = () => {};
    const together = new Promise<"together">((resolve) => (allArrived = () => resolve("together")));
    const held = (body: JsonBodyType) => async () => {
      arrived += 1;
      if (arrived === 6) allArrived();
      // Each answer waits for all six requests: a waterfall would never get past the first, and
      // its answers would come only when the wait gives up (counted, not timed: the machine may be busy).
      const giveUp = new Promise<"gave up">((resolve) => setTimeout(() => resolve("gave up"), 3_000).unref());
      if ((await Promise.race([together, giveUp])) === "gave up") gaveUp += 1;
      return HttpResponse.json(body);
    };
    upstream.use(http.get(`${UPSTREAM}/books/all`, held({ books: BOOKS })));
    for (const [path, body] of Object.entries(LOOKUP_BODIES)) upstream.use(http.get(`${UPSTREAM}${path}`, held(body)));
    const { screen } = await admin.load("/admin/book?modal=add");
    // Pages 0 and 1 of the book list and of the five lists together; then their pages 2.
    expect(arrived).toBe(18);
    expect(gaveUp).toBe(0);
    expect(screen.rows).toHaveLength(2);
  });

  it("says 'Gagal mendapatkan data!' when the list cannot be loaded", async () => {
    upstream.use(http.get(`${UPSTREAM}/books/all`, () => HttpResponse.json({ error: "rusak" }, { status: 500 })));
    const { screen } = await admin.load("/admin/book");
    expect(screen.rows).toEqual([]);
    expect(screen.alerts.map(({ message }) => message)).toEqual(["Gagal mendapatkan data!"]);
  });

  it("names each list that failed to load with the spec's text (its spelling included), or the upstream's own error", async () => {
    const failed = () => new HttpResponse(null, { status: 500 });
    serveLookups({ "/authors": failed, "/publishers": failed, "/classifications": failed, "/genres": failed, "/tags": failed });
    let { screen } = await admin.load("/admin/book?modal=add");
    expect(screen.rows).toHaveLength(2);
    expect(screen.alerts.map(({ type, message }) => `${type}: ${message}`)).toEqual([
      "error: Terjadi kesalahan saat mengambil data pengarang!",
      "error: Terjadi kesalahan saat mengambil data penerbit!",
      "error: Terjadi kesalahan saat mengambil data kasifikasi!",
      "error: Terjadi kesalahan saat mengambil data genre!",
      "error: Terjadi kesalahan saat mengambil data tag!",
    ]);
    expect(screen.choices?.offered.author_id).toEqual([]);

    serveLookups({ "/tags": () => HttpResponse.json({ error: "Layanan tag sedang pemeliharaan" }, { status: 503 }) });
    ({ screen } = await admin.load("/admin/book?modal=add"));
    expect(screen.alerts.map(({ message }) => message)).toEqual(["Layanan tag sedang pemeliharaan"]);
    expect(screen.choices?.offered.genres).toHaveLength(2);
  });
});

describe("adding a book", () => {
  it("streams POST /books multipart: fields in spec order, repeated genres[] and tags[], the ISBN normalised, cover and PDF", async () => {
    const writes = recordWrites("post", "/books", { status: 201, body: { data: { id: 11 } } });
    const submitted = await admin.add([...VALID, ["cover", imageFile("sampul.png")], ["file", pdfFile("penjaga.pdf")]]);
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/book" });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: "POST", path: "/api/books", authorization: "Bearer token-role-3" });
    expect(writes[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(writes[0].fields).toEqual([
      ["title", "Penjaga Arsip Jilid 2"],
      ["author_id", "2"],
      ["publisher_id", "3"],
      ["published_date", "2021-03-14T00:00:00.000Z"],
      ["isbn_issn", "9786237001027"],
      ["classification_id", "4"],
      ["synopsis", SYNOPSIS],
      ["genres[]", "1"],
      ["genres[]", "6"],
      ["tags[]", "9"],
      ["cover", uploadedPng("sampul.png")],
      ["file", { filename: "penjaga.pdf", type: "application/pdf", size: PDF_BYTES.length, head: [...PDF_BYTES.subarray(0, 8)] }],
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menambahkan data!" }]);
  });

  it("takes an EPUB, no classification and no genres or tags (none are sent)", async () => {
    const writes = recordWrites("post", "/books", { status: 201 });
    await admin.add([
      ["title", "Buku Digital"],
      ["published_date", "2020-01-02"],
      ["author_id", "1"],
      ["publisher_id", "3"],
      ["classification_id", ""],
      ["cover", noFile()],
      ["file", epubFile()],
    ]);
    expect(writes[0].fields?.map(([name, value]) => (typeof value === "string" ? `${name}=${value}` : `${name}:${value.type}`))).toEqual([
      "title=Buku Digital",
      "author_id=1",
      "publisher_id=3",
      "published_date=2020-01-02T00:00:00.000Z",
      "isbn_issn=",
      "synopsis=",
      "file:application/epub+zip",
    ]);
  });

  it("refuses a wrong ISBN check digit and an unchosen author next to their fields, sending nothing", async () => {
    // The form was open: its pickers' lists are the BFF's copies, and a refusal reads nothing.
    await admin.load("/admin/book?modal=add");
    const submitted = await admin.refuses("/admin/book?modal=add", [
      ["intent", "create"],
      ["title", "Salah"],
      ["published_date", "2021-03-14"],
      ["isbn_issn", "978-623-7001-01-5"],
      ["author_id", ""],
      ["publisher_id", "3"],
    ]);
    expect(submitted).toMatchObject({ kind: "data", status: 400 });
    expect(fieldErrors(submitted)).toEqual({
      isbn_issn: ["Nomor ISBN/ISSN tidak valid: digit pemeriksanya tidak cocok, periksa kembali nomornya"],
      author_id: ["Pengarang wajib dipilih"],
    });
  });

  it("refuses a book file that is not a PDF or EPUB by its bytes, and a fake cover, before calling the upstream", async () => {
    await admin.load("/admin/book?modal=add");
    const calls = recordAllRequests();
    let submitted = await admin.add([...VALID, ["file", new File(["<html>bukan pdf</html>"], "buku.pdf", { type: "application/pdf" })]]);
    expect(fieldErrors(submitted)).toEqual({ file: ["Berkas buku harus berupa PDF atau EPUB"] });
    submitted = await admin.add([...VALID, ["cover", fakeImage()]]);
    expect(fieldErrors(submitted)).toEqual({ cover: ["Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF"] });
    // Nothing written: the books' list is read (the duplicate check), before the files are.
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("shows the upstream's error text, or 'Terjadi kesalahan saat menambah buku!' when it sends none", async () => {
    recordWrites("post", "/books", { status: 400, body: { error: "Pengarang dengan ID 2 tidak ditemukan" } });
    let submitted = await admin.add([...VALID]);
    // The upstream refused what was sent: 422, not a failure of ours (502).
    expect(submitted).toMatchObject({ kind: "data", status: 422, data: { alert: { type: "error", message: "Pengarang dengan ID 2 tidak ditemukan" } } });
    if (submitted.kind === "data") expect(submitted.data.result?.initialValue).toMatchObject({ title: "Penjaga Arsip Jilid 2" });

    upstream.use(http.post(`${UPSTREAM}/books`, () => new HttpResponse("<html>502</html>", { status: 502 })));
    submitted = await admin.add([...VALID]);
    expect(submitted).toMatchObject({ kind: "data", status: 502, data: { alert: { message: "Terjadi kesalahan saat menambah buku!" } } });
  });
});

describe("book file size limit", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("answers a book file over UPLOAD_BOOK_MAX_BYTES with an Indonesian message next to the field", async () => {
    vi.stubEnv("UPLOAD_BOOK_MAX_BYTES", String(1024 * 1024));
    const big = new Uint8Array(1536 * 1024);
    big.set(PDF_BYTES);
    const writes = recordWrites("post", "/books", { status: 201 });
    const submitted = await admin.add([...VALID, ["file", new File([big], "besar.pdf", { type: "application/pdf" })]]);
    expect(submitted).toMatchObject({ kind: "data", status: 413 });
    expect(fieldErrors(submitted)).toEqual({ file: ["Ukuran berkas melebihi batas 1 MB"] });
    expect(writes).toEqual([]);
  });
});

describe("editing a book", () => {
  it("sends PATCH /books/{id} multipart with only what changed, without files when none is chosen (the stored ones stay)", async () => {
    const writes = recordWrites("patch", "/books/5", { status: 200, body: { data: { id: 5 } } });
    const submitted = await admin.edit("5", [...AS_STORED.filter(([name]) => name !== "tags"), ["cover", noFile()], ["file", noFile()]], "&page=2");
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/book?page=2" });
    expect(writes[0]).toMatchObject({ method: "PATCH", path: "/api/books/5", authorization: "Bearer token-role-3" });
    // No id in the body (it is in the path), nothing the admin left as stored; the emptied tag
    // list is one empty value, which clears it.
    expect(writes[0].fields).toEqual([["tags[]", ""]]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });

  it("sends a new cover along, and says 'Terjadi kesalahan saat mengedit buku!' when the upstream fails without a text", async () => {
    const writes = recordWrites("patch", "/books/5", { status: 200 });
    await admin.edit("5", [...AS_STORED, ["cover", imageFile("baru.png")]]);
    expect(writes[0].fields?.at(-1)).toEqual(["cover", uploadedPng("baru.png")]);

    upstream.use(http.patch(`${UPSTREAM}/books/5`, () => new HttpResponse(null, { status: 500 })));
    const submitted = await admin.edit("5", [...AS_STORED]);
    expect(submitted).toMatchObject({ kind: "data", data: { alert: { type: "error", message: "Terjadi kesalahan saat mengedit buku!" } } });
  });
});

describe("deleting a book", () => {
  it("sends DELETE /books/{id} with the bearer token and says 'Berhasil menghapus data!'", async () => {
    const writes = recordWrites("delete", "/books/5", { status: 200, body: { message: "Data berhasil dihapus" } });
    const submitted = await admin.remove("5");
    expect(writes).toEqual([{ method: "DELETE", path: "/api/books/5", authorization: "Bearer token-role-3", contentType: "" }]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menghapus data!" }]);
  });

  it("shows the upstream's error text, or 'Terjadi kesalahan saat menghapus buku!'", async () => {
    recordWrites("delete", "/books/5", { status: 409, body: { error: "Buku sedang dipinjam" } });
    let submitted = await admin.remove("5");
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "error", message: "Buku sedang dipinjam" }]);

    upstream.use(http.delete(`${UPSTREAM}/books/5`, () => new HttpResponse(null, { status: 500 })));
    submitted = await admin.remove("5");
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "error", message: "Terjadi kesalahan saat menghapus buku!" }]);
  });
});
