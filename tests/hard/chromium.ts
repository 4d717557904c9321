import type { Browser, BrowserContext, BrowserContextOptions } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { closeContexts } from "../e2e/helpers/browser.ts";
import { launchChromium } from "../e2e/helpers/processes.ts";

/**
 * One headless Chromium for a reliability file (vitest), registered as the file's hooks: started
 * before its first test, closed after its last; the contexts opened through it are closed after
 * the test that opened them. (The end-to-end tests have Playwright's own, tests/e2e/fixtures.ts.)
 */
export function chromiumForFile(): { readonly browser: Browser; newContext(options?: BrowserContextOptions): Promise<BrowserContext> } {
  let browser: Browser | undefined;
  const opened: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await closeContexts(opened.splice(0));
  });
  afterAll(async () => {
    await browser?.close();
  });
  const running = () => {
    if (!browser) throw new Error("chromiumForFile: Chromium is not running (used outside a test?)");
    return browser;
  };
  return {
    get browser() {
      return running();
    },
    async newContext(options) {
      const context = await running().newContext(options);
      opened.push(context);
      return context;
    },
  };
}
