import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { exportFileName } from "~/admin-kit/server/screen.server";
import * as exportRoute from "~/routes/admin.export.$screen";
import { RESOURCES } from "~/resources/resources.server";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { request } from "../helpers/sessions";
import { adminCookie, serveList } from "./admin-screen-support";

/**
 * The Export button of the admin lists (/admin/export/{screen}) against the mocked upstream:
 * every page, the table's columns, BOM and quoting, and what happens when the upstream fails
 * before or during the download. Over real HTTP: tests/e2e/admin-export-audit.test.ts.
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
let listQueries: string[];
/** The page the upstream fails on (0: none). */
let failingPage: number;
beforeEach(async () => {
  cookie = await adminCookie();
  listQueries = [];
  failingPage = 0;
  upstream.use(
    http.get(`${UPSTREAM}/activities`, ({ request: incoming }) => {
      const url = new URL(incoming.url);
      listQueries.push(url.search);
      const limit = Number(url.searchParams.get("limit") || 0);
      const page = Math.max(1, Number(url.searchParams.get("page") || 1));
      if (page === failingPage) return HttpResponse.json({ error: "basis data sibuk" }, { status: 503 });
      const all = Array.from({ length: ACTIVITY_COUNT }, (_, index) => activity(ACTIVITY_COUNT - index));
      return HttpResponse.json({ data: limit ? all.slice((page - 1) * limit, page * limit) : all });
    }),
  );
});

async function download(screen: string) {
  return (await exportRoute.loader({
    request: request(`/admin/export/${screen}`, { cookie }),
    params: { screen },
    context: { clientIp: "127.0.0.1" },
  })) as Response;
}

/** The file's lines, after checking it starts with the UTF-8 byte-order mark (which `text()` would hide). */
async function csvLines(response: Response): Promise<string[]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)], "a UTF-8 byte-order mark first").toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(3));
  expect(text.endsWith("\r\n")).toBe(true);
  return text.slice(0, -2).split("\r\n");
}

describe("list export", () => {
  it("reads every page of the upstream and writes the table's columns, whole texts and absolute image addresses", async () => {
    const response = await download("activity");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="kegiatan-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const lines = await csvLines(response);
    expect(listQueries).toEqual(["?page=1&limit=100", "?page=2&limit=100", "?page=3&limit=100"]);
    expect(lines).toHaveLength(ACTIVITY_COUNT + 1);
    expect(lines[0]).toBe('"Tanggal","Judul","Deskripsi","Gambar"');
    expect(lines[1]).toBe(
      '"01-05-2024","Kegiatan 250","Lomba bercerita tingkat SD se-kabupaten diikuti lebih dari seratus peserta.","http://localhost/files/kegiatan-250.jpg"',
    );
    expect(lines.at(-1)).toContain('"Kegiatan 1"');
  });

  it("reads the next upstream page only when the download asks for more", async () => {
    const response = await download("activity");
    expect(listQueries, "the first page is read before answering").toEqual(["?page=1&limit=100"]);
    const reader = response.body!.getReader();
    await reader.read();
    expect(listQueries).toEqual(["?page=1&limit=100"]);
    await reader.cancel();
  });

  it("neutralises spreadsheet formulas and quotes quotes, commas and line breaks", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/activities`, () =>
        HttpResponse.json({
          data: [
            activity(1, { title: '=HYPERLINK("http://x")' }),
            activity(2, { title: "+62 812", description: "<p>-1, @rapat</p>" }),
            activity(3, { title: "Baris satu\nbaris dua, dengan koma" }),
          ],
        }),
      ),
    );
    const lines = (await (await download("activity")).text()).split("\r\n");
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[2]).toContain(`"'+62 812","'-1, @rapat"`);
    expect(lines[3]).toContain('"Baris satu\nbaris dua, dengan koma"');
  });

  it("sends the admin back to the screen with the load-failure alert when the first page fails", async () => {
    failingPage = 1;
    const response = await download("activity");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/activity");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=/);
  });

  it("aborts the download, not ends it, when a later page fails", async () => {
    failingPage = 2;
    const response = await download("activity");
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(listQueries).toEqual(["?page=1&limit=100", "?page=2&limit=100"]);
  });

  it("fails rather than loops when the upstream ignores the page asked for", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/activities`, ({ request: incoming }) => {
        listQueries.push(new URL(incoming.url).search);
        return HttpResponse.json({ data: Array.from({ length: 100 }, (_, index) => activity(index + 1)) });
      }),
    );
    const response = await download("activity");
    await expect(response.text()).rejects.toThrow();
    expect(listQueries).toHaveLength(2);
  });

  it("writes a list that does not page in one piece, with the status switch as Ya/Tidak", async () => {
    serveList("/bibliographies/admin/library", [
      { id: 11, name: "Perpustakaan Desa Sukamaju", address: "Jl. Desa 1", phone_number: "0812345678", about: "Taman bacaan", active: true },
      { id: 12, name: "Pojok Baca Kecamatan", address: "", phone_number: null, about: "", active: false },
    ]);
    const response = await download("library");
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="perpustakaan-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(await csvLines(response)).toEqual([
      '"Nama","Alamat","Telepon","Tentang","Aktif"',
      '"Perpustakaan Desa Sukamaju","Jl. Desa 1","0812345678","Taman bacaan","Ya"',
      '"Pojok Baca Kecamatan","","","","Tidak"',
    ]);
  });

  it("answers 404 for a screen that has no export", async () => {
    for (const screen of ["about-manager", "mission-vission", "nope"]) {
      const thrown = await download(screen).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    }
  });
});

describe("export file names", () => {
  it("use the screen's menu name and the agency's date in Asia/Jakarta", () => {
    const activityPage = RESOURCES.screenById("activity")!.page;
    // 23:30 in UTC is already the next day in Jakarta (UTC+7).
    expect(exportFileName(activityPage, new Date("2026-11-21T17:30:00Z"))).toBe("kegiatan-2026-11-22.csv");
    expect(exportFileName(activityPage, new Date("2026-11-21T16:59:59Z"))).toBe("kegiatan-2026-11-21.csv");
  });
});
