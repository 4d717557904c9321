import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

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

/**
 * The files that take longest, measured one at a time (2026-11-24, e2e and reliability), in that
 * order. They start first, so that no long file is left to run alone at the end while the other
 * workers idle. vitest orders by the durations in its cache when it has them, but a clean clone
 * has none and vitest then starts larger files first: the 30 s load test and the two admin a11y
 * files, small files with long loops, started last. A file missing here only starts later.
 */
const LONGEST_FILES = [
  "tests/hard/load.test.ts",
  "tests/hard/fault.test.ts",
  "tests/hard/attack-host-login.test.ts",
  "tests/hard/scale-out.test.ts",
  "tests/e2e/public-pages.test.ts",
  "tests/e2e/admin-keyboard.test.ts",
  "tests/e2e/admin-a11y.test.ts",
  "tests/e2e/admin-catalogue-a11y.test.ts",
  "tests/e2e/admin-catalogue-scale.test.ts",
  "tests/e2e/public-xss.test.ts",
  "tests/e2e/admin-book.test.ts",
  "tests/e2e/admin-video.test.ts",
  "tests/e2e/admin-slider.test.ts",
  "tests/e2e/admin-catalogue-crud.test.ts",
];

class LongestFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES.findIndex((longFile) => file.moduleId.endsWith(`/${longFile}`));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Isolation is a setting of a whole pool in vitest 3.2, not of a project: the projects whose files
 * may share modules (unit, reference-api) run in the threads pool, which keeps a worker's module
 * cache from file to file, so that the app's modules, msw and the rest load once per worker, not
 * once per file (that loading was about half of their time: 52 s -> 30 s); every other project runs in
 * the forks pool. The forks pool starts a fresh process per file, but for the six unit files that
 * need one (`unit-isolated`); `npm run test:e2e` and `test:reliability` pass
 * `--poolOptions.forks.isolate=false` on the command line, so that a fork runs file after file
 * (each e2e and reliability file starts its own browser contexts and stacks; the modules are all
 * they share): e2e 208 s -> 173 s, reliability 113 s -> 89 s.
 */
const SHARED_MODULE_POOL = { threads: { isolate: false } };

/** The unit and integration tests: app and server modules against msw's upstream (tests/mocks/). */
const UNIT = {
  environment: "node",
  setupFiles: ["tests/setup/assertions.ts", "tests/setup/unit.ts"],
  // Files run WORKERS at a time: a CPU-bound test (sharp resizing a page's worth of variants, a
  // property run) shares the cores and needs more than vitest's default 5 s.
  testTimeout: 20_000,
};
const UNIT_FILES = ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"];

/**
 * Unit files that need modules of their own: the audit log and the Redis stores open what the
 * configuration of their file names (its DATA_DIR, its REDIS_URL) when first used; a module
 * reset or a mocked module (sharp) must not reach another file's tests.
 */
const FRESH_MODULE_UNIT_FILES = [
  "tests/integration/admin-audit.test.ts",
  "tests/integration/admin-audit-shared.test.ts",
  "tests/integration/admin-audit-unavailable.test.ts",
  "tests/integration/redis-stores.test.ts",
  "tests/integration/image-variants.test.ts",
  "tests/unit/upstream.test.ts",
  // Their settings (a disk ceiling, the catalogue's reader account) are set before the configuration is first read.
  "tests/integration/admin-uploads.test.ts",
  // It connects its own Redis (the upload reservations').
  "tests/unit/upload-reservations.test.ts",
  "tests/integration/public-catalogue.test.ts",
];

/** The reliability suites (tests/hard/): they attack the built app, each file on a stack of its own. */
const HARD = {
  setupFiles: ["tests/setup/assertions.ts"],
  environment: "node",
  globalSetup: ["tests/hard/global-setup.ts"],
  testTimeout: 600_000,
  hookTimeout: 300_000,
};

/**
 * The reliability files whose judged figures another suite's load beside them would move: the
 * bodies attack bounds RSS growth and a health check's time, the downloads file RSS growth under
 * ten 200 MB downloads, the rolling restart its resumes' one-second bound and the timing of its
 * script against nginx's fail_timeout. (The soak judges its memory only in the full run, `npm run test:hard`,
 * which runs every file alone.)
 */
const BOUNDED_HARD_FILES = ["tests/hard/attack-bodies.test.ts", "tests/hard/downloads.test.ts", "tests/hard/rolling-restart.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFilesFirst },
    poolOptions: SHARED_MODULE_POOL,
    projects: [
      {
        resolve: { alias },
        test: {
          ...UNIT,
          name: "unit",
          include: UNIT_FILES,
          exclude: FRESH_MODULE_UNIT_FILES,
          // In the shared threads (see SHARED_MODULE_POOL).
          pool: "threads",
        },
      },
      {
        resolve: { alias },
        test: {
          ...UNIT,
          name: "unit-isolated",
          include: FRESH_MODULE_UNIT_FILES,
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
          // In the shared threads (see SHARED_MODULE_POOL); each file starts its own reference API
          // on its own data directory.
          pool: "threads",
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
          ...HARD,
          name: "hard",
          include: ["tests/hard/**/*.test.ts"],
          exclude: BOUNDED_HARD_FILES,
          // First, files in parallel (WORKERS at a time), each with a stack of its own.
          sequence: { groupOrder: 1 },
          pool: "forks",
        },
      },
      {
        resolve: { alias },
        test: {
          ...HARD,
          name: "hard-bounded",
          include: BOUNDED_HARD_FILES,
          // Then the bounded files, one at a time with nothing else running: they bound memory
          // and time (RSS growth within 16 MiB, a health check within its idle time), and another
          // suite's load beside them moved those figures past their bounds (24.6 MiB of RSS
          // growth under a parallel run).
          sequence: { groupOrder: 2 },
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
