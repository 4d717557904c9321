import { existsSync } from "node:fs";
import { REDIS_SERVER, startRedisServer } from "../hard/scale-out-support.ts";
import { jobSettled, uploadFile } from "../helpers/import-http.ts";
import { startRedisLine } from "../helpers/redis-line.ts";
import { expect, test } from "./fixtures.ts";
import { bffEnv, logIn, processGroup, removeDir, tempDir } from "./helpers/index.ts";

/**
 * Redis going away just as the background queue starts (REDIS_URL: BullMQ,
 * app/platform/background-jobs.server.ts). BullMQ asked each connection's Redis version (INFO)
 * as it started and kept a failed answer for good; its worker then retried without a pause, and
 * the process stopped answering anything, at full CPU, for as long as it lived (found by the
 * metrics test's outage, which it froze in about one run in three here). Here the line resets
 * every connection that asks INFO, as Redis going away at that moment would.
 */

const processes = processGroup();
const dirs: string[] = [];

test.afterAll(async () => {
  await processes.stopAll();
  await Promise.all(dirs.map(removeDir));
});

test.describe("background work with REDIS_URL", () => {
  test.skip(!existsSync(REDIS_SERVER), `not installed: ${REDIS_SERVER}`);

  test("survives Redis going away as its queue starts: the site answers, and imports are read", async ({ mainStack: { referenceApiUrl } }) => {
    const dir = await tempDir("background-jobs-redis");
    dirs.push(dir);
    const redis = await startRedisServer(dir);
    const line = await startRedisLine(redis.port);
    try {
      line.failCommand("INFO");
      const bff = await processes.startBff(bffEnv({ UPSTREAM_API_URL: referenceApiUrl, DATA_DIR: dir, REDIS_URL: line.url }));

      const ready = await fetch(`${bff.url}/readyz`, { signal: AbortSignal.timeout(30_000) });
      expect(ready.status).toBe(200);
      const cookie = await logIn(bff.url);
      const imported = await uploadFile(bff.url, cookie, "publisher", "penerbit.csv", "ID;Nama\n;Penerbit Sesudah Gangguan\n");
      expect(imported.job).toBeDefined();
      // Read by this process's worker from the shared queue.
      expect((await jobSettled(dir, imported.job!, ["previewed", "failed"], 60_000)).stage).toBe("previewed");
    } finally {
      await processes.stopAll();
      await line.close();
      await redis.stop();
    }
  });
});
