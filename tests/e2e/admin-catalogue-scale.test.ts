import type { Page } from "playwright-core";
import { expect, test } from "./fixtures.ts";
import { startReferenceApi } from "../../reference-api/server.ts";
import { isbn13To10, isbn10To13, isValidIsbn10, isValidIsbn13, standardNumberKey, standardNumberKeys } from "~/lib/standard-numbers";
import { AGENCY_CATALOGUE, isbnChecksumValid, SearchIndex, setCatalogueCounts, type WrittenCatalogue } from "../helpers/catalogue-scale.ts";
import { alertShown, type Bff, bffEnv, DEMO_PASSWORD, decodeHtmlEntities, dialogNamed, keptAdminPages, pick, tempDir, removeDir, rowWith, seriousViolations, startBff } from "./helpers/index.ts";

/**
 * Issue 22 at an agency's scale, in a real browser with JavaScript on and off (search, order,
 * counts, and the book form's pickers): the agency's catalogue (10,000 books, 5,000 authors, 800
 * publishers, 150 genres and tags, 1,000 DDC classes, names and ISBNs as a real one has them) made
 * by the test tooling (tests/helpers/catalogue-scale.ts), behind a reference
 * API answering in each of the two shapes (its full one, and the spec's alone). The sites keep
 * their copies of the lists as deployed (ADMIN_LIST_REFRESH_MS of a minute): nothing changes here.
 * Each shape's site is started before its tests and stopped after them. The tests of one shape
 * and mode share a kept admin tab (`keptAdminPages`), each loading its screens as new documents in
 * it; the public catalogue's answers to a search are read over HTTP (server HTML, which the
 * public pages' script leaves as it is).
 */

interface ScaleSite {
  shape: "full" | "spec";
  bff: Bff;
  catalogue: WrittenCatalogue;
  close(): Promise<void>;
}

async function startScaleSite(shape: "full" | "spec"): Promise<ScaleSite> {
  const apiDir = await tempDir(`scale-${shape}-api`);
  const bffDir = await tempDir(`scale-${shape}-bff`);
  const options = { dataDir: apiDir, host: "127.0.0.1", port: 0, demoPassword: DEMO_PASSWORD, shape };
  // The first start seeds the demo; the catalogue is grown while the reference API is stopped.
  await (await startReferenceApi(options)).close();
  const catalogue = setCatalogueCounts(apiDir, { ...AGENCY_CATALOGUE, activities: 20 });
  const api = await startReferenceApi(options);
  const bff = await startBff(bffEnv({ UPSTREAM_API_URL: api.url, DATA_DIR: bffDir, ADMIN_LIST_REFRESH_MS: "60000" }), 60_000);
  return {
    shape,
    bff,
    catalogue,
    async close() {
      await bff.proc.stop();
      await api.close();
      await removeDir(apiDir);
      await removeDir(bffDir);
    },
  };
}

const count = (page: Page) => page.locator(".kit-count");
const searchBox = (page: Page, noun: string) => page.getByRole("searchbox", { name: `Cari ${noun}` });
/** The titles the book table shows (its author is the line under each). */
const titles = (page: Page) => page.locator('tbody tr td[data-label="Judul"] .kit-cell-line:not(.kit-cell-under)').allInnerTexts();
const collator = new Intl.Collator("id", { sensitivity: "base", numeric: true });
const shown = (total: number, what: string) => `Menampilkan 1–${Math.min(20, total)} dari ${total.toLocaleString("id-ID")} ${what}`;

/** The text of an HTML fragment as the DOM's `textContent` gives it: tags and comments dropped, references decoded. */
const textContent = (html: string) => decodeHtmlEntities(html.replace(/<!--[\s\S]*?-->|<[^>]*>/g, ""));

/**
 * What a visitor of the public catalogue is answered for a search: the count (the page's status
 * line) and the books' titles, from the server's HTML (the catalogue is rendered by the server and
 * not hydrated: what the browser shows of these is this HTML).
 */
