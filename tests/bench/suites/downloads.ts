import { open } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import type { BenchRow, BenchSuite } from "../types.ts";
import { MiB, withBenchStack } from "../support.ts";
import { memoryWatch } from "../video-upload.ts";

/**
 * Issue 35 point 1: anonymous downloads of a 200 MB stored video through the BFF, the whole-page
 * cache on as deployed. Before the fix that cache kept a copy of every anonymous answer until it
 * ended (three at once: RSS 205 -> 770 MB). One download first (a fresh process's heap grows for
 * streaming whatever it streams: reported, not judged), then ten at once while the BFF's RSS is
 * sampled: growth against the RSS before them, target 32 MiB (one copy would be 200). The same ten
 * straight from the upstream give the rate for context. The file is sparse on the upstream's disk.
 */

const FILE_BYTES = 200 * MiB;
const NAME = "unduhan-bench.mp4";
const AT_ONCE = 10;
const TARGET_GROWTH_MIB = 32;

/** Reads a GET's body to the end without keeping it; its byte count. */
function download(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { "accept-encoding": "identity" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => (response.statusCode === 200 ? resolve(bytes) : reject(new Error(`GET ${url} answered ${response.statusCode}`))));
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** Seconds for `count` downloads of `url` at once; each must arrive whole. */
async function downloadsAtOnce(url: string, count: number): Promise<number> {
  const started = performance.now();
  const sizes = await Promise.all(Array.from({ length: count }, () => download(url)));
  if (sizes.some((size) => size !== FILE_BYTES)) throw new Error(`a download of ${url} was not whole: ${sizes.join(", ")} bytes`);
  return (performance.now() - started) / 1000;
}

const suite: BenchSuite = {
  name: "downloads",
  async run() {
    return withBenchStack({}, async ({ api, bff }) => {
      const file = await open(path.join(api.dataDir, "files", NAME), "w");
      try {
        await file.write(Buffer.from("\0\0\0\x18ftypmp42\0\0\0\0mp42isom"), 0, 24, 0);
        await file.truncate(FILE_BYTES);
      } finally {
        await file.close();
      }
      const viaBff = `${bff.url}/files/${NAME}`;

      const first = memoryWatch(bff.proc.pid);
      await first.during(() => downloadsAtOnce(viaBff, 1));
      const atOnce = memoryWatch(bff.proc.pid);
      const bffSeconds = await atOnce.during(() => downloadsAtOnce(viaBff, AT_ONCE));
      const straightSeconds = await downloadsAtOnce(`${api.url}/files/${NAME}`, AT_ONCE);

      const growthMiB = atOnce.growthMiB();
      const bench = `downloads ${AT_ONCE} × 200 MB at once, anonymous`;
      const rate = (seconds: number) => (AT_ONCE * FILE_BYTES) / MiB / seconds;
      const rows: BenchRow[] = [
        { bench, metric: "BFF resident memory before", value: atOnce.memory.baseline / MiB, unit: "MiB" },
        { bench, metric: "BFF RSS growth, the first download after the start (context)", value: first.growthMiB(), unit: "MiB" },
        { bench, metric: "BFF RSS growth, ten at once", value: growthMiB, unit: "MiB", target: `<= ${TARGET_GROWTH_MIB}`, met: growthMiB <= TARGET_GROWTH_MIB },
        { bench, metric: "through the BFF", value: rate(bffSeconds), unit: "MiB/s" },
        { bench, metric: "straight from the upstream", value: rate(straightSeconds), unit: "MiB/s" },
        { bench, metric: "through the BFF / straight", value: rate(bffSeconds) / rate(straightSeconds), unit: "x" },
      ];
      return rows;
    });
  },
};

export default suite;
