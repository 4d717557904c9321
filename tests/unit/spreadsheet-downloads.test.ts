import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { csvResponse } from "~/platform/csv.server";
import { sheetNameOf, XLSX_CONTENT_TYPE, xlsxResponse, type XlsxValue } from "~/platform/xlsx.server";

/**
 * The platform's spreadsheet downloads as Excel and a reader of the file see them: an XLSX read
 * back with exceljs (text cells stay text, whatever they look like; numbers are numbers), a CSV
 * with the separator asked for; and both written only as fast as the download is read, so that a
 * slow or stalled download holds a few batches in memory, not the list.
 */

const HEADER = ["ID", "Judul", "ISBN/ISSN", "Ditonton"];

async function* rowsOf(batches: XlsxValue[][][]): AsyncGenerator<XlsxValue[][], void, undefined> {
  for (const batch of batches) yield batch;
}

async function workbookOf(response: Response): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

/** Words that compress about as a synopsis does (the same for every run). */
function prose(seed: number, words: number): string {
  let state = seed;
  return Array.from({ length: words }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state.toString(36).slice(0, 3 + (state % 6));
  }).join(" ");
}

/** A batch of `size` rows as long as books' (a synopsis each: about half a kilobyte). */
function bigBatch(start: number, size: number): XlsxValue[][] {
  return Array.from({ length: size }, (_, index) => [String(start + index), prose(start + index, 80), `97860203${String(start + index).padStart(5, "0")}`, index]);
}

