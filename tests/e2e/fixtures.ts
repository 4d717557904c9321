import { type Browser, type BrowserContext, type BrowserContextOptions, test as base, expect as playwrightExpect, type Page } from "@playwright/test";
import { startReferenceApi } from "../../reference-api/server.ts";
import { type AdminBrowser, adminBrowser, type AdminContextOptions, type LoggedIn } from "./helpers/admin.ts";
import { closeContexts, visitPage, type VisitOptions } from "./helpers/browser.ts";
import { bffEnv, removeDir, startBff, tempDir } from "./helpers/processes.ts";
import { DEMO_PASSWORD } from "./helpers/reference-api.ts";
import { adminSession } from "./helpers/session.ts";
import { type Shape, type ShapedStack, shapedStack } from "./upstream-shapes.ts";

/**
 * The end-to-end tests' fixtures (Playwright's runner):
 * - `mainStack`, `specStack` (worker-scoped, started when a worker's first test asks): a reference
 *   API (in the worker, its own data directory) and the site in front of it (a real
 *   `node server/index.ts`, production mode, on the built app), on free loopback ports. The main
 *   stack's reference API answers in its full shape; the spec stack's in the spec's shape (only
 *   what spec §3/§7 name: relations without ids, some ids as strings; tests/e2e/upstream-shapes.ts).
 *   A worker's files run one after another on its stacks, so the records one file changes are
 *   never another worker's.
 * - `contexts`: browser contexts of the worker's Chromium (Playwright's `browser`), closed after
 *   the test; `visit` opens a visitor's page.
 * - `admins`: a logged-in admin's contexts on the main site (logged in over HTTP when the file's
 *   first test opens one); `adminsAt(url)` the same on another site; `shaped`: the stack of the
 *   describe block's `shape` option, with its admin's contexts.
 * Every context is traced and every page shot when a test fails (playwright.config.ts).
 */

export interface Stack {
  /** The site, e.g. http://127.0.0.1:41234 */
  bffUrl: string;
  /** The reference API's origin (its routes are under /api), e.g. http://127.0.0.1:41235 */
  referenceApiUrl: string;
}

export interface Contexts {
  /** The worker's Chromium (for what the fixtures below do not cover). */
  readonly browser: Browser;
  /** A new context, closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Has a context the test opened otherwise closed after the test. */
  closeAfterTest(context: BrowserContext): void;
  /** A visitor's page at `url`, answered 200 and taken over by its script unless JavaScript is off. */
  visit(url: string, options?: VisitOptions): Promise<Page>;
}

export interface AdminBrowsers extends Contexts {
  /** A logged-in admin's context, closed after the test. */
  open(options: AdminContextOptions): Promise<AdminBrowser>;
}

interface WorkerFixtures {
  /** The worker's stack of a shape, started the first time a test of the worker asks for it. */
  stackOf: (shape: Shape) => Promise<Stack>;
  mainStack: Stack;
  specStack: Stack;
}

interface TestFixtures {
  /** The upstream shape a describe block runs against (`test.use({ shape })`); the full one unless set. */
  shape: Shape;
  /** The worker's stack of that shape, with a logged-in admin's contexts and its reference API's reader. */
  shaped: ShapedStack;
  contexts: Contexts;
  admins: AdminBrowsers;
  adminsAt: (bffUrl: string) => AdminBrowsers;
  assertsSomething: void;
}

/** One stack: its reference API in `shape`, the site in front of it, and how to stop and remove both. */
async function startStack(name: string, shape: Shape): Promise<Stack & { stop(): Promise<void> }> {
  const dirs = [await tempDir(`${name}-reference-api-`), await tempDir(`${name}-bff-`)];
  const referenceApi = await startReferenceApi({ dataDir: dirs[0], host: "127.0.0.1", port: 0, demoPassword: DEMO_PASSWORD, shape }).catch(async (error: unknown) => {
    for (const dir of dirs) await removeDir(dir);
    throw error;
  });
  const removeAll = async () => {
    await referenceApi.close();
    for (const dir of dirs) await removeDir(dir);
  };
  const bff = await startBff(bffEnv({ UPSTREAM_API_URL: referenceApi.url, DATA_DIR: dirs[1] }), 60_000).catch(async (error: unknown) => {
    await removeAll();
    throw error;
  });
  return {
    bffUrl: bff.url,
    referenceApiUrl: referenceApi.url,
    async stop() {
      try {
        const exit = await bff.proc.stop();
        if (exit.code !== 0) console.warn(`${name} site exited with ${exit.code ?? exit.signal}\n${bff.proc.stderr()}`);
      } finally {
        await removeAll();
      }
    },
  };
}

