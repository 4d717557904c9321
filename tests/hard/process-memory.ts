import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** A process's memory and CPU time as the kernel counts them (Linux `/proc/<pid>/status` and `stat`), for the reliability suites. */

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

const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/**
 * CPU time (user + system) `pid` has used so far, in milliseconds (`/proc/<pid>/stat`): the work a
 * process did, which another process's load on the machine does not stretch as it stretches wall time.
 */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces: state is the first.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
