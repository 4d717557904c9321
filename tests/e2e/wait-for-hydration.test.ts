import { type Contexts, expect, test } from "./fixtures.ts";
import { waitForHydration } from "./helpers/index.ts";

/**
 * `waitForHydration` (tests/e2e/helpers/browser.ts), which many tests wait on before they click,
 * resolves on the two kinds of page that take over their markup (the back-office, hydrated by
 * React; the public and login pages, marked by their own scripts) and fails on one that never
 * does: a test that waits for it cannot go on with a page whose script is missing.
 */

/** Short: the failures below are waited out. */
const timeoutMs = 1_000;

async function pageAt(contexts: Contexts, url: string, javaScript = true) {
  const page = await (await contexts.newContext({ javaScriptEnabled: javaScript })).newPage();
  await page.goto(url);
  return page;
}

test.describe("waitForHydration", () => {
  test("resolves on a back-office page once React has hydrated it", async ({ admins, mainStack }) => {
    const { page } = await admins.open({ javaScript: true });
    await page.goto(`${mainStack.bffUrl}/admin/slider-manager`);
    await expect(waitForHydration(page, { timeoutMs: 15_000 })).resolves.toBeUndefined();
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(true);
  });

  test("resolves on the login page once its own script has marked the document", async ({ contexts, mainStack }) => {
    const page = await pageAt(contexts, `${mainStack.bffUrl}/login`);
    await expect(waitForHydration(page, { timeoutMs: 15_000 })).resolves.toBeUndefined();
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
  });

  test("resolves on a public page once its own script has marked the document", async ({ contexts, mainStack }) => {
    const page = await pageAt(contexts, `${mainStack.bffUrl}/about`);
    await expect(waitForHydration(page, { timeoutMs: 15_000 })).resolves.toBeUndefined();
    expect(await page.evaluate(() => document.documentElement.dataset.enhanced)).toBe("");
  });

  test("fails, naming the page, on a page with no script at all (the page for a malformed address)", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    const page = await pageAt(contexts, `${bffUrl}/about%ZZ`);
    expect(await page.locator("script").count()).toBe(0);
    await expect(waitForHydration(page, { timeoutMs })).rejects.toThrow(`${bffUrl}/about%ZZ never hydrated within ${timeoutMs} ms`);
  });

  test("fails on a public page whose script never runs (JavaScript off)", async ({ contexts, mainStack }) => {
    const page = await pageAt(contexts, `${mainStack.bffUrl}/about`, false);
    await expect(waitForHydration(page, { timeoutMs })).rejects.toThrow(/never hydrated/);
  });

  test("fails on the login page when its script never runs (JavaScript off)", async ({ contexts, mainStack }) => {
    const page = await pageAt(contexts, `${mainStack.bffUrl}/login`, false);
    await page.getByRole("button", { name: "LOGIN", exact: true }).waitFor();
    await expect(waitForHydration(page, { timeoutMs })).rejects.toThrow(/never hydrated/);
  });
});
