import path from "node:path";
import { referenceApiToken } from "../../e2e/helpers/reference-api.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import { adminCookie, MiB, withBenchStack } from "../support.ts";
import { memoryWatch, multipart, postVideoForm, timedUpload, upstreamFileSweeper, VIDEO_BYTES } from "../video-upload.ts";

/**
 * Issue 8, point 3: a 1 GiB video sent through the BFF's streamed upload (the video form, relayed
 * to the upstream's upload call) against the same bytes sent straight to that upload call, in
 * the same run, alternated (direct, BFF, BFF, direct, direct, BFF). The BFF's resident memory is
 * sampled from /proc during its uploads. The file each upload stored upstream is deleted before
 * the next one starts.
 */

/** Alternated so that neither way always meets the disk first or last. */
const ORDER = ["direct", "bff", "bff", "direct", "direct", "bff"] as const;
const UPLOADS_EACH_WAY = ORDER.length / 2;
const TARGET_THROUGHPUT_RATIO = 0.8;
const TARGET_GROWTH_MIB = 64;

const suite: BenchSuite = {
  name: "upload",
  async run() {
    // With BENCH_CPU_PROF_DIR, the site runs with `node --cpu-prof` and leaves its profile there (docs/performance.md reads one).
    const profileDir = process.env.BENCH_CPU_PROF_DIR;
    const bffEnv = profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(profileDir)}` } : undefined;
    return withBenchStack({ bffEnv }, async ({ api, bff }) => {
      const token = await referenceApiToken(api.url);
      const cookie = await adminCookie(bff.url);
      const removeUploaded = await upstreamFileSweeper(api.dataDir);
      const bffMemory = memoryWatch(bff.proc.pid);

      let directSeconds = 0;
      let bffSeconds = 0;
      for (const way of ORDER) {
        if (way === "direct") directSeconds += await timedUpload(`${api.url}/api/upload/video`, { Authorization: `Bearer ${token}` }, multipart({}, "video"), 201);
        else bffSeconds += await bffMemory.during(() => postVideoForm(bff.url, cookie));
        await removeUploaded();
      }

      const directRate = (UPLOADS_EACH_WAY * VIDEO_BYTES) / MiB / directSeconds;
      const bffRate = (UPLOADS_EACH_WAY * VIDEO_BYTES) / MiB / bffSeconds;
      const ratio = bffRate / directRate;
      const growthMiB = bffMemory.growthMiB();
      const rows: BenchRow[] = [
        { bench: "upload 1 GiB", metric: "straight to the upstream", value: directRate, unit: "MiB/s" },
        { bench: "upload 1 GiB", metric: "through the BFF", value: bffRate, unit: "MiB/s" },
        { bench: "upload 1 GiB", metric: "through the BFF / straight", value: ratio, unit: "x", target: `>= ${TARGET_THROUGHPUT_RATIO}`, met: ratio >= TARGET_THROUGHPUT_RATIO },
        { bench: "upload 1 GiB", metric: "BFF resident memory before", value: bffMemory.memory.baseline / MiB, unit: "MiB" },
        { bench: "upload 1 GiB", metric: "BFF peak memory growth", value: growthMiB, unit: "MiB", target: `<= ${TARGET_GROWTH_MIB}`, met: growthMiB <= TARGET_GROWTH_MIB },
      ];
      return rows;
    });
  },
};

export default suite;
