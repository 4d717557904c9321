import { beforeEach, expect } from "vitest";

/**
 * Every test must assert something: a test whose checks were all skipped (an early `return`, a
 * loop over nothing, a property whose result nobody looked at) fails instead of passing quietly.
 * A test that means to run only sometimes says so with `it.runIf` / `it.skipIf` and a reason.
 * Set up for every project (vitest.config.ts).
 */
beforeEach(() => {
  expect.hasAssertions();
});
