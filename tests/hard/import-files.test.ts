import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_TEXTS } from "~/admin-kit/import";
import { bffEnv, startBff, type Bff } from "../e2e/helpers/processes.ts";
import { decodeHtmlEntities } from "../e2e/helpers/text.ts";
import { ALL_BAD_TABLE_FILES, xlsxMillionRows } from "../helpers/bad-table-files.ts";
import { bookExportHeader, bookIdsByTitle, booksByTitle, jobFile, jobSettled, knownNames, newBooksCsv, plannedRows, postImport, readJobState, startJob, upstreamList, uploadFile, type JobState } from "../helpers/import-http.ts";
import { changeUpstream } from "../helpers/catalogue-scale.ts";
import { slimsExportCsv, slimsSampleRecords } from "../helpers/slims-export.ts";
import { rssGrowthDuring } from "./process-memory.ts";
import { caseRecorder } from "./report.ts";
import { HARD_UPSTREAM_TIMEOUT_MS, logIn, startHardStack, unhandledFailures, type HardStack, type UpstreamCall } from "./stack.ts";

/**
 * The catalogue import over real HTTP, on a real BFF process before the counting, faulting proxy:
 * every bad table file (tests/helpers/bad-table-files.ts) is refused in Indonesian naming the file
 * or row, or read as it should be, with the BFF's memory bounded and nothing written upstream by
 * upload and preview; unknown ids, a file imported twice, the upstream failing mid-run and the
 * process killed mid-run each leave every row written at most once, and once resumed, exactly once.
 */

const record = caseRecorder("import-files");
/** The BFF's RSS growth over one bad file's upload and preview (the 2 GiB zip bomb, the 1,048,576 rows refused at their header). */
const MEMORY_BOUND_MIB = 64;
/**
 * The same for the 1,048,576 rows under "Judul": 50,000 rows planned before the reader's limit
 * refuses the file; 143 MiB measured (2026-12-02), bounded by the row limit, not flat.
 */
const ROW_LIMIT_MEMORY_BOUND_MIB = 192;
const ROWS = 1_000;
const FAULT_FROM = 500;

let stack: HardStack;
let cookie: string;
let base: string;
let files: string;
let header: string[];
let names: { author: string; publisher: string };

const isBookCreate = (call: UpstreamCall) => call.method === "POST" && call.path === "/api/books";
const bookCreatesSince = (mark: number) => stack.upstream.writesSince(mark).filter(isBookCreate).length;

beforeAll(async () => {
  stack = await startHardStack();
  base = stack.bff.url;
  cookie = await logIn(base);
  files = await mkdtemp(path.join(tmpdir(), "dispusip-import-files-"));
  header = await bookExportHeader(base, cookie);
  names = await knownNames(stack.referenceApi.url);
});

