import { AGENCY_CATALOGUE } from "../../helpers/catalogue-scale.ts";
import { referenceApiToken } from "../../e2e/helpers/reference-api.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import { adminCookie, closeAll, median, percentile, startBenchBff, startCatalogueApi, timeToLastByte } from "../support.ts";

/**
 * Opening the book screen's edit form at the agency's catalogue (10,000 books): the form opens
 * with the record as the upstream holds it now (app/admin-kit/server/screen/current-record.server.ts),
 * the window of 20 records read where the list's copy last saw it, against the same request
 * answered from the copy alone. Records on the upstream's first, middle and last pages of 100 (its
 * OFFSET grows with the page), every kind measured in turns, the copy warm throughout.
 */

const COUNTS = { ...AGENCY_CATALOGUE, activities: 20 };
const RUNS = 200;
const WARMUP = 10;
const TARGET_RATIO = 2;
/** The page size the BFF reads a whole upstream list in (READ_PAGE_LIMIT). */
const UPSTREAM_LIMIT = 100;
/** The window the BFF reads one record again in (current-record.server.ts). */
const WINDOW = 20;
const COUNTED_OPENS = 10;

interface UpstreamPage {
  books: Array<{ id: number; title: string }>;
  total: number;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const suite: BenchSuite = {
  name: "edit-form",
  async run() {
    const api = await startCatalogueApi(COUNTS);
    // The copy is kept for the whole run (no re-read of the list mid-measure); the metrics count the upstream calls.
    const bff = await startBenchBff(api.url, { ADMIN_LIST_REFRESH_MS: String(3_600_000), METRICS_PORT: "0" }).catch(async (error: unknown) => {
      await api.close();
      throw error;
    });
    try {
      const cookie = await adminCookie(bff.url);
      const view = (path: string) => timeToLastByte(`${bff.url}${path}`, { Cookie: cookie });
      const metricsUrl = String(bff.proc.logLines().find((line) => line.event === "metrics_listening")?.url);
      const upstreamCalls = async () => {
        const text = await (await fetch(metricsUrl)).text();
        const counts = text.split("\n").filter((line) => line.startsWith("dispusip_upstream_request_duration_seconds_count"));
        return counts.reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
      };

      // A record from the middle of the upstream's first, middle and last pages, as the BFF pages it.
      const token = await referenceApiToken(api.url);
      const pageUrl = (page: number, limit = UPSTREAM_LIMIT) => `${api.url}/api/books/all?page=${page}&limit=${limit}`;
      const upstreamPage = async (page: number) => {
        const response = await fetch(pageUrl(page), { headers: { Authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`GET /api/books/all?page=${page} answered ${response.status}`);
        return (await response.json()) as UpstreamPage;
      };
      const lastPage = Math.ceil((await upstreamPage(1)).total / UPSTREAM_LIMIT);
      const pages = { first: 1, middle: Math.ceil(lastPage / 2), last: lastPage };
      const edits = await Promise.all(
        Object.entries(pages).map(async ([position, page]) => {
          const { books } = await upstreamPage(page);
          const index = Math.floor(books.length / 2);
          const window = Math.floor(((page - 1) * UPSTREAM_LIMIT + index) / WINDOW) + 1;
          return { position, page, window, book: books[index], path: `/admin/book?modal=edit&id=${books[index].id}` };
        }),
      );

      // Baseline: the add form, same loader, list page and pickers from the copy, no fresh read (no copy-only edit exists; a closed form skips the pickers).
      const copyPath = "/admin/book?modal=add";
      const closedPath = "/admin/book";
      await view(closedPath); // the whole list's first read, then the pickers' lists on the first open
      for (const { book, path } of edits) {
        const page = await (await fetch(`${bff.url}${path}`, { headers: { Cookie: cookie } })).text();
        if (!page.includes(`name="id" value="${book.id}"`) || !page.includes(escapeHtml(book.title))) throw new Error(`${path} did not open book ${book.id}`);
      }
      // The same upstream window read straight by the bench, for context: how much of a fresh open is the upstream's.
      const straight = (window: number) => timeToLastByte(pageUrl(window, WINDOW), { Authorization: `Bearer ${token}` });
      const kinds: Array<[string, () => Promise<number>]> = [
        [copyPath, () => view(copyPath)],
        [closedPath, () => view(closedPath)],
        ...edits.flatMap(({ path, window }): Array<[string, () => Promise<number>]> => [[path, () => view(path)], [`straight ${window}`, () => straight(window)]]),
      ];
      for (let round = 0; round < WARMUP; round++) for (const [, measure] of kinds) await measure();

      // Each kind in turn, so that the machine's noise falls on all alike.
      const times = new Map<string, number[]>(kinds.map(([kind]) => [kind, []]));
      for (let i = 0; i < RUNS; i++) for (const [kind, measure] of kinds) times.get(kind)!.push(await measure());

      // Counted on a session just logged in, whose role is not asked of the upstream again (ROLE_RECHECK_MS) meanwhile.
      const counting = await adminCookie(bff.url);
      const calls = new Map<string, number>();
      for (const path of [copyPath, ...edits.map((edit) => edit.path)]) {
        const before = await upstreamCalls();
        for (let i = 0; i < COUNTED_OPENS; i++) await timeToLastByte(`${bff.url}${path}`, { Cookie: counting });
        calls.set(path, ((await upstreamCalls()) - before) / COUNTED_OPENS);
      }

      const bench = `edit form, ${COUNTS.books.toLocaleString("en")} books`;
      const copy = times.get(copyPath)!;
      const rows: BenchRow[] = [
        { bench, metric: "from the copy (the add form): median", value: median(copy), unit: "ms" },
        { bench, metric: "from the copy (the add form): p95", value: percentile(copy, 0.95), unit: "ms" },
        { bench, metric: "from the copy: upstream calls per open", value: calls.get(copyPath)!, unit: "calls" },
        { bench, metric: "list page, form closed (no pickers): median", value: median(times.get(closedPath)!), unit: "ms" },
      ];
      for (const { position, page, window, path } of edits) {
        const fresh = times.get(path)!;
        const ratio = median(fresh) / median(copy);
        const label = `fresh, ${position} upstream page (${page})`;
        rows.push(
          { bench, metric: `${label}: median`, value: median(fresh), unit: "ms" },
          { bench, metric: `${label}: p95`, value: percentile(fresh, 0.95), unit: "ms" },
          { bench, metric: `${label}: upstream calls per open`, value: calls.get(path)!, unit: "calls" },
          { bench, metric: `upstream window ${window} of ${WINDOW} read straight, for context: median`, value: median(times.get(`straight ${window}`)!), unit: "ms" },
          { bench, metric: `${label} / from the copy, median`, value: ratio, unit: "x", target: `<= ${TARGET_RATIO}`, met: ratio <= TARGET_RATIO },
        );
      }
      return rows;
    } finally {
      await closeAll(bff, api);
    }
  },
};

export default suite;
