import type { Browser, BrowserContext, Page } from "playwright-core";
import { type Contexts, expect, type Stack, test } from "./fixtures.ts";
import { catalogueBooks, DESKTOP, PHONE, type Book, waitForHydrationOrExplain } from "./helpers/index.ts";

/**
 * Koleksi Digital (issue 24, point 3) as a visitor uses it, with JavaScript and without: the
 * menu's link, the search form (a GET form: the address says what was asked, Back undoes it),
 * the genre and tag filters, a book's page with its schema.org data, and the videos. The site
 * reads the catalogue with the reference API's role-1 account (tests/e2e/helpers/processes.ts).
 * The desktop visits of each mode share a kept tab, each test starting with a new document in it
 * (a new context and its renderer cost Chromium several page loads' CPU).
 */

let books: Book[];

test.beforeAll(async ({ mainStack }) => {
  books = (await catalogueBooks(mainStack.referenceApiUrl)).sort((a, b) => b.id - a.id);
});

const cardTitles = (page: Page) => page.locator(".book-card h2").allTextContents();

/** A visitor's desktop tab per mode, kept until the end of the file. */
const keptTabs = new Map<boolean, Promise<Page>>();
const keptContexts: BrowserContext[] = [];
function keptTab(browser: Browser, javaScript: boolean): Promise<Page> {
  let tab = keptTabs.get(javaScript);
  if (!tab) {
    tab = (async () => {
      const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: javaScript });
      keptContexts.push(context);
      return context.newPage();
    })();
    keptTabs.set(javaScript, tab);
  }
  return tab;
}

test.afterAll(async () => {
  for (const context of keptContexts.splice(0)) await context.close();
});

