import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { benchTable, TABLE_END, TABLE_START, withTable } from "../bench/report.ts";
import type { BenchReport } from "../bench/types.ts";

/**
 * `npm run bench` on a machine without Redis, nginx or Chromium (issue 34): a suite whose programs
 * are missing is reported as not run, and every other suite's figures are still printed, also when
 * a suite crashes the process from outside its own promise. The runner (tests/bench/run.ts) runs
 * here for real, over a folder of small suites shaped like the real ones.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
let suites: string;

const suite = (name: string, body: string) => `export default { name: ${JSON.stringify(name)}, ${body} };\n`;

beforeAll(async () => {
  suites = await mkdtemp(path.join(tmpdir(), "bench-suites-"));
  await writeFile(path.join(suites, "a-measured.ts"), suite("measured", `async run() { return [{ bench: "fan-out /", metric: "ratio", value: 1.5, unit: "x", target: "<= 2", met: true }]; }`));
  await writeFile(
    path.join(suites, "b-scale-out.ts"),
    suite("scale-out", `missing: () => "not installed: /usr/bin/redis-server, /usr/sbin/nginx (apt-get install -y redis-server nginx)", async run() { throw new Error("must not run"); }`),
  );
});

afterAll(async () => {
  await rm(suites, { recursive: true, force: true });
});

function bench(env: Record<string, string>, filters: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "tests/bench/run.ts", ...filters], { cwd: root, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("npm run bench without the programs a suite needs", () => {
  it("reports that suite as not run and prints every other figure, exit 0", async () => {
    const { code, stdout } = await bench({ BENCH_SUITES_DIR: suites });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^fan-out \/\s+ratio\s+1\.50\s+x\s+<= 2\s+yes$/m);
    expect(stdout).toContain("not run: scale-out (not installed: /usr/bin/redis-server, /usr/sbin/nginx");
    expect(stdout).toContain("1 of 1 targets met");
  });

  it("still prints the figures so far when a suite crashes the process from outside its promise", async () => {
    await writeFile(
      path.join(suites, "c-crashing.ts"),
      suite("crashing", `async run() { setTimeout(() => { throw new Error("spawn /usr/bin/redis-server ENOENT"); }, 0); await new Promise((resolve) => setTimeout(resolve, 1000)); return []; }`),
    );
    const { code, stdout, stderr } = await bench({ BENCH_SUITES_DIR: suites });
    expect(code).toBe(1);
    expect(stderr).toContain("bench: crashing crashed");
    expect(stdout).toMatch(/^fan-out \/\s+ratio\s+1\.50/m);
    expect(stdout).toContain("not run: scale-out");
    expect(stdout).toContain("suites that failed: crashing");
  });
});

describe("the bench's report and docs/performance.md's table made from it", () => {
  it("writes the run as JSON with BENCH_REPORT: the Node, every row, what did not run", async () => {
    const file = path.join(suites, "report.json");
    await rm(path.join(suites, "c-crashing.ts"), { force: true });
    await bench({ BENCH_SUITES_DIR: suites, BENCH_REPORT: file });
    const report = JSON.parse(await readFile(file, "utf8")) as BenchReport;
    expect(report.node).toBe(process.version);
    expect(report.rows).toEqual([{ bench: "fan-out /", metric: "ratio", value: 1.5, unit: "x", target: "<= 2", met: true }]);
    expect(report.notRun).toEqual([expect.stringContaining("scale-out (not installed")]);
  });

  it("puts runs side by side, a row missing from one shown as –, and replaces only the table in the doc", () => {
    const row = { bench: "fan-out /", metric: "TTFB / one call", unit: "x", target: "<= 1.2" };
    const node24: BenchReport = { node: "v24.21.0", finished: "2026-12-03T17:30:00.000Z", rows: [{ ...row, value: 1.14, met: true }, { bench: "scale-out", metric: "2 | 1", value: 1.5, unit: "x", detail: "389 / 260 req/s" }], notRun: [], failed: [] };
    const node22: BenchReport = { node: "v22.23.5", finished: "2026-12-03T18:10:00.000Z", rows: [{ ...row, value: 1.25, met: false }], notRun: ["scale-out (not installed)"], failed: [] };
    const table = benchTable([node24, node22]);
    expect(table.split("\n").slice(0, 4)).toEqual([
      "| bench | metric | Node 24.21.0, 2026-12-03 | Node 22.23.5, 2026-12-03 | target | met |",
      "|---|---|---:|---:|---|---|",
      "| fan-out / | TTFB / one call | 1.14 x | 1.25 x | <= 1.2 | yes / **no** |",
      "| scale-out | 2 \\| 1 | 1.50 x (389 / 260 req/s) | – |  |  |",
    ]);
    expect(table).toContain("Node 22.23.5: 0 of 1 targets met; not run: scale-out (not installed).");
    const doc = `# Performance\n\n${TABLE_START}\nold\n${TABLE_END}\n\nAfter.\n`;
    expect(withTable(doc, table)).toBe(`# Performance\n\n${TABLE_START}\n${table}\n${TABLE_END}\n\nAfter.\n`);
  });
});

describe("npm run bench -- <name>", () => {
  it("runs the suite named exactly alone, and every suite whose name holds any other word", async () => {
    const named = await mkdtemp(path.join(tmpdir(), "bench-named-"));
    try {
      await writeFile(path.join(named, "upload.ts"), suite("upload", `async run() { return [{ bench: "upload", metric: "straight", value: 1, unit: "x" }]; }`));
      await writeFile(path.join(named, "resumable-upload.ts"), suite("resumable-upload", `async run() { return [{ bench: "resumable", metric: "cut", value: 2, unit: "x" }]; }`));
      const exact = await bench({ BENCH_SUITES_DIR: named }, ["upload"]);
      expect(exact.stdout).toMatch(/^upload\s+straight/m);
      expect(exact.stdout).not.toMatch(/^resumable\s+cut/m);
      const word = await bench({ BENCH_SUITES_DIR: named }, ["uploa"]);
      expect(word.stdout).toMatch(/^upload\s+straight/m);
      expect(word.stdout).toMatch(/^resumable\s+cut/m);
    } finally {
      await rm(named, { recursive: true, force: true });
    }
  });
});
