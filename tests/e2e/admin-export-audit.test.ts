import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { once } from "node:events";
import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import ExcelJS from "exceljs";
import { SCREENS } from "~/resources/resources";
import { startReferenceApi } from "../../reference-api/server.ts";
import { expect, test } from "./fixtures.ts";
import {
  ADMIN_EMAIL,
  apiData,
  type Bff,
  bffEnv,
  decodeHtmlEntities,
  DEMO_PASSWORD,
  jakartaToday,
  keepScreenshot,
  referenceApiToken,
  removeDir,
  seriousViolations,
  startBff,
  tempDir,
} from "./helpers/index.ts";

/**
 * Export and audit log over real HTTP: a BFF process on the built app, in front of its own
 * reference API (so that its many extra tags and its audit file touch no other test), reached
 * through a pass-through proxy that can make one upstream page fail.
 */

const EXTRA_TAGS = 230;
/** The file name each screen's download gets, as an admin reads it. */
const FILE_STEMS: Record<string, string> = {
  "slider-manager": "slider",
  activity: "kegiatan",
  history: "sejarah",
  officer: "pejabat",
  library: "perpustakaan",
  banner: "banner",
  book: "buku",
  genre: "kategori",
  tag: "tag",
  classification: "klasifikasi",
  author: "pengarang",
  publisher: "penerbit",
  video: "video",
};

/** The screens whose toolbar offers Export: every exportable screen of the one list (app/resources/screens.ts). */
const EXPORTED_SCREENS = SCREENS.filter((screen) => screen.exportable).map((screen) => [screen.id, FILE_STEMS[screen.id]] as const);

let referenceApi: Awaited<ReturnType<typeof startReferenceApi>> | undefined;
let proxy: Server | undefined;
let bff: Bff | undefined;
let referenceDir: string | undefined;
let bffDir: string | undefined;
let cookie = "";
let token = "";
/** When set, the proxy answers the upstream's second page of tags with 503. */
let failSecondTagPage = false;