/** Batches made on demand, counting how many were asked for. */
function countedBatches(total: number, size: number) {
  const counter = { made: 0 };
  async function* batches(): AsyncGenerator<XlsxValue[][], void, undefined> {
    for (let start = 0; start < total; start += size) {
      counter.made += 1;
      yield bigBatch(start, size);
    }
  }
  return { counter, batches: batches() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** Batches made once the writer has stopped making more (the same count over a pause), however busy the machine. */
async function madeWhenStalled(counter: { made: number }): Promise<number> {
  let before: number;
  do {
    before = counter.made;
    await settle();
  } while (counter.made !== before);
  return before;
}

describe("XLSX downloads", () => {
  it("write ids, ISBNs and formula-like text as text cells, numbers as numbers, under a bold header", async () => {
    const response = xlsxResponse({
      fileName: "buku-2026-12-03.xlsx",
      sheetName: "Buku",
      header: HEADER,
      batches: rowsOf([
        [
          ["0012", "=HYPERLINK(\"http://x\")", "9786020324784", 1250],
          ["13", "+62 812", "0-306-40615-2", null],
        ],
        [["14", "@rapat; -1, \"kutip\"", "", 0]],
      ]),
      logName: "test",
    });
    expect(response.headers.get("Content-Type")).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="buku-2026-12-03.xlsx"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const sheet = await workbookOf(response);
    expect(sheet.name).toBe("Buku");
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(sheet.getCell("A1").font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const cell = (address: string) => sheet.getCell(address);
    // Ids and ISBNs exactly as written: text, shown as text (`@`), never 12 or 9.78602E+12.
    for (const [address, value] of [
      ["A2", "0012"],
      ["C2", "9786020324784"],
      ["C3", "0-306-40615-2"],
    ] as const) {
      expect(cell(address).type, address).toBe(ExcelJS.ValueType.String);
      expect(cell(address).value, address).toBe(value);
      expect(cell(address).numFmt, address).toBe("@");
    }
    // A cell that starts with = + - @ stays the text it is, not a formula, and keeps no apostrophe.
    expect(cell("B2").type).toBe(ExcelJS.ValueType.String);
    expect(cell("B2").value).toBe('=HYPERLINK("http://x")');
    expect(cell("B2").formula).toBeUndefined();
    expect(cell("B3").value).toBe("+62 812");
    expect(cell("B4").value).toBe('@rapat; -1, "kutip"');
    expect(cell("B4").numFmt).toBe("@");
    expect(cell("D2").type).toBe(ExcelJS.ValueType.Number);
    expect(cell("D2").value).toBe(1250);
    expect(cell("D3").type).toBe(ExcelJS.ValueType.Null);
    expect(sheet.rowCount).toBe(4);
  });

  it("name the sheet as Excel allows", () => {
    expect(sheetNameOf("Buku")).toBe("Buku");
    expect(sheetNameOf("Slider/Banner: [baru]?")).toBe("Slider Banner   baru");
    expect(sheetNameOf("x".repeat(40))).toHaveLength(31);
    expect(sheetNameOf("[]")).toBe("Data");
  });

  it("write rows only as the download reads them", async () => {
    // 100,000 rows, some 60 MB of sheet: a download that stalls after its first bytes holds a few batches' worth of them.
    const { counter, batches } = countedBatches(100_000, 200);
    const response = xlsxResponse({ fileName: "a.xlsx", sheetName: "A", header: HEADER, batches, logName: "test" });
    const reader = response.body!.getReader();
    await reader.read();
    const madeWhileStalled = await madeWhenStalled(counter);
    expect(madeWhileStalled).toBeGreaterThan(0);
    expect(madeWhileStalled).toBeLessThan(20);
    // Read on, the download asks for the rest.
    for (let read = 0; read < 200; read += 1) await reader.read();
    expect(counter.made).toBeGreaterThan(madeWhileStalled);
    await reader.cancel();
  });

  it("write every row of a long list when read to the end", async () => {
    // 20 batches, each asked for and written; few enough rows to read back in seconds on a busy
    // machine (10,000 took 1.4 s alone, and over 20 s beside a whole CI run).
    const { counter, batches } = countedBatches(4_000, 200);
    const sheet = await workbookOf(xlsxResponse({ fileName: "a.xlsx", sheetName: "A", header: HEADER, batches, logName: "test" }));
    expect(counter.made).toBe(20);
    expect(sheet.rowCount).toBe(4_001);
    expect(sheet.getCell("C4001").value).toBe("9786020303999");
  });

  it("stop writing when the download is cancelled", async () => {
    const { counter, batches } = countedBatches(10_000, 200);
    const response = xlsxResponse({ fileName: "a.xlsx", sheetName: "A", header: HEADER, batches, logName: "test" });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(await madeWhenStalled(counter)).toBeLessThan(20);
  });

  it("fail the download, rather than end it, when a batch fails", async () => {
    async function* failing(): AsyncGenerator<XlsxValue[][], void, undefined> {
      yield bigBatch(0, 200);
      throw new Error("baris rusak");
    }
    const response = xlsxResponse({ fileName: "a.xlsx", sheetName: "A", header: HEADER, batches: failing(), logName: "test" });
    await expect(response.arrayBuffer()).rejects.toThrow();
  });
});

describe("CSV downloads", () => {
  it("separate cells with the separator asked for, quoting each, and defuse formula starts", async () => {
    const batches = rowsOf([[["12", "=1+1", "9786020324784", "Sejarah; Fiksi, Puisi"]]]) as AsyncGenerator<string[][], void, undefined>;
    const response = csvResponse({ fileName: "a.csv", separator: ";", header: HEADER, batches, logName: "test" });
    const text = await response.text();
    expect(text.split("\r\n")).toEqual(['"ID";"Judul";"ISBN/ISSN";"Ditonton"', `"12";"'=1+1";"9786020324784";"Sejarah; Fiksi, Puisi"`, ""]);
  });

  it("write rows only as the download reads them", async () => {
    const { counter, batches } = countedBatches(10_000, 200);
    const strings = (async function* () {
      for await (const batch of batches) yield batch.map((row) => row.map(String));
    })();
    const response = csvResponse({ fileName: "a.csv", header: HEADER, batches: strings, logName: "test" });
    const reader = response.body!.getReader();
    await reader.read();
    expect(await madeWhenStalled(counter)).toBeLessThan(5);
    await reader.cancel();
  });
});
