import { mkdtempSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { clearAllCaches } from "~/platform/cache.server";
import { forgetListCopies } from "~/platform/list-copy.server";
import { upstream } from "../mocks/upstream";

// The configuration every loader and action reads; set before any server module loads it.
process.env.NODE_ENV = "test";
process.env.UPSTREAM_API_URL = "http://upstream.test";
process.env.SESSION_SECRET = "test-secret-test-secret-test-secret-0123";
// A folder of its own per file, inside the run's (tests/setup/unit-global.ts), which removes them all.
process.env.DATA_DIR = mkdtempSync(path.join(inject("unitDataRoot"), "file-"));
process.env.LOG_LEVEL = "silent";
process.env.UPSTREAM_TIMEOUT_MS = "1000";

beforeAll(() => upstream.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  // Each test sees its own upstream answers, not the public cache or the lists' copies of the one before.
  clearAllCaches();
  forgetListCopies();
  upstream.resetHandlers();
  upstream.events.removeAllListeners();
});
afterAll(() => upstream.close());
