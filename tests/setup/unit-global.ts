import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder under which each unit test file gets its DATA_DIR (tests/setup/unit.ts), removed when the run ends. */
    unitDataRoot: string;
  }
}

/**
 * One temporary folder per run for the unit files' data directories, removed at the end: a
 * folder made per file and never removed left some 600 behind in /tmp over a day of runs.
 */
export default function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), "dispusip-unit-"));
  project.provide("unitDataRoot", root);
  return () => rmSync(root, { recursive: true, force: true });
}
