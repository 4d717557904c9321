import { existsSync } from "node:fs";
import { once } from "node:events";
import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
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
async function csvRows(response: Response): Promise<string[][]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)], "UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(3));
  const cell = /"((?:[^"]|"")*)"(,|\r\n)/y;
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

/** The column headers' text, as a screen reader has it: the sort link's name, not its hidden arrow. */
function tableHeaders(html: string): string[] {
  return [...html.matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)]
    .map((match) => decodeHtmlEntities(match[1].replace(/<span[^>]*aria-hidden="true"[^>]*>[^<]*<\/span>/g, "").replace(/<[^>]+>/g, "")))
    .filter((header) => header !== "Aksi");
}

test.describe("Export", () => {
  test("every admin list's Export button downloads its columns as a dated CSV", async () => {
    expect(EXPORTED_SCREENS.length).toBeGreaterThan(10);
    for (const [segment, fileStem] of EXPORTED_SCREENS) {
      expect(fileStem, `${segment}: its file's name, written in FILE_STEMS above`).toBeDefined();
      const screen = await site(`/admin/${segment}`);
      expect(screen.status, segment).toBe(200);
      const html = await screen.text();
      const link = html.match(/<a href="([^"]+)" class="kit-button kit-button-secondary" download="">/);
      expect(link?.[1], `${segment}: the Export button`).toBe(`/admin/export/${segment}`);
      const download = await site(link![1]);
      expect(download.status, segment).toBe(200);
      expect(download.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${fileStem}-${jakartaToday()}.csv"`);
      const [header, ...records] = await csvRows(download);
      // Every column of the screen, those the table starts without (`optional`, in the column
      // chooser: a book's publisher) too; the library's status switch is a column of its own.
      const columns = SCREENS.find((screen) => screen.id === segment)!.columns.map((column) => column.header);
      expect(header, segment).toEqual(segment === "library" ? [...columns, "Aktif"] : columns);
      const shown = tableHeaders(html);
      expect(columns.filter((column) => shown.includes(column)), `${segment}: the table's columns, in the file's order`).toEqual(shown);
      expect(records.length, `${segment}: the seeded records`).toBeGreaterThan(0);
    }
  });

  test("writes every record of a list longer than several upstream pages", async () => {
    const stored = await apiData<Array<{ name: string }>>(referenceApi!.url, "/tags", token);
    expect(stored.length).toBeGreaterThan(200);
    const [header, ...records] = await csvRows(await site("/admin/export/tag"));
    expect(header).toEqual(["Nama", "Sampul"]);
    expect(records.map((record) => record[0]).sort()).toEqual(stored.map((tag) => tag.name).sort());
  });

  test("a download whose upstream fails after the first page fails, instead of saving a shorter file", async () => {
    failSecondTagPage = true;
    try {
      const download = await site("/admin/export/tag");
      expect(download.status).toBe(200);
      await expect(download.arrayBuffer()).rejects.toThrow();
    } finally {
      failSecondTagPage = false;
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
    expect(await page.getByRole("link", { name: "Export" }).getAttribute("href")).toBe("/admin/export/audit?resource=tag");
    expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(page, "admin-audit-1280", { fullPage: true });
  });
});
