import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminBrowsers, alertWith, apiData, dialogNamed, mainStack, markWindow, referenceApiToken, rowWith } from "./helpers/index.ts";

/**
 * A catalogue list longer than a page, in a real browser: 20 rows a page with next and previous
 * links (JavaScript on and off), and with JavaScript the next page added when the table is
 * scrolled to its bottom.
 */

const { bffUrl, referenceApiUrl } = mainStack();
const EXTRA_TAGS = 25;

const admins = adminBrowsers(bffUrl);
let token: string;
const created: number[] = [];

beforeAll(async () => {
  token = await referenceApiToken(referenceApiUrl);
  // Created through the reference API directly: more tags than fit on one page.
  for (let index = 1; index <= EXTRA_TAGS; index++) {
    const response = await fetch(`${referenceApiUrl}/api/tags`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Tag halaman ${String(index).padStart(2, "0")}` }),
    });
    created.push(((await response.json()) as { data: { id: number } }).data.id);
  }
});
afterAll(async () => {
  for (const id of created) {
    await fetch(`${referenceApiUrl}/api/tags/${id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
  }
});

async function allTagIds(): Promise<string[]> {
  return (await apiData<Array<{ id: number }>>(referenceApiUrl, "/tags", token)).map((tag) => String(tag.id));
}

/** The ids of the rows shown, read from their EDIT links. */
function shownIds(page: Page): Promise<string[]> {
  return page
    .locator("tbody tr")
    .getByRole("link", { name: /^EDIT/ })
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get("id") ?? ""));
}

const pager = (page: Page) => page.getByRole("navigation", { name: "Halaman tabel" });

describe.each([
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
])("tag list with $label", ({ javaScript }) => {
  it("shows 20 rows a page, with next and previous links in the URL's ?page", async () => {
    const ids = await allTagIds();
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.length).toBeLessThanOrEqual(40);
    const admin = await admins.open({ javaScript });
    const { page } = admin;
    await admin.open("/admin/tag");
    const pageLoad = javaScript ? await markWindow(page) : undefined;

    expect(await shownIds(page)).toEqual(ids.slice(0, 20));
    expect(await pager(page).innerText()).toContain("Halaman 1");
    expect(await pager(page).getByRole("link", { name: "Sebelumnya" }).count()).toBe(0);

    await pager(page).getByRole("link", { name: "Berikutnya" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => shownIds(page)).toEqual(ids.slice(20));
    expect(await pager(page).innerText()).toContain("Halaman 2");
    // A short page is the end.
    expect(await pager(page).getByRole("link", { name: "Berikutnya" }).count()).toBe(0);

    await pager(page).getByRole("link", { name: "Sebelumnya" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === null);
    await expect.poll(() => shownIds(page)).toEqual(ids.slice(0, 20));

    if (pageLoad) expect(await pageLoad.survived(), "no full page load with JavaScript").toBe(true);
  });
});

describe("tag list with JavaScript", () => {
  it("adds the next page below the rows when the table is scrolled to its bottom", async () => {
    const ids = await allTagIds();
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/tag");
    const pageLoad = await markWindow(page);
    const box = page.locator(".kit-table-scroll");
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/admin/tag")) requests.push(new URL(request.url()).search);
    });

    await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect.poll(() => shownIds(page)).toEqual(ids);
    expect(await pager(page).innerText()).toContain("Halaman 1–2");
    expect(await pager(page).getByRole("link", { name: "Berikutnya" }).count()).toBe(0);
    // Only the next page was asked for, and the URL still names the page the server renders.
    expect(requests.filter((search) => search.includes("page="))).toHaveLength(1);
    expect(requests[0]).toContain("page=2");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    expect(await box.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);

    // A row of the added page is edited like any other; afterwards the added page is still shown.
    const lastName = `Tag halaman ${String(EXTRA_TAGS).padStart(2, "0")}`;
    await page.getByRole("link", { name: `EDIT ${lastName}`, exact: true }).click();
    const dialog = dialogNamed(page, "UBAH TAG");
    expect(await dialog.getByLabel("Nama").inputValue()).toBe(lastName);
    await dialog.getByLabel("Nama").fill(`${lastName} diubah`);
    await dialog.getByRole("button", { name: "UBAH" }).click();
    await alertWith(page, "Berhasil mengubah data!").waitFor();
    await rowWith(page, `${lastName} diubah`).waitFor();
    expect(await shownIds(page)).toEqual(ids);
    expect(new URL(page.url()).search).toBe("");
    expect(await pageLoad.survived()).toBe(true);
  });
});
