import type { Page } from "@playwright/test";
import { slimsExportCsv, slimsSampleRecords } from "../helpers/slims-export.ts";
import { expect, test } from "./fixtures.ts";
import { seriousViolations } from "./helpers/index.ts";
import { SHAPES, type ShapedStack } from "./upstream-shapes.ts";

/**
 * A list's import in a real browser against the reference API (app/admin-kit/import.ts): the
 * list's own export read back unchanged writes nothing; a preview names each kind of row error;
 * a run stopped and resumed writes every row once; a SLiMS bibliography export of 50 records
 * (written as SLiMS's export.php writes it) becomes books, authors, publishers and tags. Each
 * step is a form or a link, so the preview and run are shown with JavaScript on and off.
 */

interface Book {
  id: number;
  title: string;
  publisher: { name: string } | string | null;
  published_date: string;
  author: { name: string } | string | null;
  tags: Array<{ name: string } | string>;
}

const nameOf = (value: { name: string } | string | null) => (typeof value === "string" ? value : (value?.name ?? ""));

async function books(stack: ShapedStack): Promise<Book[]> {
  const { books: all } = await stack.api<{ books: Book[] }>("/books/all?limit=0");
  return all;
}

/** How many changes of the book list the audit log holds: a write through the site is one more. */
async function bookChanges(page: Page, site: string): Promise<number> {
  const response = await page.request.get(`${site}/admin/export/audit?resource=book`);
  expect(response.status()).toBe(200);
  return (await response.text()).trim().split(/\r\n/).length - 1;
}

/** Uploads a file on the import page and waits for its preview. */
async function previewOf(page: Page, file: { name: string; buffer: Buffer; mimeType: string }, slims?: { separator: string; enclosure: string }) {
  if (slims) {
    await page.getByLabel("Ekspor bibliografi SLiMS (CSV)").check();
    await page.getByText("Pengaturan ekspor SLiMS").click();
    await page.getByLabel("Pemisah kolom (Field Separator)").fill(slims.separator);
    await page.getByLabel("Penutup kolom (Field Enclosed With)").fill(slims.enclosure);
  }
  await page.getByLabel("Berkas", { exact: true }).setInputFiles(file);
  await page.getByRole("button", { name: "Unggah dan pratinjau" }).click();
  await expect(page.getByRole("status")).toHaveText("Pratinjau siap", { timeout: 30_000 });
}

async function runToEnd(page: Page, button = "Mulai impor") {
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("status")).toHaveText("Selesai", { timeout: 60_000 });
}

