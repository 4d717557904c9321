import type { Page } from "playwright-core";
import { type AdminBrowsers, expect, type Stack, test } from "./fixtures.ts";
import { DESKTOP, keepScreenshot, keptAdminPages, PHONE, waitForPath } from "./helpers/index.ts";

/** The back-office shell (spec §2, Admin layout) as an admin sees it at desktop and phone widths. */

const WEBSITE_SETTINGS = ["Slider", "Tentang", "Visi Misi", "Kegiatan", "Sejarah", "Pejabat", "Perpustakaan"];
const MOBILE_SETTINGS = ["Banner", "Buku", "Kategori", "Tag", "Klasifikasi", "Pengarang", "Penerbit", "Video"];
// The desk (issue 47) comes first, before the spec's two sections; the audit log (issue 9) has a section of its own after them.
const ALL_ENTRIES = ["Ringkasan", ...WEBSITE_SETTINGS, ...MOBILE_SETTINGS, "Log Aktivitas", "Dokumen"];

/**
 * One logged-in tab per width and mode, kept for the file: nothing here is stored, so each test
 * loads its screen as a new document in it (a new context costs Chromium several page loads).
 */
const kept = keptAdminPages();
test.afterAll(() => kept.close());

/**
 * A logged-in admin's page at `path` (the slider screen unless said otherwise), ready to use: in
 * the kept tab of its width and mode, its pointer moved off the page's controls; in a context of
 * its own when `fresh` (a pointer never moved) or for touch.
 */
async function adminPage(
  { admins, mainStack }: { admins: AdminBrowsers; mainStack: Stack },
  viewport: { width: number; height: number },
  { javaScript = true, path: adminPath = "/admin/slider-manager", touch = false, fresh = false } = {},
): Promise<Page> {
  const admin = fresh || touch ? await admins.open({ javaScript, viewport, hasTouch: touch }) : await kept.open(admins.browser, mainStack.bffUrl, { javaScript, viewport });
  await admin.open(adminPath);
  if (!fresh && !touch) await admin.page.mouse.move(viewport.width - 1, viewport.height - 1);
  expect(new URL(admin.page.url()).pathname).toBe(adminPath);
  return admin.page;
}

const sidebarOf = (p: Page) => p.getByRole("navigation", { name: "Menu admin" });
const headingOf = (p: Page) => p.getByRole("heading", { level: 1 });
const menuButtonOf = (p: Page) => p.getByRole("button", { name: "Buka menu" });
const closeButtonOf = (p: Page) => p.getByRole("button", { name: "Tutup menu" });
const logoutOf = (p: Page) => p.getByRole("button", { name: "Logout" });
const avatarOf = (p: Page) => p.getByRole("button", { name: "Admin", exact: true });

/** The menu's entries (the brand, which leads to the desk too, aside). */
async function linkNames(p: Page): Promise<string[]> {
  return (await sidebarOf(p).getByRole("listitem").allInnerTexts()).map((text) => text.trim());
}

async function currentEntries(p: Page): Promise<string[]> {
  return (await sidebarOf(p).locator('a[aria-current="page"]').allInnerTexts()).map((text) => text.trim());
}

