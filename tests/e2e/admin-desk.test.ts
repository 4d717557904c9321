import { expect, test } from "./fixtures.ts";
import { DESKTOP, PHONE, seriousViolations } from "./helpers/index.ts";

/**
 * The desk (`/admin`, "Ringkasan", issue 47 point 1) in Chromium: the sidebar's first entry, where
 * "Admin Panel" leads, its blocks with JavaScript and without, a "Tambah" link that opens the add
 * form, no serious axe finding at two widths. What each block holds (counts, the to-do, the
 * changes, a list that fails alone): tests/integration/admin-desk.test.ts.
 */

for (const javaScript of [true, false]) {
  test(`shows the lists' sizes, what needs doing, the latest changes and the upstream's state (JavaScript ${javaScript ? "on" : "off"})`, async ({ admins }) => {
    const admin = await admins.open({ javaScript, viewport: DESKTOP });
    const { page } = admin;
    await admin.open("/admin");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Ringkasan");
    const sidebar = page.getByRole("navigation", { name: "Menu admin" });
    // The first entry, current; the brand leads here too.
    expect((await sidebar.getByRole("listitem").first().innerText()).trim()).toBe("Ringkasan");
    expect(await sidebar.locator('a[aria-current="page"]').allInnerTexts()).toEqual(["Ringkasan"]);
    expect(await sidebar.getByRole("link", { name: "Admin Panel" }).getAttribute("href")).toBe("/admin");
    for (const heading of ["Layanan data (API)", "Perlu ditindaklanjuti", "Data", "Perubahan terakhir"]) {
      expect(await page.getByRole("heading", { level: 2, name: heading, exact: true }).isVisible(), heading).toBe(true);
    }
    expect(await page.getByText("Terhubung").isVisible()).toBe(true);
    const books = page.getByRole("row", { name: /^Buku\b/ });
    expect(await books.getByRole("cell").first().innerText()).toMatch(/^\d[\d.]*$/);

    // "Tambah" opens the screen's add form, as its own toolbar button does.
    await books.getByRole("link", { name: "Tambah Buku" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/book" && url.searchParams.get("modal") === "add");
    await page.getByRole("dialog", { name: "TAMBAH BUKU" }).waitFor();
  });
}

test("a change made a moment ago is the first of the latest changes, linked to its record", async ({ admins, mainStack }) => {
  const admin = await admins.open({ javaScript: true, viewport: DESKTOP });
  const { page } = admin;
  await admin.open("/admin/genre?modal=add");
  await page.getByRole("dialog").getByLabel("Nama").fill("Genre Dari Meja");
  await page.getByRole("dialog").getByRole("button", { name: /simpan/i }).click();
  await page.waitForURL((url) => url.pathname === "/admin/genre" && !url.searchParams.has("modal"));
  await admin.open("/admin");
  const latest = page.getByRole("region", { name: "Perubahan terakhir" }).getByRole("listitem").first();
  expect(await latest.innerText()).toContain("Tambah Kategori");
  const record = latest.getByRole("link", { name: "Genre Dari Meja" });
  expect(await record.getAttribute("href")).toMatch(/^\/admin\/genre\?modal=edit&id=\d+$/);
  expect(new URL(mainStack.bffUrl).origin).toBe(new URL(page.url()).origin);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`has no serious or critical axe violation at ${viewport.width} px`, async ({ admins }) => {
    const admin = await admins.open({ javaScript: true, viewport });
    await admin.open("/admin");
    expect(await seriousViolations(admin.page)).toEqual([]);
  });
}
