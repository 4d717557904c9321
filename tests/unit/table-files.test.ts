import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTableFile, TABLE_FILE_LIMITS, TableFileRefused, type TableFileOptions, type TableRow } from "~/platform/table-files.server";
import * as bad from "../helpers/bad-table-files";
import { rejectionOf } from "../helpers/rejection";
import { slimsCells, slimsExportCsv, slimsSampleRecords, SLIMS_COLUMNS } from "../helpers/slims-export";
import { deflatedPart, SHEET_CLOSE, SHEET_NS, SHEET_OPEN, workbookParts, writeZip } from "../helpers/zip-parts";

/** The table-file reader against files written here: what an import would get of each, or the refusal it would show. */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "table-files-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string | Buffer): Promise<string> {
  const at = path.join(dir, name);
  await writeFile(at, content);
  return at;
}

async function readAll(at: string, options: Partial<TableFileOptions> = {}): Promise<TableRow[]> {
  const opened = await openTableFile(at, { fileName: path.basename(at), ...options });
  const rows: TableRow[] = [];
  for await (const row of opened.rows()) rows.push(row);
  return rows;
}

const refusal = (read: Promise<unknown>) => rejectionOf(read, TableFileRefused);

describe("the hard suite's bad files", () => {
  it("each gives what it expects: its refusal, or the text its rows show", async () => {
    const cheap = [bad.overSizeLimit, bad.pngNamedXlsx, bad.pdfNamedCsv, bad.csvWindows1252, bad.csvMixedEncodings, bad.csvWithBom, bad.csvMixedSeparators, bad.csvTenThousandColumns, bad.csvFormulasAndHtml];
    for (const make of cheap) {
      const made = await make(dir);
      if (made.refused) expect((await refusal(readAll(made.path))).message).toMatch(made.expect);
      else expect((await readAll(made.path)).flatMap((row) => row.cells)).toContainEqual(expect.stringMatching(made.expect));
    }
  });
});

describe("kind by content", () => {
  it("refuses a PNG named .xlsx, a PDF named .csv, and a zip without a workbook", async () => {
    for (const made of [await bad.pngNamedXlsx(dir), await bad.pdfNamedCsv(dir)]) {
      expect((await refusal(readAll(made.path))).message).toMatch(made.expect);
    }
    const zip = path.join(dir, "arsip.xlsx");
    await writeZip(zip, [deflatedPart("dokumen.txt", "halo")]);
    expect((await refusal(readAll(zip))).message).toBe("Berkas “arsip.xlsx” bukan berkas XLSX atau CSV.");
  });

  it("refuses an empty file, a file of a BOM alone, and a file over the size limit", async () => {
    expect((await refusal(readAll(await file("kosong.csv", "")))).message).toBe("Berkas “kosong.csv” kosong.");
    expect((await refusal(readAll(await file("bom-saja.csv", "\uFEFF")))).message).toBe("Berkas “bom-saja.csv” kosong.");
    const big = await bad.overSizeLimit(dir);
    expect((await refusal(readAll(big.path))).message).toMatch(big.expect);
  });

  it("refuses a corrupt XLSX with a message, never a crash", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Katalog").addRow(["Judul"]);
    const whole = Buffer.from(await workbook.xlsx.writeBuffer());
    const cut = await file("terpotong.xlsx", whole.subarray(0, Math.floor(whole.length / 2)));
    expect((await refusal(readAll(cut))).message).toBe("Berkas “terpotong.xlsx” rusak: bukan berkas XLSX yang utuh.");
    const garbled = Buffer.from(whole);
    for (let i = 200; i < garbled.length - 200; i += 7) garbled[i] ^= 0x5a;
    expect((await refusal(readAll(await file("rusak.xlsx", garbled)))).message).toMatch(/^Berkas “rusak\.xlsx” (rusak|bukan berkas XLSX)/);
  });
});