afterAll(async () => {
  await stack?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

/** Uploads a file and waits for its preview: the upload's answer, and the job as its preview left it. */
async function uploadAndPreview(name: string, content: Buffer | string, fileCookie = cookie, at = base) {
  const answer = await uploadFile(at, fileCookie, "book", name, content);
  const job = answer.job ? await jobSettled(stack.bffDataDir, answer.job, ["previewed", "failed"]) : undefined;
  return { answer, job };
}

describe("bad table files through the upload", () => {
  it("has the export's layout to import: ID;Judul;Pengarang;Penerbit;…", () => {
    expect(header).toEqual(["ID", "Judul", "Pengarang", "Penerbit", "Sinopsis", "Tanggal Terbit", "ISBN/ISSN", "Klasifikasi", "Genre", "Tag", "Sampul", "Berkas buku"]);
  });

  // The same sheet under the book list's "Judul": past the header, the preview reaches the reader's row limit.
  const judulMillionRows = Object.defineProperty((dir: string) => xlsxMillionRows(dir, { title: "Judul" }), "name", { value: "xlsxMillionRowsUnderJudul" });
  for (const make of [...ALL_BAD_TABLE_FILES, judulMillionRows]) {
    it(`answers ${make.name} in Indonesian, memory bounded, nothing written upstream`, async () => {
      const bad = await make(files);
      const content = await readFile(bad.path);
      const writes = stack.upstream.writes.length;
      const { result, growthMiB } = await rssGrowthDuring(stack.bff.proc.pid, () => uploadAndPreview(bad.name, content));
      const { answer, job } = result;
      let got: string;
      let passed: boolean;
      if (!answer.job) {
        // The upload itself refused: a 4xx naming the file.
        got = `${answer.status}: ${/Berkas “[^”]*”[^<]*/.exec(answer.text)?.[0] ?? answer.text.slice(0, 200)}`;
        passed = bad.refused && answer.status >= 400 && answer.status < 500 && answer.text.includes(`Berkas “${bad.name}”`);
      } else if (bad.refused) {
        got = `job ${job?.stage}: ${job?.reason}`;
        // The reader's own refusal, or the preview's (a header it does not know) naming the file.
        passed = job?.stage === "failed" && (bad.expect.test(job.reason ?? "") || (job.reason ?? "").includes(`berkas “${bad.name}”`));
      } else {
        const rows = await plannedRows(stack.bffDataDir, answer.job);
        got = `job ${job?.stage}, ${rows.length} rows: ${rows.map((row) => row.label).join(" | ").slice(0, 200)}`;
        // Read as it should be: a row's label (its Judul cell) is the cell as written; the BOM'd header was recognised.
        passed = job?.stage === "previewed" && (bad.expect.source === "^Judul$" ? rows.length > 0 : rows.some((row) => bad.expect.test(row.label)));
        // A character the file's encoding could not read is pointed out on its row.
        if (rows.some((row) => row.label.includes("\uFFFD"))) passed &&= rows.every((row) => !row.label.includes("\uFFFD") || row.messages.some((message) => message.includes("tidak terbaca")));
      }
      const bound = make === judulMillionRows ? ROW_LIMIT_MEMORY_BOUND_MIB : MEMORY_BOUND_MIB;
      record(`upload ${bad.name}`, got, passed && growthMiB <= bound, { "rss growth": `${growthMiB} MiB` });
      expect(got, "what the admin is told").toSatisfy(() => passed);
      expect(answer.status).toBeLessThan(500);
      expect(growthMiB).toBeLessThanOrEqual(bound);
      expect(stack.upstream.writesSince(writes)).toEqual([]);
    });
  }

  it("shows no HTML of a cell as markup on the preview page", async () => {
    const { answer } = await uploadAndPreview("markup.csv", `${header.join(";")}\n;<script>alert(1)</script>;${names.author};${names.publisher};;2020-01-01;;;;;;\n`);
    const page = await fetch(`${base}/admin/import/book?job=${answer.job}`, { headers: { cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).not.toContain("<script>alert(1)</script>");
  });
});

describe("rows the catalogue cannot take", () => {
  it("refuses ids of records that do not exist, row by row, and writes nothing", async () => {
    const rows = ["987654321", "123456789012"].map((id, index) => [id, `Tidak Ada ${index}`, names.author, names.publisher, "", "2020-01-01", "", "", "", "", "", ""].join(";"));
    const writes = stack.upstream.writes.length;
    const { job, answer } = await uploadAndPreview("id-hilang.csv", `${header.join(";")}\n${rows.join("\n")}\n`);
    const planned = await plannedRows(stack.bffDataDir, answer.job!);
    record("ids that do not exist", planned.map((row) => row.messages.join(" ")).join(" | "), job?.preview?.actions.error === 2);
    expect(job?.preview?.actions.error).toBe(2);
    expect(planned.map((row) => row.messages.join(" "))).toEqual([expect.stringContaining("ID “987654321” tidak ada di daftar ini"), expect.stringContaining("ID “123456789012” tidak ada di daftar ini")]);
    expect((await startJob(base, cookie, "book", answer.job!)).status).toBe(302);
    const done = await jobSettled(stack.bffDataDir, answer.job!, ["done", "stopped"]);
    expect(done.progress).toMatchObject({ skipped: 2, created: 0, updated: 0 });
    expect(stack.upstream.writesSince(writes)).toEqual([]);
  });

  it("holds a row whose ID is another book entirely (a sheet's own numbering), writing nothing for it, and takes one that mends its book's title", async () => {
    const [other, mended] = await upstreamList<{ id: number; title: string }>(stack.referenceApi.url, "/books/all", "books");
    const row = (id: number, title: string) => [id, title, names.author, names.publisher, "", "2020-01-01", "", "", "", "", "", ""].join(";");
    const writes = stack.upstream.writes.length;
    const { answer } = await uploadAndPreview("nomor-urut.csv", `${header.join(";")}\n${row(other.id, "Buku Baru Inventaris Satu")}\n${row(mended.id, `${mended.title} (Edisi Revisi)`)}\n`);
    const planned = await plannedRows(stack.bffDataDir, answer.job!);
    expect(planned.map(({ action }) => action)).toEqual(["error", "update"]);
    expect(planned[0].messages.join(" ")).toContain(`ID “${other.id}” adalah “${other.title.slice(0, 80)}”, tetapi baris ini menulis Judul “Buku Baru Inventaris Satu”: tampaknya data lain`);
    expect(stack.upstream.writesSince(writes)).toEqual([]);
  });

  it("writes nothing the second time the same file is imported: its rows are likely duplicates", async () => {
    const csv = newBooksCsv(header, 20, "Impor Dua Kali", names);
    const first = await uploadAndPreview("dua-kali.csv", csv);
    expect(first.job?.preview?.actions.create).toBe(20);
    await startJob(base, cookie, "book", first.answer.job!);
    expect((await jobSettled(stack.bffDataDir, first.answer.job!, ["done", "stopped"])).progress?.created).toBe(20);

    const writes = stack.upstream.writes.length;
    const second = await uploadAndPreview("dua-kali.csv", csv);
    expect(second.job?.preview?.duplicates).toBe(20);
    await startJob(base, cookie, "book", second.answer.job!);
    const done = await jobSettled(stack.bffDataDir, second.answer.job!, ["done", "stopped"]);
    record("the same 20 books imported twice", `second run: ${JSON.stringify(done.progress)}, ${stack.upstream.writesSince(writes).length} writes`, done.progress?.created === 0);
    expect(done.progress).toMatchObject({ created: 0, skipped: 20 });
    expect(stack.upstream.writesSince(writes)).toEqual([]);
    expect([...(await booksByTitle(stack.referenceApi.url, "Impor Dua Kali ")).values()]).toEqual(Array(20).fill(1));
  });
});

describe("a SLiMS export whose value holds a quote and a comma", () => {
  it("shows the row whose values moved one column on as not imported, saying why, with or without the header", async () => {
    const records = slimsSampleRecords(4);
    // SLiMS does not double the quotes inside a value: its cell ends at the quote, and the rest moves on.
    records[2] = { ...records[2], title: 'Buku "Ayah, Ibu" Kita', notes: 'Terjemahan dari "Rainbow Troops", cetakan ketiga' };
    for (const header of [true, false]) {
      const csv = slimsExportCsv(records, { separator: ",", enclosure: '"', recordSeparator: "\n", header });
      const answer = await postImport(base, cookie, "book", [["intent", "upload"], ["source", "slims"]], { name: `slims-${header}.csv`, content: csv });
      await jobSettled(stack.bffDataDir, answer.job!, ["previewed", "failed"]);
      const rows = await plannedRows(stack.bffDataDir, answer.job!);
      expect(rows.map((row) => row.action === "error" && row.messages.some((message) => message.includes("isiannya bergeser")))).toEqual([false, false, true, false]);
    }
  });
});

describe("a SLiMS export of the other kind, or chosen as the other kind", () => {
  it("refuses SLiMS's item export, and a bibliography export uploaded as a site file, saying what to do", async () => {
    // SLiMS's item export (item_export.php) with its header, as it writes it: a separator after the last name.
    const items = `"item_code","call_number","coll_type_name","inventory_code","received_date","supplier_name","order_no","location_name","order_date","item_status_name","site","source","invoice","price","price_currency","invoice_date","input_date","last_update","title",\n"B00001","899.221 3 HIR l","Umum","INV/2019/001","2019-03-01","","","Rak 1","2019-02-01","","","1","","0","","2019-03-01","2019-03-01 10:00:00","2019-03-01 10:00:00","Laskar Pelangi"\n`;
    const asItems = await postImport(base, cookie, "book", [["intent", "upload"], ["source", "slims"]], { name: "senayan_item_export.csv", content: items });
    const refusedItems = await jobSettled(stack.bffDataDir, asItems.job!, ["previewed", "failed"]);
    expect(refusedItems).toMatchObject({
      stage: "failed",
      reason:
        "Berkas “senayan_item_export.csv” adalah ekspor eksemplar SLiMS (kode eksemplar, lokasi, status), bukan ekspor bibliografi: tidak memuat pengarang dan penerbit. Di SLiMS, ekspor dari Bibliografi → Ekspor Data, lalu impor berkas itu sebagai “Ekspor bibliografi SLiMS (CSV)”.",
    });
    const bibliography = slimsExportCsv(slimsSampleRecords(2), { separator: ",", enclosure: '"', recordSeparator: "\n", header: true });
    const { job } = await uploadAndPreview("senayan_biblio_export.csv", bibliography);
    expect(job).toMatchObject({ stage: "failed", reason: "Berkas “senayan_biblio_export.csv” adalah ekspor bibliografi SLiMS: pilih jenis berkas “Ekspor bibliografi SLiMS (CSV)”, lalu unggah lagi." });
    // And the list's own export chosen as a SLiMS file: its header is not read as a book.
    const exported = await fetch(`${base}/admin/export/book?format=csv&sep=%3B`, { headers: { cookie } });
    const asSlims = await postImport(base, cookie, "book", [["intent", "upload"], ["source", "slims"]], { name: "buku.csv", content: Buffer.from(await exported.arrayBuffer()) });
    expect(await jobSettled(stack.bffDataDir, asSlims.job!, ["previewed", "failed"])).toMatchObject({
      stage: "failed",
      reason: "Berkas “buku.csv” berisi kolom seperti ekspor daftar ini, bukan ekspor bibliografi SLiMS: pilih jenis berkas “Berkas XLSX atau CSV (kolom seperti ekspor daftar ini)”, lalu unggah lagi.",
    });
  });
});

describe("a workbook as an agency keeps it", () => {
  it("finds the header below the sheet's title, names the sheets, marks hidden rows, reads Excel's day numbers and explains a scientific ISBN", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Buku");
    sheet.addRow(["DAFTAR BUKU PERPUSTAKAAN DAERAH"]);
    sheet.addRow(["Keadaan per 1 Desember 2026"]);
    sheet.addRow([]);
    sheet.addRow(header);
    const book = (title: string, day: number, isbn: string) => ["", title, names.author, names.publisher, "", day, isbn, "", "", "", "", ""];
    // A General cell holding a date is Excel's day number; an ISBN pasted from a CSV Excel saved is its scientific notation.
    sheet.addRow(book("Buku Agensi Ilmiah", 45123, "9.78602E+12"));
    sheet.addRow(book("Buku Agensi Tersembunyi", 45124, "")).hidden = true;
    sheet.addRow(book("Buku Agensi Terlihat", 45125, ""));
    workbook.addWorksheet("Majalah").addRow(["Tempo"]);
    workbook.addWorksheet("Sheet3");
    const { answer, job } = await uploadAndPreview("buku-agensi.xlsx", Buffer.from(await workbook.xlsx.writeBuffer()));
    const preview = job?.preview as (JobState["preview"] & { readAs: string; fileNotes: string[] }) | undefined;
    record("an agency's workbook", `${job?.stage}: ${preview?.readAs}; ${preview?.fileNotes.join(" | ")}`, job?.stage === "previewed");
    expect(preview?.readAs).toBe("XLSX, lembar “Buku”");
    expect(preview?.fileNotes).toEqual([
      "Hanya lembar “Buku” yang dibaca. Lembar lain yang berisi data tidak diimpor: “Majalah”; untuk mengimpornya, jadikan lembar pertama atau simpan sebagai berkas tersendiri.",
      "Judul kolom dibaca dari baris 4; baris 1–3 di atasnya tidak diimpor.",
      "1 baris tersembunyi di Excel (disembunyikan atau tersaring) ikut dibaca; masing-masing diberi catatan.",
      "Tanggal terbit di 3 baris tertulis sebagai nomor tanggal Excel dan dibaca sebagai tanggal (misalnya “45123” menjadi 16-07-2023); periksa beberapa barisnya.",
    ]);
    const rows = await plannedRows(stack.bffDataDir, answer.job!);
    expect(rows.map(({ line, action, messages }) => ({ line, action, messages }))).toEqual([
      {
        line: 5,
        action: "error",
        messages: ["ISBN/ISSN tertulis sebagai angka ilmiah (seperti 9,78602E+12), sehingga sebagian digitnya hilang: di Excel, format kolomnya sebagai Teks, ketik ulang nomornya, lalu simpan lagi"],
      },
      { line: 6, action: "create", messages: ["Baris ini tersembunyi di Excel (disembunyikan atau tersaring), tetapi tetap dibaca."] },
      { line: 7, action: "create", messages: [] },
    ]);
    const entries = (await readFile(jobFile(stack.bffDataDir, answer.job!, "plan.ndjson"), "utf8")).split("\n").filter(Boolean).map((line) => Object.fromEntries((JSON.parse(line) as { entries?: [string, string][] }).entries ?? []));
    expect(entries.map((each) => each.published_date)).toEqual([undefined, "2023-07-17", "2023-07-18"]);
    // The page says the same to the admin.
    const page = decodeHtmlEntities(await (await fetch(`${base}/admin/import/book?job=${answer.job}`, { headers: { cookie } })).text());
    expect(page).toContain("Judul kolom dibaca dari baris 4; baris 1–3 di atasnya tidak diimpor.");
    expect(page).toContain("XLSX, lembar “Buku”");
  });
});

describe("a file whose header names nothing of the list", () => {
  it("is refused for its header, however short", async () => {
    const { job } = await uploadAndPreview("anggota.csv", "Nama Anggota;Alamat\nSiti;Jl. Merdeka 1\n");
    expect(job).toMatchObject({
      stage: "failed",
      reason: "Judul kolom seperti ekspor daftar ini (misalnya “ID”, lalu nama kolom seperti pada tabel) tidak ditemukan di 10 baris pertama berkas “anggota.csv”. Tidak ada judul kolom yang dikenali.",
    });
  });
});

describe("a librarian's own sheet", () => {
  it("reads its columns by the names librarians give them, and a year alone as 1 January, saying so", async () => {
    // As Excel saves "CSV (Comma delimited)" on an Indonesian Windows: semicolons, Windows-1252.
    const csv = Buffer.from(
      [
        "No;Judul Buku;Penulis;Penerbit;Tahun Terbit;ISBN;Jumlah Eksemplar",
        `1;Sejarah Kabupaten Kita;${names.author};${names.publisher};2019;;3`,
        `2;Kamus Bahasa Daerah;${names.author};${names.publisher};[2008];;1`,
        // The template's numbered rows not yet filled in.
        "3;;;;;;",
        "4;;;;;;",
      ].join("\r\n") + "\r\n",
      "latin1",
    );
    const { answer, job } = await uploadAndPreview("daftar-buku-saya.csv", csv);
    const preview = job?.preview as (JobState["preview"] & { ignoredColumns: string[]; fileNotes: string[] }) | undefined;
    expect(job?.stage).toBe("previewed");
    expect(preview?.actions).toMatchObject({ create: 2, error: 0 });
    expect(preview?.ignoredColumns).toEqual(["No", "Jumlah Eksemplar"]);
    expect(preview?.fileNotes).toEqual([
      "Tanggal terbit di 2 baris hanya berisi tahun dan dibaca sebagai 1 Januari tahun itu (misalnya “2019” menjadi 01-01-2019).",
      "2 baris tanpa isian di kolom yang dikenali (misalnya hanya nomor urut) dilewati.",
    ]);
    const entries = (await readFile(jobFile(stack.bffDataDir, answer.job!, "plan.ndjson"), "utf8")).split("\n").filter(Boolean).map((line) => Object.fromEntries((JSON.parse(line) as { entries: [string, string][] }).entries));
    expect(entries.map((each) => [each.title, each.published_date])).toEqual([
      ["Sejarah Kabupaten Kita", "2019-01-01"],
      ["Kamus Bahasa Daerah", "2008-01-01"],
    ]);
  });
});

describe("the list's export read back", () => {
  it("leaves a book whose stored date is a year in another tool's writing (c1998) unchanged", async () => {
    const [book] = await upstreamList<{ id: number; title: string }>(stack.referenceApi.url, "/books/all", "books");
    changeUpstream(stack.referenceDataDir, "books", book.id, { published_date: "c1998" });
    const exported = await fetch(`${base}/admin/export/book?format=csv&sep=%3B`, { headers: { cookie } });
    expect(exported.status).toBe(200);
    const { answer } = await uploadAndPreview("ekspor-kembali.csv", Buffer.from(await exported.arrayBuffer()));
    const row = (await plannedRows(stack.bffDataDir, answer.job!)).find((planned) => planned.label === book.title || planned.label.toLocaleUpperCase() === book.title.toLocaleUpperCase());
    expect(row, "the book's row").toBeDefined();
    expect(row).toMatchObject({ action: "unchanged" });
  });
});

describe("a column only an edit can fill", () => {
  it("says on a new publisher's row that its Jumlah Buku is not added, and takes it on an existing one", async () => {
    const [existing] = await upstreamList<{ id: number; name: string }>(stack.referenceApi.url, "/publishers", "publishers");
    const csv = `ID;Nama;Jumlah Buku\n;Penerbit Impor Baru;1.000\n${existing.id};${existing.name};2.500\n`;
    const answer = await uploadFile(base, cookie, "publisher", "penerbit.csv", csv);
    await jobSettled(stack.bffDataDir, answer.job!, ["previewed", "failed"]);
    const rows = await plannedRows(stack.bffDataDir, answer.job!);
    expect(rows.map(({ action, messages }) => ({ action, messages }))).toEqual([
      { action: "create", messages: ["Jumlah buku “1.000” tidak ikut ditambahkan: nilai ini hanya dapat diisi saat mengubah data yang sudah ada (impor lagi dengan ID-nya)."] },
      { action: "update", messages: [] },
    ]);
  });
});

describe("the same file run twice at once", () => {
  it("writes each book once: a row whose book the other run wrote after this run read its list is skipped as a likely duplicate", async () => {
    const csv = newBooksCsv(header, 20, "Impor Bersamaan", names);
    const [first, second] = await Promise.all([uploadAndPreview("bersamaan-1.csv", csv), uploadAndPreview("bersamaan-2.csv", csv)]);
    expect([first.job?.preview?.actions.create, second.job?.preview?.actions.create]).toEqual([20, 20]);
    await Promise.all([startJob(base, cookie, "book", first.answer.job!), startJob(base, cookie, "book", second.answer.job!)]);
    const done = await Promise.all([first, second].map(({ answer }) => jobSettled(stack.bffDataDir, answer.job!, ["done", "stopped"])));
    const stored = [...(await booksByTitle(stack.referenceApi.url, "Impor Bersamaan ")).values()];
    record("the same 20 books run twice at once", `runs: ${JSON.stringify(done.map((job) => job.progress))}; stored per title: ${JSON.stringify(stored)}`, stored.every((count) => count === 1));
    expect(stored).toEqual(Array(20).fill(1));
    expect(done.map((job) => job.progress?.created ?? 0).reduce((sum, count) => sum + count, 0)).toBe(20);
    expect(done.map((job) => job.progress?.skipped ?? 0).reduce((sum, count) => sum + count, 0)).toBe(20);
  });
});

describe("a name the preview found missing, made by another admin before the run", () => {
  it("is the record the rows take: nothing fails, and no second author is made", async () => {
    const author = "Penulis Dibuat Sebelum Impor";
    const csv = newBooksCsv(header, 2, "Impor Nama Baru", { ...names, author });
    const { answer, job } = await uploadAndPreview("nama-baru.csv", csv);
    expect(job?.preview?.actions.create).toBe(2);
    // Another admin adds the author through its own form meanwhile.
    const form = new FormData();
    for (const [name, value] of [["intent", "create"], ["name", author], ["biography", ""]]) form.append(name, value);
    const added = await fetch(`${base}/admin/author?modal=add`, { method: "POST", headers: { cookie, origin: base }, body: form, redirect: "manual" });
    expect(added.status).toBe(302);
    await startJob(base, cookie, "book", answer.job!, [["create", "author"]]);
    const done = await jobSettled(stack.bffDataDir, answer.job!, ["done", "stopped"]);
    expect(done.progress).toMatchObject({ created: 2, failed: 0 });
    const authors = await upstreamList<{ name: string }>(stack.referenceApi.url, "/authors?limit=0", "author");
    expect(authors.filter(({ name }) => name === author)).toHaveLength(1);
  });
});

describe("an upstream that answers a create without the new record's id", () => {
  it("finds the run's new ids together, with a few reads of the list, not one whole read per row; the report names each", async () => {
    const prefix = "Impor Tanpa Id";
    const rows = 300;
    const { answer } = await uploadAndPreview("tanpa-id.csv", newBooksCsv(header, rows, prefix, names));
    const calls = stack.upstream.calls.length;
    stack.upstream.fault = { kind: "no-id" };
    stack.upstream.hits = isBookCreate;
    try {
      await startJob(base, cookie, "book", answer.job!);
      const done = await jobSettled(stack.bffDataDir, answer.job!, ["done", "stopped"]);
      expect(done).toMatchObject({ stage: "done", progress: { created: rows } });
    } finally {
      stack.upstream.reset();
    }
    const listReads = stack.upstream.calls.slice(calls).filter((call) => call.method === "GET" && call.path === "/api/books/all").length;
    const stored = await bookIdsByTitle(stack.referenceApi.url, `${prefix} `);
    const report = await (await fetch(`${base}/admin/import/book/report?job=${answer.job}`, { headers: { cookie } })).text();
    const reported = report.trim().split(/\r\n/).slice(1).map((line) => line.split(";").map((cell) => cell.replace(/^"|"$/g, "")));
    const named = reported.filter(([, label, , id]) => id !== "" && stored.get(label) === id).length;
    record("creates answered without an id", `${named} of ${rows} rows named by their id; ${listReads} list pages read`, named === rows);
    expect(named, "each row's report names its new record").toBe(rows);
    // The whole list read for every row would be at least one page per row.
    expect(listReads).toBeLessThan(rows / 3);
  });
});

describe("a run broken off", () => {
  it(`stops by itself when the upstream fails from row ${FAULT_FROM} of ${ROWS}, and resumed writes the rest once`, async () => {
    const prefix = "Impor Gangguan";
    const { answer, job } = await uploadAndPreview("gangguan.csv", newBooksCsv(header, ROWS, prefix, names));
    expect(job?.preview?.actions.create).toBe(ROWS);
    const mark = stack.upstream.writes.length;
    let creates = 0;
    stack.upstream.fault = { kind: "status", status: 500 };
    stack.upstream.hits = (call) => isBookCreate(call) && ++creates >= FAULT_FROM;
    await startJob(base, cookie, "book", answer.job!);
    const stopped = await jobSettled(stack.bffDataDir, answer.job!, ["stopped", "done"]);
    stack.upstream.reset();
    const writtenBefore = bookCreatesSince(mark);
    // Row 500 of the data is line 501 of the file, under its header.
    const reason = IMPORT_TEXTS.upstreamDown(FAULT_FROM + 1);
    record("upstream HTTP 500 from the 500th create", `${stopped.stage}: ${stopped.reason}; ${writtenBefore} creates`, stopped.reason === reason && writtenBefore === FAULT_FROM - 1);
    expect(stopped).toMatchObject({ stage: "stopped", reason });
    expect(writtenBefore).toBe(FAULT_FROM - 1);

    expect((await startJob(base, cookie, "book", answer.job!)).status).toBe(302);
    const done = await jobSettled(stack.bffDataDir, answer.job!, ["done", "stopped"]);
    const counts = await booksByTitle(stack.referenceApi.url, `${prefix} `);
    record("resumed after the fault cleared", `${done.stage}, ${bookCreatesSince(mark)} creates, ${counts.size} titles`, bookCreatesSince(mark) === ROWS);
    expect(done).toMatchObject({ stage: "done", progress: { created: ROWS, done: ROWS } });
    expect(bookCreatesSince(mark)).toBe(ROWS);
    expect(counts.size).toBe(ROWS);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
  });

  it("shows a run whose process was killed as stopped with the reason; resumed by a new process, each row is written once", async () => {
    const prefix = "Impor Proses Mati";
    const rows = 300;
    const { answer } = await uploadAndPreview("proses-mati.csv", newBooksCsv(header, rows, prefix, names));
    const mark = stack.upstream.writes.length;
    let creates = 0;
    // The 100th create reaches the proxy: the BFF is killed then, that row's write under way.
    stack.upstream.hits = (call) => {
      if (isBookCreate(call) && ++creates === 100) stack.bff.proc.signal("SIGKILL");
      return false;
    };
    await startJob(base, cookie, "book", answer.job!);
    await Promise.race([stack.bff.proc.exited, jobSettled(stack.bffDataDir, answer.job!, ["done", "stopped", "failed"])]);
    stack.upstream.reset();
    const killedAt = bookCreatesSince(mark);
    expect(killedAt).toBeGreaterThanOrEqual(99);
    expect(await readJobState(stack.bffDataDir, answer.job!)).toMatchObject({ stage: "running" });

    const second: Bff = await startBff(
      bffEnv({ UPSTREAM_API_URL: stack.upstream.url, DATA_DIR: stack.bffDataDir, UPSTREAM_TIMEOUT_MS: String(HARD_UPSTREAM_TIMEOUT_MS), PUBLIC_CACHE_TTL_MS: "0", PUBLIC_CACHE_STALE_MS: "0" }),
    );
    try {
      const secondCookie = await logIn(second.url);
      // The dead process's heartbeat goes stale: the page then shows the run stopped, with why.
      let page = "";
      const deadline = performance.now() + 60_000;
      while (!page.includes(IMPORT_TEXTS.processStopped) && performance.now() < deadline) {
        const answered = await fetch(`${second.url}/admin/import/book?job=${answer.job}`, { headers: { cookie: secondCookie } });
        page = decodeHtmlEntities(await answered.text());
        if (!page.includes(IMPORT_TEXTS.processStopped)) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      record("BFF killed mid-run: the page after", page.includes(IMPORT_TEXTS.processStopped) ? "stopped, with the reason" : "no reason shown", page.includes(IMPORT_TEXTS.processStopped));
      expect(page).toContain(IMPORT_TEXTS.processStopped);

      expect((await startJob(second.url, secondCookie, "book", answer.job!)).status).toBe(302);
      const done = await jobSettled(stack.bffDataDir, answer.job!, ["done", "stopped"]);
      const counts = await booksByTitle(stack.referenceApi.url, `${prefix} `);
      record("resumed by a new process", `${done.stage}, ${bookCreatesSince(mark)} creates at the proxy, ${counts.size} books upstream, of ${rows} rows`, counts.size === rows && [...counts.values()].every((count) => count === 1));
      expect(done.stage).toBe("done");
      expect([...counts].filter(([, count]) => count !== 1), `killed after ${killedAt} creates`).toEqual([]);
      expect(counts.size).toBe(rows);
      // The create under way at the kill reaches the proxy, its body perhaps cut by the kill (no record then): one more at most.
      expect(bookCreatesSince(mark)).toBeGreaterThanOrEqual(rows);
      expect(bookCreatesSince(mark)).toBeLessThanOrEqual(rows + 1);
      expect(unhandledFailures(second)).toEqual([]);
    } finally {
      await second.proc.stop();
    }
  });
});
