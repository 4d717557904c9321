import ExcelJS from "exceljs";
import { AGENCY_CATALOGUE } from "../../helpers/catalogue-scale.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import { adminCookie, closeAll, median, startBenchBff, startCatalogueApi, timeToLastByte } from "../support.ts";
import { memoryWatch } from "../video-upload.ts";

/**
 * The admin lists' export at the agency's scale (10,000 books, 5,000 authors…:
 * tests/helpers/catalogue-scale.ts): the whole book list as Excel (XLSX) and as CSV (;), every
 * field of every book, written from the list's copy a batch at a time as the download takes it.
 * Its memory is the BFF's RSS growth, from after the list was read and shown, over every export
 * of the run (the code's first use among them), target 32 MiB; its time is set against the plain
 * list page of the same site and against the first read of the whole list, in the same run.
 */

const COUNTS = { ...AGENCY_CATALOGUE, activities: 20 };
const RUNS = 3;
const PAGE_RUNS = 11;
const TARGET_GROWTH_MIB = 32;
const FORMATS = { xlsx: "/admin/export/book?format=xlsx", csv: "/admin/export/book?format=csv&sep=%3B" } as const;

const suite: BenchSuite = {
  name: "admin-export",
  async run() {
    const api = await startCatalogueApi(COUNTS);
    // The copy stays as it is for the whole run: every export reads the same one.
    const bff = await startBenchBff(api.url, { ADMIN_LIST_REFRESH_MS: String(60 * 60 * 1000) });
    try {
      const cookie = await adminCookie(bff.url);
      const view = (path: string) => timeToLastByte(`${bff.url}${path}`, { Cookie: cookie });
      const rows: BenchRow[] = [];
      const bench = "admin export, 10,000 books";

      await view("/admin/genre");
      const wholeRead = await view("/admin/book");
      for (let warmup = 0; warmup < 3; warmup++) await view("/admin/book?page=250");
      const pageTimes: number[] = [];
      for (let i = 0; i < PAGE_RUNS; i++) pageTimes.push(await view("/admin/book?page=250"));
      const plain = median(pageTimes);
      rows.push(
        { bench, metric: "first view: reading the whole list (102 upstream pages of 100)", value: wholeRead, unit: "ms" },
        { bench, metric: "median plain list page (from the copy)", value: plain, unit: "ms" },
      );

      // Every export of the run is watched from here, the list read and its pages shown: the first export after the start too.
      const all = memoryWatch(bff.proc.pid);
      await all.during(async () => {
        // What the file holds, checked once: every book, its id a text cell.
        const excel = await fetch(`${bff.url}${FORMATS.xlsx}`, { headers: { Cookie: cookie } });
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(await excel.arrayBuffer());
        const sheet = workbook.worksheets[0];
        if (sheet.rowCount !== 10_001 || sheet.getCell("A2").type !== ExcelJS.ValueType.String) {
          throw new Error(`the XLSX holds ${sheet.rowCount} rows, its first id a cell of type ${sheet.getCell("A2").type}`);
        }
        for (const [format, path] of Object.entries(FORMATS)) {
          const first = await view(path);
          const times: number[] = [];
          for (let run = 0; run < RUNS; run++) times.push(await view(path));
          const time = median(times);
          rows.push(
            { bench, metric: `${format}: the first export of its format (context)`, value: first, unit: "ms" },
            { bench, metric: `${format}: median export`, value: time, unit: "ms" },
            { bench, metric: `${format}: export / plain list page`, value: time / plain, unit: "x" },
            { bench, metric: `${format}: export / first read of the whole list`, value: time / wholeRead, unit: "x" },
          );
        }
      });
      const growth = all.growthMiB();
      rows.push({ bench, metric: `BFF RSS growth over every export (${2 * RUNS + 3}, both formats)`, value: growth, unit: "MiB", target: `<= ${TARGET_GROWTH_MIB}`, met: growth <= TARGET_GROWTH_MIB });
      return rows;
    } finally {
      await closeAll(bff, api);
    }
  },
};

export default suite;
