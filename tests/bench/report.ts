import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { BenchReport, BenchRow } from "./types.ts";

/**
 * docs/performance.md's table from whole runs of `npm run bench` (`BENCH_REPORT=run.json`), one
 * column per run, so that the table is the bench's own figures, not copied by hand:
 *
 *   node --import tsx tests/bench/report.ts run-node24.json run-node22.json          # prints it
 *   node --import tsx tests/bench/report.ts --docs run-node24.json run-node22.json   # rewrites it in the doc
 *
 * A row is a (bench, metric) pair; a run that has no such row shows "–" (a suite not run there).
 */

export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);
}

const DOC = fileURLToPath(new URL("../../docs/performance.md", import.meta.url));
export const TABLE_START = "<!-- bench-table: made by tests/bench/report.ts; do not edit by hand -->";
export const TABLE_END = "<!-- /bench-table -->";

/** A Markdown table of the runs' rows, in the first run's order (then rows only later runs have). */
export function benchTable(reports: readonly BenchReport[]): string {
  const keyOf = (row: BenchRow) => `${row.bench}\u0000${row.metric}`;
  const byKey = reports.map((report) => new Map(report.rows.map((row) => [keyOf(row), row])));
  const order = [...new Map(reports.flatMap((report) => report.rows.map((row) => [keyOf(row), row] as const))).values()];
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const lines = [
    `| bench | metric | ${reports.map((report) => `Node ${report.node.replace(/^v/, "")}, ${report.finished.slice(0, 10)}`).join(" | ")} | target | met |`,
    `|---|---|${reports.map(() => "---:|").join("")}---|---|`,
  ];
  let previous = "";
  for (const row of order) {
    const runs = byKey.map((rows) => rows.get(keyOf(row)));
    const values = runs.map((each) => (each ? `${formatValue(each.value)} ${each.unit}`.trim() + (each.detail ? ` (${each.detail})` : "") : "–"));
    const met = row.target === undefined ? "" : runs.map((each) => (each?.met === undefined ? "–" : each.met ? "yes" : "**no**")).join(" / ");
    lines.push(`| ${row.bench === previous ? "" : cell(row.bench)} | ${cell(row.metric)} | ${values.map(cell).join(" | ")} | ${cell(row.target ?? "")} | ${met} |`);
    previous = row.bench;
  }
  const counts = reports.map((report) => {
    const targets = report.rows.filter((row) => row.met !== undefined);
    return `Node ${report.node.replace(/^v/, "")}: ${targets.filter((row) => row.met).length} of ${targets.length} targets met${report.notRun.length ? `; not run: ${report.notRun.join(", ")}` : ""}${report.failed.length ? `; failed: ${report.failed.join(", ")}` : ""}.`;
  });
  return [...lines, "", ...counts].join("\n");
}

/** The doc with the text between its table's markers replaced. */
export function withTable(doc: string, table: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/performance.md has no ${TABLE_START} … ${TABLE_END}`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${table}\n${doc.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const docs = args[0] === "--docs";
  const files = docs ? args.slice(1) : args;
  if (!files.length) throw new Error("usage: report.ts [--docs] run.json [run.json ...]");
  const table = benchTable(files.map((file) => JSON.parse(readFileSync(file, "utf8")) as BenchReport));
  if (docs) writeFileSync(DOC, withTable(readFileSync(DOC, "utf8"), table));
  else console.log(table);
}
