import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "../../scripts/build-if-stale.ts";
import type { CaseReport } from "./report.ts";

/**
 * `npm run test:hard`: the full variants of the reliability suites (tests/hard, HARD_FULL=1),
 * plus the security tests that live with the end-to-end and integration tests, then one summary
 * table to paste into docs/reliability.md. Exits non-zero when any of them failed.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const vitest = path.join(root, "node_modules/vitest/vitest.mjs");
const playwright = path.join(root, "node_modules/@playwright/test/cli.js");
const work = path.join(tmpdir(), `dispusip-hard-${process.pid}`);
const reportFile = `${work}-cases.jsonl`;

/** Security tests written before these suites, counted in the summary by their test results. */
const EARLIER_SUITES = [
  { suite: "headers and CSP, cross-site writes (e2e)", project: "e2e", files: ["tests/e2e/security-headers.test.ts"] },
  { suite: "XSS corpus through public fields (e2e)", project: "e2e", files: ["tests/e2e/public-xss.test.ts"] },
  { suite: "admin guard on every route module (integration)", project: "unit", files: ["tests/integration/admin-guard.test.ts"] },
];

interface VitestJson {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

function runVitest(args: string[], env: Record<string, string>, jsonFile: string): { status: number; json?: VitestJson } {
  const result = spawnSync(process.execPath, [vitest, "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${jsonFile}`], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const json = existsSync(jsonFile) ? (JSON.parse(readFileSync(jsonFile, "utf8")) as VitestJson) : undefined;
  return { status: result.status ?? 1, json };
}

/** The end-to-end files on Playwright's runner, their counts read from its JSON report in vitest's words. */
function runPlaywright(files: string[], jsonFile: string): { status: number; json?: VitestJson } {
  const result = spawnSync(process.execPath, [playwright, "test", ...files, "--reporter=list,json"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: jsonFile },
  });
  if (!existsSync(jsonFile)) return { status: result.status ?? 1 };
  const { stats } = JSON.parse(readFileSync(jsonFile, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  const total = stats.expected + stats.unexpected + stats.flaky + stats.skipped;
  return {
    status: result.status ?? 1,
    json: { numTotalTests: total, numPassedTests: stats.expected, numFailedTests: stats.unexpected + stats.flaky, numPendingTests: stats.skipped, numTodoTests: 0 },
  };
}

const buildStatus = buildIfStale();
if (buildStatus !== 0) process.exit(buildStatus);
rmSync(reportFile, { force: true });

const started = Date.now();
// One file at a time (npm test runs them in parallel): the figures, the soak's above all, are the
// process's own, not shared with another suite's load.
const hard = runVitest(["--project", "hard", "--project", "hard-bounded", "--no-file-parallelism"], { HARD_FULL: "1", HARD_REPORT_FILE: reportFile }, `${work}-hard.json`);
const earlier = EARLIER_SUITES.map((entry, index) => ({
  ...entry,
  ...(entry.project === "e2e"
    ? runPlaywright(entry.files, `${work}-earlier-${index}.json`)
    : runVitest(["--project", entry.project, ...entry.files], {}, `${work}-earlier-${index}.json`)),
}));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

const cases: CaseReport[] = existsSync(reportFile)
  ? readFileSync(reportFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as CaseReport)
  : [];

interface Row {
  suite: string;
  tried: number;
  passed: number;
  figures: string[];
}

const rows = new Map<string, Row>();
for (const entry of earlier) {
  // A test skipped on purpose (`it.runIf`, e.g. an action case of a module without an action)
  // was not tried: it is counted apart, not as tried and failed.
  const skipped = (entry.json?.numPendingTests ?? 0) + (entry.json?.numTodoTests ?? 0);
  rows.set(entry.suite, {
    suite: entry.suite,
    tried: (entry.json?.numTotalTests ?? 0) - skipped,
    passed: entry.json?.numPassedTests ?? 0,
    figures: [`tests in ${entry.files.join(", ")}`, ...(skipped ? [`skipped on purpose: ${skipped}`] : [])],
  });
}
// The order: attack, bad input, fault, load; any other suite (scale-out) after them.
const SUITE_ORDER = ["attack", "bad-input", "fault", "load"];
cases.sort((a, b) => (SUITE_ORDER.indexOf(a.suite) + 1 || 99) - (SUITE_ORDER.indexOf(b.suite) + 1 || 99));
for (const report of cases) {
  const row = rows.get(report.suite) ?? { suite: report.suite, tried: 0, passed: 0, figures: [] };
  row.tried++;
  if (report.passed) row.passed++;
  for (const [name, value] of Object.entries(report.figures ?? {})) {
    // Counts add up across a suite's cases; any other figure is printed as reported.
    const existing = row.figures.findIndex((figure) => figure.startsWith(`${name}: `));
    if (typeof value === "number" && name === "submissions" && existing >= 0) {
      row.figures[existing] = `${name}: ${Number(row.figures[existing].split(": ")[1]) + value}`;
    } else if (existing < 0) row.figures.push(`${name}: ${value}`);
  }
  rows.set(report.suite, row);
}
const cpu = cpus();
const lines = [
  `Reliability summary: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, Node ${process.version}, ${minutes} min`,
  "",
  "| suite | cases tried | passed | figures |",
  "|---|---:|---:|---|",
  ...[...rows.values()].map((row) => `| ${row.suite} | ${row.tried} | ${row.passed} | ${row.figures.join("; ").replace(/\|/g, "\\|") || "–"} |`),
];
const failed = cases.filter((report) => !report.passed);
if (failed.length) {
  lines.push("", "Failed cases:", ...failed.map((report) => `- ${report.suite}: ${report.tried} → ${report.got}`));
}
console.log(`\n${lines.join("\n")}\n`);

for (const file of [reportFile, `${work}-hard.json`, ...earlier.map((_, index) => `${work}-earlier-${index}.json`)]) rmSync(file, { force: true });
const allPassed = hard.status === 0 && earlier.every((entry) => entry.status === 0);
process.exit(allPassed ? 0 : 1);
