import type { Locator, Page } from "playwright-core";
import { PUBLIC_DOCUMENTS, documentHref } from "../../app/config/documents.ts";
import { type Contexts, expect, type Stack, test } from "./fixtures.ts";
import { type Bff, bffEnv, keepScreenshot, removeDir, seriousViolations, startBff, tabTo, tempDir, waitForHydrationOrExplain } from "./helpers/index.ts";

/**
 * The public header holds from a cheap phone to a wide screen: the agency's name in at most two
 * lines, no two of its items over each other, nothing wider than the window; the four PDFs under
 * one "Dokumen" entry that opens by click and by keyboard, with JavaScript and without; and the
 * region's name and emblem when the deployment sets them (REGION_NAME, REGION_EMBLEM_URL).
 */

const WIDTHS = [320, 768, 1366, 1920];
/** Below this width the menu is behind its toggle (public.css). */
const MENU_COLLAPSES_BELOW = 1280;
const viewportOf = (width: number) => ({ width, height: width < 768 ? 640 : 800 });

interface HeaderFit {
  /** The agency's name: its height in lines, and whether the two-line clamp cut it. */
  nameLines: number;
  nameCut: boolean;
  /** The header's visible items that lie over each other, by pairs. */
  overlaps: string[];
  /** Items the visitor taps that are smaller than 24×24 px (WCAG 2.5.8). */
  smallTargets: string[];
  /** The document's width against the window's: more would scroll sideways. */
  scrollWidth: number;
  clientWidth: number;
  /** The same inside the header, which scrolls (up and down) when an open menu is taller than the window. */
  headerScrollWidth: number;
  headerClientWidth: number;
}

/** Measures the header as it is drawn now (menu and Dokumen group open or not). */
function headerFit(page: Page): Promise<HeaderFit> {
  return page.evaluate(() => {
    const header = document.querySelector("header.site-header")!;
    const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
    const labelOf = (element: Element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(" ")[0]}` : ""} "${(element.textContent ?? "").trim().slice(0, 24)}"`;
    const name = header.querySelector(".site-brand-name")!;
    // The items side by side in the header; an open group's entries drop over the page below (checked apart).
    const items = [
      ...header.querySelectorAll(
        ".site-brand img, .site-brand-text, .site-menu-button, .site-nav > ul > li > a, .site-nav > ul > li > details > summary, .site-search input, .site-search button",
      ),
    ]
      .filter(shown)
      .map((element) => ({ label: labelOf(element), box: element.getBoundingClientRect() }));
    const overlaps: string[] = [];
    items.forEach((a, index) => {
      for (const b of items.slice(index + 1)) {
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (width > 0.5 && height > 0.5) overlaps.push(`${a.label} × ${b.label}`);
      }
    });
    const smallTargets = [...header.querySelectorAll("a, summary, button, .site-menu-button, input:not([type=checkbox])")]
      .filter(shown)
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width < 24 || box.height < 24;
      })
      .map(labelOf);
    return {
      nameLines: Math.round((name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight)) * 100) / 100,
      nameCut: name.scrollHeight > name.clientHeight + 1,
      overlaps,
      smallTargets,
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      headerScrollWidth: header.firstElementChild!.scrollWidth,
      headerClientWidth: header.firstElementChild!.clientWidth,
    };
  });
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Navigasi utama" });
const documentsSummary = (page: Page) => nav(page).locator("summary", { hasText: "Dokumen" });
const documentsGroup = (page: Page) => nav(page).locator("details.site-nav-group");
const isOpen = (group: Locator) => group.evaluate((details: HTMLDetailsElement) => details.open);

/** Opens the small-screen menu where there is one, by its button (whose "Menu" shows from 360 px; at 320 its icon alone). */
async function openMenu(page: Page, width: number): Promise<void> {
  if (width >= MENU_COLLAPSES_BELOW) return;
  await page.locator("label.site-menu-button").click();
  await expect.poll(() => nav(page).isVisible()).toBe(true);
}

/** The open Dokumen group: its four PDFs, each "PDF" with a size, each in a new tab. */
async function expectDocumentsListed(page: Page): Promise<void> {
  const links = documentsGroup(page).getByRole("link");
  await expect(links).toHaveCount(PUBLIC_DOCUMENTS.length);
  for (const [index, { name, title }] of PUBLIC_DOCUMENTS.entries()) {
    const link = links.nth(index);
    expect(await link.isVisible(), title).toBe(true);
    expect(await link.getAttribute("href"), title).toBe(documentHref(name));
    expect(await link.getAttribute("target"), title).toBe("_blank");
    expect(await link.getAttribute("rel"), title).toContain("noopener");
    expect(await link.innerText(), title).toMatch(new RegExp(`^${title}\\s+PDF, \\d+(,\\d)? (KB|MB), diperbarui \\d{2}-\\d{2}-\\d{4}`));
    expect(await link.textContent(), title).toContain("(membuka tab baru)");
  }
}