test.describe("at 1280×800", () => {
  test("shows the sidebar with both sections, every entry, and the current one highlighted", async ({ admins, mainStack }) => {
    const p = await adminPage({ admins, mainStack }, DESKTOP);
    const sidebar = sidebarOf(p);
    expect(await sidebar.isVisible()).toBe(true);
    for (const label of ["Website Settings", "Mobile Settings"]) {
      expect(await sidebar.getByRole("heading", { name: label }).isVisible(), label).toBe(true);
    }
    expect(await linkNames(p)).toEqual(ALL_ENTRIES);
    for (const name of ALL_ENTRIES) {
      expect(await sidebar.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await currentEntries(p)).toEqual(["Slider"]);
    const background = (name: string) =>
      sidebar.getByRole("link", { name, exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background("Slider")).not.toBe(await background("Buku"));

    await keepScreenshot(p, "admin-1280", { fullPage: true });
  });

  test("each section label names the group of its own entries (for screen readers too)", async ({ admins, mainStack }) => {
    const p = await adminPage({ admins, mainStack }, DESKTOP);
    const sidebar = sidebarOf(p);
    const websiteSection = sidebar.getByRole("region", { name: "Website Settings" });
    const mobileSection = sidebar.getByRole("region", { name: "Mobile Settings" });
    expect((await websiteSection.getByRole("link").allInnerTexts()).map((t) => t.trim())).toEqual(WEBSITE_SETTINGS);
    expect((await mobileSection.getByRole("link").allInnerTexts()).map((t) => t.trim())).toEqual(MOBILE_SETTINGS);
  });

  test("clicking Buku shows the heading Buku and moves the highlight", async ({ admins, mainStack }) => {
    const p = await adminPage({ admins, mainStack }, DESKTOP);
    await sidebarOf(p).getByRole("link", { name: "Buku", exact: true }).click();
    await waitForPath(p, "/admin/book");
    await p.getByRole("heading", { level: 1, name: "Buku", exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => currentEntries(p)).toEqual(["Buku"]);
  });

  test("each screen says where its records show, with a link to the public page that shows them", async ({ admins, mainStack }) => {
    const { bffUrl } = mainStack;
    const p = await adminPage({ admins, mainStack }, DESKTOP, { path: "/admin/banner" });
    const placement = p.locator(".kit-placement");
    expect(await placement.innerText()).toContain("Tampil di slider beranda situs dan di aplikasi mobile.");
    expect(await placement.getByRole("link", { name: "Lihat di situs (tab baru)" }).getAttribute("href")).toBe("/");
    await p.goto(`${bffUrl}/admin/slider-manager`);
    expect(await placement.innerText()).toContain("Tidak tampil di situs publik saat ini: slider beranda menampilkan data Banner.");
    expect(await placement.getByRole("link").count()).toBe(0);
    // The test stacks read Koleksi Digital (CATALOGUE_READER_*): the books show there too.
    await p.goto(`${bffUrl}/admin/book`);
    expect(await placement.innerText()).toContain("Tampil di aplikasi mobile dan di Koleksi Digital situs publik.");
    expect(await placement.getByRole("link", { name: "Lihat di situs (tab baru)" }).getAttribute("href")).toBe("/katalog");
    await p.goto(`${bffUrl}/admin/library`);
    expect(await placement.innerText()).toBe("Tampil di aplikasi mobile; tidak tampil di situs publik.");
  });

  test("the close icon hides the sidebar and the menu button brings it back", async ({ admins, mainStack }) => {
    const p = await adminPage({ admins, mainStack }, DESKTOP);
    expect(await menuButtonOf(p).isVisible()).toBe(false);
    await closeButtonOf(p).click();
    await sidebarOf(p).waitFor({ state: "hidden", timeout: 15_000 });
    await menuButtonOf(p).click();
    await sidebarOf(p).waitFor({ state: "visible", timeout: 15_000 });
    expect(await sidebarOf(p).getByRole("link", { name: "Video", exact: true }).isVisible()).toBe(true);
  });

  test("Logout is hidden until the Admin avatar is hovered", async ({ admins, mainStack }) => {
    const p = await adminPage({ admins, mainStack }, DESKTOP, { fresh: true });
    expect(await avatarOf(p).isVisible()).toBe(true);
    expect(await logoutOf(p).isVisible()).toBe(false);
    await avatarOf(p).hover();
    await logoutOf(p).waitFor({ state: "visible", timeout: 15_000 });
    await headingOf(p).hover();
    await logoutOf(p).waitFor({ state: "hidden", timeout: 15_000 });
  });

  test("Logout also appears when the avatar gets keyboard focus", async ({ admins, mainStack }) => {
    const p = await adminPage({ admins, mainStack }, DESKTOP);
    await p.mouse.move(0, DESKTOP.height - 1);
    expect(await logoutOf(p).isVisible()).toBe(false);
    const avatar = avatarOf(p);
    let focused = false;
    for (let presses = 0; presses < 40 && !focused; presses++) {
      await p.keyboard.press("Tab");
      focused = await avatar.evaluate((el) => el === document.activeElement);
    }
    expect(focused).toBe(true);
    await logoutOf(p).waitFor({ state: "visible", timeout: 15_000 });
    // And the next Tab reaches Logout itself, still shown.
    await p.keyboard.press("Tab");
    expect(await logoutOf(p).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await logoutOf(p).isVisible()).toBe(true);
  });
});

test.describe("at 375×740", () => {
  test("a tap on the Admin avatar opens the account menu and says so; Escape closes it", async ({ admins, mainStack }) => {
    const p = await adminPage({ admins, mainStack }, PHONE, { touch: true });
    const avatar = avatarOf(p);
    expect(await avatar.getAttribute("aria-expanded")).toBe("false");
    await avatar.tap();
    expect(await avatar.getAttribute("aria-expanded")).toBe("true");
    await logoutOf(p).waitFor({ state: "visible", timeout: 15_000 });
    await p.keyboard.press("Escape");
    expect(await avatar.getAttribute("aria-expanded")).toBe("false");
  });

  test("hides the sidebar; the menu button opens it and the close icon hides it", async ({ admins, mainStack }) => {
    const p = await adminPage({ admins, mainStack }, PHONE);
    const sidebar = sidebarOf(p);
    expect(await sidebar.isVisible()).toBe(false);
    expect(await headingOf(p).innerText()).toBe("Slider");
    await keepScreenshot(p, "admin-375-closed");

    await menuButtonOf(p).click();
    await sidebar.waitFor({ state: "visible", timeout: 15_000 });
    expect(await linkNames(p)).toEqual(ALL_ENTRIES);
    await keepScreenshot(p, "admin-375-open");

    await closeButtonOf(p).click();
    await sidebar.waitFor({ state: "hidden", timeout: 15_000 });
    expect(await menuButtonOf(p).isVisible()).toBe(true);
  });

  test("choosing an entry in the opened menu navigates there", async ({ admins, mainStack }) => {
    const p = await adminPage({ admins, mainStack }, PHONE);
    await menuButtonOf(p).click();
    await sidebarOf(p).getByRole("link", { name: "Kategori", exact: true }).click();
    await waitForPath(p, "/admin/genre");
    await p.getByRole("heading", { level: 1, name: "Kategori", exact: true }).waitFor({ timeout: 15_000 });
  });

  test("with JavaScript off the sidebar links are still reachable", async ({ admins, mainStack }) => {
    const p = await adminPage({ admins, mainStack }, PHONE, { javaScript: false });
    const sidebar = sidebarOf(p);
    expect(await sidebar.isVisible()).toBe(true);
    for (const name of ALL_ENTRIES) {
      expect(await sidebar.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
    }
    // A button that cannot work without JavaScript is not offered.
    expect(await menuButtonOf(p).isVisible()).toBe(false);
    await keepScreenshot(p, "admin-375-nojs", { fullPage: true });

    await sidebar.getByRole("link", { name: "Buku", exact: true }).click();
    await waitForPath(p, "/admin/book");
    await p.getByRole("heading", { level: 1, name: "Buku", exact: true }).waitFor({ timeout: 15_000 });
  });

  test("with JavaScript off the whole menu is laid out above the content, not squeezed into a small scroll box", async ({ admins, mainStack }) => {
    const p = await adminPage({ admins, mainStack }, PHONE, { javaScript: false });
    const sidebar = sidebarOf(p);
    const box = await sidebar.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
    expect(box.scrollHeight).toBeLessThanOrEqual(box.clientHeight + 1);
    // The last entry sits above the page heading, in the page's own flow.
    const lastEntry = await sidebar.getByRole("link", { name: "Video", exact: true }).boundingBox();
    const heading = await headingOf(p).boundingBox();
    expect(lastEntry && heading && lastEntry.y + lastEntry.height <= heading.y).toBe(true);
  });
});
