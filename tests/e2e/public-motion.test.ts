import type { Page } from "playwright-core";
import { type Contexts, expect, type Stack, test } from "./fixtures.ts";
import { DESKTOP } from "./helpers/index.ts";

/**
 * Issue 50, point 1 on the home page: the activities carousel's motion can be stopped and started
 * by keyboard and touch (WCAG 2.2.2: Splide's own toggle, named by what it would do), its dots
 * and every button are targets of at least 24×24 px (WCAG 2.5.8), and an in-page link lands
 * below the sticky header, with JavaScript (its height measured) and without (its height as the
 * stylesheet lays it out). The banner's pause button is public-slider.test.ts's.
 */

const AUTOPLAY_MS = 5000;

async function carouselHome(contexts: Contexts, { bffUrl }: Stack, options: { viewport: { width: number; height: number }; hasTouch?: boolean }): Promise<Page> {
  const page = await contexts.visit(`${bffUrl}/`, { ...options, isMobile: options.hasTouch, beforeGoto: (page) => page.clock.install() });
  await page.locator(".activities").scrollIntoViewIfNeeded();
  await page.locator(".activities.is-initialized").waitFor();
  return page;
}

/** The first activity the carousel shows. */
const firstShown = (page: Page) => page.locator(".activities .splide__slide.is-visible h3").first().innerText();

/** Away from the carousel: no hover, no focus inside it (either alone pauses Splide for a while). */
async function leaveCarousel(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.getByRole("heading", { name: "Visi & Misi" }).evaluate((element) => {
    (element as HTMLElement).tabIndex = -1;
    (element as HTMLElement).focus();
  });
}

test("the activities carousel is paused with the keyboard and stays still; played again, it moves on", async ({ contexts, mainStack }) => {
  const page = await carouselHome(contexts, mainStack, { viewport: DESKTOP });
  const pause = page.getByRole("button", { name: "Jeda putar otomatis" });
  await pause.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Putar otomatis" })).toBeFocused();
  await leaveCarousel(page);
  const before = await firstShown(page);
  await page.clock.runFor(AUTOPLAY_MS * 3);
  expect(await firstShown(page)).toBe(before);
  await page.getByRole("button", { name: "Putar otomatis" }).focus();
  await page.keyboard.press("Enter");
  await leaveCarousel(page);
  await page.clock.runFor(AUTOPLAY_MS + 1000);
  await expect.poll(() => firstShown(page)).not.toBe(before);
});

test("on a phone the carousel is paused by touch and played again by touch; its dots, arrows and toggle are targets of 24 px or more", async ({ contexts, mainStack }) => {
  const page = await carouselHome(contexts, mainStack, { viewport: { width: 360, height: 740 }, hasTouch: true });
  const targets = page.locator(".activities button");
  expect(await targets.count()).toBeGreaterThan(2);
  for (const box of await targets.evaluateAll((buttons) => buttons.filter((button) => button.getClientRects().length > 0).map((button) => ({ name: button.getAttribute("aria-label"), ...button.getBoundingClientRect().toJSON() })))) {
    expect(Math.min(box.width, box.height), `${box.name}`).toBeGreaterThanOrEqual(24);
  }
  await page.getByRole("button", { name: "Jeda putar otomatis" }).tap();
  await leaveCarousel(page);
  const before = await firstShown(page);
  await page.clock.runFor(AUTOPLAY_MS * 3);
  expect(await firstShown(page)).toBe(before);
  const play = page.getByRole("button", { name: "Putar otomatis" });
  await expect(play).toBeVisible();
  await play.tap();
  await leaveCarousel(page);
  await page.clock.runFor(AUTOPLAY_MS + 1000);
  await expect.poll(() => firstShown(page)).not.toBe(before);
});

for (const viewport of [{ width: 360, height: 740 }, DESKTOP]) {
  test(`at ${viewport.width} px every button on the home page is a 24 px target, and an in-page link lands below the sticky header`, async ({ contexts, mainStack }) => {
    const page = await contexts.visit(`${mainStack.bffUrl}/`, { viewport });
    const small = await page.locator("button, [role='button'], input, select").evaluateAll((controls) =>
      controls
        .filter((control) => control.getClientRects().length > 0 && getComputedStyle(control).visibility !== "hidden")
        .map((control) => ({ what: control.getAttribute("aria-label") ?? control.textContent?.trim() ?? control.tagName, box: control.getBoundingClientRect() }))
        // A visually hidden control (the menu's checkbox) has its label as its target.
        .filter(({ box }) => box.width > 1 && box.height > 1 && Math.min(box.width, box.height) < 24)
        .map(({ what }) => what),
    );
    expect(small).toEqual([]);
    for (const target of ["pejabat", "lokasi"]) {
      await page.evaluate((id) => (window.location.hash = id), target);
      await expectLandedBelowHeader(page, target);
    }
  });

  test(`at ${viewport.width} px without JavaScript an in-page link lands below the sticky header, at the height the stylesheet lays out`, async ({ contexts, mainStack }) => {
    const page = await contexts.visit(`${mainStack.bffUrl}/`, { viewport, javaScriptEnabled: false });
    for (const target of ["pejabat", "lokasi"]) {
      await page.evaluate((id) => (window.location.hash = id), target);
      await expectLandedBelowHeader(page, target);
    }
  });
}

/** The in-page target's top is not under the sticky header (polled: the browser scrolls, then the script measures). */
async function expectLandedBelowHeader(page: Page, id: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((id) => {
        const header = document.querySelector(".site-header")!.getBoundingClientRect();
        return document.getElementById(id)!.getBoundingClientRect().top >= header.bottom - 1;
      }, id),
    )
    .toBe(true);
}
