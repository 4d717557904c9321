import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { startReferenceApi } from "../../reference-api/server.ts";
import { setCatalogueCounts } from "../helpers/catalogue-scale.ts";
import { adminBrowsers, alertShown, type Bff, bffEnv, DEMO_PASSWORD, dialogNamed, pick, tempDir, removeDir, rowWith, startBff } from "./helpers/index.ts";

/**
 * Issue 22 at an agency's scale, in a real browser with JavaScript on and off (search, order,
 * counts, and the book form's pickers): 10,000 books and
 * 5,000 authors made by the test tooling (tests/helpers/catalogue-scale.ts), behind a reference
 * API answering in each of the two shapes (its full one, and the spec's alone). The sites keep
 * their copies of the lists as deployed (ADMIN_LIST_REFRESH_MS of a minute): nothing changes here.
 */

const BOOKS = 10_000;
const AUTHORS = 5_000;

interface ScaleSite {
  shape: "full" | "spec";
  bff: Bff;
  close(): Promise<void>;
}

async function startScaleSite(shape: "full" | "spec"): Promise<ScaleSite> {
  const apiDir = await tempDir(`scale-${shape}-api`);
  const bffDir = await tempDir(`scale-${shape}-bff`);
  const options = { dataDir: apiDir, host: "127.0.0.1", port: 0, demoPassword: DEMO_PASSWORD, shape };
  // The first start seeds the demo; the catalogue is grown while the reference API is stopped.
  await (await startReferenceApi(options)).close();
  setCatalogueCounts(apiDir, { books: BOOKS, activities: 20, authors: AUTHORS });
  const api = await startReferenceApi(options);
  const bff = await startBff(bffEnv({ UPSTREAM_API_URL: api.url, DATA_DIR: bffDir, ADMIN_LIST_REFRESH_MS: "60000" }), 60_000);
  return {
    shape,
    bff,
    async close() {
      await bff.proc.stop();
      await api.close();
      await removeDir(apiDir);
      await removeDir(bffDir);
    },
  };
}

const sites = await Promise.all([startScaleSite("full"), startScaleSite("spec")]);
afterAll(async () => {
  for (const site of sites) await site.close();
});

const count = (page: Page) => page.locator(".kit-count");
const searchBox = (page: Page, noun: string) => page.getByRole("searchbox", { name: `Cari ${noun}` });
const titles = (page: Page) => page.locator("tbody tr td:first-child").allInnerTexts();

describe.each(sites)("10,000 books and 5,000 authors, reference API in its $shape shape", (site) => {
  const admins = adminBrowsers(site.bff.url);

  describe.each([
    { javaScript: true, label: "JavaScript on" },
    { javaScript: false, label: "JavaScript off" },
  ])("with $label", ({ javaScript }) => {
    it("counts the books, newest first, and links the last of 500 pages", async () => {
      const admin = await admins.open({ javaScript });
      const { page } = admin;
      await admin.open("/admin/book");
      expect(await count(page).innerText()).toBe("Menampilkan 1–20 dari 10.000 buku");
      expect((await titles(page))[0]).toBe(`Buku Contoh Nomor ${BOOKS}`);
      await page.getByRole("navigation", { name: "Halaman tabel" }).getByRole("link", { name: "Halaman 500" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "500");
      await expect.poll(() => count(page).innerText()).toBe("Menampilkan 9.981–10.000 dari 10.000 buku");
    });

    it("finds one book among 10,000 by its words, and orders a search by title", async () => {
      const admin = await admins.open({ javaScript });
      const { page } = admin;
      await admin.open("/admin/book");
      await searchBox(page, "buku").fill("NOMOR 4242");
      await searchBox(page, "buku").press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === "NOMOR 4242");
      await expect.poll(() => count(page).innerText()).toBe("Menampilkan 1–1 dari 1 buku yang cocok dengan “NOMOR 4242”");
      expect(await titles(page)).toEqual(["Buku Contoh Nomor 4242"]);

      // "nomor 99" is a word's beginning: 99 and 990-999 and 9900-9999.
      await searchBox(page, "buku").fill("contoh nomor 99");
      await searchBox(page, "buku").press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === "contoh nomor 99");
      await expect.poll(() => count(page).innerText()).toBe("Menampilkan 1–20 dari 111 buku yang cocok dengan “contoh nomor 99”");
      const header = page.getByRole("columnheader", { name: "Judul" });
      await header.getByRole("link").click();
      await page.waitForURL((url) => url.searchParams.get("sort") === "title");
      await expect.poll(() => header.getAttribute("aria-sort")).toBe("ascending");
      expect((await titles(page)).slice(0, 3)).toEqual(["Buku Contoh Nomor 99", "Buku Contoh Nomor 990", "Buku Contoh Nomor 991"]);
    });

    it("counts and searches 5,000 authors", async () => {
      const admin = await admins.open({ javaScript });
      const { page } = admin;
      await admin.open("/admin/author");
      expect(await count(page).innerText()).toMatch(/^Menampilkan 1–20 dari 5\.000 pengarang$/);
      await searchBox(page, "pengarang").fill("contoh p4321");
      await searchBox(page, "pengarang").press("Enter");
      await page.waitForURL((url) => url.searchParams.has("q"));
      await expect.poll(() => count(page).innerText()).toBe("Menampilkan 1–1 dari 1 pengarang yang cocok dengan “contoh p4321”");
    });

    it("changes a book's author to one of 5,000 and adds a genre, the form never holding the whole list", async () => {
      // One book per shape and mode: each test's edit is its own.
      const bookNumber = (site.shape === "full" ? 1000 : 2000) + (javaScript ? 1 : 2);
      const authorNumber = bookNumber + 2000;
      const admin = await admins.open({ javaScript });
      const { page } = admin;
      await admin.open(`/admin/book?modal=edit&id=${bookNumber}`);
      const dialog = dialogNamed(page, "UBAH BUKU");
      await dialog.waitFor();
      // The form offers the first 20 authors (and the book's own), and says there are more.
      if (javaScript) {
        await dialog.getByRole("button", { name: "Tampilkan pilihan pengarang" }).click();
        await dialog.getByText("Menampilkan 21 dari 5.000 pengarang; ketik untuk mempersempit.").waitFor();
        await page.keyboard.press("Escape");
      } else {
        expect(await dialog.getByRole("combobox", { name: "Pengarang" }).locator("option").count()).toBe(1 + 21);
        await dialog.getByText("Menampilkan 20 dari 5.000 pengarang; cari untuk yang lain.").waitFor();
      }
      await pick(dialog, "Pengarang", `Pengarang Contoh P${authorNumber}`, { javaScript, typed: `contoh p${authorNumber}` });
      await pick(dialog, "Genre", "Sejarah", { javaScript });
      await dialog.getByRole("button", { name: "UBAH" }).click();
      await alertShown(page, "Berhasil mengubah data!");
      await searchBox(page, "buku").fill(`nomor ${bookNumber}`);
      await searchBox(page, "buku").press("Enter");
      await page.waitForURL((url) => url.searchParams.has("q"));
      const row = rowWith(page, `Buku Contoh Nomor ${bookNumber}`).first();
      await expect.poll(() => row.innerText()).toContain(`Pengarang Contoh P${authorNumber}`);
      expect(await row.innerText()).toMatch(/Fiksi, Sejarah|Sejarah, Fiksi/);
    });
  });
});
