import { referenceApiToken } from "../../e2e/helpers/reference-api.ts";
import { removeDir, tempDir } from "../../e2e/helpers/processes.ts";
import { bookExportHeader, jobSettled, knownNames, newBooksCsv, startJob, uploadFile } from "../../helpers/import-http.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import { adminCookie, closeAll, startBenchBff, startDelayingProxy, startReferenceApiProcess } from "../support.ts";
import { memoryWatch } from "../video-upload.ts";

/**
 * The catalogue import at the upstream's own pace: 1,000 new books (the list's export layout)
 * uploaded, previewed and run through the BFF against the reference API, as rows per second,
 * set against the same 1,000 creates sent one by one straight to the API in the same run (the
 * baseline: what any import must at least wait for). Its memory is the BFF's RSS growth from
 * the upload to the run's end, target flat (32 MiB).
 */

const ROWS = 1_000;
const TARGET_GROWTH_MIB = 32;

/** The same books created one after another with the API's own multipart POST /api/books: the upstream's pace. */
async function directCreates(apiUrl: string, prefix: string): Promise<number> {
  const token = await referenceApiToken(apiUrl);
  const list = async (path: string, key: string) =>
    ((await (await fetch(`${apiUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Record<string, Array<{ id: number }>>)[key][0].id;
  const [author, publisher] = [await list("/authors", "author"), await list("/publishers", "publishers")];
  const started = performance.now();
  for (let n = 1; n <= ROWS; n++) {
    const form = new FormData();
    form.append("title", `${prefix} ${n}`);
    form.append("synopsis", `Buku uji impor nomor ${n}.`);
    form.append("published_date", `2020-01-${String((n % 28) + 1).padStart(2, "0")}`);
    form.append("author_id", String(author));
    form.append("publisher_id", String(publisher));
    const response = await fetch(`${apiUrl}/api/books`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
    if (response.status !== 201) throw new Error(`POST /api/books answered ${response.status}`);
    await response.body?.cancel();
  }
  return performance.now() - started;
}

const suite: BenchSuite = {
  name: "admin-import",
  async run() {
    const api = await startReferenceApiProcess();
    const dataDir = await tempDir("bench-import");
    // No delay: the proxy only counts what the BFF asks of the upstream.
    const counter = await startDelayingProxy(api.url, 0);
    const bff = await startBenchBff(counter.url, { DATA_DIR: dataDir });
    try {
      const cookie = await adminCookie(bff.url);
      const bench = `admin import, ${ROWS.toLocaleString("en")} new books`;
      const csv = newBooksCsv(await bookExportHeader(bff.url, cookie), ROWS, "Bangku Impor", await knownNames(api.url));
      // The page and the list read once before: the first visit's reads are not the import's.
      await fetch(`${bff.url}/admin/import/book`, { headers: { cookie } }).then((response) => response.text());

      const memory = memoryWatch(bff.proc.pid);
      const timed = await memory.during(async () => {
        const started = performance.now();
        const upload = await uploadFile(bff.url, cookie, "book", "bangku.csv", csv);
        if (!upload.job) throw new Error(`the upload answered ${upload.status}: ${upload.text.slice(0, 200)}`);
        const previewed = await jobSettled(dataDir, upload.job, ["previewed", "failed"]);
        if (previewed.preview?.actions.create !== ROWS) throw new Error(`the preview planned ${JSON.stringify(previewed.preview?.actions)} (${previewed.reason ?? ""})`);
        const previewMs = performance.now() - started;
        const runStarted = performance.now();
        const requestsBefore = counter.requests();
        await startJob(bff.url, cookie, "book", upload.job);
        const done = await jobSettled(dataDir, upload.job, ["done", "stopped"], 30 * 60_000);
        if (done.progress?.created !== ROWS) throw new Error(`the run ended ${done.stage} with ${JSON.stringify(done.progress)} (${done.reason ?? ""})`);
        return { previewMs, runMs: performance.now() - runStarted, upstreamRequests: counter.requests() - requestsBefore };
      });
      const directMs = await directCreates(api.url, "Bangku Langsung");
      const importRate = ROWS / (timed.runMs / 1000);
      const directRate = ROWS / (directMs / 1000);
      const growth = memory.growthMiB();
      const rows: BenchRow[] = [
        { bench, metric: "upload and preview (context)", value: timed.previewMs, unit: "ms" },
        { bench, metric: "run: rows written per second", value: importRate, unit: "rows/s" },
        { bench, metric: "baseline: the same creates straight to the API, one by one", value: directRate, unit: "rows/s" },
        { bench, metric: "run / baseline", value: importRate / directRate, unit: "x" },
        { bench, metric: "upstream requests per row written (the baseline: 1)", value: timed.upstreamRequests / ROWS, unit: "requests" },
        { bench, metric: "BFF RSS growth, upload to the run's end", value: growth, unit: "MiB", target: `<= ${TARGET_GROWTH_MIB}`, met: growth <= TARGET_GROWTH_MIB },
      ];
      return rows;
    } finally {
      await closeAll(bff, counter, api);
      await removeDir(dataDir);
    }
  },
};

export default suite;
