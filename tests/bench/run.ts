import { writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { formatValue } from "./report.ts";
import type { BenchReport, BenchRow, BenchSuite } from "./types.ts";

/**
 * `npm run bench [-- name ...]`: runs every suite in ./suites (or those whose name contains one of
 * the arguments) one after another against the built app, and prints one table of their rows.
 * A missed target is reported, not thrown: this machine is shared, and the figures are for people.
 * A suite whose programs are not installed (Redis and nginx for scale-out, Chromium for
 * Lighthouse) is reported as not run; a suite that fails makes the exit code 1. Either way the
 * table of every other suite's figures is printed, also when a suite crashes the process from
 * outside its own promise (an unhandled 'error' event of a child process, say).
 * `BENCH_REPORT=file.json` also writes the run as JSON (the Node version, the rows, what did not
 * run), from which `tests/bench/report.ts` makes docs/performance.md's table.
 */

// BENCH_SUITES_DIR: another folder of suites, for the runner's own test (tests/unit/bench-runner.test.ts).
const SUITES_DIR = process.env.BENCH_SUITES_DIR ?? fileURLToPath(new URL("./suites/", import.meta.url));

async function loadSuites(filters: string[]): Promise<BenchSuite[]> {
  const files = (await readdir(SUITES_DIR)).filter((file) => /\.tsx?$/.test(file)).sort();
  const all: BenchSuite[] = [];
  for (const file of files) all.push(((await import(pathToFileURL(path.join(SUITES_DIR, file)).href)) as { default: BenchSuite }).default);
  // A filter that names a suite exactly takes that one alone ("upload", not "resumable-upload" too); any other, every suite whose name holds it.
  const names = new Set(all.map((suite) => suite.name));
  const matches = (suite: BenchSuite, filter: string) => (names.has(filter) ? suite.name === filter : suite.name.includes(filter));
  return all.filter((suite) => !filters.length || filters.some((filter) => matches(suite, filter)));
}

function printTable(rows: BenchRow[]): void {
  const header = ["bench", "metric", "value", "unit", "target", "met"];
  const cells = rows.map((row) => [
    row.bench,
    row.detail ? `${row.metric} (${row.detail})` : row.metric,
    formatValue(row.value),
    row.unit,
    row.target ?? "",
    row.met === undefined ? "" : row.met ? "yes" : "NO",
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const line = (values: string[]) =>
    values.map((value, column) => (column === 2 ? value.padStart(widths[column]) : value.padEnd(widths[column]))).join("  ").trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const values of cells) console.log(line(values));
}

const rows: BenchRow[] = [];
const failed: string[] = [];
const notRun: string[] = [];

function printSummary(): void {
  console.log("");
  printTable(rows);
  const targets = rows.filter((row) => row.met !== undefined);
  console.log(`\n${targets.filter((row) => row.met).length} of ${targets.length} targets met`);
  for (const reason of notRun) console.log(`not run: ${reason}`);
  if (failed.length) console.log(`suites that failed: ${failed.join(", ")}`);
  if (process.env.BENCH_REPORT) {
    const report: BenchReport = { node: process.version, finished: new Date().toISOString(), rows, notRun, failed };
    writeFileSync(process.env.BENCH_REPORT, `${JSON.stringify(report, null, 1)}\n`);
  }
}

async function main(): Promise<void> {
  const suites = await loadSuites(process.argv.slice(2));
  if (!suites.length) throw new Error(`no bench suite matches ${process.argv.slice(2).join(", ")}`);
  let current: string | undefined;
  // A suite's stray error (outside the promise its run returned) ends the run, not the figures so far.
  const crashed = (error: unknown) => {
    console.error(`bench: ${current ?? "the runner"} crashed:`, error);
    failed.push(current ?? "the runner");
    printSummary();
    process.exit(1);
  };
  process.on("uncaughtException", crashed);
  process.on("unhandledRejection", crashed);
  for (const suite of suites) {
    const missing = suite.missing?.();
    if (missing) {
      notRun.push(`${suite.name} (${missing})`);
      console.error(`bench: ${suite.name} not run: ${missing}`);
      continue;
    }
    current = suite.name;
    const started = performance.now();
    console.error(`bench: ${suite.name} ...`);
    try {
      rows.push(...(await suite.run()));
      console.error(`bench: ${suite.name} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    } catch (error) {
      failed.push(suite.name);
      console.error(`bench: ${suite.name} failed:`, error);
    }
  }
  printSummary();
  if (failed.length) process.exitCode = 1;
}

await main();