for (const [index, shape] of SHAPES.entries()) {
  const javaScript = index === 0;
  test.describe(`import against the ${shape} shape, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ shape });

    test("the list's own export, read back, changes nothing and writes nothing", async ({ shaped }) => {
      const admin = await shaped.open({ javaScript });
      const { page } = admin;
      const before = await books(shaped);
      const exported = await page.request.get(`${shaped.bffUrl}/admin/export/book?format=xlsx`);
      expect(exported.status()).toBe(200);
      const changes = await bookChanges(page, shaped.bffUrl);

      await admin.open("/admin/import/book");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impor Buku");
      await previewOf(page, { name: "buku.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: await exported.body() });
      await expect(page.getByText(`${before.length} baris dibaca (XLSX, lembar “Buku”): 0 baru, 0 diubah, ${before.length} tidak berubah, 0 tidak valid.`)).toBeVisible();
      if (javaScript) expect(await seriousViolations(page)).toEqual([]);
      await runToEnd(page);
      await expect(page.getByText(`${before.length} dari ${before.length} baris: 0 ditambahkan, 0 diubah, ${before.length} tidak berubah, 0 dilewati, 0 gagal.`)).toBeVisible();
      expect(await bookChanges(page, shaped.bffUrl), "no write reached the audit log").toBe(changes);
      expect(await books(shaped)).toEqual(before);
    });
  });
}

test.describe("the preview and the run", () => {
  test("the preview names each kind of row error, and nothing is written before the run", async ({ shaped }) => {
    const admin = await shaped.open({ javaScript: false });
    const { page } = admin;
    const [known] = await books(shaped);
    const author = nameOf(known.author);
    const publisher = nameOf(known.publisher);
    const header = "ID;Judul;Pengarang;Penerbit;Sinopsis;Tanggal Terbit;ISBN/ISSN;Klasifikasi;Genre;Tag;Kolom Lain";
    const lines = [
      header,
      `;Pratinjau Baik;${author};Penerbit Baru Pratinjau;;01-02-2020;;;;;x`,
      `;Pratinjau ISBN Salah;${author};${publisher};;01-02-2020;978-623-7003-32-9;;;;`,
      `;Pratinjau Tanggal;${author};${publisher};;31-02-2020;;;;;`,
      `999999;Pratinjau ID Asing;${author};${publisher};;01-02-2020;;;;;`,
      `;;${author};${publisher};;01-02-2020;;;;;`,
      `;${known.title};${author};${publisher};;01-02-2020;;;;;`,
      `;Pratinjau Kembar;${author};${publisher};;01-02-2020;;;;;`,
      `;Pratinjau Kembar;${author};${publisher};;01-02-2020;;;;;`,
      `;'=1+1;${author};${publisher};;01-02-2020;;999.999 Tidak Ada;;;`,
    ];
    const changes = await bookChanges(page, shaped.bffUrl);
    await admin.open("/admin/import/book");
    await previewOf(page, { name: "galat.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`) });
    const notes = page.getByRole("table", { name: /Baris yang perlu diperiksa/ });
    const note = (line: number) => notes.getByRole("row").filter({ has: page.getByRole("cell", { name: String(line), exact: true }) });
    await expect(note(3)).toContainText("ISBN/ISSN: Nomor ISBN/ISSN tidak valid");
    await expect(note(4)).toContainText("Tanggal terbit");
    await expect(note(5)).toContainText("ID “999999” tidak ada di daftar ini");
    await expect(note(6)).toContainText("Judul");
    await expect(note(7)).toContainText(`Mirip data yang sudah ada`);
    await expect(note(9)).toContainText("Sama dengan baris 8 berkas ini");
    await expect(note(10)).toContainText("Klasifikasi “999.999 Tidak Ada” tidak ada di daftarnya");
    await expect(page.getByText("Kolom yang tidak dibaca: Kolom Lain.", { exact: false })).toBeVisible();
    await expect(page.getByText(/Buat penerbit yang belum ada \(1\): Penerbit Baru Pratinjau/)).toBeVisible();
    expect(await bookChanges(page, shaped.bffUrl), "a preview writes nothing").toBe(changes);

    // The report has every row, the preview's verdict beside each.
    const report = await page.request.get(`${shaped.bffUrl}${await page.getByRole("link", { name: "Unduh laporan (CSV)" }).getAttribute("href")}`);
    const rows = (await report.text()).trim().split(/\r\n/);
    expect(rows).toHaveLength(lines.length);
    expect(rows[1]).toContain('"Akan ditambahkan"');
    // The formula's guard was the export's: read back, the title is what was typed.
    expect(rows[9]).toContain("=1+1");

    await page.getByRole("button", { name: "Buang impor ini" }).click();
    await expect(page.getByRole("button", { name: "Unggah dan pratinjau" })).toBeVisible();
  });

  test("a run stopped midway resumes where it stopped and writes every row once", async ({ shaped }) => {
    test.slow();
    const admin = await shaped.open({ javaScript: true });
    const { page } = admin;
    // An author of its own: the worker's catalogue is other tests' too, and 600 more books by an
    // author they search for would push theirs off the first page.
    const author = "Pengarang Hentikan Lanjut";
    // Rows enough that the run (some 150 rows a second on a quiet machine: 4 s) is still going when the click comes.
    const count = 600;
    const titles = Array.from({ length: count }, (_, n) => `Hentikan Lanjut ${String(n + 1).padStart(4, "0")}`);
    const csv = ["Judul;Pengarang;Penerbit;Tanggal Terbit", ...titles.map((title) => `${title};${author};Penerbit Hentikan;15-08-2021`)].join("\n");
    await admin.open("/admin/import/book");
    await previewOf(page, { name: "hentikan.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel(/Buat pengarang yang belum ada/).check();
    await page.getByLabel(/Buat penerbit yang belum ada/).check();
    await page.getByRole("button", { name: "Mulai impor" }).click();
    await page.getByRole("button", { name: "Hentikan" }).click();
    await expect(page.getByRole("status")).toHaveText("Dihentikan", { timeout: 30_000 });
    const stoppedAt = (await books(shaped)).filter((book) => book.title.startsWith("Hentikan Lanjut")).length;
    expect(stoppedAt, "stopped before the end").toBeLessThan(count);
    await expect(page.getByText("Impor dihentikan.", { exact: false })).toBeVisible();

    await runToEnd(page, "Lanjutkan impor");
    const written = (await books(shaped)).filter((book) => book.title.startsWith("Hentikan Lanjut")).map((book) => book.title);
    expect(written.sort(), "every row once").toEqual(titles);
    await expect(page.getByText(`${count} dari ${count} baris: ${count} ditambahkan`, { exact: false })).toBeVisible();
  });

  test("a SLiMS bibliography export of 50 records becomes books, with their authors, publishers and topics", async ({ shaped }) => {
    const admin = await shaped.open({ javaScript: true });
    const { page } = admin;
    const records = slimsSampleRecords(50).map((record, n) => ({ ...record, title: `SLiMS ${String(n + 1).padStart(2, "0")} ${record.title}` }));
    const csv = slimsExportCsv(records, { separator: "|", enclosure: '"', recordSeparator: "\n", header: true });
    await admin.open("/admin/import/book");
    await previewOf(page, { name: "senayan_biblio_export.csv", mimeType: "text/plain", buffer: Buffer.from(csv) }, { separator: "|", enclosure: '"' });
    await expect(page.getByText("50 baris dibaca", { exact: false })).toBeVisible();
    for (const list of ["pengarang", "penerbit", "tag"]) {
      const tick = page.getByLabel(new RegExp(`Buat ${list} yang belum ada`));
      if ((await tick.count()) > 0) await tick.check();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await runToEnd(page);

    const stored = (await books(shaped)).filter((book) => book.title.startsWith("SLiMS "));
    const reportHref = await page.getByRole("link", { name: "Unduh laporan (CSV)" }).getAttribute("href");
    const report = (await (await page.request.get(`${shaped.bffUrl}${reportHref}`)).text()).trim().split(/\r\n/).slice(1);
    const added = report.filter((line) => line.includes('"Ditambahkan"'));
    expect(report).toHaveLength(50);
    expect(stored).toHaveLength(added.length);
    // SLiMS data as it is: records without a year, an author or a publisher, invalid ISBNs, one ISBN on several records.
    expect(added.length, "the records that meet the form's rules are written").toBeGreaterThanOrEqual(5);
    for (const line of report.filter((each) => !each.includes('"Ditambahkan"'))) expect(line, "each other record says why").toMatch(/"Dilewati";"";".+"$/);
    for (const book of stored) {
      const record = records.find((each) => each.title === book.title);
      if (!record) continue;
      expect(nameOf(book.author), "the first author").toBe(record.authors[0]);
      const year = /(1[5-9]\d\d|20\d\d)/.exec(record.publish_year ?? "")?.[1];
      if (year) expect(book.published_date.slice(0, 10)).toBe(`${year}-01-01`);
      expect(book.tags.map(nameOf).sort()).toEqual([...record.topics].sort());
    }
  });
});
