import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Browser, BrowserContext, BrowserContextOptions, Dialog, Locator, Page } from "playwright-core";

/**
 * What the tests do in a page: open a visitor's page, wait for its script, follow the focus, run
 * axe-core. No test framework here: the end-to-end fixtures (tests/e2e/fixtures.ts) and the hard
 * suites both call these.
 */

export interface VisitOptions extends BrowserContextOptions, OfflineOptions {
  /** Called with the new page before it loads `url` (to install a clock, to listen to requests). */
  beforeGoto?: (page: Page) => void | Promise<void>;
}

/**
 * A visitor's page at `url` in a new context of `browser` (nothing leaves the machine, see
 * `keepOffline`), answered 200 and, unless JavaScript is off, taken over by its script. The
 * context is handed to `opened` as soon as it exists, so that the caller closes it even when the
 * page fails.
 */
export async function visitPage(
  browser: Browser,
  url: string,
  { beforeGoto, standIn, abortHosts, ...contextOptions }: VisitOptions,
  opened: (context: BrowserContext) => void,
): Promise<Page> {
  const context = await browser.newContext(contextOptions);
  opened(context);
  await keepOffline(context, { standIn, abortHosts });
  const page = await context.newPage();
  await beforeGoto?.(page);
  const response = await page.goto(url);
  if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status() ?? "nothing"}, not 200`);
  if (contextOptions.javaScriptEnabled !== false) await waitForHydrationOrExplain(page);
  return page;
}

/** Closes these contexts one after another, giving up on a stuck one after 10 s so that it cannot hold up the rest. */
export async function closeContexts(contexts: readonly BrowserContext[]): Promise<void> {
  for (const context of contexts) await Promise.race([context.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

/**
 * Nothing leaves the machine (it has no internet): the tests' Chromium resolves no host name but
 * the loopback address (`CHROMIUM_ARGS`), so a request elsewhere fails at once. A context that
 * needs more routes the other hosts' requests itself: a small stand-in page when `standIn` is
 * set (for links a test follows to another site); requests to `abortHosts` aborted as a machine
 * offline would see it. Routing every context instead made Chromium hand every request to the
 * test process and wait for its answer: 13% of the a11y files' time.
 */
export interface OfflineOptions {
  standIn?: boolean;
  abortHosts?: string[];
}

export async function keepOffline(context: BrowserContext, { standIn = false, abortHosts = [] }: OfflineOptions = {}): Promise<void> {
  if (!standIn && abortHosts.length === 0) return;
  await context.route(
    (url) => url.hostname !== "127.0.0.1",
    (route) => {
      if (abortHosts.includes(new URL(route.request().url()).hostname)) return route.abort("internetdisconnected");
      return standIn ? route.fulfill({ status: 200, contentType: "text/html", body: "<title>external</title>" }) : route.abort();
    },
  );
}

/**
 * Resolves once the page's script has taken over, so that clicks reach its handlers instead of
 * the bare server-rendered markup: React's hydration (the back-office, whose DOM nodes then carry
 * React's props), or the own script of a page that is not hydrated (`app/browser/public.ts`,
 * `login.ts`), which marks the document (`<html data-enhanced>`) when it has run. A page on which
 * neither happens within the time (no script, JavaScript off, a script that failed) fails the
 * test with a message naming the page.
 */
export async function waitForHydration(page: Page, { timeoutMs = 15_000 } = {}): Promise<void> {
  try {
    await page.waitForFunction(
      () => {
        // No document element yet: caught as a new document (a form posted as one) begins.
        if (!document.documentElement) return false;
        if (document.documentElement.dataset.enhanced !== undefined) return true;
        const node = document.querySelector("main") ?? document.body?.firstElementChild;
        return !!node && Object.keys(node).some((key) => key.startsWith("__reactProps$"));
      },
      undefined,
      { timeout: timeoutMs },
    );
  } catch (error) {
    const reason = String((error as Error).message ?? error).split("\n")[0];
    throw new Error(
      `${page.url()} never hydrated within ${timeoutMs} ms: neither did the page's own script mark <html data-enhanced> nor did React hydrate the page (${reason})`,
      { cause: error },
    );
  }
}