/** A click on the page below the header (not on anything in it). */
async function clickBelowHeader(page: Page): Promise<void> {
  const y = await page.evaluate(() => document.querySelector("header.site-header")!.getBoundingClientRect().bottom + 10);
  expect(y).toBeLessThan(page.viewportSize()!.height);
  await page.mouse.click(5, y);
}

const open = (contexts: Contexts, { bffUrl }: Pick<Stack, "bffUrl">, width: number, javaScript: boolean, height = viewportOf(width).height): Promise<Page> =>
  contexts.visit(`${bffUrl}/`, { viewport: { width, height }, javaScriptEnabled: javaScript });

/**
 * Every width with JavaScript; without it, the narrowest and a desktop width: the header's layout
 * is the stylesheet's alone (its script changes none), so the others would repeat it.
 */
const MODES = [...WIDTHS.map((width) => ({ width, javaScript: true })), ...[320, 1366].map((width) => ({ width, javaScript: false }))];

for (const { width, javaScript } of MODES) {
  test.describe(`the header at ${width} px with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test("holds: the name in two lines at most, nothing over anything else, nothing wider than the window, with the menu and Dokumen open; loaded again, Dokumen opens and closes by keyboard: Tab reaches it, Enter and Space toggle it", async ({ contexts, mainStack }) => {
      const page = await open(contexts, mainStack, width, javaScript);
      const fits = async (state: string) => {
        const fit = await headerFit(page);
        expect(fit.nameLines, `${state}: lines of the name`).toBeLessThanOrEqual(2);
        // The deployment's default name fits whole: the clamp is for a longer PRODUCT_TITLE.
        expect(fit.nameCut, `${state}: the name is cut`).toBe(false);
        expect(fit.overlaps, state).toEqual([]);
        expect(fit.smallTargets, state).toEqual([]);
        expect(fit.scrollWidth, `${state}: scrolls sideways`).toBeLessThanOrEqual(fit.clientWidth);
        expect(fit.headerScrollWidth, `${state}: the header scrolls sideways`).toBeLessThanOrEqual(fit.headerClientWidth);
      };
      await fits("as loaded");
      await openMenu(page, width);
      await fits("menu open");
      await documentsSummary(page).click();
      await expect.poll(() => isOpen(documentsGroup(page))).toBe(true);
      await fits("Dokumen open");
      await expectDocumentsListed(page);
      // The open group's entries are drawn on top of whatever lies below them, inside the window.
      for (const link of await documentsGroup(page).getByRole("link").all()) {
        const box = (await link.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        const onTop = await link.evaluate((element) => {
          const { left, top, width: w, height: h } = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(left + w / 2, top + h / 2));
        });
        expect(onTop, await link.innerText()).toBe(true);
      }
      await keepScreenshot(page, `public-header-${width}-${javaScript ? "js" : "nojs"}`);
      if (javaScript) expect(await seriousViolations(page)).toEqual([]);

      await page.reload();
      if (javaScript) await waitForHydrationOrExplain(page);
      await openMenu(page, width);
      const summary = documentsSummary(page);
      const group = documentsGroup(page);
      await tabTo(page, summary);
      expect(await isOpen(group)).toBe(false);
      await page.keyboard.press("Enter");
      await expect.poll(() => isOpen(group)).toBe(true);
      await expectDocumentsListed(page);
      // The first PDF is the next stop of the keyboard.
      await page.keyboard.press("Tab");
      await expect(group.getByRole("link").first()).toBeFocused();
      await summary.focus();
      await page.keyboard.press("Space");
      await expect.poll(() => isOpen(group)).toBe(false);
      await page.keyboard.press("Space");
      await expect.poll(() => isOpen(group)).toBe(true);
    });
  });
}

test.describe("the Dokumen group with JavaScript on", () => {
  // A phone tall enough to show the page below the open menu and group.
  const HEIGHT = 800;
  for (const width of [375, 1366]) {
    test(`closes on Escape, giving the focus back to Dokumen, then Escape closes the menu; and on a click elsewhere and when the focus leaves it (${width} px)`, async ({ contexts, mainStack }) => {
      const page = await open(contexts, mainStack, width, true, HEIGHT);
      await openMenu(page, width);
      await documentsSummary(page).click();
      await documentsGroup(page).getByRole("link").first().focus();
      await page.keyboard.press("Escape");
      await expect.poll(() => isOpen(documentsGroup(page))).toBe(false);
      await expect(documentsSummary(page)).toBeFocused();
      await page.keyboard.press("Escape");
      if (width < MENU_COLLAPSES_BELOW) await expect.poll(() => nav(page).isVisible()).toBe(false);
      else expect(await nav(page).isVisible()).toBe(true);

      await openMenu(page, width);
      await documentsSummary(page).click();
      await expect.poll(() => isOpen(documentsGroup(page))).toBe(true);
      await clickBelowHeader(page);
      await expect.poll(() => isOpen(documentsGroup(page))).toBe(false);

      await documentsSummary(page).click();
      await expect.poll(() => isOpen(documentsGroup(page))).toBe(true);
      await nav(page).getByRole("link", { name: "Struktur Organisasi" }).focus();
      await expect.poll(() => isOpen(documentsGroup(page))).toBe(false);
    });
  }
});

test.describe("the region's name and emblem", () => {
  const REGION = "Pemerintah Kabupaten Contoh";
  /** Longer than the default: the name is held to two lines by its clamp. */
  const LONG_PRODUCT = "Dinas Perpustakaan dan Kearsipan Daerah Kabupaten Lembah Asri Provinsi Contoh";
  const sites: Record<"emblem", { bff?: Bff; dataDir?: string }> = { emblem: {} };

  test.beforeAll(async ({ mainStack }) => {
    const start = async (site: { bff?: Bff; dataDir?: string }, emblem: string, product?: string) => {
      site.dataDir = await tempDir("bff-region");
      site.bff = await startBff(bffEnv({ UPSTREAM_API_URL: mainStack.referenceApiUrl, DATA_DIR: site.dataDir, REGION_NAME: REGION, REGION_EMBLEM_URL: emblem, PRODUCT_TITLE: product }));
    };
    await start(sites.emblem, "/favicon.svg", LONG_PRODUCT);
  });

  test.afterAll(async () => {
    for (const site of Object.values(sites)) {
      await site.bff?.proc.stop();
      await removeDir(site.dataDir);
    }
  });

  test(`set: the emblem and the region's name above the agency's, which stays within two lines, at ${WIDTHS.join(", ")} px`, async ({ contexts }) => {
    // One visitor's tab, its window resized and the page loaded again at each width.
    const page = await open(contexts, { bffUrl: sites.emblem.bff!.url }, WIDTHS[0], true);
    for (const width of WIDTHS) {
      if (width !== WIDTHS[0]) {
        await page.setViewportSize(viewportOf(width));
        await page.reload();
        await waitForHydrationOrExplain(page);
      }
      const brand = page.locator("header .site-brand");
      expect(await brand.locator(".site-brand-region").innerText()).toBe(REGION);
      const emblem = brand.locator("img.site-brand-emblem");
      expect(await emblem.getAttribute("src")).toBe("/favicon.svg");
      await expect.poll(() => emblem.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
      // The region's line is above the name, and the link reads as both.
      const [region, name] = [(await brand.locator(".site-brand-region").boundingBox())!, (await brand.locator(".site-brand-name").boundingBox())!];
      expect(region.y + region.height).toBeLessThanOrEqual(name.y + 0.5);
      expect(await brand.getAttribute("href")).toBe("/");
      expect((await brand.innerText()).replace(/\s+/g, " ")).toBe(`${REGION} ${LONG_PRODUCT}`);

      const fit = await headerFit(page);
      expect(fit.nameLines, `${width} px`).toBeLessThanOrEqual(2);
      expect(fit.overlaps, `${width} px`).toEqual([]);
      expect(fit.scrollWidth, `${width} px`).toBeLessThanOrEqual(fit.clientWidth);
      await openMenu(page, width);
      const opened = await headerFit(page);
      expect(opened.overlaps, `${width} px, menu open`).toEqual([]);
      expect(opened.scrollWidth, `${width} px, menu open`).toBeLessThanOrEqual(opened.clientWidth);
      await keepScreenshot(page, `public-header-region-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});

test("unset: no region line and no emblem in the header", async ({ mainStack }) => {
  const html = await (await fetch(`${mainStack.bffUrl}/`)).text();
  const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
  expect(header).toContain('<span class="site-brand-name">Dinas Perpustakaan dan Kearsipan</span>');
  expect(header).not.toContain("site-brand-region");
  expect(header).not.toContain("site-brand-emblem");
});
