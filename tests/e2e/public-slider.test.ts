import type { BrowserContextOptions, Page } from "playwright-core";
import { type Contexts, expect, type Stack, test } from "./fixtures.ts";
import { type Banner, decodeHtmlEntities, DESKTOP, records } from "./helpers/index.ts";

/**
 * The home page's banner slider (spec §2, §9): a slide every 8000 ms, wrapping around, paused
 * while a visitor hovers or focuses it and for visitors who prefer reduced motion, and stopped
 * or started for good with its pause and play button. Time is
 * Playwright's fake clock, so the test does not wait 8 real seconds per slide.
 */

const INTERVAL_MS = 8000;

let banners: Banner[];

test.beforeAll(async ({ mainStack }) => {
  banners = await records(mainStack.referenceApiUrl, "banners");
});

/** The home page under a fake clock, its script running and the slider rotating (unless motion is reduced); the mouse has not moved (it is over nothing). */
async function openHome(contexts: Contexts, { bffUrl }: Stack, options: BrowserContextOptions = {}): Promise<Page> {
  const javaScript = options.javaScriptEnabled !== false;
  const page = await contexts.visit(`${bffUrl}/`, {
    viewport: DESKTOP,
    ...options,
    // An installed clock runs on with the wall's: paused before the page loads, only runFor moves it, however long a loaded machine takes.
    beforeGoto: async (page) => {
      if (!javaScript) return;
      const start = Date.now();
      await page.clock.install({ time: start });
      await page.clock.pauseAt(start + 1_000);
    },
  });
  // The rotation runs once the slider has read the visitor's motion preference; its live region
  // then stops announcing (a region that moves by itself must not talk over the page).
  if (javaScript && options.reducedMotion !== "reduce") await page.locator('.banner-slides[aria-live="off"]').waitFor({ state: "attached" });
  return page;
}

/** The title of the slide a visitor sees (the one marked active), or null. */
async function activeTitle(page: Page): Promise<string | null> {
  const active = page.locator(".banner-slide.is-active");
  if ((await active.count()) !== 1) return `${await active.count()} active slides`;
  return active.locator(".banner-title").innerText();
}

test("has more than one banner to rotate (otherwise the tests below prove nothing)", () => {
  expect(banners.length).toBeGreaterThan(1);
});

test("the first slide is the active one in the server HTML, and the only one", async ({ mainStack }) => {
  const response = await fetch(`${mainStack.bffUrl}/`);
  const html = await response.text();
  const slides = [...html.matchAll(/<div class="banner-slide( is-active)?"[\s\S]*?class="banner-title">([\s\S]*?)<\/h[12]>/g)];
  expect(slides.map(([, active, title]) => ({ active: !!active, title: decodeHtmlEntities(title) }))).toEqual(
    banners.map((banner, index) => ({ active: index === 0, title: banner.title })),
  );
});

test("advances every 8000 ms and wraps around to the first after as many intervals as there are slides", async ({ contexts, mainStack }) => {
  const page = await openHome(contexts, mainStack);
  expect(await activeTitle(page)).toBe(banners[0].title);
  await page.clock.runFor(INTERVAL_MS / 2);
  expect(await activeTitle(page), "half an interval in").toBe(banners[0].title);
  await page.clock.runFor(INTERVAL_MS / 2);
  expect(await activeTitle(page), "after one interval").toBe(banners[1].title);
  for (let index = 2; index < banners.length; index++) {
    await page.clock.runFor(INTERVAL_MS);
    expect(await activeTitle(page), `after ${index} intervals`).toBe(banners[index].title);
  }
  await page.clock.runFor(INTERVAL_MS);
  expect(await activeTitle(page), `after ${banners.length} intervals`).toBe(banners[0].title);
  // The active slide is the one shown: visible, the others not.
  await expect.poll(() => page.locator(".banner-slide.is-active").isVisible()).toBe(true);
  await expect.poll(() => page.locator(".banner-slide:not(.is-active)").first().isVisible()).toBe(false);
});

test("does not advance while hovered, and moves on once the mouse leaves", async ({ contexts, mainStack }) => {
  const page = await openHome(contexts, mainStack);
  await page.locator(".banner-slider").hover();
  await page.clock.runFor(INTERVAL_MS * 2);
  expect(await activeTitle(page)).toBe(banners[0].title);
  // Away from the slider (the footer end of the page).
  await page.mouse.move(DESKTOP.width / 2, DESKTOP.height - 5);
  expect(await page.evaluate(() => document.querySelector(".banner-slider")!.matches(":hover"))).toBe(false);
  await page.clock.runFor(INTERVAL_MS);
  expect(await activeTitle(page)).toBe(banners[1].title);
});

test("does not advance while focus is inside it, and moves on once focus leaves", async ({ contexts, mainStack }) => {
  const page = await openHome(contexts, mainStack);
  await page.getByRole("button", { name: "Tampilkan slide 1" }).focus();
  await page.clock.runFor(INTERVAL_MS * 2);
  expect(await activeTitle(page)).toBe(banners[0].title);
  await page.getByRole("heading", { name: "Visi & Misi" }).evaluate((element) => {
    (element as HTMLElement).tabIndex = -1;
    (element as HTMLElement).focus();
  });
  await page.clock.runFor(INTERVAL_MS);
  expect(await activeTitle(page)).toBe(banners[1].title);
});

