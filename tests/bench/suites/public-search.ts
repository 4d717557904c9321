import { AGENCY_CATALOGUE } from "../../helpers/catalogue-scale.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import { closeAll, median, startBenchBff, startCatalogueApi, timeToLastByte, type BenchBff, type ReferenceApiProcess } from "../support.ts";

/**
 * The public search against a plain catalogue page, in the same run over the agency's catalogue
 * (10,000 books: tests/helpers/catalogue-scale.ts) and 500 activities: `/katalog`, then a
 * catalogue search (a common word, a word with affixes, a typo that gets a near spelling) and
 * the site search (`/cari`), measured in turns. The whole-page cache is off, so every view
 * renders; the book list's copy and the search index are kept as deployed (built by the warm-up).
 */

const RUNS = 21;
const TARGET_RATIO = 1.5;
const PLAIN = "/katalog";
const SEARCHES = ["/katalog?q=perpustakaan", "/katalog?q=pembaca%20arsip", "/katalog?q=perpustakan", "/katalog?q=sejarah&genre=Sejarah%20Lokal&sort=judul", "/cari?q=perpustakaan"];

const suite: BenchSuite = {
  name: "public-search",
  async run() {
    let api: ReferenceApiProcess | undefined;
    let bff: BenchBff | undefined;
    try {
      api = await startCatalogueApi({ ...AGENCY_CATALOGUE, activities: 500 });
      bff = await startBenchBff(api.url, { PUBLIC_CACHE_TTL_MS: "0", PUBLIC_CACHE_STALE_MS: "0" });
      const site = bff.url;
      const paths = [PLAIN, ...SEARCHES];
      const times = new Map<string, number[]>(paths.map((path) => [path, []]));
      for (let warmup = 0; warmup < 3; warmup++) for (const path of paths) await timeToLastByte(`${site}${path}`);
      for (let run = 0; run < RUNS; run++) for (const path of paths) times.get(path)!.push(await timeToLastByte(`${site}${path}`));
      const plain = median(times.get(PLAIN)!);
      const rows: BenchRow[] = [{ bench: "public-search", metric: `median response ${PLAIN}, ${AGENCY_CATALOGUE.books} books`, value: plain, unit: "ms" }];
      for (const path of SEARCHES) {
        const value = median(times.get(path)!);
        const ratio = value / plain;
        rows.push(
          { bench: "public-search", metric: `median response ${path}`, value, unit: "ms" },
          { bench: "public-search", metric: `${path} / ${PLAIN}`, value: ratio, unit: "x", target: `<= ${TARGET_RATIO}`, met: ratio <= TARGET_RATIO },
        );
      }
      return rows;
    } finally {
      await closeAll(bff, api);
    }
  },
};

export default suite;