describe("XLSX", () => {
  it("reads the first worksheet's cells as Excel shows them", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Katalog");
    workbook.addWorksheet("Lain").addRow(["tidak dibaca"]);
    sheet.addRow(["Judul", "ISBN", "Harga", "Terbit", "Rumus", "Kaya", "Benar", "Tautan", "Teks"]);
    sheet.addRow([
      "Laskar Pelangi", 9786020331874, 12.5, new Date(Date.UTC(2019, 0, 15)), { formula: "B2*2", result: 19572040663748 },
      { richText: [{ text: "Bumi " }, { font: { bold: true }, text: "Manusia" }] }, true, { text: "Situs", hyperlink: "https://example.org" }, "=SUM(A1)",
    ]);
    sheet.getRow(5).values = ["<i>Cantik</i> Itu Luka", "'0812", 0.1 + 0.2, null, { formula: "TODAY()", result: new Date(Date.UTC(2024, 7, 17)) }];
    sheet.getCell("D5").numFmt = "dd/mm/yyyy";
    const at = path.join(dir, "katalog.xlsx");
    await workbook.xlsx.writeFile(at);

    const opened = await openTableFile(at, { fileName: "katalog.xlsx" });
    expect(opened).toMatchObject({ format: "xlsx", encoding: "utf-8", dialect: undefined });
    const rows = await readAll(at);
    expect(rows).toEqual([
      { line: 1, cells: ["Judul", "ISBN", "Harga", "Terbit", "Rumus", "Kaya", "Benar", "Tautan", "Teks"] },
      { line: 2, cells: ["Laskar Pelangi", "9786020331874", "12.5", "2019-01-15", "19572040663748", "Bumi Manusia", "TRUE", "Situs", "=SUM(A1)"] },
      { line: 5, cells: ["<i>Cantik</i> Itu Luka", "'0812", "0.3", "", "2024-08-17"] },
    ]);
    // rows() reads the file anew each time.
    expect(await readAll(at)).toEqual(rows);
  });

  it("keeps the leading zeros a format of zeros shows (a telephone, an ISBN-10 typed as numbers)", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Penerbit");
    sheet.addRow(["Telepon", "ISBN", "Jumlah"]);
    sheet.addRow([81234567890, 306406152, 1500]);
    sheet.getCell("A2").numFmt = "000000000000";
    sheet.getCell("B2").numFmt = "0000000000";
    sheet.getCell("C2").numFmt = "0";
    const at = path.join(dir, "nol.xlsx");
    await workbook.xlsx.writeFile(at);
    expect((await readAll(at))[1]).toEqual({ line: 2, cells: ["081234567890", "0306406152", "1500"] });
  });

  it("reads a character Excel escaped as _xHHHH_ as that character, and an escaped underscore as written", async () => {
    const at = path.join(dir, "escaped.xlsx");
    const xml = `${SHEET_OPEN}<row r="1"><c r="A1" t="inlineStr"><is><t>Judul</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Baris satu_x000D_\nbaris dua</t></is></c><c r="B2" t="inlineStr"><is><t>kode_x005F_x000D_asli</t></is></c></row>${SHEET_CLOSE}`;
    await writeZip(at, workbookParts(deflatedPart("xl/worksheets/sheet1.xml", xml)));
    expect((await readAll(at))[1]).toEqual({ line: 2, cells: ["Baris satu\r\nbaris dua", "kode_x000D_asli"] });
  });

  it("reads the first sheet shown, not a hidden one, and dates counted from 1904 however the workbook says so", async () => {
    const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
    // 43835 is 2020-01-05 counted from 1900, 2024-01-06 from 1904; style 1 is the built-in date format 14.
    const sheet = (title: string) => `${SHEET_OPEN}<row r="1"><c r="A1" t="inlineStr"><is><t>Judul</t></is></c><c r="B1" t="inlineStr"><is><t>Terbit</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>${title}</t></is></c><c r="B2" s="1"><v>43835</v></c></row>${SHEET_CLOSE}`;
    for (const [date1904, day] of [["true", "2024-01-06"], ["1", "2024-01-06"], ["false", "2020-01-05"]]) {
      const [types, rels] = workbookParts(deflatedPart("unused", ""));
      const at = path.join(dir, `lembar-${date1904}.xlsx`);
      await writeZip(at, [
        types,
        rels,
        deflatedPart("xl/workbook.xml", `<?xml version="1.0"?><workbook ${ns}><workbookPr date1904="${date1904}"/><sheets><sheet name="Arsip lama" sheetId="1" state="hidden" r:id="rId1"/><sheet name="Buku" sheetId="2" r:id="rId2"/></sheets></workbook>`),
        deflatedPart(
          "xl/_rels/workbook.xml.rels",
          `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel("rId1", "worksheet", "worksheets/sheet1.xml")}${rel("rId2", "worksheet", "worksheets/sheet2.xml")}${rel("rId3", "styles", "styles.xml")}</Relationships>`,
        ),
        deflatedPart("xl/styles.xml", `<?xml version="1.0"?><styleSheet ${ns}><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`),
        deflatedPart("xl/worksheets/sheet1.xml", sheet("Buku arsip yang disembunyikan")),
        deflatedPart("xl/worksheets/sheet2.xml", sheet("Laskar Pelangi")),
      ]);
      expect(await readAll(at), `date1904="${date1904}"`).toEqual([
        { line: 1, cells: ["Judul", "Terbit"] },
        { line: 2, cells: ["Laskar Pelangi", day] },
      ]);
    }
  });

  it("reads a sheet as other writers write it: cells without references, formula results of every type, inline rich text", async () => {
    const at = path.join(dir, "tulisan-lain.xlsx");
    const xml = [
      SHEET_OPEN,
      '<row><c t="inlineStr"><is><t>Judul</t></is></c><c t="inlineStr"><is><t>Ada</t></is></c><c t="inlineStr"><is><t>Rumus</t></is></c></row>',
      '<row r="4"><c r="A4" t="inlineStr"><is><r><t>Bumi </t></r><r><rPr><b/></rPr><t>Manusia</t></r><rPh><t>ぶみ</t></rPh></is></c>',
      '<c r="B4" t="b"><f>TRUE()</f><v>1</v></c><c r="C4" t="e"><f>NA()</f><v>#N/A</v></c><c r="E4" t="str"><f>A1</f><v>a &amp;lt; b &amp; c</v></c></row>',
      '<row><c t="b"><v>0</v></c><c t="d"><v>2019-01-15T00:00:00</v></c><c><f>1+1</f><v>2</v></c></row>',
      SHEET_CLOSE,
    ].join("");
    await writeZip(at, workbookParts(deflatedPart("xl/worksheets/sheet1.xml", xml)));
    expect(await readAll(at)).toEqual([
      { line: 1, cells: ["Judul", "Ada", "Rumus"] },
      { line: 4, cells: ["Bumi Manusia", "TRUE", "#N/A", "", "a &lt; b & c"] },
      { line: 5, cells: ["FALSE", "2019-01-15", "2"] },
    ]);
  });

  it("reads a sheet whose writer gave its namespace a prefix (<x:row>, <x:c>)", async () => {
    const at = path.join(dir, "awalan.xlsx");
    const xml = [
      `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="${SHEET_NS}"><x:sheetData>`,
      '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Judul</x:t></x:is></x:c><x:c r="B1"><x:v>2019</x:v></x:c></x:row>',
      "</x:sheetData></x:worksheet>",
    ].join("");
    await writeZip(at, workbookParts(deflatedPart("xl/worksheets/sheet1.xml", xml)));
    expect(await readAll(at)).toEqual([{ line: 1, cells: ["Judul", "2019"] }]);
  });

  it("says which sheet it reads and which other shown sheets hold values, and marks the rows Excel hides", async () => {
    const workbook = new ExcelJS.Workbook();
    const books = workbook.addWorksheet("Buku 2024");
    books.addRow(["Judul"]);
    books.addRow(["Terlihat"]);
    books.addRow(["Tersaring"]).hidden = true;
    books.addRow(["Terlihat juga"]);
    workbook.addWorksheet("Majalah").addRow(["Tempo"]);
    // Only formatted, no value: Excel's empty "Sheet3" with a column widened.
    workbook.addWorksheet("Sheet3").getCell("C4").numFmt = "@";
    const hidden = workbook.addWorksheet("Arsip");
    hidden.addRow(["lama"]);
    hidden.state = "hidden";
    const at = path.join(dir, "lembar.xlsx");
    await workbook.xlsx.writeFile(at);
    expect((await openTableFile(at, { fileName: "lembar.xlsx" })).sheets).toEqual({ read: "Buku 2024", notRead: ["Majalah"] });
    expect(await readAll(at)).toEqual([
      { line: 1, cells: ["Judul"] },
      { line: 2, cells: ["Terlihat"] },
      { line: 3, cells: ["Tersaring"], hidden: true },
      { line: 4, cells: ["Terlihat juga"] },
    ]);
  });

  it("refuses a shared string over the cell limit, naming its row", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Katalog");
    sheet.addRow(["Judul", "Catatan"]);
    sheet.addRow(["A", "pendek"]);
    sheet.addRow(["B", "x".repeat(TABLE_FILE_LIMITS.maxCellChars + 1)]);
    const at = path.join(dir, "catatan-panjang.xlsx");
    await workbook.xlsx.writeFile(at);
    const error = await refusal(readAll(at));
    expect(error.message).toBe("Berkas “catatan-panjang.xlsx”, baris 3: sebuah sel lebih dari 20.000 karakter.");
    expect(error.line).toBe(3);
  });

  it("refuses a sheet of 1,048,576 rows at the row limit, without reading the rest", async () => {
    const made = await bad.xlsxMillionRows(dir);
    const opened = await openTableFile(made.path, { fileName: made.name });
    let last = 0;
    const error = await refusal(
      (async () => {
        for await (const row of opened.rows()) last = row.line;
      })(),
    );
    expect(error.message).toMatch(made.expect);
    expect(error.line).toBe(TABLE_FILE_LIMITS.maxRows + 2);
    expect(last).toBe(TABLE_FILE_LIMITS.maxRows + 1);
  });

  it("refuses a zip bomb from its central directory, before inflating it", async () => {
    const made = await bad.xlsxZipBomb(dir);
    const before = process.memoryUsage().arrayBuffers;
    expect((await refusal(openTableFile(made.path, { fileName: made.name }))).message).toMatch(/ditolak: isinya setelah dibuka/);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("stops a bomb that declares a small size while it inflates", async () => {
    const made = await bad.xlsxZipBomb(dir, { declaredBytes: 900 * 1024 });
    const before = process.memoryUsage();
    expect((await refusal(readAll(made.path))).message).toMatch(made.expect);
    const after = process.memoryUsage();
    expect(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers).toBeLessThan(128 * 1024 * 1024);
  });

  it("reads a sheet formatted to its edge: empty cells past the column limit go, as from its CSV", async () => {
    // A range given borders or a fill to column 300 writes its empty cells, styled.
    const styled = Array.from({ length: 299 }, (_, i) => `<c r="${columnName(i + 1)}2" s="1"/>`).join("");
    const at = path.join(dir, "berformat.xlsx");
    await writeZip(at, workbookParts(deflatedPart("xl/worksheets/sheet1.xml", `${SHEET_OPEN}<row r="1"><c r="A1" t="inlineStr"><is><t>Judul</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Laskar Pelangi</t></is></c>${styled}</row>${SHEET_CLOSE}`)));
    const [, xlsxRow] = await readAll(at);
    expect(xlsxRow?.cells[0]).toBe("Laskar Pelangi");
    expect(xlsxRow?.cells.length).toBeLessThanOrEqual(TABLE_FILE_LIMITS.maxColumns);
    const csv = await file("berformat.csv", `Judul;Tahun${";".repeat(298)}\nLaskar Pelangi;2005${";".repeat(298)}\n`);
    expect((await readAll(csv)).map((row) => [row.cells.length, row.cells.slice(0, 2)])).toEqual([
      [TABLE_FILE_LIMITS.maxColumns, ["Judul", "Tahun"]],
      [TABLE_FILE_LIMITS.maxColumns, ["Laskar Pelangi", "2005"]],
    ]);
  });

  it("refuses a row with more columns than the limit, naming it", async () => {
    const cells = Array.from({ length: 250 }, (_, i) => `<c r="${columnName(i)}3" t="inlineStr"><is><t>x</t></is></c>`).join("");
    const at = path.join(dir, "lebar.xlsx");
    await writeZip(at, workbookParts(deflatedPart("xl/worksheets/sheet1.xml", `${SHEET_OPEN}<row r="1"><c r="A1" t="inlineStr"><is><t>Judul</t></is></c></row><row r="3">${cells}</row>${SHEET_CLOSE}`)));
    const error = await refusal(readAll(at));
    expect(error.message).toBe("Berkas “lebar.xlsx”, baris 3: lebih dari 200 kolom.");
    expect(error.line).toBe(3);
  });
});

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