async function publicSearch(bffUrl: string, query: string): Promise<{ status: string; titles: string[] }> {
  const response = await fetch(`${bffUrl}/katalog?q=${encodeURIComponent(query)}`);
  if (response.status !== 200) throw new Error(`/katalog?q=${query} answered ${response.status}, not 200`);
  const html = await response.text();
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  const status = [...main.matchAll(/<(\w+)\b[^>]*\brole="status"[^>]*>([\s\S]*?)<\/\1>/g)].map(([, , text]) => textContent(text));
  if (status.length !== 1) throw new Error(`/katalog?q=${query}: ${status.length} status lines, not one`);
  const titles = [...main.matchAll(/<article class="book-card">[\s\S]*?<h2\b[^>]*>([\s\S]*?)<\/h2>/g)].map(([, title]) => textContent(title));
  return { status: status[0], titles };
}

/**
 * What the tests look for, chosen from the generated catalogue (the same in both sites: one seed).
 * A name's words are kept apart from titles', publishers' and genres' (catalogue-scale.ts), and
 * the ones chosen here are whole words of four letters or more, so a search's count is computed.
 */
function chosen(catalogue: WrittenCatalogue) {
  const generated = catalogue.books.filter((book) => book.id > 100);
  const authorOf = new Map(catalogue.authors.map((author) => [author.id, author.name]));
  const publisherOf = new Map(catalogue.publishers.map((publisher) => [publisher.id, publisher.name]));
  const bookText = (book: WrittenCatalogue["books"][number]) => `${book.title} ${authorOf.get(book.author_id)} ${publisherOf.get(book.publisher_id)} ${book.isbn_issn}`;
  const bookSearch = new SearchIndex(catalogue.books.map(bookText));
  const booksMatching = (query: string) => bookSearch.matching(query).map((position) => catalogue.books[position]);
  const plainName = (name: string) => /^[A-Z][a-z]{3,} [A-Z][a-z]{3,}$/.test(name);
  const authorSearch = new SearchIndex(catalogue.authors.map((author) => author.name));
  const alone = catalogue.authors.filter((author) => author.id > 100 && plainName(author.name) && authorSearch.matching(author.name).length === 1);
  const booksBy = (authorId: number) => catalogue.books.filter((book) => book.author_id === authorId).length;
  const prolific = alone.find((author) => booksBy(author.id) >= 4 && booksMatching(author.name).length === booksBy(author.id))!;
  // Books whose ISBN the form accepts as it is (compact, so that a search finds it alone), and authors with no book.
  const editable = generated.filter((book) => /^\d+X?$/.test(book.isbn_issn) && isbnChecksumValid(book.isbn_issn) && book.genres.length > 0 && !book.genres.includes("Sejarah"));
  const idle = alone.filter((author) => booksBy(author.id) === 0);
  return { booksMatching, prolific, lone: alone[alone.length - 1], editable, idle, newest: catalogue.books[catalogue.books.length - 1], isbnSearches: isbnSearches(generated), genre: filteredGenre(catalogue) };
}

/**
 * A genre to filter by, with how many books carry it: one written one way only (the test
 * catalogue also holds look-alikes, "Sejarah" twice), the one most books carry (among the options shown first).
 */
function filteredGenre(catalogue: WrittenCatalogue): { name: string; books: number } {
  const fold = (name: string) => name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();
  const writings = new Map<string, Set<string>>();
  const books = new Map<string, number>();
  for (const book of catalogue.books) {
    for (const folded of new Set(book.genres.map(fold))) books.set(folded, (books.get(folded) ?? 0) + 1);
    for (const name of book.genres) writings.set(fold(name), (writings.get(fold(name)) ?? new Set()).add(name));
  }
  const [folded, count] = [...books].filter(([name]) => writings.get(name)?.size === 1).sort((a, b) => b[1] - a[1])[0];
  return { name: [...(writings.get(folded) ?? [])][0], books: count };
}

const hyphenated13 = (isbn: string) => [isbn.slice(0, 3), isbn.slice(3, 6), isbn.slice(6, 9), isbn.slice(9, 12), isbn[12]].join("-");
const hyphenated10 = (isbn: string) => [isbn[0], isbn.slice(1, 4), isbn.slice(4, 9), isbn[9]].join("-");

/**
 * A book's ISBN searched in another writing than the stored one: each stored form of the test
 * catalogue (hyphenated, compact, ISBN-10, a legacy number whose check digit fails) with a
 * scanner's digits, hyphens, spaces, and the ISBN-10 for the ISBN-13 and the reverse.
 */
