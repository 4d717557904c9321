import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiData, chromiumForFile, mainStack } from "./helpers/index.ts";

/** The public header (spec §2, Public navigation): links, the small-screen menu, the sticky shadow. */

const { bffUrl, referenceApiUrl } = mainStack();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** Spec §2: pages in the same tab, documents (and the organisation chart) in a new one. */
const SAME_TAB = [
  { label: "Home", href: "/" },
  { label: "Sejarah", href: "/history" },
  { label: "Tentang Kami", href: "/about" },
];
const PDFS = [
  { label: "Tupoksi", href: "/tupoksi.pdf" },
  { label: "Renja", href: "/renja.pdf" },
  { label: "Renstra", href: "/renstra.pdf" },
  { label: "Laporan Kinerja", href: "/laporan_kinerja.pdf" },
];
const NEW_TAB = [...PDFS, { label: "Struktur Organisasi", href: "/organization-tree" }];

const chromium = chromiumForFile();
let history: { title: string };
let about: { title: string };

beforeAll(async () => {
  [[history], [about]] = await Promise.all([
    apiData<Array<{ title: string }>>(referenceApiUrl, "/histories"),
    apiData<Array<{ title: string }>>(referenceApiUrl, "/abouts"),
  ]);
});

/** A visitor's page; links to other sites (the map, the app store) open a stand-in page. */
const open = (viewport: { width: number; height: number }, path = "/", javaScript = true): Promise<Page> =>
  chromium.visit(`${bffUrl}${path}`, { viewport, javaScriptEnabled: javaScript, standIn: true });

const nav = (page: Page) => page.getByRole("navigation", { name: "Navigasi utama" });
const navLink = (page: Page, label: string) => nav(page).getByRole("link", { name: label, exact: label === "Home" });

