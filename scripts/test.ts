import { type ChildProcess, spawn } from "node:child_process";
import { createReadStream, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

/**
 * `npm test`: every suite, scheduled so that both cores of this machine stay busy.
 *
 * 1. The build, only when it is stale, and beside it what needs none: the unit, unit-isolated and
 *    reference-api projects (2 workers), and `lint` and `typecheck` at the lowest priority
 *    (`nice`), which take only the CPU the tests leave idle;
 * 2. once it is built, the end-to-end files (Playwright's runner, 2 workers) and the reliability
 *    files (project `hard` as many files at a time as vitest.config.ts's workers, at least 2;
 *    then `hard-bounded` one file at a time: their bounds hold on a loaded machine,
 *    docs/reliability.md), beside the rest. The reliability files mostly wait (an import at the
 *    upstream's pace, a stalled job's check): one at a time, they outlasted the end-to-end files
 *    on a faster machine. Every phase is bound by the CPU but leaves some of it idle, which the
 *    others fill. The unit and reliability output is kept in files and printed after the
 *    end-to-end output, so that none is cut into another.
 *
 * A failing unit phase stops the others. At the end a table gives each phase's time and tests,
 * counted by vitest's and Playwright's JSON reporters, and under it each failed test by name
 * (where a CI log cut to its last lines still shows them). `npm run test:unit`, `test:e2e` and
 * `test:reliability` still run one phase each.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const vitestBin = path.join(root, "node_modules/.bin/vitest");
const playwrightBin = path.join(root, "node_modules/.bin/playwright");
const reports = mkdtempSync(path.join(tmpdir(), "dispusip-test-"));

interface PhaseResult {
  name: string;
  passed: boolean;
  seconds: number;
  /** From vitest's JSON report (absent for lint and typecheck). */
  tests?: { total: number; passed: number; failed: number; skipped: number };
  /** Stopped because another phase failed (then its own outcome says nothing). */
  stopped?: boolean;
  /** Each failed test: its file, its name and the first line of why. */
  failures?: string[];
}

interface VitestJsonReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{
    name: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

const results: PhaseResult[] = [];
const running = new Set<ChildProcess>();
let stoppedAt: number | undefined;

function stopRunning(signal: NodeJS.Signals = "SIGTERM"): void {
  stoppedAt = performance.now();
  // The whole process group of each phase: npm's child (eslint, tsc) outlived npm's own end, and
  // went on reading a folder CI was already removing.
  for (const child of running) {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      child.kill(signal);
    }
  }
}

/** Runs a command; its output goes to the terminal, or to `outputFile` when given. */
function run(command: string, args: string[], outputFile?: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const output = outputFile ? openSync(outputFile, "w") : "inherit";
  // A process group of its own (stopRunning stops it whole); no stdin, which a group in the background may not read.
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", output, output], detached: true });
  running.add(child);
  return new Promise((resolve) => {
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** A failure's first line, without terminal colours, for the table's list of failures. */
const firstLine = (text = "") => stripVTControlCharacters(text).trim().split("\n")[0].slice(0, 500);

/** The counts and the failures of a vitest run, from its JSON report (none when a stopped run left none whole). */
function vitestOutcome(reportFile: string): Pick<PhaseResult, "tests" | "failures"> {
  let report: VitestJsonReport;
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8")) as VitestJsonReport;
  } catch {
    return {};
  }
  const failures = report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    // A file that failed before its tests ran (an import, a beforeAll) has only a message.
    if (failedTests.length === 0) return file.message ? [`${where}: ${firstLine(file.message)}`] : [];
    // Where in the test file it failed (its stack's line), so that one printed line is enough to look.
    const lineOf = (message = "") => new RegExp(`${file.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+)`).exec(message)?.[1];
    return failedTests.map((test) => {
      const line = lineOf(test.failureMessages?.[0]);
      return `${where}${line ? `:${line}` : ""} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`;
    });
  });
  return {
    tests: {
      total: report.numTotalTests,
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    },
    failures,
  };
}

/** What this reads of Playwright's JSON report: its counts, and each test's results under its suites. */
interface PlaywrightSuite {
  title: string;
  file: string;
  specs?: Array<{ title: string; line: number; tests: Array<{ status: string; results: Array<{ error?: { message?: string } }> }> }>;
  suites?: PlaywrightSuite[];
}
interface PlaywrightJsonReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
  errors: Array<{ message?: string }>;
}

/** The counts and the failures of a Playwright run, from its JSON report. */
function playwrightOutcome(reportFile: string): Pick<PhaseResult, "tests" | "failures"> {
  let report: PlaywrightJsonReport;
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8")) as PlaywrightJsonReport;
  } catch {
    return {};
  }
  const failuresIn = (suite: PlaywrightSuite, titles: string[]): string[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        // A flaky test failed its first run and passed the second, traced one: a failure all the same.
        .filter((test) => test.status === "unexpected" || test.status === "flaky")
        .map((test) => {
          const why = firstLine(test.results.find((result) => result.error)?.error?.message);
          return `tests/e2e/${suite.file}:${spec.line} > ${[...titles, spec.title].join(" > ")}: ${test.status === "flaky" ? "(failed once, then passed) " : ""}${why}`;
        }),
    ),
    ...(suite.suites ?? []).flatMap((child) => failuresIn(child, [...titles, child.title])),
  ];
  const { expected, unexpected, flaky, skipped } = report.stats;
  return {
    tests: { total: expected + unexpected + flaky + skipped, passed: expected, failed: unexpected + flaky, skipped },
    failures: [...report.suites.flatMap((suite) => failuresIn(suite, [])), ...report.errors.map((error) => `tests/e2e: ${firstLine(error.message)}`)],
  };
}