function isbnSearches(books: WrittenCatalogue["books"]): Array<{ book: WrittenCatalogue["books"][number]; query: string; what: string }> {
  const compact = (book: { isbn_issn: string }) => book.isbn_issn.replace(/-/g, "");
  const find = (test: (book: WrittenCatalogue["books"][number]) => boolean) => books.find(test)!;
  const hyphenated = find((book) => book.isbn_issn.includes("-") && isValidIsbn13(compact(book)) && book.isbn_issn.startsWith("978"));
  const stored13 = find((book) => /^978\d{10}$/.test(book.isbn_issn) && isValidIsbn13(book.isbn_issn));
  const stored10 = find((book) => /^\d{9}[\dX]$/.test(book.isbn_issn) && isValidIsbn10(book.isbn_issn));
  const legacy = find((book) => book.isbn_issn.includes("-") && compact(book).length === 13 && !isValidIsbn13(compact(book)));
  return [
    { book: hyphenated, query: compact(hyphenated), what: "a scanner's digits for a hyphenated ISBN-13" },
    { book: hyphenated, query: `ISBN ${hyphenated10(isbn13To10(compact(hyphenated))!)}`, what: "its ISBN-10, prefixed, for a hyphenated ISBN-13" },
    { book: stored13, query: hyphenated13(stored13.isbn_issn), what: "hyphens for a compact ISBN-13" },
    { book: stored13, query: hyphenated13(stored13.isbn_issn).replace(/-/g, " "), what: "spaces for a compact ISBN-13" },
    { book: stored10, query: hyphenated13(isbn10To13(stored10.isbn_issn)), what: "its ISBN-13 for an ISBN-10" },
    { book: legacy, query: compact(legacy), what: "a scanner's digits for a legacy number whose check digit fails" },
  ];
}