describe("CSV encodings and dialects", () => {
  it("strips a UTF-8 BOM", async () => {
    const made = await bad.csvWithBom(dir);
    const opened = await openTableFile(made.path, { fileName: made.name });
    expect(opened).toMatchObject({ format: "csv", encoding: "utf-8", dialect: { separator: ",", enclosure: '"' } });
    const rows = await readAll(made.path);
    expect(rows[0]?.cells).toEqual(["Judul", "ISBN"]);
    // rows() reads the file anew each time.
    expect(await readAll(made.path)).toEqual(rows);
  });

  it("reads Excel's Unicode Text (UTF-16 LE, tab-separated) and UTF-16 BE by their BOM", async () => {
    const text = "Judul\tPengarang\r\nBumi Manusia\tPramoedya Ananta Toer\r\n";
    const le = await file("unicode.txt", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
    const be = await file("unicode-be.csv", Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]));
    for (const [at, encoding] of [[le, "utf-16le"], [be, "utf-16be"]] as const) {
      expect(await openTableFile(at, { fileName: "unicode.txt" })).toMatchObject({ encoding, dialect: { separator: "\t" } });
      expect(await readAll(at)).toEqual([
        { line: 1, cells: ["Judul", "Pengarang"] },
        { line: 2, cells: ["Bumi Manusia", "Pramoedya Ananta Toer"] },
      ]);
    }
  });

  it("reads text that is not UTF-8 as Windows-1252", async () => {
    const made = await bad.csvWindows1252(dir);
    expect(await openTableFile(made.path, { fileName: made.name })).toMatchObject({ encoding: "windows-1252", dialect: { separator: ";" } });
    expect((await readAll(made.path))[1]?.cells).toEqual(["Pendidikan Anak Usia Dini – Café", "Kencana"]);
  });

  it("reads UTF-8 holding one byte of Windows-1252 as UTF-8, that byte as “�”, not the whole file garbled", async () => {
    const at = await file("campuran.csv", Buffer.concat([Buffer.from("Judul;Catatan\nPengetahuan — Édisi;“bagus”\nCaf"), Buffer.from([0xe9]), Buffer.from(";x\n")]));
    expect(await openTableFile(at, { fileName: "campuran.csv" })).toMatchObject({ encoding: "utf-8" });
    expect((await readAll(at)).map((row) => row.cells)).toEqual([["Judul", "Catatan"], ["Pengetahuan — Édisi", "“bagus”"], ["Caf\uFFFD", "x"]]);
  });

  it("guesses the separator from the first lines, and takes the one given", async () => {
    const cases = [
      ["Judul;Tahun;Catatan\nA;2019;x, y\nB;2020;z\n", ";"],
      ["Judul,Tahun\n\"A; B\",2019\nC,2020\n", ","],
      ["Judul|Tahun|Kota\nA|2019|Bandung, Jawa Barat\n", "|"],
      ["Judul\nSatu kolom saja\n", ","],
      // A title above the table, with or without a comma of its own, and a blank line.
      ["DAFTAR BUKU PERPUSTAKAAN 2024\n\nJudul;Tahun;Catatan\nA;2019;x\nB;2020;y, z\n", ";"],
      ["Daftar Buku, Perpustakaan Daerah\nJudul;Tahun;Catatan\nA;2019;x\nB;2020;y\n", ";"],
    ] as const;
    for (const [content, separator] of cases) {
      const at = await file("tebak.csv", content);
      expect((await openTableFile(at, { fileName: "tebak.csv" })).dialect?.separator).toBe(separator);
    }
    const given = await file("diberi.csv", "a;b|c\n");
    expect((await readAll(given, { dialect: { separator: "|" } }))[0]?.cells).toEqual(["a;b", "c"]);
    expect((await refusal(openTableFile(given, { fileName: "diberi.csv", dialect: { separator: "" } }))).message).toMatch(/^Berkas “diberi\.csv”: pemisah kolom/);
  });

  it("reads CRLF, LF and CR line ends, skips empty rows and keeps the line numbers", async () => {
    for (const end of ["\r\n", "\n", "\r"]) {
      const at = await file("baris.csv", ["Judul,Tahun", "A,2019", "", ",", "B,\"2020", "revisi\"", "C,2021"].join(end) + end);
      expect(await readAll(at)).toEqual([
        { line: 1, cells: ["Judul", "Tahun"] },
        { line: 2, cells: ["A", "2019"] },
        { line: 5, cells: ["B", `2020${end}revisi`] },
        { line: 6, cells: ["C", "2021"] },
      ]);
    }
  });

  it("keeps formulas, HTML and a leading apostrophe as written", async () => {
    const made = await bad.csvFormulasAndHtml(dir);
    const rows = await readAll(made.path);
    expect(rows.slice(1).map((row) => row.cells)).toEqual([
      ['=HYPERLINK("http://x.test","klik")', "<script>alert(1)</script>", "'0812"],
      ["=1+1", "<b>tebal</b>", "@SUM(A1)"],
    ]);
  });
});

