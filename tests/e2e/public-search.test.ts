import type { Page } from "playwright-core";
import { expect, test } from "./fixtures.ts";
import { catalogueBooks, DESKTOP, records, type Book } from "./helpers/index.ts";

/**
 * The catalogue's search as an OPAC and the site search, as a visitor without JavaScript uses
 * them (every link and form is the server's): each searched field, a typo, an Indonesian affix,
 * the ranking, the facets, a page past the end, two books a row on a 360 px phone, `/cari`
 * grouped by kind, and bad input that never costs a 500. Run against the reference API's seed
 * (reference-api/seed/books.ts), read as the site reads it.
 */

let books: Book[];
test.beforeAll(async ({ mainStack }) => {
  books = await catalogueBooks(mainStack.referenceApiUrl);
});

const PHONE_360 = { width: 360, height: 740 };
const titles = (page: Page) => page.locator(".book-card h2").allTextContents();
const noScript = { viewport: DESKTOP, javaScriptEnabled: false };
const kancil = () => books.find((book) => book.title.startsWith("Dongeng Si Kancil"))!;

test("finds a book by each of its fields: title, author, publisher, ISBN in another writing, genre, tag and synopsis", async ({ contexts, mainStack }) => {
  const book = kancil();
  const compactIsbn = book.isbn_issn.replace(/[^\dX]/gi, "");
  const searches = [
    "Dongeng Si Kancil",
    book.author.name,
    "Penerbit Cahaya Ilmu",
    compactIsbn,
    `${book.isbn_issn.slice(0, 3)} ${book.isbn_issn.slice(3).replace(/-/g, " ")}`,
    `kancil ${book.genres[0].name}`,
    `${book.tags[0].name} kancil`,
    "sawah hutan",
  ];
  const page = await contexts.visit(`${mainStack.bffUrl}/katalog`, noScript);
  for (const q of searches) {
    await page.goto(`${mainStack.bffUrl}/katalog?q=${encodeURIComponent(q)}`);
    expect(await titles(page), q).toContain(book.title);
  }
});

test("ranks a title's match above a synopsis's, and a word's affixes do not hide it", async ({ contexts, mainStack }) => {
  const page = await contexts.visit(`${mainStack.bffUrl}/katalog?q=sejarah`, noScript);
  const found = await titles(page);
  const inTitle = books.filter((book) => /sejarah/i.test(book.title)).length;
  expect(inTitle).toBeGreaterThan(0);
  expect(found.slice(0, inTitle).every((title) => /sejarah/i.test(title))).toBe(true);
  // "bercerita" is "cerita" with ber-; the Kancil's synopsis says "diceritakan".
  await page.goto(`${mainStack.bffUrl}/katalog?q=bercerita`);
  expect(await titles(page)).toContain(kancil().title);
});

test("a typo finds the near spelling and says so", async ({ contexts, mainStack }) => {
  const page = await contexts.visit(`${mainStack.bffUrl}/katalog?q=kancl`, noScript);
  await expect(page.locator(".catalogue-note")).toContainText("Apakah maksud Anda kancil?");
  expect(await titles(page)).toContain(kancil().title);
  await page.goto(`${mainStack.bffUrl}/katalog?q=Doneng`);
  await expect(page.locator(".catalogue-note")).toContainText("Apakah maksud Anda dongeng?");
  await page.getByRole("link", { name: "dongeng", exact: true }).click();
  await page.waitForURL(/q=dongeng/);
  expect(await titles(page)).toContain(kancil().title);
});

test("facets with counts are links that narrow the list, combine with a search, and come off again", async ({ contexts, mainStack }) => {
  const page = await contexts.visit(`${mainStack.bffUrl}/katalog`, noScript);
  const genres = page.getByRole("region", { name: "Genre" });
  const sejarah = books.filter((book) => book.genres.some((genre) => genre.name === "Sejarah"));
  const link = genres.getByRole("link", { name: new RegExp(`^Sejarah ${sejarah.length}$`) });
  await link.click();
  await page.waitForURL(/genre=Sejarah/);
  expect(await page.getByRole("status").textContent()).toBe(`${sejarah.length} buku`);
  expect((await titles(page)).sort()).toEqual(sejarah.map((book) => book.title).sort());
  // No classification facet here: the reference API lets only admins read the classifications (docs/architecture.md).
  for (const facet of ["Tag", "Tahun terbit"]) await expect(page.getByRole("region", { name: facet })).toBeVisible();

  await page.getByLabel("Judul, pengarang, penerbit, ISBN atau subjek").fill("kabupaten");
  await page.getByRole("search", { name: "Cari buku" }).getByRole("button", { name: "Cari" }).click();
  await page.waitForURL(/q=kabupaten/);
  expect(page.url()).toContain("genre=Sejarah");
  const both = sejarah.filter((book) => /kabupaten/i.test(`${book.title} ${book.synopsis}`));
  expect((await titles(page)).sort()).toEqual(both.map((book) => book.title).sort());

  await page.getByRole("link", { name: /Genre: Sejarah/ }).click();
  await page.waitForURL((url) => !url.search.includes("genre="));
  await page.getByRole("link", { name: "Judul (A–Z)" }).click();
  await page.waitForURL(/sort=judul/);
  const sorted = await titles(page);
  expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, "id", { sensitivity: "base", numeric: true })));
});

