import { describe, expect, it } from "vitest";
import { chromiumForFile, mainStack, waitForHydration } from "./helpers/index.ts";

/**
 * `waitForHydration` (tests/e2e/helpers/browser.ts), which many tests wait on before they click,
 * resolves on the two kinds of page that take over their markup and fails on one that never
 * does: a test that waits for it cannot go on with a page whose script is missing.
 */

const { bffUrl } = mainStack();
const chromium = chromiumForFile();
/** Short: the failures below are waited out. */
const timeoutMs = 1_000;

async function pageAt(path: string, javaScript = true) {
  const page = await (await chromium.newContext({ javaScriptEnabled: javaScript })).newPage();
  await page.goto(`${bffUrl}${path}`);
  return page;
}

describe("waitForHydration", () => {
  it("resolves on the login page once React has hydrated it", async () => {
    const page = await pageAt("/login");
    await expect(waitForHydration(page, { timeoutMs: 15_000 })).resolves.toBeUndefined();
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(true);
  });

  it("resolves on a public page once its own script has marked the document", async () => {
    const page = await pageAt("/about");
    await expect(waitForHydration(page, { timeoutMs: 15_000 })).resolves.toBeUndefined();
    expect(await page.evaluate(() => document.documentElement.dataset.enhanced)).toBe("");
  });

  it("fails, naming the page, on a page with no script at all (the page for a malformed address)", async () => {
    const page = await pageAt("/about%ZZ");
    expect(await page.locator("script").count()).toBe(0);
    await expect(waitForHydration(page, { timeoutMs })).rejects.toThrow(`${bffUrl}/about%ZZ never hydrated within ${timeoutMs} ms`);
  });

  it("fails on a public page whose script never runs (JavaScript off)", async () => {
    const page = await pageAt("/about", false);
    await expect(waitForHydration(page, { timeoutMs })).rejects.toThrow(/never hydrated/);
  });

  it("fails on the login page when React never hydrates it (JavaScript off)", async () => {
    const page = await pageAt("/login", false);
    await page.getByRole("button", { name: "LOGIN" }).waitFor();
    await expect(waitForHydration(page, { timeoutMs })).rejects.toThrow(/never hydrated/);
  });
});