test("does not advance for a visitor who prefers reduced motion", async ({ contexts, mainStack }) => {
  const page = await openHome(contexts, mainStack, { reducedMotion: "reduce" });
  await page.clock.runFor(INTERVAL_MS * (banners.length + 1));
  expect(await activeTitle(page)).toBe(banners[0].title);
  // The visitor can still move on by hand.
  await page.getByRole("button", { name: "Slide berikutnya" }).click();
  expect(await activeTitle(page)).toBe(banners[1].title);
});

// WCAG 2.2.2: motion a visitor can stop, by keyboard and by touch; the button says what it would do.
test("a visitor pauses it with the keyboard and it stays still wherever focus goes; played again, it turns even while focused", async ({ contexts, mainStack }) => {
  const page = await openHome(contexts, mainStack);
  await page.getByRole("button", { name: "Jeda slide otomatis" }).focus();
  await page.keyboard.press("Enter");
  const play = page.getByRole("button", { name: "Putar slide otomatis" });
  await expect(play).toBeFocused();
  // Focus leaves the slider (which alone would let it turn again): paused by choice, it does not.
  await page.getByRole("heading", { name: "Visi & Misi" }).evaluate((element) => {
    (element as HTMLElement).tabIndex = -1;
    (element as HTMLElement).focus();
  });
  await page.clock.runFor(INTERVAL_MS * 2);
  expect(await activeTitle(page)).toBe(banners[0].title);
  // The chosen slide is still told to screen readers while it stands.
  await expect(page.locator(".banner-slides")).toHaveAttribute("aria-live", "polite");
  await play.focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Jeda slide otomatis" })).toBeFocused();
  await page.clock.runFor(INTERVAL_MS);
  expect(await activeTitle(page)).toBe(banners[1].title);
});

test("a visitor on a phone pauses it by touch and plays it again by touch; the button is a 44 px target", async ({ contexts, mainStack }) => {
  const page = await openHome(contexts, mainStack, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const pause = page.getByRole("button", { name: "Jeda slide otomatis" });
  const box = (await pause.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await pause.tap();
  await page.getByRole("heading", { name: "Visi & Misi" }).evaluate((element) => {
    (element as HTMLElement).tabIndex = -1;
    (element as HTMLElement).focus();
  });
  await page.clock.runFor(INTERVAL_MS * 2);
  expect(await activeTitle(page)).toBe(banners[0].title);
  const play = page.getByRole("button", { name: "Putar slide otomatis" });
  await expect(play).toBeVisible();
  await play.tap();
  await expect(page.getByRole("button", { name: "Jeda slide otomatis" })).toBeVisible();
  await page.clock.runFor(INTERVAL_MS);
  expect(await activeTitle(page)).toBe(banners[1].title);
});

test("without JavaScript nothing turns, and no pause button is offered", async ({ contexts, mainStack }) => {
  const page = await openHome(contexts, mainStack, { javaScriptEnabled: false });
  await expect(page.locator(".banner-toggle")).toBeHidden();
});

test.describe("the SELENGKAPNYA button", () => {
  test("is on exactly the slides whose banner has a url, pointing there", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    const page = await openHome(contexts, mainStack, { javaScriptEnabled: false });
    const slides = page.locator(".banner-slide");
    expect(await slides.count()).toBe(banners.length);
    for (const [index, banner] of banners.entries()) {
      const more = slides.nth(index).getByRole("link", { name: "SELENGKAPNYA", includeHidden: true });
      if (banner.url) {
        expect(await more.count(), banner.title).toBe(1);
        expect(new URL((await more.getAttribute("href"))!, bffUrl).href, banner.title).toBe(new URL(banner.url, bffUrl).href);
      } else {
        expect(await more.count(), banner.title).toBe(0);
      }
    }
    // The seed has both kinds; if not, the check above is one-sided.
    expect(banners.some((banner) => banner.url)).toBe(true);
    expect(banners.some((banner) => !banner.url)).toBe(true);
  });

  test("becomes visible when its slide comes round", async ({ contexts, mainStack }) => {
    const page = await openHome(contexts, mainStack);
    const index = banners.findIndex((banner) => banner.url);
    await page.clock.runFor(INTERVAL_MS * index);
    expect(await activeTitle(page)).toBe(banners[index].title);
    await expect.poll(() => page.locator(".banner-slide.is-active").getByRole("link", { name: "SELENGKAPNYA" }).isVisible()).toBe(true);
  });
});

test.describe("the dark shade under the caption", () => {
  test("covers the slide's whole width at every width from 320 to 2560 px, with no hard edge", async ({ contexts, mainStack }) => {
    for (const width of [320, 768, 1366, 1920, 2560]) {
      const page = await openHome(contexts, mainStack, { javaScriptEnabled: false, viewport: { width, height: 900 } });
      const [slide, shade] = await Promise.all(
        [".banner-slide.is-active", ".banner-slide.is-active .banner-shade"].map((selector) =>
          page.locator(selector).evaluate((element) => {
            const box = element.getBoundingClientRect();
            return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
          }),
        ),
      );
      expect(shade, `${width} px`).toEqual(slide);
      expect(slide.right - slide.left, `${width} px`).toBe(width);
      await page.close();
    }
  });
});
