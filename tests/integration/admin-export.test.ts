import ExcelJS from "exceljs";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { EXPORT_CHOICES, exportHref } from "~/admin-kit/export";
import { readListView } from "~/admin-kit/url-state";
import { exportFileName } from "~/admin-kit/server/screen.server";
import * as screenRoute from "~/routes/admin-screen";
import * as exportRoute from "~/routes/admin.export.$screen";
import { RESOURCES } from "~/resources/resources.server";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { request } from "../helpers/sessions";
import { adminCookie, load, serveList } from "./admin-screen-support";

/**
 * The admin lists' Export (/admin/export/{screen}?format=…) against the mocked upstream, as the
 * admin and Excel see the file: every record the list's view shows (its search, filters and
 * order, every page), each with its id and every field; CSV with the separator chosen, XLSX whose
 * ids and ISBNs are text cells; what happens when the upstream fails, and when the URL asks for a
 * format there is none of. Over real HTTP and in a browser: tests/e2e/admin-export-audit.test.ts.
 */

const activity = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  date: "2024-05-01T00:00:00.000Z",
  title: `Kegiatan ${id}`,
  description: "<p>Lomba <strong>bercerita</strong> tingkat SD se-kabupaten diikuti lebih dari seratus peserta.</p>",
  file: `kegiatan-${id}.jpg`,
  ...overrides,
});

const ACTIVITY_COUNT = 250;
let cookie: string;
/** The page the upstream fails on (0: none). */
let failingPage: number;
beforeEach(async () => {
  cookie = await adminCookie();
  failingPage = 0;
  upstream.use(
    http.get(`${UPSTREAM}/activities`, ({ request: incoming }) => {
      const url = new URL(incoming.url);
      const limit = Number(url.searchParams.get("limit") || 0);
      const page = Math.max(1, Number(url.searchParams.get("page") || 1));
      if (page === failingPage) return HttpResponse.json({ error: "basis data sibuk" }, { status: 503 });
      const all = Array.from({ length: ACTIVITY_COUNT }, (_, index) => activity(ACTIVITY_COUNT - index));
      return HttpResponse.json({ data: limit ? all.slice((page - 1) * limit, page * limit) : all });
    }),
  );
});

/** The export's answer, as the route gives it (a thrown Response too). */
async function download(screen: string, query = ""): Promise<Response> {
  try {
    return (await exportRoute.loader({
      request: request(`/admin/export/${screen}${query}`, { cookie }),
      params: { screen },
      context: { clientIp: "127.0.0.1" },
    })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The file's lines, after checking it starts with the UTF-8 byte-order mark (which `text()` would hide). */
async function csvLines(response: Response): Promise<string[]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)], "a UTF-8 byte-order mark first").toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(3));
  expect(text.endsWith("\r\n")).toBe(true);
  return text.slice(0, -2).split("\r\n");
}

/** The first cell of each line: the records' ids, in the file's order. */
const idsOf = (lines: string[], separator = ",") => lines.slice(1).map((line) => line.slice(1, line.indexOf(`"${separator}`)));

/** The workbook's one sheet, read back as Excel would open it. */
async function sheetOf(response: Response): Promise<ExcelJS.Worksheet> {
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook.worksheets[0];
}

