import { AGENCY_CATALOGUE, type CatalogueCounts } from "../../helpers/catalogue-scale.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import {
  adminCookie,
  closeAll,
  median,
  startBenchBff,
  startCatalogueApi,
  timeToLastByte,
  type BenchBff,
  type ReferenceApiProcess,
} from "../support.ts";

/**
 * Issue 8, point 6: the books admin list and the home page over a reference API holding the
 * agency's catalogue (10,000 books, 5,000 authors…: tests/helpers/catalogue-scale.ts) and 500
 * activities, against the same pages over 20 of each; both sites run side by side
 * and are measured in turns. The public cache is off, so each view pays its upstream reads too.
 */

const LARGE = { ...AGENCY_CATALOGUE, activities: 500 };
const SMALL = { books: 20, activities: 20 };
const RUNS = 21;
const TARGET_RATIO = 1.2;

type Counts = CatalogueCounts;

interface Site {
  api: ReferenceApiProcess;
  bff: BenchBff;
  cookie: string;
  close(): Promise<void>;
}

async function startSite(counts: Counts): Promise<Site> {
  const api = await startCatalogueApi(counts);
  const bff = await startBenchBff(api.url, { PUBLIC_CACHE_TTL_MS: "0", PUBLIC_CACHE_STALE_MS: "0" });
  return {
    api,
    bff,
    cookie: await adminCookie(bff.url),
    async close() {
      await closeAll(bff, api);
    },
  };
}

const suite: BenchSuite = {
  name: "scale",
  async run() {
    let small: Site | undefined;
    let large: Site | undefined;
    try {
      small = await startSite(SMALL);
      large = await startSite(LARGE);
      const rows: BenchRow[] = [];
      for (const path of ["/admin/book", "/"]) {
        const view = (site: Site) => timeToLastByte(`${site.bff.url}${path}`, path.startsWith("/admin") ? { Cookie: site.cookie } : {});
        for (let warmup = 0; warmup < 3; warmup++) {
          await view(small);
          await view(large);
        }
        const smallTimes: number[] = [];
        const largeTimes: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          smallTimes.push(await view(small));
          largeTimes.push(await view(large));
        }
        const ratio = median(largeTimes) / median(smallTimes);
        const bench = `scale ${path}`;
        rows.push(
          { bench, metric: `median response, ${SMALL.books} books / ${SMALL.activities} activities`, value: median(smallTimes), unit: "ms" },
          { bench, metric: `median response, ${LARGE.books} books / ${LARGE.activities} activities`, value: median(largeTimes), unit: "ms" },
          { bench, metric: "large / small", value: ratio, unit: "x", target: `<= ${TARGET_RATIO}`, met: ratio <= TARGET_RATIO },
        );
      }
      return rows;
    } finally {
      await closeAll(large, small);
    }
  },
};

export default suite;