for (const shape of ["full", "spec"] as const) test.describe(`an agency's catalogue, reference API in its ${shape} shape`, () => {
  let site: ScaleSite;
  let pickOf: ReturnType<typeof chosen>;
  /** One logged-in tab per mode on this shape's site, closed before the site stops. */
  const kept = keptAdminPages();
  test.beforeAll(async () => {
    // Writing the agency's catalogue and starting its site: half a minute or more on a busy 2-core machine, too close to a hook's 60 s.
    test.setTimeout(120_000);
    site = await startScaleSite(shape);
    pickOf = chosen(site.catalogue);
  });
  test.afterAll(async () => {
    await kept.close();
    await site?.close();
  });

  for (const { javaScript, label } of [
    { javaScript: true, label: "JavaScript on" },
    { javaScript: false, label: "JavaScript off" },
  ]) test.describe(`with ${label}`, () => {
    // Paging, searching and ordering are proven with JavaScript on and off in admin-catalogue-paging;
    // here, what the catalogue's size changes: once per shape, JavaScript on against the full
    // shape and off against the spec's (as admin-import splits them).
    const oneModePerShape = javaScript === (shape === "full");
    if (oneModePerShape) test("counts the books, newest first, and links the last of 500 pages", async ({ browser }) => {
      const admin = await kept.open(browser, site.bff.url, { javaScript });
      const { page } = admin;
      await admin.open("/admin/book");
      expect(await count(page).innerText()).toBe("Menampilkan 1–20 dari 10.000 buku");
      expect((await titles(page))[0]).toBe(pickOf.newest.title);
      await page.getByRole("navigation", { name: "Halaman tabel" }).getByRole("link", { name: "Halaman 500" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "500");
      await expect.poll(() => count(page).innerText()).toBe("Menampilkan 9.981–10.000 dari 10.000 buku");
    });

    if (oneModePerShape) test("finds one book among 10,000 by its ISBN, and orders a search by title", async ({ browser }) => {
      const admin = await kept.open(browser, site.bff.url, { javaScript });
      const { page } = admin;
      const [book] = pickOf.editable;
      await admin.open("/admin/book");
      await searchBox(page, "buku").fill(book.isbn_issn);
      await searchBox(page, "buku").press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === book.isbn_issn);
      await expect.poll(() => count(page).innerText()).toBe(`${shown(1, "buku")} yang cocok dengan “${book.isbn_issn}”`);
      expect(await titles(page)).toEqual([book.title]);

      // An author's name, lower-cased: that author's books, and then in the order of their titles.
      const query = pickOf.prolific.name.toLowerCase();
      const found = pickOf.booksMatching(query).map((each) => each.title);
      // With JavaScript typed straight after the last search, as a barcode scanner does: the search
      // just sent is left selected in the box, so this one replaces it.
      if (javaScript) await searchBox(page, "buku").pressSequentially(query);
      else await searchBox(page, "buku").fill(query);
      await searchBox(page, "buku").press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === query);
      await expect.poll(() => count(page).innerText()).toBe(`${shown(found.length, "buku")} yang cocok dengan “${query}”`);
      const header = page.getByRole("columnheader", { name: "Judul" });
      await header.getByRole("link").click();
      await page.waitForURL((url) => url.searchParams.get("sort") === "title");
      await expect.poll(() => header.getAttribute("aria-sort")).toBe("ascending");
      expect((await titles(page)).slice(0, 3)).toEqual([...found].sort(collator.compare).slice(0, 3));
    });

    // Server HTML only (each search a new document): read without the page's script.
    if (!javaScript) test("finds a book by its ISBN in any writing, in the back-office's list and in the public catalogue", async ({ browser }) => {
      const admin = await kept.open(browser, site.bff.url, { javaScript });
      const { page } = admin;
      for (const { book, query, what } of pickOf.isbnSearches) {
        // Every book of that number (the catalogue may hold it twice), and no other.
        const key = standardNumberKey(query);
        const same = site.catalogue.books.filter((each) => standardNumberKeys(each.isbn_issn).includes(key));
        await admin.open(`/admin/book?q=${encodeURIComponent(query)}`);
        expect(await count(page).innerText(), what).toBe(`${shown(same.length, "buku")} yang cocok dengan “${query}”`);
        expect(await titles(page), what).toContain(book.title);

        const visitor = await publicSearch(site.bff.url, query);
        expect(visitor.status, what).toBe(`${same.length} buku`);
        expect(visitor.titles, what).toContain(book.title);
      }
    });

    test("warns before saving an author whose name 5,000 authors hold with a title, and a book whose ISBN one of 10,000 has", async ({ browser }) => {
      const admin = await kept.open(browser, site.bff.url, { javaScript });
      const { page } = admin;
      const notice = (dialog: ReturnType<typeof dialogNamed>) => dialog.locator(".kit-duplicate-notice");
      await admin.open("/admin/author?modal=add");
      const authorDialog = dialogNamed(page, "TAMBAH PENGARANG");
      await authorDialog.getByLabel("Nama").fill("fitri  sutrisno");
      await authorDialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
      await notice(authorDialog).waitFor();
      // The test catalogue's own near-duplicates: the name alone, and with a degree.
      for (const name of ["Fitri Sutrisno", "Fitri Sutrisno, M.Hum."]) {
        await expect(notice(authorDialog).getByRole("link", { name: `${name} (tab baru)`, exact: true })).toBeVisible();
      }

      const { book } = pickOf.isbnSearches[2];
      await admin.open("/admin/book?modal=add");
      const bookDialog = dialogNamed(page, "TAMBAH BUKU");
      await bookDialog.getByLabel("Judul").fill("Buku baru dengan nomor lama");
      await bookDialog.getByLabel("Tanggal terbit").fill("01-01-2024");
      await bookDialog.getByLabel("ISBN/ISSN").fill(hyphenated13(book.isbn_issn));
      await pick(bookDialog, "Pengarang", pickOf.lone.name, { javaScript, typed: pickOf.lone.name.toLowerCase() });
      await pick(bookDialog, "Penerbit", site.catalogue.publishers[0].name, { javaScript });
      await bookDialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
      await notice(bookDialog).waitFor();
      await expect(notice(bookDialog)).toContainText(`${book.title} (tab baru) (ISBN/ISSN sama)`);
      await admin.open("/admin/book");
      expect(await count(page).innerText()).toBe("Menampilkan 1–20 dari 10.000 buku");
    });

    // Filters are read from the list's copy alike in both shapes: the spec's shape (relations by name only) is the one tried.
    if (shape === "spec") {
      test("filters 10,000 books by a genre with its count, 50 rows a page, and a chip takes the filter off", async ({ browser }) => {
        const admin = await kept.open(browser, site.bff.url, { javaScript });
        const { page } = admin;
        const { genre } = pickOf;
        await admin.open("/admin/book");
        await page.locator("summary", { hasText: "Saring" }).click();
        await page.getByRole("combobox", { name: "Genre" }).selectOption({ label: `${genre.name} (${genre.books.toLocaleString("id-ID")})` });
        if (!javaScript) await page.getByRole("button", { name: "Terapkan" }).click();
        await page.waitForURL((url) => url.searchParams.get("genre") === genre.name);
        await expect.poll(() => count(page).innerText()).toBe(shown(genre.books, "buku"));

        await page.getByRole("combobox", { name: "Baris per halaman" }).selectOption("50");
        if (!javaScript) await page.getByRole("button", { name: "Tampilkan" }).click();
        await page.waitForURL((url) => url.searchParams.get("perPage") === "50" && url.searchParams.get("genre") === genre.name);
        await expect.poll(() => page.locator("tbody tr").count()).toBe(50);
        if (javaScript) expect(await seriousViolations(page)).toEqual([]);

        await page.getByRole("link", { name: `Hapus filter Genre: ${genre.name}` }).click();
        await page.waitForURL((url) => !url.searchParams.has("genre"));
        await expect.poll(() => count(page).innerText()).toBe("Menampilkan 1–50 dari 10.000 buku");
      });
    }

    if (shape === "spec") {
      test("at 1366×768 the book table shows 8 books and the ISBNs without a sideways scroll; its columns are chosen per browser; a narrow room makes cards", async ({ browser }) => {
        const admin = await kept.open(browser, site.bff.url, { javaScript, viewport: { width: 1366, height: 768 } });
        const { page } = admin;
        await admin.open("/admin/book");
        const scroller = page.locator(".kit-table-scroll");
        const region = (await scroller.boundingBox())!;
        const bottom = Math.min(768, region.y + region.height);
        const rows = await page.locator("tbody tr").evaluateAll((elements) => elements.map((row) => row.getBoundingClientRect().bottom));
        expect(rows.filter((rowBottom) => rowBottom <= bottom).length, "books wholly in view").toBeGreaterThanOrEqual(8);
        const isbn = (await page.getByRole("columnheader", { name: "ISBN/ISSN" }).boundingBox())!;
        expect(isbn.x + isbn.width).toBeLessThanOrEqual(region.x + region.width);
        expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth), "no sideways scroll").toBeLessThanOrEqual(0);
        // The author under each title; the genres as chips.
        expect(await page.locator("tbody tr").first().locator(".kit-cell-under").count()).toBe(1);
        if (javaScript) {
          const chooser = page.locator(".kit-column-chooser");
          await chooser.locator("summary").click();
          await chooser.getByRole("checkbox", { name: "Penerbit" }).check();
          await expect(page.getByRole("columnheader", { name: "Penerbit" })).toBeVisible();
          expect(await seriousViolations(page), "the chooser open").toEqual([]);
          // Kept in this browser: a new document shows it too, until it is taken off again.
          await admin.open("/admin/book");
          await expect(page.getByRole("columnheader", { name: "Penerbit" })).toBeVisible();
          await page.locator(".kit-column-chooser > summary").click();
          await page.locator(".kit-column-chooser").getByRole("checkbox", { name: "Penerbit" }).uncheck();
          await expect(page.getByRole("columnheader", { name: "Penerbit" })).toHaveCount(0);
        } else {
          expect(await page.locator(".kit-column-chooser").count(), "the chooser needs JavaScript: not drawn without it").toBe(0);
        }
        // The same window, the table given the room of a phone: its rows are cards.
        await page.locator(".kit-table").evaluate((element) => ((element as HTMLElement).style.width = "22rem"));
        await expect.poll(() => page.locator("thead").evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
        expect(await page.locator("tbody tr").first().evaluate((row) => getComputedStyle(row).display)).toBe("block");
      });
    }

    if (shape === "spec" && javaScript) {
      test("at 1366×768 every option of the author list can be seen, low in the modal too, the wheel stays in the list, look-alikes are told apart", async ({ browser }) => {
        const admin = await kept.open(browser, site.bff.url, { javaScript, viewport: { width: 1366, height: 768 } });
        const { page } = admin;
        await admin.open("/admin/book?modal=add");
        const dialog = dialogNamed(page, "TAMBAH BUKU");
        const body = dialog.locator(".kit-modal-body");
        const field = dialog.getByRole("combobox", { name: "Pengarang" });
        // The field in the modal's lower half: the list has less room below it than it needs.
        await field.evaluate((input) => {
          const scroller = input.closest(".kit-modal-body") as HTMLElement;
          scroller.scrollTop += input.getBoundingClientRect().top - scroller.getBoundingClientRect().top - scroller.clientHeight * 0.75;
        });
        const bodyBox = (await body.boundingBox())!;
        expect((await field.boundingBox())!.y).toBeGreaterThan(bodyBox.y + bodyBox.height / 2);
        await dialog.getByRole("button", { name: "Tampilkan pilihan pengarang" }).click();
        const options = dialog.getByRole("option");
        await expect.poll(() => options.count()).toBeGreaterThanOrEqual(20);
        expect(await seriousViolations(page), "the list open, placed above its field").toEqual([]);
        for (let index = 0; index < (await options.count()); index += 1) {
          const option = options.nth(index);
          await option.scrollIntoViewIfNeeded();
          const box = (await option.boundingBox())!;
          expect(box.y, `option ${index + 1} inside the modal's body`).toBeGreaterThanOrEqual(bodyBox.y - 1);
          expect(box.y + box.height, `option ${index + 1} inside the modal's body`).toBeLessThanOrEqual(bodyBox.y + bodyBox.height + 1);
          expect(box.y + box.height, `option ${index + 1} inside the window`).toBeLessThanOrEqual(768);
          // What the pointer meets there is the option itself, nothing laid over it (the footer).
          expect(await option.evaluate((element) => {
            const { x, y, width, height } = element.getBoundingClientRect();
            return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
          }), `option ${index + 1} not covered`).toBe(true);
        }
        // The wheel past the list's end scrolls neither the list further nor the form behind it.
        const before = await body.evaluate((element) => element.scrollTop);
        const list = dialog.getByRole("listbox");
        const listBox = (await list.boundingBox())!;
        await page.mouse.move(listBox.x + listBox.width / 2, listBox.y + listBox.height / 2);
        for (let turn = 0; turn < 5; turn += 1) await page.mouse.wheel(0, 400);
        await expect.poll(() => list.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 1)).toBe(true);
        expect(await body.evaluate((element) => element.scrollTop)).toBe(before);

        // Two authors of one name, told apart by their books and biographies.
        await field.fill("fitri sutrisno");
        await expect.poll(() => options.count()).toBeGreaterThanOrEqual(2);
        for (const text of await options.allInnerTexts()) expect(text).toMatch(/\d+ buku/);
        await page.keyboard.press("Escape");
      });
    }

    if (oneModePerShape) test("counts and searches 5,000 authors", async ({ browser }) => {
      const admin = await kept.open(browser, site.bff.url, { javaScript });
      const { page } = admin;
      await admin.open("/admin/author");
      expect(await count(page).innerText()).toMatch(/^Menampilkan 1–20 dari 5\.000 pengarang$/);
      const query = pickOf.lone.name.toLowerCase();
      await searchBox(page, "pengarang").fill(query);
      await searchBox(page, "pengarang").press("Enter");
      await page.waitForURL((url) => url.searchParams.has("q"));
      await expect.poll(() => count(page).innerText()).toBe(`Menampilkan 1–1 dari 1 pengarang yang cocok dengan “${query}”`);
    });

    test("changes a book's author to one of 5,000 and adds a genre, the form never holding the whole list", async ({ browser }) => {
      // One book and one author per shape and mode: each test's edit is its own.
      const which = (site.shape === "full" ? 0 : 2) + (javaScript ? 0 : 1);
      const book = pickOf.editable[10 + which];
      const author = pickOf.idle[which];
      const admin = await kept.open(browser, site.bff.url, { javaScript });
      const { page } = admin;
      await admin.open(`/admin/book?modal=edit&id=${book.id}`);
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
      await pick(dialog, "Pengarang", author.name, { javaScript, typed: author.name.toLowerCase() });
      await pick(dialog, "Genre", "Sejarah", { javaScript });
      await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
      await alertShown(page, "Berhasil mengubah data!");
      await searchBox(page, "buku").fill(book.isbn_issn);
      await searchBox(page, "buku").press("Enter");
      await page.waitForURL((url) => url.searchParams.has("q"));
      const row = rowWith(page, book.title).first();
      await expect.poll(() => row.innerText()).toContain(author.name);
      const genreChips = await row.locator('td[data-label="Genre"] li').allInnerTexts();
      expect(genreChips.sort()).toEqual([...book.genres, "Sejarah"].sort());
    });
  });
});
