import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_CHROMIUM } from "./tests/e2e/helpers/processes.ts";

/**
 * The end-to-end tests (`npm run test:e2e`): Chromium against the built site and the reference
 * API, on Playwright's own runner. The stacks are worker-scoped fixtures (tests/e2e/fixtures.ts);
 * a file's tests run in order in one worker, the files side by side, at least two at once (the
 * runner's own default is half the cores: one worker on a 2-core machine, where a browser test
 * mostly waits). No retries: a test that fails once is a failure. What a failed test leaves (its
 * trace, a screenshot of every open page, the error's context) is kept in `E2E_RESULTS_DIR`,
 * which `.ci/run` prints.
 */
export const E2E_RESULTS_DIR = "test-results/e2e";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  outputDir: E2E_RESULTS_DIR,
  globalSetup: "./tests/e2e/global-setup.ts",
  workers: Math.max(2, availableParallelism()),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: true,
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: TEST_CHROMIUM, args: CHROMIUM_ARGS },
    // A failed test's trace holds its actions, network and a DOM snapshot at each step; the
    // screencast's frames, which cost the browser tests about 40 % more time, are left out (the
    // screenshot of every open page at the failure is kept instead).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: false },
    screenshot: "only-on-failure",
  },
});