/** Runs one phase and records its time and outcome for the table; resolves with whether it passed. */
async function phase(name: string, work: () => Promise<Omit<PhaseResult, "name" | "seconds">>): Promise<boolean> {
  const started = performance.now();
  const outcome = await work();
  const stopped = !outcome.passed && stoppedAt !== undefined && stoppedAt > started;
  results.push({ name, seconds: (performance.now() - started) / 1000, stopped, ...outcome });
  return outcome.passed;
}

/**
 * One vitest run of `projects`, with the default reporter and a JSON report for the table. Without
 * vitest's results cache: phases run side by side, and each vitest rewrites the one
 * `results.json` whole (not atomically) and reads it when it starts, so a phase starting while
 * another finished could read half a file. The order is then the same as on a clean clone (CI).
 */
function vitestPhase(name: string, projects: string[], extraArgs: string[] = [], outputFile?: string): Promise<boolean> {
  const reportFile = path.join(reports, `${name}.json`);
  const args = ["run", ...projects.flatMap((project) => ["--project", project]), "--no-cache", "--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`, ...extraArgs];
  return phase(name, async () => ({ passed: (await run(vitestBin, args, outputFile)) === 0, ...vitestOutcome(reportFile) }));
}

/** The end-to-end tests on Playwright's runner (playwright.config.ts), with a JSON report for the table. */
function playwrightPhase(name: string): Promise<boolean> {
  const reportFile = path.join(reports, `${name}.json`);
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile };
  return phase(name, async () => ({ passed: (await run(playwrightBin, ["test", "--reporter=list,json"], undefined, env)) === 0, ...playwrightOutcome(reportFile) }));
}

/** An npm script at the lowest CPU priority (`nice -n 19`): it runs on what the other phases leave idle. */
function lowPriorityScriptPhase(name: string, script: string): Promise<boolean> {
  return phase(name, async () => ({ passed: (await run("nice", ["-n", "19", "npm", "run", "--silent", script])) === 0 }));
}

function printTable(totalSeconds: number): void {
  const nameWidth = Math.max(...results.map(({ name }) => name.length));
  const rows = results.map(({ name, passed, stopped, seconds, tests }) => {
    const counts = stopped ? "stopped: another phase failed" : tests ? `${tests.passed} passed, ${tests.skipped} skipped, ${tests.failed} failed (${tests.total})` : "";
    return `${passed ? "ok  " : stopped ? "--  " : "FAIL"}  ${name.padEnd(nameWidth)} ${`${seconds.toFixed(0)} s`.padStart(6)}  ${counts}`;
  });
  console.log(`\nnpm test, ${totalSeconds.toFixed(0)} s in all:\n${rows.join("\n")}`);
  // The last lines of the run, which a CI log cut to its end still shows.
  const failures = results.flatMap((result) => result.failures ?? []);
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  × ${failure}`).join("\n")}`);
}

/** Forwards Ctrl-C or a stop to the phases still running, and leaves with them. */
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopRunning(signal);
    rmSync(reports, { recursive: true, force: true });
    process.exit(130);
  });
}

async function main(): Promise<boolean> {
  const unitLog = path.join(reports, "unit.log");
  const reliabilityLog = path.join(reports, "reliability.log");
  const unit = async () => {
    const passed = await vitestPhase("unit (unit, unit-isolated, reference-api)", ["unit", "unit-isolated", "reference-api"], [], unitLog);
    if (!passed) stopRunning();
    return passed;
  };
  // What needs no build starts beside it (the build leaves most of a core idle): the unit phase
  // imports the app's sources, and lint and typecheck take only what the tests leave idle (nice 19).
  const withoutBuild = [
    unit(),
    lowPriorityScriptPhase("lint (lowest priority)", "lint"),
    lowPriorityScriptPhase("typecheck (lowest priority)", "typecheck"),
  ];
  const built = await phase("build (when stale)", async () => ({ passed: (await run("node", ["--import", "tsx", "scripts/build-if-stale.ts"])) === 0 }));
  if (!built) stopRunning();
  // Nothing more starts once a phase has failed (a failed build or unit phase stopped the rest).
  const onBuild = stoppedAt === undefined
    ? [playwrightPhase("e2e"), vitestPhase("reliability (hard, then hard-bounded)", ["hard", "hard-bounded"], [], reliabilityLog)]
    : [];
  const outcomes = [built, ...(await Promise.all([...withoutBuild, ...onBuild]))];
  for (const [title, log] of [
    ["The unit, integration and reference-API files (projects unit, unit-isolated, reference-api)", unitLog],
    ["The reliability files (projects hard, then hard-bounded)", reliabilityLog],
  ]) {
    console.log(`\n── ${title} ──\n`);
    await new Promise<void>((resolve) => createReadStream(log).on("error", () => resolve()).on("close", () => resolve()).pipe(process.stdout, { end: false }));
  }
  return outcomes.every(Boolean);
}

// Node keeps the code it compiled for the next process that loads the same file: the tests start
// the site and the reference API some hundred times a run (docs/testing.md). Passed on to each
// process they start (baseEnv); the benchmarks, which measure the site as deployed, go without.
process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), "dispusip-test-compile-cache");

const started = performance.now();
const passed = await main();
printTable((performance.now() - started) / 1000);
rmSync(reports, { recursive: true, force: true });
process.exit(passed ? 0 : 1);