/** A sheet's rows as arrays of cell values, header first. */
function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe("list export", () => {
  it("writes every record of every page, newest first as the list, each with its id, whole texts and absolute image addresses", async () => {
    const response = await download("activity");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="kegiatan-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const lines = await csvLines(response);
    expect(lines).toHaveLength(ACTIVITY_COUNT + 1);
    expect(lines[0]).toBe('"ID","Tanggal","Judul","Deskripsi","Gambar"');
    expect(lines[1]).toBe(
      '"250","01-05-2024","Kegiatan 250","Lomba bercerita tingkat SD se-kabupaten diikuti lebih dari seratus peserta.","http://localhost/files/kegiatan-250.jpg"',
    );
    expect(lines.at(-1)).toContain('"1","01-05-2024","Kegiatan 1"');
  });

  it("separates cells with a semicolon when asked, for Excel under Indonesian settings, quoting what would split them", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/activities`, () =>
        HttpResponse.json({ data: [activity(1, { title: "Rapat; evaluasi, akhir tahun", description: '<p>Kata "kutip"</p>', file: "" })] }),
      ),
    );
    const lines = await csvLines(await download("activity", "?format=csv&sep=%3B"));
    expect(lines).toEqual(['"ID";"Tanggal";"Judul";"Deskripsi";"Gambar"', '"1";"01-05-2024";"Rapat; evaluasi, akhir tahun";"Kata ""kutip""";""']);
  });

  it("neutralises spreadsheet formulas in CSV, whichever the separator", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/activities`, () =>
        HttpResponse.json({
          data: [
            activity(3, { title: '=HYPERLINK("http://x")' }),
            activity(2, { title: "+62 812", description: "<p>-1, @rapat</p>" }),
            activity(1, { title: "Baris satu\nbaris dua, dengan koma" }),
          ],
        }),
      ),
    );
    for (const separator of [",", ";"]) {
      const lines = (await download("activity", `?format=csv&sep=${encodeURIComponent(separator)}`).then((response) => response.text())).split("\r\n");
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
      expect(lines[2]).toContain(`"'+62 812"${separator}"'-1, @rapat"`);
      expect(lines[3]).toContain('"Baris satu\nbaris dua, dengan koma"');
    }
  });

  it("honours the list's search and order: the records the list page shows, in its order", async () => {
    const view = "q=Kegiatan%201&sort=title&dir=desc";
    // 1, 10 to 19 and 100 to 199: six pages of the list, read page by page as the admin would.
    const shown: string[] = [];
    for (let page = 1; page <= 6; page += 1) {
      const { screen } = await load(screenRoute, `/admin/activity?${view}&page=${page}`, cookie);
      expect(screen.count?.total).toBe(111);
      shown.push(...screen.rows.map((row) => row.id));
    }
    const lines = await csvLines(await download("activity", `?format=csv&sep=%2C&${view}&page=2`));
    // Every page of the view, whichever was shown when Export was chosen.
    expect(idsOf(lines)).toEqual(shown);
    expect(shown.slice(0, 3)).toEqual(["199", "198", "197"]);
  });

  it("sends the admin back to the list as shown, with the load-failure alert, when the upstream fails on the first page", async () => {
    failingPage = 1;
    const response = await download("activity", "?format=xlsx&q=lomba");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/activity?q=lomba");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=/);
  });

  it("never writes a shorter file: an upstream failing on a later page sends the admin back too", async () => {
    failingPage = 2;
    const response = await download("activity");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/activity");
  });

  it("writes each record once when the upstream ignores the page asked for", async () => {
    upstream.use(http.get(`${UPSTREAM}/activities`, () => HttpResponse.json({ data: Array.from({ length: 100 }, (_, index) => activity(index + 1)) })));
    const lines = await csvLines(await download("activity"));
    expect(lines).toHaveLength(101);
    expect(new Set(idsOf(lines)).size).toBe(100);
  });

  it("writes a list that does not page in one piece, with the status switch as Ya/Tidak", async () => {
    serveList("/bibliographies/admin/library", [
      { id: 11, name: "Perpustakaan Desa Sukamaju", address: "Jl. Desa 1", phone_number: "0812345678", about: "Taman bacaan", active: true },
      { id: 12, name: "Pojok Baca Kecamatan", address: "", phone_number: null, about: "", active: false },
    ]);
    const response = await download("library", "?format=csv&sep=%3B");
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="perpustakaan-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(await csvLines(response)).toEqual([
      '"ID";"Nama";"Alamat";"Telepon";"Tentang";"Aktif"',
      '"12";"Pojok Baca Kecamatan";"";"";"";"Tidak"',
      '"11";"Perpustakaan Desa Sukamaju";"Jl. Desa 1";"0812345678";"Taman bacaan";"Ya"',
    ]);
  });

  it("writes the one record a single-record screen shows", async () => {
    serveList("/histories", [
      { id: 1, title: "SEJARAH KAMI", description: "<p>Berdiri tahun 1980.</p>", file: "sejarah.jpg" },
      { id: 2, title: "CADANGAN", description: "", file: "" },
    ]);
    expect(await csvLines(await download("history"))).toEqual(['"ID","Judul","Deskripsi","Gambar"', '"1","SEJARAH KAMI","Berdiri tahun 1980.","http://localhost/files/sejarah.jpg"']);
  });

  it("answers 400 in Indonesian for a format or separator there is none of, never a file or a 500", async () => {
    for (const [query, words] of [
      ["?format=pdf", "Format ekspor “pdf” tidak dikenal"],
      ["?format=csv&sep=%7C", "Pemisah kolom CSV “|” tidak dikenal"],
      ["?format=", "Format ekspor “” tidak dikenal"],
    ] as const) {
      const response = await download("activity", query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await response.text()).toContain(words);
    }
    expect((await download("activity", "?format=XLSX")).status).toBe(200);
  });

  it("answers 404 for a screen that has no export", async () => {
    for (const screen of ["about-manager", "mission-vission", "nope"]) {
      expect((await download(screen, "?format=xlsx")).status).toBe(404);
    }
  });
});

