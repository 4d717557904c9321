/**
 * `npm run bench` runs every suite in tests/bench/suites (each file's default export) against the
 * built app and a loopback upstream, and prints their rows. Ratios are measured side by side in the
 * same run; absolute figures are context only (this machine is shared and noisy).
 */
export interface BenchRow {
  /** which issue point or question: "fan-out /", "throughput", "upload 1 GiB" */
  bench: string;
  /** The same words in every run (the report matches runs' rows by bench and metric). */
  metric: string;
  value: number;
  /** What this run shows beside the value (a ratio's two times, the five scores whose median it is). */
  detail?: string;
  unit: string;
  /** the target in words, e.g. "<= 1.2"; absent for context figures */
  target?: string;
  /** whether the target was met; absent for context figures */
  met?: boolean;
}

export interface BenchSuite {
  name: string;
  /** Why the suite cannot run on this machine (a program it needs is not installed), or undefined. */
  missing?(): string | undefined;
  run(): Promise<BenchRow[]>;
}

/** A whole run as `BENCH_REPORT` writes it (tests/bench/run.ts). */
export interface BenchReport {
  /** `process.version` of the runner, which is the site's Node too. */
  node: string;
  /** When the run ended, ISO 8601. */
  finished: string;
  rows: BenchRow[];
  /** The suites not run for a missing program, with why. */
  notRun: string[];
  failed: string[];
}
