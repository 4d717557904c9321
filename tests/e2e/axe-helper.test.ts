import { expect, test } from "./fixtures.ts";
import { seriousViolations } from "./helpers/index.ts";

/**
 * `seriousViolations` (tests/e2e/helpers/browser.ts), on which every accessibility test relies,
 * reports what axe-core finds serious or critical, also on a page it has already checked (it
 * injects axe once per document): an a11y test cannot pass because its checker saw nothing.
 */

test.describe("seriousViolations", () => {
  test("finds a picture without a text alternative and a button without a name, and nothing on a clean page", async ({ contexts, mainStack }) => {
    const page = await contexts.visit(`${mainStack.bffUrl}/about`);
    expect(await seriousViolations(page)).toEqual([]);

    // The same document, changed as a client-side navigation would: axe is already in it.
    await page.evaluate(() => {
      const main = document.querySelector("main");
      main?.insertAdjacentHTML("beforeend", '<img id="no-alt" src="/favicon.ico"><button id="no-name"></button>');
    });
    const found = await seriousViolations(page);
    expect(found).toEqual(
      expect.arrayContaining([expect.stringMatching(/^image-alt \(critical\): #no-alt$/), expect.stringMatching(/^button-name \(critical\): #no-name$/)]),
    );
  });

  test("checks a page after a reload too, where the axe of the earlier document is gone", async ({ contexts, mainStack }) => {
    const page = await contexts.visit(`${mainStack.bffUrl}/about`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await page.evaluate(() => document.querySelector("main")?.insertAdjacentHTML("beforeend", '<img id="no-alt" src="/favicon.ico">'));
    expect(await seriousViolations(page)).toEqual([expect.stringMatching(/^image-alt \(critical\): #no-alt$/)]);
  });
});
