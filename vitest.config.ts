import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The unit, integration, reference-API and reliability tests (vitest). The end-to-end tests run on
 * Playwright's runner (playwright.config.ts).
 */

/**
 * How long `expect.poll` waits for what it polls (vitest's default is 1 s): a wait for an event,
 * whose absence the wait ends as a failure, so a loaded machine must not be what ends it.
 * Playwright's own expect waits as long (playwright.config.ts).
 */
const EXPECT = { poll: { timeout: 15_000 } };

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
};

/**
 * Test files run in parallel, as many at once as the machine has cores and at least two (vitest's
 * own default is the cores less one: a single worker on a 2-core machine). vitest reads this from
 * the root only (not per project).
 */
const WORKERS = Math.max(2, availableParallelism());

/**
 * The unit and integration tests: app and server modules against msw's upstream (tests/mocks/).
 * A worker's files share its modules (`isolate: false` in the threads pool): the app's modules,
 * msw and the rest load once per worker, not once per file (that loading was about half of their
 * time: 52 s -> 30 s). A file that needs modules of its own says so in its name,
 * `*.isolated.test.ts`, and runs in a fresh process (`unit-isolated`): the audit log and the
 * Redis stores open what their file's configuration names (its DATA_DIR, its REDIS_URL) when
 * first used, and a module reset or a mocked module (sharp) must not reach another file.
 */
const UNIT = {
  environment: "node",
  setupFiles: ["tests/setup/assertions.ts", "tests/setup/unit.ts"],
  globalSetup: ["tests/setup/unit-global.ts"],
  expect: EXPECT,
  // Files run WORKERS at a time: a CPU-bound test (sharp resizing a page's worth of variants, a
  // property run) shares the cores and needs more than vitest's default 5 s.
  testTimeout: 20_000,
};
const UNIT_FILES = ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"];
const ISOLATED_FILES = ["tests/**/*.isolated.test.{ts,tsx}"];

/**
 * The reliability suites (tests/hard/): they attack the built app, each file on a stack of its
 * own; a worker runs file after file without a fresh process (the modules are all they share).
 * A file whose judged figures another suite's load beside it would move says so in its name,
 * `*.bounded.test.ts` (the bodies attack bounds RSS growth and the BFF's CPU time, the
 * downloads RSS growth under ten 200 MB downloads, the rolling restart its failed requests
 * under steady traffic), and runs after the others (`hard-bounded`), one file at a time; its
 * bounds hold beside the end-to-end files (docs/reliability.md, "Times on a busy machine"). The soak
 * judges its memory only in the full run, `npm run test:hard`, which runs every file alone.
 */
const HARD = {
  setupFiles: ["tests/setup/assertions.ts"],
  expect: EXPECT,
  environment: "node",
  globalSetup: ["tests/hard/global-setup.ts"],
  testTimeout: 600_000,
  hookTimeout: 300_000,
  pool: "forks" as const,
  isolate: false,
};
const BOUNDED_HARD_FILES = ["tests/hard/**/*.bounded.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        resolve: { alias },
        test: { ...UNIT, name: "unit", include: UNIT_FILES, exclude: ISOLATED_FILES, pool: "threads", isolate: false },
      },
      {
        resolve: { alias },
        test: { ...UNIT, name: "unit-isolated", include: ISOLATED_FILES, pool: "forks", isolate: true },
      },
      {
        resolve: { alias },
        test: {
          name: "reference-api",
          setupFiles: ["tests/setup/assertions.ts"],
          expect: EXPECT,
          environment: "node",
          include: ["tests/reference-api/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Each file starts its own reference API on its own data directory; the modules are shared.
          pool: "threads",
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          ...HARD,
          name: "hard",
          include: ["tests/hard/**/*.test.ts"],
          exclude: BOUNDED_HARD_FILES,
          // First, files in parallel (WORKERS at a time).
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          ...HARD,
          name: "hard-bounded",
          include: BOUNDED_HARD_FILES,
          // Then the bounded files, one at a time, none beside another reliability file: the load
          // of one beside them once moved their figures past their bounds (24.6 MiB of RSS growth
          // against 16). The end-to-end files beside them do not (docs/reliability.md).
          sequence: { groupOrder: 2 },
          fileParallelism: false,
        },
      },
    ],
  },
});