describe("book export", () => {
  const GENRES = ["Sejarah", "Fiksi", "Puisi"];
  const book = (id: number) => ({
    id,
    title: id === 7 ? '=HYPERLINK("http://x")' : `Buku ${String(id).padStart(2, "0")}`,
    synopsis: `Sinopsis buku ${id}; panjang, dengan "kutipan".`,
    published_date: `${1995 + id}-06-15T00:00:00.000Z`,
    isbn_issn: id === 3 ? "978-602-03-2478-4" : `97860203247${String(id).padStart(2, "0")}`,
    author_id: 2,
    author: { id: 2, name: "Sari Wulandari" },
    publisher: { name: "Penerbit Lembah" },
    classification_id: id % 2 === 0 ? 4 : 99,
    genres: [{ id: 1, name: GENRES[id % 3] }],
    tags: id % 2 === 0 ? [{ name: "Lokal" }, { name: "Anak" }] : [],
    cover: `sampul ${id}.png`,
    file: id % 2 === 0 ? `buku-${id}.pdf` : "",
  });
  const BOOKS = Array.from({ length: 40 }, (_, index) => book(index + 1));

  beforeEach(() => {
    upstream.use(
      http.get(`${UPSTREAM}/books/all`, ({ request: incoming }) => {
        const url = new URL(incoming.url);
        const limit = Number(url.searchParams.get("limit") || 0);
        const page = Math.max(1, Number(url.searchParams.get("page") || 1));
        return HttpResponse.json({ books: limit ? BOOKS.slice((page - 1) * limit, page * limit) : BOOKS });
      }),
      http.get(`${UPSTREAM}/classifications`, () => HttpResponse.json({ data: [{ id: 4, notation: "959.8", general_name: "Sejarah Asia Tenggara" }] })),
    );
  });

  it("writes an Excel file of the filtered list: the records the list page shows, ids and ISBNs as text, every field", async () => {
    const view = "genre=Sejarah&genre=Fiksi&tag=Lokal&year_from=2004&sort=title&dir=desc";
    const { screen } = await load(screenRoute, `/admin/book?${view}`, cookie);
    expect(screen.notes).toEqual([]);
    const shown = screen.rows.map((row) => row.id);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(20);

    const response = await download("book", `?format=xlsx&${view}`);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="buku-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const sheet = await sheetOf(response);
    expect(sheet.name).toBe("Buku");
    const [header, ...rows] = sheetRows(sheet);
    expect(header).toEqual(["ID", "Judul", "Pengarang", "Penerbit", "Sinopsis", "Tanggal Terbit", "ISBN/ISSN", "Klasifikasi", "Genre", "Tag", "Sampul", "Berkas buku"]);
    expect(rows.map((row) => row[0])).toEqual(shown);
    const at = shown.indexOf("10") + 2;
    expect(sheetRows(sheet)[at - 1]).toEqual([
      "10",
      "Buku 10",
      "Sari Wulandari",
      "Penerbit Lembah",
      'Sinopsis buku 10; panjang, dengan "kutipan".',
      "15-06-2005",
      "9786020324710",
      "959.8 Sejarah Asia Tenggara",
      "Fiksi",
      "Lokal, Anak",
      "http://localhost/covers/sampul%2010.png",
      "http://localhost/files/buku-10.pdf",
    ]);
    // What Excel would otherwise turn into 10 and 9.78602E+12: text cells, formatted as text.
    for (const column of ["A", "G"]) {
      const cell = sheet.getCell(`${column}${at}`);
      expect(cell.type, column).toBe(ExcelJS.ValueType.String);
      expect(cell.numFmt, column).toBe("@");
    }
  });

  it("writes an author, publisher or genre the upstream sent as nothing readable as an empty cell: read back, it would name a new one", async () => {
    const unreadable = { ...book(13), author_id: null, author: {}, publisher: { name: "" }, genres: [{ name: null }] };
    upstream.use(http.get(`${UPSTREAM}/books/all`, ({ request: incoming }) => {
      const page = Number(new URL(incoming.url).searchParams.get("page") || 1);
      return HttpResponse.json({ books: page === 1 ? [unreadable] : [] });
    }));
    const lines = await csvLines(await download("book", "?format=csv&sep=%3B"));
    expect(lines[1]).toMatch(/^"13";"Buku 13";"";"";/);
    expect(lines[1]).not.toContain("terbaca");
  });

  it("writes a title that looks like a formula as text, in Excel and (defused) in CSV", async () => {
    const sheet = await sheetOf(await download("book", "?format=xlsx&q=hyperlink"));
    const rows = sheetRows(sheet);
    expect(rows).toHaveLength(2);
    const title = sheet.getCell("B2");
    expect(title.type).toBe(ExcelJS.ValueType.String);
    expect(title.value).toBe('=HYPERLINK("http://x")');
    // An odd id's classification is not in the list: written as stored; no tags, no book file.
    expect(rows[1].slice(7, 9)).toEqual(["99", "Fiksi"]);
    expect(sheet.getCell("K2").value).toBe("http://localhost/covers/sampul%207.png");
    for (const empty of ["J2", "L2"]) expect(sheet.getCell(empty).type, empty).toBe(ExcelJS.ValueType.Null);
    const lines = await csvLines(await download("book", "?format=csv&sep=%3B&q=hyperlink"));
    expect(lines[1]).toContain(`"7";"'=HYPERLINK(""http://x"")";`);
  });

  it("finds an ISBN written any way, as the list's search does", async () => {
    const lines = await csvLines(await download("book", "?format=csv&sep=%3B&q=9786020324784"));
    expect(idsOf(lines, ";")).toEqual(["3"]);
    expect(lines[1]).toContain('"978-602-03-2478-4"');
  });

  it("links every format from the toolbar's view: the same records whatever the page shown", () => {
    const view = readListView(new URLSearchParams("q=sejarah&genre=Puisi&sort=title&dir=desc&page=3&perPage=50"));
    expect(EXPORT_CHOICES.map(({ label, format }) => [label, exportHref("book", view, format)])).toEqual([
      ["CSV (;)", "/admin/export/book?format=csv&sep=%3B&q=sejarah&sort=title&dir=desc&genre=Puisi"],
      ["CSV (,)", "/admin/export/book?format=csv&sep=%2C&q=sejarah&sort=title&dir=desc&genre=Puisi"],
      ["Excel (XLSX)", "/admin/export/book?format=xlsx&q=sejarah&sort=title&dir=desc&genre=Puisi"],
    ]);
    // The export's own parameters are never read as the list's filters.
    expect(readListView(new URLSearchParams("format=xlsx&sep=%3B&genre=Puisi")).filters).toEqual([["genre", "Puisi"]]);
  });
});

describe("export file names", () => {
  it("use the screen's menu name and the agency's date in Asia/Jakarta", () => {
    const activityPage = RESOURCES.screenById("activity")!.page;
    // 23:30 in UTC is already the next day in Jakarta (UTC+7).
    expect(exportFileName(activityPage, new Date("2026-11-21T17:30:00Z"))).toBe("kegiatan-2026-11-22.csv");
    expect(exportFileName(activityPage, new Date("2026-11-21T16:59:59Z"))).toBe("kegiatan-2026-11-21.csv");
    expect(exportFileName(activityPage, new Date("2026-11-21T16:59:59Z"), "xlsx")).toBe("kegiatan-2026-11-21.xlsx");
  });
});
