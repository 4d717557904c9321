import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
};

/**
 * Test files run in parallel, as many at once as the machine has cores and at least two (vitest's
 * own default is the cores less one: a single worker on a 2-core machine). The end-to-end files
 * too: each worker has its own stacks (tests/e2e/global-setup.ts), so that the records one file
 * changes are never another worker's. vitest reads this from the root only (not per project).
 */
const WORKERS = Math.max(2, availableParallelism());

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup/assertions.ts", "tests/setup/unit.ts"],
          // Files run WORKERS at a time: a CPU-bound test (sharp resizing a page's worth of
          // variants, a property run) shares the cores and needs more than vitest's default 5 s.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "reference-api",
          setupFiles: ["tests/setup/assertions.ts"],
          environment: "node",
          include: ["tests/reference-api/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          setupFiles: ["tests/setup/assertions.ts"],
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One child process per file, several at once (WORKERS); VITEST_POOL_ID picks the stacks.
          pool: "forks",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "hard",
          setupFiles: ["tests/setup/assertions.ts"],
          environment: "node",
          include: ["tests/hard/**/*.test.ts"],
          globalSetup: ["tests/hard/global-setup.ts"],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          // One file at a time: these suites bound memory and time (RSS growth within 16 MiB, a
          // health check within its idle time), and another suite's load beside them moved those
          // figures past their bounds (24.6 MiB under a parallel run).
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
