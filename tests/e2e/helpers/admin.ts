import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { closeContexts, waitForHydration } from "./browser.ts";
import { adminSession } from "./session.ts";

/** The back-office in a browser: logging in, a logged-in admin's context, and what its screens show. */

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/** Fills and submits the login form on the current page (works with and without JavaScript). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "LOGIN", exact: true }).click();
}

export type LoggedIn = BrowserContextOptions["storageState"];

export interface AdminBrowser {
  context: BrowserContext;
  page: Page;
  /** Opens an admin path and waits until it can be used. */
  open(path: string): Promise<void>;
  /**
   * Goes to another admin path the way a link in the hydrated back-office does (Remix's router,
   * no new document), and resolves once the new route's data is on the page. Without JavaScript,
   * `open`.
   */
  navigate(path: string): Promise<void>;
}

export interface AdminContextOptions {
  javaScript: boolean;
  viewport?: { width: number; height: number };
  hasTouch?: boolean;
  /** The browser's language (an office PC's is often English). */
  locale?: string;
}

/** A page in a new context of a logged-in admin (nothing leaves the machine: `CHROMIUM_ARGS`). */
export async function adminBrowser(
  browser: Browser,
  bffUrl: string,
  loggedIn: LoggedIn,
  { javaScript, viewport = DESKTOP, hasTouch = false, locale }: AdminContextOptions,
): Promise<AdminBrowser> {
  const context = await browser.newContext({ viewport, hasTouch, javaScriptEnabled: javaScript, storageState: loggedIn, ...(locale ? { locale } : {}) });
  await context.addInitScript(recordAlerts);
  const page = await context.newPage();
  const open = async (path: string) => {
    const response = await page.goto(`${bffUrl}${path}`);
    if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status() ?? "nothing"}, not 200`);
    if (javaScript) await waitForHydration(page);
  };
  return {
    context,
    page,
    open,
    async navigate(path) {
      if (!javaScript) return open(path);
      await page.evaluate((to) => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(to), path);
      const reached = new URL(page.url());
      if (reached.pathname + reached.search !== path) throw new Error(`the router's navigation to ${path} reached ${reached.pathname + reached.search}`);
    },
  };
}

export interface KeptAdminPages {
  /**
   * The kept admin page of these options on the site at `bffUrl`, opened (logged in over HTTP,
   * its own context) the first time a test asks for it. A test opens its screen with the page's
   * `open`: a new document, as a new context's first page would be.
   */
  open(browser: Browser, bffUrl: string, options: AdminContextOptions): Promise<AdminBrowser>;
  /** Closes every kept context (the file's or the describe block's afterAll). */
  close(): Promise<void>;
}

/**
 * Logged-in admin pages that a file's tests share, one per site and set of options: each test
 * loads its screen as a new document in the kept tab instead of a new context. A new context and
 * its first admin page cost Chromium about three times the CPU of another document in the same tab
 * (a new renderer process, its caches empty). Only for tests that leave nothing in the tab for
 * the next one but what a new document discards: no mouse position that a hover could meet, no
 * route, clock, storage or unsaved form of theirs. A failed test ends the worker (Playwright
 * starts a new one for the next test), so a broken page is never passed on.
 */
export function keptAdminPages(login: (bffUrl: string) => Promise<LoggedIn> = adminSession): KeptAdminPages {
  const kept = new Map<string, Promise<AdminBrowser>>();
  return {
    open(browser, bffUrl, options) {
      const key = JSON.stringify([bffUrl, options]);
      let admin = kept.get(key);
      if (!admin) {
        admin = login(bffUrl).then((loggedIn) => adminBrowser(browser, bffUrl, loggedIn, options));
        kept.set(key, admin);
      }
      return admin;
    },
    async close() {
      const opened = await Promise.allSettled([...kept.values()]);
      kept.clear();
      await closeContexts(opened.flatMap((admin) => (admin.status === "fulfilled" ? [admin.value.context] : [])));
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

/** The first bytes of an MP4 (an `ftyp` box) padded to `size`: what the upload checks look at. */
export function mp4Buffer(size = 4096): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(4), Buffer.from("mp42isom")]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
}

/** The visible alert (status, alert or alertdialog) with this text. */
export function alertWith(page: Page, text: string): Locator {
  return page.locator(".kit-alert").filter({ hasText: text });
}

interface AlertRecord {
  __alertsSeen?: string[];
}

/**
 * Runs in every document of an admin's context before its scripts: notes the text of every
 * alert that appears. A success alert goes away after 5 s (spec §9): on a loaded machine the
 * test may look later than that, and must still see that it was shown.
 */
function recordAlerts() {
  const record = window as unknown as AlertRecord;
  const seen: string[] = (record.__alertsSeen = []);
  const noted = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const alert of document.querySelectorAll(".kit-alert")) {
      if (noted.has(alert)) continue;
      noted.add(alert);
      seen.push(alert.textContent ?? "");
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Resolves once an alert with `text` has been shown since the last call that saw it: on the page
 * now, or noted by `recordAlerts` and gone since. Each call takes the notes it matched, so that
 * two saves with the same message need two alerts.
 */
export async function alertShown(page: Page, text: string, { timeout = 30_000 } = {}): Promise<void> {
  const noted = page
    .waitForFunction((wanted) => ((window as unknown as AlertRecord).__alertsSeen ?? []).some((seen) => seen.includes(wanted)), text, { timeout, polling: 100 })
    .then(() => undefined);
  const onPage = alertWith(page, text).first().waitFor({ timeout });
  // Whichever sees it first; the other's later timeout is not a failure.
  noted.catch(() => {});
  onPage.catch(() => {});
  await Promise.any([noted, onPage]).catch(async () => {
    // Neither: say what the page shows instead (an error alert, a field's message, a dialog still open).
    const shown = await page
      .locator(".kit-alert, [role=alert], [aria-invalid=true], [role=dialog]")
      .evaluateAll((elements) => elements.map((element) => `${element.getAttribute("role") ?? element.className}: ${(element.textContent ?? "").trim().slice(0, 200)}`))
      .catch(() => ["(the page could not be read)"]);
    const seen = await page.evaluate(() => (window as unknown as AlertRecord).__alertsSeen ?? []).catch(() => []);
    throw new Error(`no alert "${text}" within ${timeout} ms at ${page.url()}; alerts seen: ${JSON.stringify(seen)}; on the page: ${JSON.stringify(shown)}`);
  });
  await page
    .evaluate((wanted) => {
      const record = window as unknown as AlertRecord;
      record.__alertsSeen = (record.__alertsSeen ?? []).filter((seen) => !seen.includes(wanted));
    }, text)
    .catch(() => {});
}

export function dialogNamed(page: Page, name: string): Locator {
  return page.getByRole("dialog", { name });
}

export function rowWith(page: Page, text: string): Locator {
  return page.getByRole("row").filter({ hasText: text });
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