/**
 * `waitForHydration`, and when it fails, says whether the page's client assets failed to load:
 * a build run while a BFF is up empties and refills build/client, and a page loaded in
 * that window (or served by a BFF whose build was replaced) points at scripts that are not there.
 */
export async function waitForHydrationOrExplain(page: Page): Promise<void> {
  try {
    await waitForHydration(page);
  } catch (error) {
    const failed = await page
      .evaluate(() =>
        (performance.getEntriesByType("resource") as Array<PerformanceResourceTiming & { responseStatus?: number }>)
          .filter((entry) => entry.name.includes("/build/") && (entry.responseStatus ?? 200) >= 400)
          .map((entry) => `${new URL(entry.name).pathname} (${entry.responseStatus})`),
      )
      .catch(() => [] as string[]);
    if (failed.length) {
      throw new Error(`no hydration: the page's client assets failed to load (was \`npm run build\` run during the tests?): ${failed.join(", ")}`, {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Whether the page is a public page as the server renders it for a new document: its own script
 * (`app/browser/public.ts`) has run and Remix's client (which defines `__remixContext`) never
 * loaded. Waits for the script first; a page Remix rendered in the browser never gets it.
 */
export async function isUnhydratedPublicDocument(page: Page): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await page.waitForFunction(() => document.documentElement?.dataset.enhanced !== undefined, undefined, { timeout: Math.max(1, deadline - Date.now()) });
      return await page.evaluate(() => !("__remixContext" in window) && !("__remixRouter" in window));
    } catch {
      // Caught between two documents (the reload a redirectDocument starts, which destroys the
      // page's context): ask the next one, until the deadline.
      if (Date.now() >= deadline || page.isClosed()) return false;
      await page.waitForLoadState("domcontentloaded").catch(() => {});
    }
  }
}

/** Resolves when the page's URL has this path (any query), or rejects after the timeout. */
export async function waitForPath(page: Page, pathname: string, timeoutMs = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: timeoutMs, waitUntil: "commit" });
}

/** Whether `target` has the keyboard focus. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never gets it. */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Marks the window; the mark survives only if no full page load happens until `survived()`. */
export async function markWindow(page: Page): Promise<{ survived(): Promise<boolean> }> {
  await page.evaluate(() => {
    (window as unknown as { __noReload?: boolean }).__noReload = true;
  });
  return { survived: () => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true) };
}

/**
 * Waits until what the visitor sees has arrived: the fonts, and every picture in the viewport
 * (loaded or failed). Lazy pictures further down are not waited for. Quicker than Playwright's
 * `networkidle`, which always waits half a second of quiet on top.
 */
export async function waitForVisibleContent(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await document.fonts.ready;
    return [...document.images].every((image) => {
      const box = image.getBoundingClientRect();
      const visible = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth && box.width > 0;
      return !visible || image.complete;
    });
  });
}

/** axe-core's browser bundle, read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * What axe-core finds serious or critical on the page, one line per rule with its elements.
 * axe runs in the page itself, in its one frame (the site has no frames), and is injected once
 * per document: a check after a client-side navigation reuses it. @axe-core/playwright's builder
 * sent and evaluated the 580 KB bundle twice for every check, even in its legacy mode (whose
 * default mode also opens a blank page per check to merge frames): about 100 ms of a check's
 * 170 ms on a small page, over the suite's 150 checks.
 */
export function seriousViolations(page: Page): Promise<string[]> {
  return axeViolations(page, { impacts: ["serious", "critical"] });
}

/**
 * What axe-core finds of these impacts (every impact by default: minor, moderate, serious,
 * critical), as `seriousViolations` says it; `targetSize` adds WCAG 2.2's 24 px targets (2.5.8),
 * a rule axe leaves off by default.
 */
