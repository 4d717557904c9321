import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { ADMIN_EMAIL, DEMO_PASSWORD, launchChromium, submitLogin, waitForHydration, waitForPath } from "./support.ts";

/** What the admin screen end-to-end tests share: a logged-in browser context, with or without JavaScript. */

export type LoggedIn = BrowserContextOptions["storageState"];

export async function logInOnce(browser: Browser, bffUrl: string): Promise<LoggedIn> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${bffUrl}/login`);
  await waitForHydration(page);
  await submitLogin(page, ADMIN_EMAIL, DEMO_PASSWORD);
  await waitForPath(page, "/admin/slider-manager");
  const state = await context.storageState();
  await context.close();
  return state;
}

export interface AdminBrowser {
  context: BrowserContext;
  page: Page;
  /** Opens an admin path and waits until it can be used. */
  open(path: string): Promise<void>;
}

export async function adminBrowser(
  browser: Browser,
  bffUrl: string,
  loggedIn: LoggedIn,
  { javaScript, viewport = { width: 1280, height: 800 } }: { javaScript: boolean; viewport?: { width: number; height: number } },
): Promise<AdminBrowser> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: javaScript, storageState: loggedIn });
  // Nothing leaves the machine.
  await context.route((url) => url.hostname !== "127.0.0.1", (route) => route.abort());
  const page = await context.newPage();
  return {
    context,
    page,
    async open(path) {
      const response = await page.goto(`${bffUrl}${path}`);
      expect(response?.status(), path).toBe(200);
      if (javaScript) await waitForHydration(page);
    },
  };
}

export interface AdminBrowsers {
  /** The file's Chromium (for contexts of other kinds, e.g. a visitor's). */
  readonly browser: Browser;
  /** A logged-in admin's context, closed after the test that opened it. */
  open(options: Parameters<typeof adminBrowser>[3]): Promise<AdminBrowser>;
  /** Has a context the test made itself closed after the test. */
  closeAfterTest(context: BrowserContext): void;
}

/**
 * One Chromium and one admin login for a whole test file (registered as the file's hooks); every
 * context a test opens through it is closed after that test.
 */
export function adminBrowsers(bffUrl: string): AdminBrowsers {
  let browser: Browser | undefined;
  let loggedIn: LoggedIn;
  const opened: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
    loggedIn = await logInOnce(browser, bffUrl);
  });
  afterEach(async () => {
    for (const context of opened.splice(0)) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const running = () => {
    if (!browser) throw new Error("adminBrowsers: Chromium is not running (used outside a test?)");
    return browser;
  };
  return {
    get browser() {
      return running();
    },
    async open(options) {
      const admin = await adminBrowser(running(), bffUrl, loggedIn, options);
      opened.push(admin.context);
      return admin;
    },
    closeAfterTest(context) {
      opened.push(context);
    },
  };
}

/** A real PNG (1×1) padded to `size` bytes: its first bytes say PNG, whatever follows. */
export function pngBuffer(size = 0): Buffer {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  return size > png.length ? Buffer.concat([png, Buffer.alloc(size - png.length)]) : png;
}

/** The visible alert (status, alert or alertdialog) with this text. */
export function alertWith(page: Page, text: string): Locator {
  return page.locator(".kit-alert").filter({ hasText: text });
}

export function dialogNamed(page: Page, name: string): Locator {
  return page.getByRole("dialog", { name });
}

/** The text of the element(s) that describe a control (its hint and error). */
export async function descriptionOf(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
}

/** Marks the window; the mark survives only if no full page load happens until `survived()`. */
export async function markWindow(page: Page): Promise<{ survived(): Promise<boolean> }> {
  await page.evaluate(() => {
    (window as unknown as { __noReload?: boolean }).__noReload = true;
  });
  return { survived: () => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true) };
}

export function rowWith(page: Page, text: string): Locator {
  return page.getByRole("row").filter({ hasText: text });
}

/** What axe-core finds serious or critical on the page, one line per rule with its elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