describe("CSV limits", () => {
  it("stops when the import is cancelled", async () => {
    const at = await file("batal.csv", `Judul\n${Array.from({ length: 1000 }, (_, i) => `Buku ${i}`).join("\n")}\n`);
    for (const name of ["batal.csv", "katalog.xlsx"]) {
      const cancel = new AbortController();
      const opened = await openTableFile(name === "batal.csv" ? at : path.join(dir, name), { fileName: name, signal: cancel.signal });
      const read = (async () => {
        for await (const row of opened.rows()) if (row.line === 2) cancel.abort(new Error("dibatalkan"));
      })();
      await expect(read).rejects.toThrow("dibatalkan");
    }
  });

  it("refuses a row of 10,000 columns naming it", async () => {
    const made = await bad.csvTenThousandColumns(dir);
    const error = await refusal(readAll(made.path));
    expect(error.message).toMatch(made.expect);
    expect(error.line).toBe(2);
  });

  it("refuses a cell over the limit naming its row", async () => {
    const at = await file("sel.csv", `Judul,Catatan\nA,b\nB,${"x".repeat(TABLE_FILE_LIMITS.maxCellChars + 1)}\n`);
    const error = await refusal(readAll(at));
    expect(error.message).toBe("Berkas “sel.csv”, baris 3: sebuah sel lebih dari 20.000 karakter.");
    expect(error.line).toBe(3);
  });

  it("bounds a quote that never closes: refused at its row, the file not held", async () => {
    const rest = Array.from({ length: 200_000 }, (_, i) => `Judul ${i},${i}`).join("\n");
    const at = await file("kutip.csv", `Judul,Tahun\nA,2019\n"B,2020\n${rest}\n`);
    const error = await refusal(readAll(at));
    expect(error.message).toMatch(/^Berkas “kutip\.csv”, baris 3: baris lebih dari 1\.000\.000 karakter; mungkin ada tanda kutip yang tidak ditutup\.$/);
    const short = await file("kutip-pendek.csv", `Judul,Tahun\n"A,2019\n`);
    expect((await refusal(readAll(short))).message).toBe("Berkas “kutip-pendek.csv”, baris 2: tanda kutip tidak ditutup.");
  });

  it("refuses the row past the data-row limit", async () => {
    const lines = Array.from({ length: TABLE_FILE_LIMITS.maxRows + 5 }, (_, i) => `Buku ${i},${i}`);
    const at = await file("panjang.csv", `Judul,No\n${lines.join("\n")}\n`);
    const error = await refusal(readAll(at));
    expect(error.line).toBe(TABLE_FILE_LIMITS.maxRows + 2);
    expect(error.message).toBe("Berkas “panjang.csv”, baris 50.002: lebih dari 50.000 baris data; bagi berkas menjadi beberapa.");
  });

  it("reads mixed separators by the first line's, leaving the odd rows whole", async () => {
    const made = await bad.csvMixedSeparators(dir);
    const rows = await readAll(made.path);
    expect(rows[2]?.cells).toHaveLength(1);
    expect(rows[2]?.cells[0]).toMatch(made.expect);
  });
});