test("a book's page links its author to their books and says where 'Baca di aplikasi' goes", async ({ contexts, mainStack }) => {
  const book = kancil();
  const page = await contexts.visit(`${mainStack.bffUrl}/katalog/${book.id}`, noScript);
  const facts = page.locator(".book-facts");
  const author = book.author.name;
  await expect(page.locator(".book-app-note")).toHaveText("Membuka halaman aplikasi di toko aplikasi; cari judul ini di aplikasi.");
  await facts.getByRole("link", { name: author }).click();
  await page.waitForURL(/author=/);
  expect(await titles(page)).toEqual(books.filter((each) => each.author.name === author).sort((a, b) => b.id - a.id).map((each) => each.title));
});

test("a page past the last goes to the last, and an odd page or order is read as the default", async ({ mainStack }) => {
  const past = await fetch(`${mainStack.bffUrl}/katalog?page=99`, { redirect: "manual" });
  const last = Math.ceil(books.length / 24);
  expect(past.status).toBe(302);
  expect(past.headers.get("location")).toBe(last > 1 ? `/katalog?page=${last}` : "/katalog");
  for (const path of ["/katalog?page=-1", "/katalog?page=abc", "/katalog?sort=anything"]) expect((await fetch(`${mainStack.bffUrl}${path}`)).status, path).toBe(200);
});

test("shows two books a row on a 360 px phone", async ({ contexts, mainStack }) => {
  const page = await contexts.visit(`${mainStack.bffUrl}/katalog`, { viewport: PHONE_360, javaScriptEnabled: false });
  const [first, second] = await Promise.all([0, 1].map((index) => page.locator(".book-card").nth(index).boundingBox()));
  expect(first && second && Math.abs(first.y - second.y) < 1 && second.x > first.x + first.width).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the header's search box searches the whole site without JavaScript, grouped by kind with counts", async ({ contexts, mainStack }) => {
  const page = await contexts.visit(`${mainStack.bffUrl}/about`, noScript);
  const activities = await records(mainStack.referenceApiUrl, "activities");
  await page.getByRole("search", { name: "Cari di situs" }).getByRole("searchbox").fill("perpustakaan");
  await page.getByRole("search", { name: "Cari di situs" }).getByRole("button", { name: "Cari" }).click();
  await page.waitForURL(/\/cari\?q=perpustakaan/);
  const inActivities = activities.filter((activity) => /perpustakaan/i.test(`${activity.title} ${activity.description}`)).length;
  await expect(page.getByRole("heading", { name: `Kegiatan (${inActivities})` })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Buku \(\d+\)$/ })).toBeVisible();
  await page.goto(`${mainStack.bffUrl}/cari?q=kancil`);
  await expect(page.getByRole("heading", { name: /^Buku \(\d+\)$/ })).toBeVisible();
  await expect(page.locator(".book-card h2").first()).toHaveText(kancil().title);
  await expect(page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Kegiatan" })).toHaveAttribute("href", "/activity");
});

test("bad input is a page, never a 500, in bounded time", async ({ mainStack }) => {
  const many = Array.from({ length: 1_000 }, (_, index) => `genre=g${index}`).join("&");
  const queries = [
    "x".repeat(10_000),
    'kancil" OR "*',
    "NEAR(a b) -kancil ^dongeng title:kancil",
    "٣٩٨٫٢ ۹۷۸",
    "978‐623–7001—01",
    "\u202ekancil\u202c \u200bdongeng\u200d",
    "\u0000\u0001",
    "((((",
  ];
  for (const path of [...queries.flatMap((q) => [`/katalog?q=${encodeURIComponent(q)}`, `/cari?q=${encodeURIComponent(q)}`]), `/katalog?${many}`, `/katalog?q=a&${many}`]) {
    const response = await fetch(`${mainStack.bffUrl}${path}`, { redirect: "manual" });
    expect(response.status, path.slice(0, 80)).toBeLessThan(500);
  }
  // A site search of no words finds nothing, books included (the server's page; no browser needed).
  for (const q of ["***", "-", '"', "📚"]) {
    const html = await (await fetch(`${mainStack.bffUrl}/cari?q=${encodeURIComponent(q)}`)).text();
    expect(html, q).toContain(`Tidak ada hasil untuk «${q.replace(/"/g, "&quot;")}».`);
  }
});

for (const width of [1280, 1366, 1920]) test(`at ${width} px the menu stays one row, with Kegiatan, and the search box is beside or under it`, async ({ contexts, mainStack }) => {
  const page = await contexts.visit(`${mainStack.bffUrl}/`, { viewport: { width, height: 800 }, javaScriptEnabled: false });
  const tops = await page.getByRole("navigation", { name: "Navigasi utama" }).locator(":scope > ul > li").evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await expect(page.getByRole("search", { name: "Cari di situs" }).getByRole("searchbox")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
});
