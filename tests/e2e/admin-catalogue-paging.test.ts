import type { Page, Request } from "playwright-core";
import { expect, type Stack, test } from "./fixtures.ts";
import { alertShown, apiData, dialogNamed, keptAdminPages, markWindow, PHONE, referenceApiToken, rowWith } from "./helpers/index.ts";

/**
 * A catalogue list longer than a page, in a real browser: newest first, 20 rows a page with next,
 * previous and numbered links, a count, a search box and sortable headers, on phones an order form (JavaScript on and off),
 * and with JavaScript the next page added when the table is scrolled to its bottom. The desktop
 * tests of a mode share a kept tab (`keptAdminPages`), each opening the list as a new document in it.
 */

const EXTRA_TAGS = 25;

let token: string;
const created: number[] = [];

test.beforeAll(async ({ mainStack: { referenceApiUrl } }) => {
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
test.afterAll(async ({ mainStack: { referenceApiUrl } }) => {
  for (const id of created) {
    await fetch(`${referenceApiUrl}/api/tags/${id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
  }
});

/** Every tag as stored, newest (highest id) first: the list's default order. */
async function allTags({ referenceApiUrl }: Stack): Promise<Array<{ id: string; name: string }>> {
  const tags = await apiData<Array<{ id: number; name: string }>>(referenceApiUrl, "/tags", token);
  return tags.map((tag) => ({ id: String(tag.id), name: tag.name })).sort((a, b) => Number(b.id) - Number(a.id));
}

async function allTagIds(stack: Stack): Promise<string[]> {
  return (await allTags(stack)).map((tag) => tag.id);
}

const count = (page: Page) => page.locator(".kit-count");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Cari tag" });
const nameHeader = (page: Page) => page.getByRole("columnheader", { name: "Nama" });

/** The ids of the rows shown, read from their EDIT links. */
function shownIds(page: Page): Promise<string[]> {
  return page
    .locator("tbody tr")
    .getByRole("link", { name: /^EDIT/ })
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get("id") ?? ""));
}

const pager = (page: Page) => page.getByRole("navigation", { name: "Halaman tabel" });

/** A logged-in desktop tab per mode, kept until the end of the file. */
const kept = keptAdminPages();
test.afterAll(() => kept.close());

for (const { javaScript, label } of [
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
]) test.describe(`tag list with ${label}`, () => {
  test("shows 20 rows a page, with next and previous links in the URL's ?page", async ({ browser, mainStack }) => {
    const ids = await allTagIds(mainStack);
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.length).toBeLessThanOrEqual(40);
    const admin = await kept.open(browser, mainStack.bffUrl, { javaScript });
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

test.describe("tag list with JavaScript", () => {
  test("adds the next page below the rows when the table is scrolled to its bottom", async ({ browser, mainStack }) => {
    const ids = await allTagIds(mainStack);
    const admin = await kept.open(browser, mainStack.bffUrl, { javaScript: true });
    const { page } = admin;
    await admin.open("/admin/tag");
    const pageLoad = await markWindow(page);
    const box = page.locator(".kit-table-scroll");
    const requests: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().includes("/admin/tag")) requests.push(new URL(request.url()).search);
    };
    page.on("request", onRequest);

    await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect.poll(() => shownIds(page)).toEqual(ids);
    expect(await pager(page).innerText()).toContain("Halaman 1–2");
    // The count follows the rows shown.
    expect(await count(page).innerText()).toBe(`Menampilkan 1–${ids.length} dari ${ids.length} tag`);
    expect(await pager(page).getByRole("link", { name: "Berikutnya" }).count()).toBe(0);
    // Only the next page was asked for, and the URL still names the page the server renders.
    page.off("request", onRequest);
    expect(requests.filter((search) => search.includes("page="))).toHaveLength(1);
    expect(requests[0]).toContain("page=2");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    expect(await box.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);

    // A row of the added page (the oldest tag) is edited like any other; afterwards the added page is still shown.
    const lastName = (await allTags(mainStack)).at(-1)!.name;
    await page.getByRole("link", { name: `EDIT ${lastName}`, exact: true }).click();
    const dialog = dialogNamed(page, "UBAH TAG");
    expect(await dialog.getByLabel("Nama").inputValue()).toBe(lastName);
    await dialog.getByLabel("Nama").fill(`${lastName} diubah`);
    await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
    await alertShown(page, "Berhasil mengubah data!");
    await rowWith(page, `${lastName} diubah`).waitFor();
    expect(await shownIds(page)).toEqual(ids);
    expect(new URL(page.url()).search).toBe("");
    expect(await pageLoad.survived()).toBe(true);
    // The test leaves the name as it found it.
    await page.getByRole("link", { name: `EDIT ${lastName} diubah`, exact: true }).click();
    await dialogNamed(page, "UBAH TAG").getByLabel("Nama").fill(lastName);
    await dialogNamed(page, "UBAH TAG").getByRole("button", { name: "UBAH", exact: true }).click();
    await rowWith(page, lastName).waitFor();
  });

  test("follows the typing in the search box without a page load, and Back leaves the search", async ({ browser, mainStack }) => {
    const admin = await kept.open(browser, mainStack.bffUrl, { javaScript: true });
    const { page } = admin;
    await admin.open("/admin/tag");
    const pageLoad = await markWindow(page);
    await searchBox(page).pressSequentially("halaman 2", { delay: 20 });
    await page.waitForURL((url) => url.searchParams.get("q") === "halaman 2");
    await expect.poll(() => count(page).innerText()).toBe("Menampilkan 1–6 dari 6 tag yang cocok dengan “halaman 2”");
    // The typing replaced its own history entries: one Back is the list before the search.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("q") === null);
    await expect.poll(() => searchBox(page).inputValue()).toBe("");
    expect(await pageLoad.survived()).toBe(true);
  });
});

for (const { javaScript, label } of [
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
]) test.describe(`searching, ordering and counting the tag list with ${label}`, () => {
  test("counts in Indonesian, searches with the box, and orders by a header either way", async ({ browser, mainStack }) => {
    const tags = await allTags(mainStack);
    const admin = await kept.open(browser, mainStack.bffUrl, { javaScript });
    const { page } = admin;
    await admin.open("/admin/tag");
    expect(await count(page).innerText()).toBe(`Menampilkan 1–20 dari ${tags.length} tag`);

    // The search box is a GET form: Enter sends it with or without JavaScript.
    await searchBox(page).fill("HALAMAN 1");
    await searchBox(page).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === "HALAMAN 1");
    const matching = tags.filter((tag) => /halaman 1/i.test(tag.name));
    await expect.poll(() => count(page).innerText()).toBe(`Menampilkan 1–${matching.length} dari ${matching.length} tag yang cocok dengan “HALAMAN 1”`);
    expect(await shownIds(page)).toEqual(matching.map((tag) => tag.id));

    expect(await nameHeader(page).getAttribute("aria-sort")).toBe("none");
    await nameHeader(page).getByRole("link").click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "name" && url.searchParams.get("dir") === "asc");
    await expect.poll(() => nameHeader(page).getAttribute("aria-sort")).toBe("ascending");
    const byName = [...matching].sort((a, b) => a.name.localeCompare(b.name, "id", { numeric: true }));
    expect(await shownIds(page)).toEqual(byName.map((tag) => tag.id));
    expect(await searchBox(page).inputValue()).toBe("HALAMAN 1");

    await nameHeader(page).getByRole("link").click();
    await page.waitForURL((url) => url.searchParams.get("dir") === "desc");
    await expect.poll(() => nameHeader(page).getAttribute("aria-sort")).toBe("descending");
    expect(await shownIds(page)).toEqual(byName.reverse().map((tag) => tag.id));

    // A search that finds nothing says so, not that there are no tags at all.
    await searchBox(page).fill("tidak ada yang cocok");
    await searchBox(page).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === "tidak ada yang cocok");
    await page.getByText("Tidak ada tag yang cocok dengan “tidak ada yang cocok”.").waitFor();
  });

  test("on a phone, where the rows are cards, orders the list with the 'Urutkan' form, the search kept", async ({ admins, mainStack }) => {
    const tags = await allTags(mainStack);
    const admin = await admins.open({ javaScript, viewport: PHONE });
    const { page } = admin;
    await admin.open("/admin/tag?q=halaman");
    const form = page.locator(".kit-sort-form");
    await page.getByLabel("Urutkan").selectOption({ label: "Nama" });
    await page.getByLabel("Arah urutan").selectOption("desc");
    if (!javaScript) await form.getByRole("button", { name: "Urutkan" }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "name" && url.searchParams.get("dir") === "desc" && url.searchParams.get("q") === "halaman");
    const matching = tags.filter((tag) => /halaman/i.test(tag.name)).sort((a, b) => b.name.localeCompare(a.name, "id", { numeric: true }));
    await expect.poll(() => shownIds(page)).toEqual(matching.slice(0, 20).map((tag) => tag.id));
    expect(await page.getByLabel("Urutkan").inputValue()).toBe("name");
  });

  test("links every page by its number, the current one marked", async ({ browser, mainStack }) => {
    const admin = await kept.open(browser, mainStack.bffUrl, { javaScript });
    const { page } = admin;
    await admin.open("/admin/tag");
    await pager(page).getByRole("link", { name: "Halaman 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => pager(page).locator('[aria-current="page"]').textContent()).toBe("Halaman 2");
    expect(await count(page).innerText()).toMatch(/^Menampilkan 21–\d+ dari \d+ tag$/);
  });
});
