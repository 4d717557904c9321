import { readFileSync } from "node:fs";

/** A process's memory as the kernel counts it (Linux `/proc/<pid>/status`), for the reliability suites. */

export function memoryOf(pid: number): { rssKiB: number; peakKiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  return { rssKiB: field("VmRSS"), peakKiB: field("VmHWM") };
}

/**
 * Runs `work` while sampling `pid`'s RSS every 10 ms; the growth is the highest RSS seen (or a
 * new peak) over the RSS before, in MiB to a tenth.
 */
export async function rssGrowthDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growthMiB: number; beforeMiB: number }> {
  const before = memoryOf(pid);
  let highest = before.rssKiB;
  const sampler = setInterval(() => {
    highest = Math.max(highest, memoryOf(pid).rssKiB);
  }, 10);
  try {
    const result = await work();
    const after = memoryOf(pid);
    highest = Math.max(highest, after.rssKiB, after.peakKiB > before.peakKiB ? after.peakKiB : 0);
    return { result, growthMiB: Math.round(((highest - before.rssKiB) / 1024) * 10) / 10, beforeMiB: Math.round(before.rssKiB / 102.4) / 10 };
  } finally {
    clearInterval(sampler);
  }
}