describe("navigation at 1280 px", () => {
  it("shows every link with the right target: pages in the same tab, documents and the chart in a new tab, the app-store button", async () => {
    const page = await open(DESKTOP);
    await expect.poll(() => nav(page).isVisible()).toBe(true);
    expect(await page.getByText("Menu", { exact: true }).isVisible()).toBe(false);

    for (const { label, href } of SAME_TAB) {
      const link = navLink(page, label);
      expect(await link.isVisible(), label).toBe(true);
      expect(await link.getAttribute("href"), label).toBe(href);
      expect(await link.getAttribute("target"), label).toBeNull();
    }
    for (const { label, href } of NEW_TAB) {
      const link = navLink(page, label);
      expect(await link.isVisible(), label).toBe(true);
      expect(await link.getAttribute("href"), label).toBe(href);
      expect(await link.getAttribute("target"), label).toBe("_blank");
      expect(await link.getAttribute("rel"), label).toContain("noopener");
    }

    const store = navLink(page, "Unduh Aplikasi");
    expect(await store.isVisible()).toBe(true);
    const storeUrl = new URL((await store.getAttribute("href"))!);
    expect(storeUrl.protocol).toBe("https:");
    expect(storeUrl.host).not.toBe(new URL(bffUrl).host);
    expect(await store.getAttribute("target")).toBe("_blank");
    expect(await store.getAttribute("rel")).toContain("noopener");

    // The current page is marked.
    expect(await navLink(page, "Home").getAttribute("aria-current")).toBe("page");
  });

  it.each(PDFS)("$href answers 200 with a PDF", async ({ href }) => {
    const response = await fetch(`${bffUrl}${href}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/pdf/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(body.length).toBeGreaterThan(500);
  });

  it("Sejarah, Tentang Kami and Home open in the same tab", async () => {
    const page = await open(DESKTOP);
    const context = page.context();
    let popups = 0;
    context.on("page", () => popups++);

    await navLink(page, "Sejarah").click();
    await page.waitForURL(`${bffUrl}/history`);
    await page.getByRole("heading", { level: 1, name: history.title }).waitFor();
    expect(await navLink(page, "Sejarah").getAttribute("aria-current")).toBe("page");

    await navLink(page, "Tentang Kami").click();
    await page.waitForURL(`${bffUrl}/about`);
    await page.getByRole("heading", { level: 1, name: about.title }).waitFor();

    await navLink(page, "Home").click();
    await page.waitForURL(`${bffUrl}/`);
    await page.getByRole("heading", { name: "Visi & Misi" }).waitFor();
    expect(popups).toBe(0);
    expect(context.pages()).toHaveLength(1);
  });

  it("Struktur Organisasi and the documents open in a new tab", async () => {
    const page = await open(DESKTOP);
    const [chart] = await Promise.all([page.context().waitForEvent("page"), navLink(page, "Struktur Organisasi").click()]);
    await chart.waitForLoadState("domcontentloaded");
    expect(new URL(chart.url()).pathname).toBe("/organization-tree");
    await chart.getByRole("heading", { level: 1, name: /^Struktur Organisasi / }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");

    // The new tab asks for the document (shown or, in a Chromium without a PDF viewer, downloaded).
    const [pdf, pdfRequest] = await Promise.all([
      page.context().waitForEvent("page"),
      page.context().waitForEvent("request", (request) => new URL(request.url()).pathname === "/renstra.pdf"),
      navLink(page, "Renstra").click(),
    ]);
    expect(pdfRequest.frame().page()).toBe(pdf);
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

describe.each([
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
])("the 375 px menu with $label", ({ javaScript }) => {
  it("hides the navigation behind the Menu toggle, which opens and closes it", async () => {
    const page = await open(PHONE, "/", javaScript);
    const toggle = page.getByText("Menu", { exact: true });
    expect(await toggle.isVisible()).toBe(true);
    expect(await nav(page).isVisible()).toBe(false);
    expect(await navLink(page, "Sejarah").isVisible()).toBe(false);

    await toggle.click();
    await expect.poll(() => nav(page).isVisible()).toBe(true);
    for (const { label } of [...SAME_TAB, ...NEW_TAB, { label: "Unduh Aplikasi" }]) {
      const link = navLink(page, label);
      expect(await link.isVisible(), label).toBe(true);
      // Inside the phone's width: nothing to scroll sideways for.
      const box = (await link.boundingBox())!;
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, label).toBeLessThanOrEqual(PHONE.width);
    }

    await toggle.click();
    await expect.poll(() => nav(page).isVisible()).toBe(false);
  });

  it("a page chosen from the open menu is shown with the menu closed", async () => {
    const page = await open(PHONE, "/", javaScript);
    await page.getByText("Menu", { exact: true }).click();
    await navLink(page, "Sejarah").click();
    await page.waitForURL(`${bffUrl}/history`);
    await page.getByRole("heading", { level: 1, name: history.title }).waitFor();
    // The visitor sees the page they asked for, not the menu still covering it.
    await expect.poll(() => nav(page).isVisible(), { timeout: 3_000 }).toBe(false);
  });
});

describe("the 375 px menu with JavaScript on", () => {
  it("closes on Escape and gives the focus back to its toggle", async () => {
    const page = await open(PHONE);
    await page.getByText("Menu", { exact: true }).click();
    await navLink(page, "Sejarah").focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => nav(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("site-menu-toggle");
  });

  it("is closed when the visitor comes back to the page it was left open on", async () => {
    const page = await open(PHONE);
    await page.getByText("Menu", { exact: true }).click();
    await navLink(page, "Sejarah").click();
    await page.waitForURL(`${bffUrl}/history`);
    await page.goBack();
    await page.waitForURL(`${bffUrl}/`);
    await expect.poll(() => nav(page).isVisible(), { timeout: 3_000 }).toBe(false);
  });
});

describe.each([
  { viewport: DESKTOP, label: "1280 px" },
  { viewport: PHONE, label: "375 px" },
])("the header while scrolling at $label", ({ viewport }) => {
  it("gains the shadow (is-scrolled) past 100 px, stays at the top of the viewport, and loses it back at 0", async () => {
    const page = await open(viewport);
    const header = page.locator("header.site-header");
    const state = () =>
      header.evaluate((element) => ({
        scrolled: element.classList.contains("is-scrolled"),
        shadow: getComputedStyle(element).boxShadow,
        top: element.getBoundingClientRect().top,
      }));
    const scrollTo = (y: number) => page.evaluate((top) => window.scrollTo(0, top), y);

    expect(await state()).toEqual({ scrolled: false, shadow: "none", top: 0 });

    await scrollTo(80);
    await page.waitForTimeout(300);
    expect((await state()).scrolled, "at 80 px").toBe(false);

    await scrollTo(150);
    await expect.poll(async () => (await state()).scrolled).toBe(true);
    await expect.poll(async () => (await state()).shadow).not.toBe("none");
    expect((await state()).top).toBe(0);

    await scrollTo(2000);
    await page.waitForTimeout(100);
    const far = await state();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect(far.scrolled).toBe(true);
    expect(far.top).toBe(0);
    expect(await header.isVisible()).toBe(true);

    await scrollTo(0);
    await expect.poll(async () => (await state()).scrolled).toBe(false);
    await expect.poll(async () => (await state()).shadow).toBe("none");
  });
});