describe("SLiMS bibliography exports", () => {
  const records = slimsSampleRecords(30);
  const dialects = [
    { separator: ";", enclosure: '"', recordSeparator: "\n" },
    { separator: ",", enclosure: '"', recordSeparator: "\r" },
    { separator: "||", enclosure: '"', recordSeparator: "\n" },
    { separator: "|", enclosure: "'", recordSeparator: "\r" },
  ] as const;

  for (const { separator, enclosure, recordSeparator } of dialects) {
    it(`reads an export with separator ${JSON.stringify(separator)}, enclosure ${enclosure}, records ending ${JSON.stringify(recordSeparator)}`, async () => {
      const at = await file("senayan_biblio_export.csv", slimsExportCsv(records, { separator, enclosure, recordSeparator, header: true }));
      const rows = await readAll(at, { dialect: { separator, enclosure }, lenientQuotes: true });
      expect(rows[0]).toEqual({ line: 1, cells: [...SLIMS_COLUMNS] });
      expect(rows.slice(1)).toEqual(records.map((record, i) => ({ line: i + 2, cells: slimsCells(record) })));
    });
  }

  for (const { separator, enclosure, recordSeparator } of [
    { separator: ";", enclosure: "'", recordSeparator: "\r" },
    { separator: "#", enclosure: '"', recordSeparator: "\n" },
  ] as const) {
    it(`guesses separator ${JSON.stringify(separator)} and enclosure ${enclosure} when the form's fields are left empty`, async () => {
      const at = await file("senayan_biblio_export.csv", slimsExportCsv(records, { separator, enclosure, recordSeparator, header: true }));
      expect(await openTableFile(at, { fileName: "senayan_biblio_export.csv", lenientQuotes: true })).toMatchObject({ dialect: { separator, enclosure } });
      const rows = await readAll(at, { lenientQuotes: true });
      expect(rows.slice(1)).toEqual(records.map((record, i) => ({ line: i + 2, cells: slimsCells(record) })));
    });
  }

  it("reads a quote inside a title as written, a newline in notes as the letter n, and an export without header", async () => {
    const at = await file("tanpa-header.csv", slimsExportCsv(records, { separator: ";", enclosure: '"', recordSeparator: "\n", header: false }));
    const rows = await readAll(at, { dialect: { separator: ";", enclosure: '"' }, lenientQuotes: true });
    expect(rows).toHaveLength(records.length);
    const cells = rows.map((row) => row.cells);
    expect(cells.map((row) => row[0])).toContain('Buku "Laskar" Pelangi');
    expect(cells.map((row) => row[12])).toContain("Baris pertamanbaris kedua");
    expect(cells.map((row) => row[15])).toContain("<Seno Gumira Ajidarma><Kurniawan, Eka>");
  });
});