test.beforeAll(async () => {
  // A stack of its own, started and filled: the 120 s a worker's stacks have to start (tests/e2e/fixtures.ts).
  test.setTimeout(120_000);
  referenceDir = await tempDir("export-reference");
  bffDir = await tempDir("export-bff");
  referenceApi = await startReferenceApi({ dataDir: referenceDir, host: "127.0.0.1", port: 0, demoPassword: DEMO_PASSWORD });
  const target = new URL(referenceApi.url);
  proxy = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", referenceApi!.url);
    if (failSecondTagPage && url.pathname === "/api/tags" && url.searchParams.get("page") === "2") {
      outgoing.writeHead(503, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "sedang pemeliharaan" }));
      return;
    }
    const upstream = forward({ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  proxy.listen(0, "127.0.0.1");
  await once(proxy, "listening");
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  bff = await startBff(bffEnv({ UPSTREAM_API_URL: proxyUrl, DATA_DIR: bffDir }));

  const login = await fetch(`${bff.url}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
    redirect: "manual",
  });
  cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  token = await referenceApiToken(referenceApi.url);
  for (let start = 1; start <= EXTRA_TAGS; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, offset) =>
        fetch(`${referenceApi!.url}/api/tags`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ name: `Tag ekspor ${String(start + offset).padStart(3, "0")}` }),
        }).then((response) => expect(response.status).toBe(201)),
      ),
    );
  }
});

test.afterAll(async () => {
  await bff?.proc.stop();
  proxy?.close();
  await referenceApi?.close();
  await removeDir(referenceDir);
  await removeDir(bffDir);
});

const site = (pathAndQuery: string, init: RequestInit = {}) =>
  fetch(`${bff!.url}${pathAndQuery}`, { redirect: "manual", ...init, headers: { Cookie: cookie, ...init.headers } });

/** The file's rows as arrays of cells, after its byte-order mark; every cell must be quoted, every line end CRLF. */
async function csvRows(response: Response, separator = ","): Promise<string[][]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)], "UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(3));
  const cell = new RegExp(`"((?:[^"]|"")*)"(${separator}|\r\n)`, "y");
  const rows: string[][] = [];
  let row: string[] = [];
  while (cell.lastIndex < text.length) {
    const match = cell.exec(text);
    if (!match) throw new Error(`not quoted CSV at ${cell.lastIndex}: ${text.slice(cell.lastIndex, cell.lastIndex + 40)}`);
    row.push(match[1].replace(/""/g, '"'));
    if (match[2] === "\r\n") {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

/** An Excel file's one sheet, read back as Excel would open it. */
async function xlsxSheet(bytes: ArrayBuffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

/** The toolbar's Export links in a list page's HTML, by label. */
function exportLinks(html: string): Record<string, string> {
  const menu = html.match(/<details class="kit-export">([\s\S]*?)<\/details>/)?.[1] ?? "";
  return Object.fromEntries([...menu.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [decodeHtmlEntities(match[2]), decodeHtmlEntities(match[1])]));
}

/** The column headers' text, as a screen reader has it: the sort link's name, not its hidden arrow. */
function tableHeaders(html: string): string[] {
  return [...html.matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)]
    .map((match) => decodeHtmlEntities(match[1].replace(/<span[^>]*aria-hidden="true"[^>]*>[^<]*<\/span>/g, "").replace(/<[^>]+>/g, "")))
    .filter((header) => header !== "Aksi" && header !== "Pilih");
}

test.describe("Export", () => {
  test("every admin list's Export offers CSV (;), CSV (,) and Excel: dated files of every record, its id first, every column", async () => {
    expect(EXPORTED_SCREENS.length).toBeGreaterThan(10);
    for (const [segment, fileStem] of EXPORTED_SCREENS) {
      expect(fileStem, `${segment}: its file's name, written in FILE_STEMS above`).toBeDefined();
      const screen = await site(`/admin/${segment}`);
      expect(screen.status, segment).toBe(200);
      const html = await screen.text();
      const links = exportLinks(html);
      expect(links, `${segment}: the Export menu`).toEqual({
        "CSV (;)": `/admin/export/${segment}?format=csv&sep=%3B`,
        "CSV (,)": `/admin/export/${segment}?format=csv&sep=%2C`,
        "Excel (XLSX)": `/admin/export/${segment}?format=xlsx`,
      });
      const download = await site(links["CSV (;)"]);
      expect(download.status, segment).toBe(200);
      expect(download.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${fileStem}-${jakartaToday()}.csv"`);
      const [header, ...records] = await csvRows(download, ";");
      // The record's id, then every column of the screen, those the table starts without
      // (`optional`, in the column chooser: a book's publisher) too; the library's status switch
      // is a column of its own; a book's and a video's fields beyond their tables are there too.
      const columns = SCREENS.find((each) => each.id === segment)!.columns.map((column) => column.header);
      expect(header[0], segment).toBe("ID");
      if (segment === "book" || segment === "video") expect(header, segment).toEqual(expect.arrayContaining(columns));
      else expect(header.slice(1), segment).toEqual(segment === "library" ? [...columns, "Aktif"] : columns);
      const shown = tableHeaders(html);
      expect(columns.filter((column) => shown.includes(column)), `${segment}: the table's columns, in the file's order`).toEqual(shown);
      expect(records.length, `${segment}: the seeded records`).toBeGreaterThan(0);
      expect(records.every((record) => /^\d+$/.test(record[0])), `${segment}: each record's id`).toBe(true);

      const excel = await site(links["Excel (XLSX)"]);
      expect(excel.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      expect(excel.headers.get("content-disposition")).toBe(`attachment; filename="${fileStem}-${jakartaToday()}.xlsx"`);
      const sheet = await xlsxSheet(await excel.arrayBuffer());
      expect(sheet.rowCount, segment).toBe(records.length + 1);
      expect(sheet.getCell("A2").value, segment).toBe(records[0][0]);
      expect(sheet.getCell("A2").type, `${segment}: the id is a text cell`).toBe(ExcelJS.ValueType.String);
    }
  });

  test("writes every record of a list longer than several upstream pages", async () => {
    const stored = await apiData<Array<{ name: string }>>(referenceApi!.url, "/tags", token);
    expect(stored.length).toBeGreaterThan(200);
    const [header, ...records] = await csvRows(await site("/admin/export/tag?format=csv&sep=%3B"), ";");
    expect(header).toEqual(["ID", "Nama", "Sampul"]);
    expect(records.map((record) => record[1]).sort()).toEqual(stored.map((tag) => tag.name).sort());
  });

  test("never saves a shorter file: an upstream failing after the first page sends the admin back to the list, which says so", async () => {
    failSecondTagPage = true;
    try {
      const download = await site("/admin/export/tag?format=xlsx");
      expect(download.status).toBe(302);
      expect(download.headers.get("location")).toBe("/admin/tag");
    } finally {
      failSecondTagPage = false;
    }
    const html = decodeHtmlEntities(await (await site("/admin/tag")).text());
    expect(html).toContain(SCREENS.find((screen) => screen.id === "tag")!.messages.loadFailed);
  });

  test("in a browser without JavaScript: Excel (XLSX) of a filtered book list holds the books the list shows, ISBNs as text", async ({ adminsAt }) => {
    const admin = await adminsAt(bff!.url).open({ javaScript: false });
    const { page } = admin;
    await admin.open("/admin/book");
    await page.locator("summary", { hasText: "Saring" }).click();
    await page.getByRole("combobox", { name: "Genre" }).selectOption("Nonfiksi");
    await page.getByRole("button", { name: "Terapkan" }).click();
    await page.waitForURL((url) => url.searchParams.get("genre") === "Nonfiksi");
    // The books shown, by their EDIT links' ids, in the table's order.
    const hrefs = await page.getByRole("link", { name: /^EDIT/ }).evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const shown = hrefs.map((href) => new URLSearchParams(href.slice(href.indexOf("?"))).get("id"));
    expect(shown.length).toBeGreaterThan(2);

    await page.locator(".kit-export > summary").click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Excel (XLSX)" }).click()]);
    expect(download.suggestedFilename()).toBe(`buku-${jakartaToday()}.xlsx`);
    const file = await readFile(await download.path());
    const sheet = await xlsxSheet(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
    const ids: unknown[] = [];
    sheet.getColumn(1).eachCell((cell, row) => {
      if (row > 1) ids.push(cell.value);
    });
    expect(ids).toEqual(shown);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    for (let row = 2; row <= sheet.rowCount; row += 1) {
      expect(String(sheet.getCell(row, column("Genre")).value)).toContain("Nonfiksi");
      const isbn = sheet.getCell(row, column("ISBN/ISSN"));
      expect(isbn.type).toBe(ExcelJS.ValueType.String);
      expect(String(isbn.value)).toMatch(/^978/);
    }
  });
});

test.describe("Audit log", () => {
  test("records a tag added, renamed and deleted through the site, and shows it at /admin/audit without JavaScript", async () => {
    const name = "Tag audit e2e";
    const post = (query: string, fields: Record<string, string>) =>
      site(`/admin/tag${query}`, { method: "POST", body: new URLSearchParams(fields) });
    expect((await post("?modal=add", { intent: "create", name })).status).toBe(302);
    const all = await apiData<Array<{ id: number; name: string }>>(referenceApi!.url, "/tags", token);
    const position = all.findIndex((tag) => tag.name === name);
    const id = String(all[position].id);
    // The forms are sent from the table's page that shows the tag (20 rows a page), as the browser does.
    const page = Math.floor(position / 20) + 1;
    expect((await post(`?page=${page}&modal=edit&id=${id}`, { intent: "update", id, name: `${name} baru` })).status).toBe(302);
    expect((await post(`?page=${page}&delete=${id}`, { intent: "delete", id })).status).toBe(302);
    expect(existsSync(path.join(bffDir!, "audit.sqlite"))).toBe(true);

    const screen = await site("/admin/audit?resource=tag");
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain('href="/admin/audit"');
    expect(html).toMatch(/<form method="get"[^>]*>/);
    expect(tableHeaders(html)).toEqual(["Waktu", "Admin", "Tindakan", "Data", "ID", "Nama", "Perubahan", "Hasil"]);
    const rows = [...html.matchAll(/<tr role="row">(.*?)<\/tr>/g)]
      .slice(1)
      .map((row) => [...row[1].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => decodeHtmlEntities(cell[1].replace(/<[^>]+>/g, ""))));
    expect(rows.slice(0, 3).map((cells) => cells.slice(1))).toEqual([
      // A delete and an edit name the record as it was stored; a new record is named by its changes.
      [ADMIN_EMAIL, "Hapus", "Tag", id, `${name} baru`, "-", "Berhasil"],
      [ADMIN_EMAIL, "Ubah", "Tag", id, name, `Nama: "${name}" → "${name} baru"`, "Berhasil"],
      [ADMIN_EMAIL, "Tambah", "Tag", id, "-", `Nama: "${name}"`, "Berhasil"],
    ]);
    expect(rows[0][0]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} WIB$/);
    expect((await site("/admin/audit?resource=genre").then((response) => response.text()))).toContain("Belum ada perubahan yang tercatat.");
  });

  test("in a browser: reached from the sidebar, filtered with the form, no serious axe-core findings", async ({ adminsAt }) => {
    const admin = await adminsAt(bff!.url).open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/slider-manager");
    await page.getByRole("link", { name: "Log Aktivitas", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Riwayat Perubahan" }).waitFor();
    await page.getByLabel("Data").selectOption({ label: "Tag" });
    await page.getByRole("button", { name: "Tampilkan" }).click();
    await page.waitForURL((url) => url.searchParams.get("resource") === "tag");
    await page.getByRole("table", { name: "Riwayat perubahan data Tag" }).waitFor();
    expect(await page.getByRole("row").filter({ hasText: "Tag audit e2e baru" }).count()).toBeGreaterThan(0);
    // The entries shown, as CSV for an Indonesian Excel (;) or an English one (,).
    expect(await page.getByRole("link", { name: "CSV (;)", includeHidden: true }).getAttribute("href")).toBe("/admin/export/audit?resource=tag&sep=%3B");
    expect(await page.getByRole("link", { name: "CSV (,)", includeHidden: true }).getAttribute("href")).toBe("/admin/export/audit?resource=tag&sep=%2C");
    expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(page, "admin-audit-1280", { fullPage: true });
  });
});
