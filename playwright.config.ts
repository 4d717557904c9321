import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_CHROMIUM } from "./tests/e2e/helpers/processes.ts";

/**
 * The end-to-end tests (`npm run test:e2e`): Chromium against the built site and the reference
 * API, on Playwright's own runner. The stacks are worker-scoped fixtures (tests/e2e/fixtures.ts);
 * a file's tests run in order in one worker, the files side by side, at least two at once (the
 * runner's own default is half the cores: one worker on a 2-core machine, where a browser test
 * mostly waits). A test that fails once is a failure (`failOnFlakyTests`): it is run once more
 * only to record its trace, since recording one for every test made the browser tests about
 * 20 % slower (admin keyboard and accessibility files: 109-114 s traced, 90 s not, with or
 * without DOM snapshots). What a failed test leaves (the screenshot of every open page and the
 * error's context of its failure, the trace of its second run) is kept in `E2E_RESULTS_DIR`,
 * which `.ci/run` prints.
 */
export const E2E_RESULTS_DIR = "test-results/e2e";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  outputDir: E2E_RESULTS_DIR,
  globalSetup: "./tests/e2e/global-setup.ts",
  workers: Math.max(2, availableParallelism()),
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: true,
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: TEST_CHROMIUM, args: CHROMIUM_ARGS },
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
});
