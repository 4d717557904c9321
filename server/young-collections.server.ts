import v8 from "node:v8";

/**
 * Gives Node 24's V8 the young generation's cap Node 22's had (8 MiB instead of 32), so that the
 * buffers a streamed body leaves behind (a 64 KiB one per read of a socket) are freed by young
 * collections, as on Node 22, not only by full ones when they reach V8's external-memory limit.
 * Measured in docs/performance.md ("The young generation's cap"): a loopback receiver's CPU per
 * GiB about halved, the BFF's memory growth through a 1 GiB upload 0.07 MiB (median) against 2.
 *
 * `--scavenger-max-new-space-capacity-mb` is an internal V8 flag: Node refuses it in NODE_OPTIONS,
 * and a `node` whose V8 lacks it refuses to start with it on its command line. Set here, at the
 * start of the process, it costs nothing on Node 22 (already its default); a V8 without it is left
 * alone (Node 26's 14.6 has no such flag, and no other setting that frees these sooner: checked
 * 2026-12-05), and streams there hold memory as on Node 24 without it.
 */
export const YOUNG_GENERATION_CAP_FLAG = "--scavenger-max-new-space-capacity-mb=8";
/** The V8 lines that have the flag: Node 22's 12.4 and Node 24's 13.6. */
const V8_MAJORS_WITH_THE_FLAG = new Set([12, 13]);

export function capsYoungGeneration(v8Version: string = process.versions.v8): boolean {
  return V8_MAJORS_WITH_THE_FLAG.has(Number.parseInt(v8Version, 10));
}

/**
 * Beside the cap, on Node 24: V8's allocation-site pretenuring off. With it on, once many objects
 * of one allocation site survive a young collection, V8 makes that site's later objects straight
 * in the old generation, which only full collections free. With the cap and pretenuring, some of
 * the site's processes fell for good into 20-40 full collections per 1 GiB upload (a run at
 * 0.6-0.7 of straight instead of 0.9-1.0), and the admin list's copy of 10,000 books was promoted
 * whole. Five alternated runs a side (docs/performance.md, "Allocation-site pretenuring off"): no
 * upload run fell, the copy's RSS growth 63 -> 29 MiB, a save 294 -> 233 ms, the other figures
 * within their spread. Measured on Node 24 only: Node 22 (V8 12.4) is left as it was.
 */
export const PRETENURING_OFF_FLAG = "--no-allocation-site-pretenuring";

export function turnsPretenuringOff(v8Version: string = process.versions.v8): boolean {
  return Number.parseInt(v8Version, 10) === 13;
}

if (capsYoungGeneration()) v8.setFlagsFromString(YOUNG_GENERATION_CAP_FLAG);
if (turnsPretenuringOff()) v8.setFlagsFromString(PRETENURING_OFF_FLAG);
