import type { Page } from "playwright-core";
import { type Contexts, expect, type Stack, test } from "./fixtures.ts";
import { apiData } from "./helpers/index.ts";

/** The public header (spec §2, Public navigation): links, the small-screen menu, the sticky shadow. */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** Spec §2: pages in the same tab, documents (and the organisation chart) in a new one; the four PDFs under "Dokumen". */
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

let history: { title: string };
let about: { title: string };

test.beforeAll(async ({ mainStack }) => {
  const { referenceApiUrl } = mainStack;
  [[history], [about]] = await Promise.all([
    apiData<Array<{ title: string }>>(referenceApiUrl, "/histories"),
    apiData<Array<{ title: string }>>(referenceApiUrl, "/abouts"),
  ]);
});

/** A visitor's page; links to other sites (the map, the app store) open a stand-in page. */
const open = (contexts: Contexts, { bffUrl }: Stack, viewport: { width: number; height: number }, path = "/", javaScript = true): Promise<Page> =>
  contexts.visit(`${bffUrl}${path}`, { viewport, javaScriptEnabled: javaScript, standIn: true });

const nav = (page: Page) => page.getByRole("navigation", { name: "Navigasi utama" });
const navLink = (page: Page, label: string) => nav(page).getByRole("link", { name: label, exact: label === "Home" });
/** Opens the Dokumen group, where the PDFs are (public-header-fit.test.ts checks the group itself). */
const openDocuments = async (page: Page) => {
  await nav(page).locator("summary", { hasText: "Dokumen" }).click();
  await expect.poll(() => navLink(page, PDFS[0].label).isVisible()).toBe(true);
};

test.describe("navigation at 1280 px", () => {
  test("shows every link with the right target: pages in the same tab, documents and the chart in a new tab, the app-store button", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    const page = await open(contexts, mainStack, DESKTOP);
    await expect.poll(() => nav(page).isVisible()).toBe(true);
    expect(await page.getByText("Menu", { exact: true }).isVisible()).toBe(false);

    for (const { label, href } of SAME_TAB) {
      const link = navLink(page, label);
      expect(await link.isVisible(), label).toBe(true);
      expect(await link.getAttribute("href"), label).toBe(href);
      expect(await link.getAttribute("target"), label).toBeNull();
    }
    // The PDFs show once their group is open; the chart has its own entry.
    expect(await navLink(page, "Renja").isVisible()).toBe(false);
    await openDocuments(page);
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

  for (const { href } of PDFS) test(`${href} answers 200 with a PDF`, async ({ mainStack }) => {
    const response = await fetch(`${mainStack.bffUrl}${href}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/pdf/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(body.length).toBeGreaterThan(500);
  });

  test("Sejarah, Tentang Kami and Home open in the same tab", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    const page = await open(contexts, mainStack, DESKTOP);
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

  test("Struktur Organisasi and the documents open in a new tab", async ({ contexts, mainStack }) => {
    const page = await open(contexts, mainStack, DESKTOP);
    const [chart] = await Promise.all([page.context().waitForEvent("page"), navLink(page, "Struktur Organisasi").click()]);
    await chart.waitForLoadState("domcontentloaded");
    expect(new URL(chart.url()).pathname).toBe("/organization-tree");
    await chart.getByRole("heading", { level: 1, name: /^Struktur Organisasi / }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");

    // The new tab asks for the document (shown or, in a Chromium without a PDF viewer, downloaded).
    await openDocuments(page);
    const [pdf, pdfRequest] = await Promise.all([
      page.context().waitForEvent("page"),
      page.context().waitForEvent("request", (request) => new URL(request.url()).pathname === "/renstra.pdf"),
      navLink(page, "Renstra").click(),
    ]);
    expect(pdfRequest.frame().page()).toBe(pdf);
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

/** One phone's tab per mode, its steps one after another (a new context costs Chromium several page loads). */
for (const { javaScript, label } of [
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
]) test(`the 375 px menu with ${label}: hidden behind the Menu toggle, which opens and closes it; a page chosen from it is shown with the menu closed${javaScript ? "; Escape closes it, giving the focus back to its toggle; closed when the visitor comes back to the page it was left open on" : ""}`, async ({ contexts, mainStack }) => {
  const { bffUrl } = mainStack;
  const page = await open(contexts, mainStack, PHONE, "/", javaScript);
  const toggle = page.getByText("Menu", { exact: true });
  await test.step("the toggle opens and closes the navigation", async () => {
    expect(await toggle.isVisible()).toBe(true);
    expect(await nav(page).isVisible()).toBe(false);
    expect(await navLink(page, "Sejarah").isVisible()).toBe(false);

    await toggle.click();
    await expect.poll(() => nav(page).isVisible()).toBe(true);
    await openDocuments(page);
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

  if (javaScript) {
    await test.step("Escape closes it and gives the focus back to its toggle", async () => {
      await toggle.click();
      await navLink(page, "Sejarah").focus();
      await page.keyboard.press("Escape");
      await expect.poll(() => nav(page).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("site-menu-toggle");
    });
  }

  await test.step("a page chosen from the open menu is shown with the menu closed", async () => {
    await toggle.click();
    await navLink(page, "Sejarah").click();
    await page.waitForURL(`${bffUrl}/history`);
    await page.getByRole("heading", { level: 1, name: history.title }).waitFor();
    // The visitor sees the page they asked for, not the menu still covering it.
    await expect.poll(() => nav(page).isVisible()).toBe(false);
  });

  if (javaScript) {
    await test.step("the menu left open is closed when the visitor comes back to its page", async () => {
      await page.goBack();
      await page.waitForURL(`${bffUrl}/`);
      await expect.poll(() => nav(page).isVisible()).toBe(false);
    });
  }
});

for (const { viewport, label } of [
  { viewport: DESKTOP, label: "1280 px" },
  { viewport: PHONE, label: "375 px" },
]) test.describe(`the header while scrolling at ${label}`, () => {
  test("gains the shadow (is-scrolled) past 100 px, stays at the top of the viewport, and loses it back at 0", async ({ contexts, mainStack }) => {
    const page = await open(contexts, mainStack, viewport);
    const header = page.locator("header.site-header");
    const state = () =>
      header.evaluate((element) => ({
        scrolled: element.classList.contains("is-scrolled"),
        shadow: getComputedStyle(element).boxShadow,
        top: element.getBoundingClientRect().top,
      }));
    // Resolves once the page has handled the scroll: its header's listener, added before this one, has run.
    const scrollTo = (y: number) =>
      page.evaluate(
        (top) =>
          new Promise<void>((resolve) => {
            window.addEventListener("scroll", () => resolve(), { once: true });
            window.scrollTo(0, top);
          }),
        y,
      );

    expect(await state()).toEqual({ scrolled: false, shadow: "none", top: 0 });

    await scrollTo(80);
    expect((await state()).scrolled, "at 80 px").toBe(false);

    await scrollTo(150);
    await expect.poll(async () => (await state()).scrolled).toBe(true);
    await expect.poll(async () => (await state()).shadow).not.toBe("none");
    expect((await state()).top).toBe(0);

    await scrollTo(2000);
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