export async function axeViolations(page: Page, { impacts = ["minor", "moderate", "serious", "critical"], targetSize = false }: { impacts?: readonly string[]; targetSize?: boolean } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ wanted, withTargetSize }) => {
      const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
      const { violations } = await axe.run(document, { resultTypes: ["violations"], rules: { "target-size": { enabled: withTargetSize } } });
      return violations
        .filter((violation) => wanted.includes(violation.impact ?? ""))
        .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    },
    { wanted: impacts, withTargetSize: targetSize },
  );
}

/**
 * The messages of the dialogs the page opens (an `alert` a payload ran), each dismissed so that
 * the page goes on; `stop()` stops listening (a kept tab's next test records its own).
 */
export function dismissedDialogs(page: Page): { messages: string[]; stop(): void } {
  const messages: string[] = [];
  const onDialog = (dialog: Dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss().catch(() => {});
  };
  page.on("dialog", onDialog);
  return { messages, stop: () => page.off("dialog", onDialog) };
}

/**
 * Resolves once a canary of each kind of delayed run has run in the page: a failed image and a
 * failed audio load (their error events, after a round trip to the site), a CSS animation's
 * start, two rendered frames (autofocus, SMIL's begin, a marquee's start) and, with `link`, a
 * clicked javascript: link's navigation (a task, as a clicked payload link's; where the CSP is
 * enforced it would itself be reported, so the admin pages' probe leaves it out). Set off after
 * an XSS probe's poke, outside `main`, they run after what the poke set off would have: a
 * payload's handler, or the report of the CSP refusing it. A payload that replaced the document
 * meanwhile gets them run again in the new one.
 */
export async function runCanaries(page: Page, { link }: { link: boolean }): Promise<void> {
  const canaries = (withLink: boolean) =>
    new Promise<void>((resolve) => {
      const global = window as unknown as { __probeCanary?: () => void };
      const box = document.createElement("div");
      const sheet = new CSSStyleSheet();
      sheet.replaceSync("@keyframes probe-canary { from { opacity: 1; } to { opacity: 1; } }");
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      const waiting = new Set(["image", "audio", "animation", "frames", ...(withLink ? ["link"] : [])]);
      const ran = (kind: string) => () => {
        waiting.delete(kind);
        if (waiting.size) return;
        box.remove();
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((each) => each !== sheet);
        delete global.__probeCanary;
        resolve();
      };
      const image = document.createElement("img");
      image.addEventListener("error", ran("image"), { once: true });
      image.src = "/__probe-canary.png";
      const audio = document.createElement("audio");
      audio.addEventListener("error", ran("audio"), { once: true });
      audio.preload = "auto";
      audio.src = "/__probe-canary.mp3";
      const animated = document.createElement("div");
      animated.addEventListener("animationstart", ran("animation"), { once: true });
      animated.style.animation = "probe-canary 1s";
      box.append(image, audio, animated);
      if (withLink) {
        global.__probeCanary = ran("link");
        box.append(Object.assign(document.createElement("a"), { href: "javascript:void(top.__probeCanary())", textContent: "kanari" }));
      }
      (document.body ?? document.documentElement).append(box);
      box.querySelector("a")?.click();
      requestAnimationFrame(() => requestAnimationFrame(ran("frames")));
    });
  await page.evaluate(canaries, link).catch(() => page.evaluate(canaries, link));
}

/** Where the screenshots for a person to look at land (`keepScreenshot`). */
export const SCREENSHOTS_DIR = "tests/e2e/screenshots";

/**
 * A screenshot for a person to look at (the admin screens, the public pages at each width), in
 * SCREENSHOTS_DIR, taken only when `E2E_SCREENSHOTS=1` is set: it proves nothing a test asserts,
 * and the run's some hundred of them cost Chromium tens of seconds of CPU. A failed test's
 * screenshot of every open page is kept anyway (playwright.config.ts).
 */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), ...options });
}