for (const { javaScript, label } of [
  { javaScript: true, label: "with JavaScript" },
  { javaScript: false, label: "without JavaScript" },
]) test.describe(`the catalogue ${label}`, () => {
  /** A visitor's page at `path`, answered 200 and taken over by its script unless JavaScript is off: at a phone's width in a new context, else as a new document in the mode's kept tab. */
  const open = async (contexts: Contexts, { bffUrl }: Stack, path: string, viewport = DESKTOP) => {
    if (viewport !== DESKTOP) return contexts.visit(`${bffUrl}${path}`, { viewport, javaScriptEnabled: javaScript });
    const page = await keptTab(contexts.browser, javaScript);
    const response = await page.goto(`${bffUrl}${path}`);
    if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status() ?? "nothing"}, not 200`);
    if (javaScript) await waitForHydrationOrExplain(page);
    return page;
  };

  test("is in the menu, and lists the books newest first with cover, title, author and genres", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    const page = await open(contexts, mainStack, "/");
    await page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Koleksi Digital" }).click();
    await page.waitForURL(`${bffUrl}/katalog`);
    expect(await cardTitles(page)).toEqual(books.slice(0, 24).map((book) => book.title));
    const first = page.locator(".book-card").first();
    // The newest book may be one an earlier test of this worker made without a cover: it gets one typeset from its title.
    expect(await first.locator("img").getAttribute("src")).toMatch(books[0].cover ? /^\/covers\// : /^\/cover-placeholder\.svg\?/);
    const withCover = books.slice(0, 24).findIndex((book) => book.cover);
    if (withCover >= 0) expect(await page.locator(".book-card img").nth(withCover).getAttribute("src")).toMatch(/^\/covers\//);
    // Each card as its book is: a book an earlier test made may have no author or genres (then no line for them).
    const shown = books.slice(0, 24);
    const cards = page.locator(".book-card");
    const authorOf = (book: Book) => book.author?.name ?? "";
    const genresOf = (book: Book) => book.genres.map((genre) => genre.name).join(", ");
    expect(await cards.evaluateAll((all) => all.map((card) => card.querySelector(".book-card-author")?.textContent ?? ""))).toEqual(shown.map(authorOf));
    expect(await cards.evaluateAll((all) => all.map((card) => card.querySelector(".book-card-genres")?.textContent ?? ""))).toEqual(shown.map(genresOf));
    const pages = Math.ceil(books.length / 24);
    expect(await page.getByRole("status").textContent()).toBe(`${books.length.toLocaleString("id-ID")} buku${pages > 1 ? `, halaman 1 dari ${pages}` : ""}`);
    // The lines are shown, not only left out: a genre's books (the demo's have an author and genres) each show both.
    const genre = books.find((book) => book.genres.length)!.genres[0].name;
    await page.goto(`${bffUrl}/katalog?genre=${encodeURIComponent(genre)}`);
    const ofGenre = books.filter((book) => book.genres.some((each) => each.name === genre)).slice(0, 24);
    expect(await cards.evaluateAll((all) => all.map((card) => card.querySelector(".book-card-genres")?.textContent ?? ""))).toEqual(ofGenre.map(genresOf));
    expect(ofGenre.every((book) => genresOf(book).includes(genre))).toBe(true);
  });

  test("searches by a word of an author's name, then a genre's facet narrows it; Back returns to the whole list", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    const page = await open(contexts, mainStack, "/katalog");
    // An author whose word finds one page of books at most, one of them with a genre: the worker's
    // shared catalogue may hold hundreds by one author (an import's), and names like "Manampiring, Henry".
    const wordsOf = (name: string | undefined) => (name ?? "").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const byWord = (word: string) => books.filter((book) => wordsOf(book.author?.name).some((part) => part.startsWith(word)));
    const chosen = books.find((book) => book.genres.length && wordsOf(book.author?.name).length && byWord(wordsOf(book.author.name)[0]).length <= 24)!;
    const word = wordsOf(chosen.author.name)[0];
    const searchForm = page.getByRole("search", { name: "Cari buku" });
    await searchForm.getByLabel("Judul, pengarang, penerbit, ISBN atau subjek").fill(word);
    await searchForm.getByRole("button", { name: "Cari" }).click();
    await page.waitForURL(new RegExp(`/katalog\\?q=${encodeURIComponent(word)}`));
    const byAuthor = byWord(word);
    // Every field is searched, ranked: the author's books are among those found.
    expect(await cardTitles(page)).toEqual(expect.arrayContaining(byAuthor.map((book) => book.title)));

    const genre = chosen.genres[0].name;
    await page.getByRole("region", { name: "Genre" }).getByRole("link", { name: new RegExp(`^${genre} \\d+$`) }).click();
    await page.waitForURL(/genre=/);
    expect(await cardTitles(page)).toEqual(expect.arrayContaining(byAuthor.filter((book) => book.genres.some((each) => each.name === genre)).map((book) => book.title)));
    // The page shows what was asked.
    expect(await searchForm.getByLabel("Judul, pengarang, penerbit, ISBN atau subjek").inputValue()).toBe(word);
    await expect(page.getByRole("link", { name: new RegExp(`Genre: ${genre}`) })).toBeVisible();

    await page.goBack();
    await page.goBack();
    await page.waitForURL(`${bffUrl}/katalog`);
    expect(await cardTitles(page)).toHaveLength(Math.min(books.length, 24));
  });

  // The public pages are not hydrated: their script is the header's alone. What follows is server
  // HTML read in one mode each (the search form and Back above are tried in both).
  if (!javaScript) test("filters by a tag, and says so when nothing matches", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    const tag = books.find((book) => book.tags.length)!.tags[0].name;
    const page = await open(contexts, mainStack, `/katalog?tag=${encodeURIComponent(tag)}`);
    expect(await cardTitles(page)).toEqual(books.filter((book) => book.tags.some((each) => each.name === tag)).map((book) => book.title));
    await page.getByLabel("Judul, pengarang, penerbit, ISBN atau subjek").fill("zzzz tidak ada");
    await page.getByRole("search", { name: "Cari buku" }).getByRole("button", { name: "Cari" }).click();
    await page.waitForURL(/q=zzzz/);
    expect(await page.getByRole("status").textContent()).toBe("Tidak ada buku yang cocok dengan pencarian ini.");
    await page.getByRole("link", { name: "Hapus pencarian" }).click();
    await page.waitForURL(`${bffUrl}/katalog`);
  });

  if (javaScript) test("opens a book's page from its card: synopsis, publisher, ISBN, genres, tags, the app link, and schema.org Book data", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    // A book with every field (the newest may be an import's, without ISBN or tags), found by its title;
    // one whose text another file wrote as HTML is shown as its text (public-catalogue.isolated.test.ts).
    const book = books.find((each) => each.isbn_issn && each.tags.length && each.publisher?.name && each.author?.name && each.synopsis && !/[<&]/.test(each.title + each.synopsis))!;
    const page = await open(contexts, mainStack, `/katalog?q=${encodeURIComponent(book.title)}`, PHONE);
    await page.locator(".book-card h2").getByRole("link", { name: book.title, exact: true }).and(page.locator(`[href="/katalog/${book.id}"]`)).click();
    await page.waitForURL(`${bffUrl}/katalog/${book.id}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(book.title);
    const facts = await page.locator(".book-facts").innerText();
    for (const text of [book.author.name, book.publisher.name, book.isbn_issn, ...book.tags.map((tag) => tag.name)]) expect(facts).toContain(text);
    expect(await page.locator(".book-synopsis").textContent()).toBe(book.synopsis);
    expect(await page.getByRole("link", { name: /Baca di aplikasi/ }).getAttribute("href")).toMatch(/^https:\/\//);
    const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent())!) as Record<string, unknown>;
    expect(structured).toMatchObject({ "@type": "Book", name: book.title, author: { name: book.author.name }, isbn: book.isbn_issn, url: `${bffUrl}/katalog/${book.id}` });
    await page.getByRole("link", { name: "Koleksi Digital" }).last().click();
    await page.waitForURL(`${bffUrl}/katalog`);
  });

  if (!javaScript) test("lists the videos, each with its picture, count of views and a link to watch it", async ({ contexts, mainStack }) => {
    const page = await open(contexts, mainStack, "/katalog/video");
    const cards = page.locator(".activity-card");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.first().getByRole("link", { name: /TONTON VIDEO/ }).getAttribute("href")).toMatch(/^\/files\//);
    expect(await cards.first().textContent()).toMatch(/Ditonton [\d.]+ kali/);
  });
});

test("answers 404 inside the site's frame for a book that does not exist", async ({ mainStack }) => {
  const response = await fetch(`${mainStack.bffUrl}/katalog/999999`);
  expect(response.status).toBe(404);
  expect(await response.text()).toContain('aria-label="Navigasi utama"');
});