/**
 * Every test must assert something: a test whose checks were all skipped (an early `return`, a
 * loop over nothing) fails instead of passing quietly, as vitest's `expect.hasAssertions()` does
 * in the other suites. Playwright counts no assertions, so this `expect` counts its calls.
 */
let assertionsMade = 0;
/** `expect`, or one of its forms (`poll`, `soft`, a `configure`d one), counting each assertion it starts. */
function counting<F extends object>(target: F, owner?: object): F {
  return new Proxy(target, {
    apply(call, thisArg, args: unknown[]) {
      assertionsMade += 1;
      return Reflect.apply(call as (...args: unknown[]) => unknown, owner ?? thisArg, args) as unknown;
    },
    get(form, property, receiver) {
      const value: unknown = Reflect.get(form, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "poll" || property === "soft") return counting(value, form);
      if (property === "configure") return (...args: unknown[]) => counting((value as (...args: unknown[]) => object).apply(form, args));
      return value;
    },
  });
}
export const expect = counting(playwrightExpect);

/** The admin sessions of this worker's test files, by file and site (see `adminsAt`). */
const fileSessions = new Map<string, Promise<LoggedIn>>();

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stackOf: [
    async ({}, use, workerInfo) => {
      const started = new Map<Shape, ReturnType<typeof startStack>>();
      await use((shape) => {
        if (!started.has(shape)) started.set(shape, startStack(`w${workerInfo.parallelIndex + 1}-${shape}`, shape));
        return started.get(shape)!;
      });
      const stopped = await Promise.allSettled([...started.values()].map(async (stack) => (await stack).stop()));
      const failure = stopped.find((result) => result.status === "rejected");
      if (failure) throw failure.reason;
    },
    { scope: "worker", timeout: 120_000 },
  ],
  mainStack: [async ({ stackOf }, use) => use(await stackOf("full")), { scope: "worker", timeout: 120_000 }],
  specStack: [async ({ stackOf }, use) => use(await stackOf("spec")), { scope: "worker", timeout: 120_000 }],

  contexts: async ({ browser }, use) => {
    const opened: BrowserContext[] = [];
    await use({
      browser,
      async newContext(options) {
        const context = await browser.newContext(options);
        opened.push(context);
        return context;
      },
      closeAfterTest: (context) => void opened.push(context),
      visit: (url, options = {}) => visitPage(browser, url, options, (context) => opened.push(context)),
    });
    await closeContexts(opened);
  },

  adminsAt: async ({ contexts }, use, testInfo) => {
    await use((bffUrl) => {
      // One session per site and test file, logged in when the file's first test opens one (a
      // login costs the upstream a password hash): the session holds the flashed alerts, so
      // another file's unread alert never greets this file's first page.
      const key = `${testInfo.file}\n${bffUrl}`;
      return {
        ...contexts,
        async open(options) {
          if (!fileSessions.has(key)) fileSessions.set(key, adminSession(bffUrl));
          const admin = await adminBrowser(contexts.browser, bffUrl, await fileSessions.get(key)!, options);
          contexts.closeAfterTest(admin.context);
          return admin;
        },
      };
    });
  },
  admins: async ({ adminsAt, mainStack }, use) => use(adminsAt(mainStack.bffUrl)),
  shape: ["full", { option: true }],
  shaped: [
    async ({ shape, stackOf, adminsAt }, use) => {
      const { bffUrl, referenceApiUrl } = await stackOf(shape);
      const admins = adminsAt(bffUrl);
      await use(shapedStack(shape, bffUrl, referenceApiUrl, (options) => admins.open(options)));
    },
    // The spec stack starts the first time a worker's test asks for it.
    { timeout: 120_000 },
  ],

  assertsSomething: [
    async ({}, use, testInfo) => {
      const before = assertionsMade;
      await use();
      if (testInfo.status === "passed" && assertionsMade === before) throw new Error("the test asserted nothing (every test must call expect at least once)");
    },
    { auto: true },
  ],
});
