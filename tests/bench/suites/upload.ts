import { availableParallelism } from "node:os";
import path from "node:path";
import { referenceApiToken } from "../../e2e/helpers/reference-api.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import { adminCookie, cpuSecondsOf, MiB, withBenchStack } from "../support.ts";
import { line, memoryWatch, multipart, postVideoForm, timedUpload, upstreamFileSweeper, VIDEO_BYTES } from "../video-upload.ts";

/**
 * Issue 8, point 3: a 1 GiB video sent through the BFF's streamed upload (the video form, relayed
 * to the upstream's upload call) against the same bytes sent straight to that upload call, in
 * the same run, alternated (direct, BFF, BFF, direct, direct, BFF). The BFF's resident memory is
 * sampled from /proc during its uploads. The file each upload stored upstream is deleted before
 * the next one starts.
 *
 * Both ways again from an admin behind a gigabit line (the client sends no faster than 1 Gbit/s,
 * the fastest an office PC's network card takes): on loopback the client, the BFF and the
 * upstream share the machine's two cores, so the loopback ratio measures the cores as much as the
 * relay; over the line it shows whether the relay keeps up with the wire.
 *
 * On loopback the CPU each process spends is measured too: through the BFF, the three processes
 * cannot together finish sooner than their CPU over the machine's cores, which bounds the
 * ratio this machine can show ("the loopback ceiling") whatever the relay does with its time.
 */

/** Alternated so that neither way always meets the disk first or last. */
const ORDER = [
  ...["direct", "bff", "bffOverLine", "directOverLine"],
  ...["bff", "direct", "directOverLine", "bffOverLine"],
  ...["direct", "bff", "bffOverLine", "directOverLine"],
] as const;
type Way = (typeof ORDER)[number];
const UPLOADS_EACH_WAY = ORDER.length / 4;
/** A gigabit line, in bytes a second. */
const GIGABIT_LINE = 125_000_000;
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

      const seconds: Record<Way, number> = { direct: 0, bff: 0, directOverLine: 0, bffOverLine: 0 };
      /** CPU seconds of each process during the loopback uploads through the BFF. */
      const cpuThroughBff = { client: 0, bff: 0, upstream: 0 };
      for (const way of ORDER) {
        const overLine = line(way.endsWith("OverLine") ? GIGABIT_LINE : undefined);
        const before = way === "bff" ? await cpuOf(bff.proc.pid, api.proc.pid) : undefined;
        if (way.startsWith("direct")) seconds[way] += await timedUpload(`${api.url}/api/upload/video`, { Authorization: `Bearer ${token}` }, multipart({}, "video", overLine), 201);
        else seconds[way] += await bffMemory.during(() => postVideoForm(bff.url, cookie, overLine));
        if (before) {
          const after = await cpuOf(bff.proc.pid, api.proc.pid);
          for (const key of ["client", "bff", "upstream"] as const) cpuThroughBff[key] += after[key] - before[key];
        }
        await removeUploaded();
      }

      const rate = (way: Way) => (UPLOADS_EACH_WAY * VIDEO_BYTES) / MiB / seconds[way];
      const ratio = rate("bff") / rate("direct");
      const overLineRatio = rate("bffOverLine") / rate("directOverLine");
      const growthMiB = bffMemory.growthMiB();
      const cpuPerGiB = (cpu: number) => cpu / UPLOADS_EACH_WAY / (VIDEO_BYTES / 1024 / MiB);
      const cores = availableParallelism();
      const ceiling = Math.min(1, (cores * seconds.direct) / (cpuThroughBff.client + cpuThroughBff.bff + cpuThroughBff.upstream));
      const rows: BenchRow[] = [
        { bench: "upload 1 GiB", metric: "straight to the upstream", value: rate("direct"), unit: "MiB/s" },
        { bench: "upload 1 GiB", metric: "through the BFF", value: rate("bff"), unit: "MiB/s" },
        { bench: "upload 1 GiB", metric: "through the BFF / straight", value: ratio, unit: "x", target: `>= ${TARGET_THROUGHPUT_RATIO}`, met: ratio >= TARGET_THROUGHPUT_RATIO },
        { bench: "upload 1 GiB", metric: "loopback through the BFF: the client's CPU per GiB", value: cpuPerGiB(cpuThroughBff.client), unit: "CPU-s" },
        { bench: "upload 1 GiB", metric: "loopback through the BFF: the BFF's CPU per GiB", value: cpuPerGiB(cpuThroughBff.bff), unit: "CPU-s" },
        { bench: "upload 1 GiB", metric: "loopback through the BFF: the upstream's CPU per GiB", value: cpuPerGiB(cpuThroughBff.upstream), unit: "CPU-s" },
        { bench: "upload 1 GiB", metric: `loopback ceiling on ${cores} cores (time straight / CPU through the BFF)`, value: ceiling, unit: "x" },
        { bench: "upload 1 GiB", metric: "gigabit line: straight to the upstream", value: rate("directOverLine"), unit: "MiB/s" },
        { bench: "upload 1 GiB", metric: "gigabit line: through the BFF", value: rate("bffOverLine"), unit: "MiB/s" },
        { bench: "upload 1 GiB", metric: "gigabit line: through the BFF / straight", value: overLineRatio, unit: "x" },
        { bench: "upload 1 GiB", metric: "BFF resident memory before", value: bffMemory.memory.baseline / MiB, unit: "MiB" },
        { bench: "upload 1 GiB", metric: "BFF peak memory growth", value: growthMiB, unit: "MiB", target: `<= ${TARGET_GROWTH_MIB}`, met: growthMiB <= TARGET_GROWTH_MIB },
      ];
      return rows;
    });
  },
};

/** CPU seconds used so far by the bench's own process (the client), the BFF and the upstream. */
async function cpuOf(bffPid: number, upstreamPid: number): Promise<{ client: number; bff: number; upstream: number }> {
  const own = process.cpuUsage();
  return { client: (own.user + own.system) / 1e6, bff: await cpuSecondsOf(bffPid), upstream: await cpuSecondsOf(upstreamPid) };
}

export default suite;
