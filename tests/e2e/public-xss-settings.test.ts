import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startReferenceApi, type RunningReferenceApi } from "../../reference-api/server.ts";
import { placeholderCoverUrl } from "../../app/lib/placeholder-cover.ts";
import { expect, test } from "./fixtures.ts";
import { type Bff, bffEnv, DEMO_PASSWORD, DESKTOP, dismissedDialogs, removeDir, runCanaries, startBff, tempDir, waitForHydrationOrExplain } from "./helpers/index.ts";
import { js, PLAIN_PAYLOADS } from "./xss-corpus.ts";

/**
 * Issue 50's new states with hostile text in them: the deployment's settings (PRODUCT_TITLE in the
 * header, the login page, og:site_name and the JSON-LD; REGION_NAME in the header), activities
 * whose titles and summaries are the plain-text corpus (into og:title, og:description and the
 * NewsArticle JSON-LD: a `</script>` must not close the data's script element), and books without
 * a cover whose title and author are payloads (the typeset cover's address in the catalogue's card,
 * on the book's page and in the back-office's list). A private reference API and site, so that no
 * other file's records or settings change; Chromium with the site's CSP bypassed, as
 * public-xss.test.ts, so that the escaping is tested on its own.
 */

const PRODUCT = `Dinas Uji </title></script><script>${js(1)}</script>"><img src=x onerror=${js(2)}>`;
/** Trimmed by the settings' reader; a line separator, which JavaScript once read as a line's end, inside. */
const REGION = `Kabupaten \u2028</script><script>${js(3)}</script><svg onload=${js(4)}>`;

interface Hostile {
  id: number;
  title: string;
  /** What the description reads as plain text (og:description, JSON-LD's description). */
  summary: string;
  author?: string;
}

let referenceApi: RunningReferenceApi | undefined;
let referenceDir: string | undefined;
let bffDir: string | undefined;
let bff: Bff | undefined;
let context: BrowserContext | undefined;
const activities: Hostile[] = [];
const books: Hostile[] = [];
/** A word of every hostile book's title: the back-office's search finds them by it. */
const BOOK_MARK = "Sikancilxss";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  referenceDir = await tempDir("xss-settings-reference-api");
  bffDir = await tempDir("xss-settings-bff");
  referenceApi = await startReferenceApi({ dataDir: referenceDir, host: "127.0.0.1", port: 0, demoPassword: DEMO_PASSWORD });
  // Written into the upstream's database before the site reads anything.
  const db = new Database(path.join(referenceDir, "reference-api.sqlite"));
  try {
    const addActivity = db.prepare("INSERT INTO activities (date, title, description) VALUES (?, ?, ?)");
    PLAIN_PAYLOADS.forEach((make, index) => {
      const n = 10 + index;
      const title = make(n);
      const description = `<p>Ringkasan &lt;/script&gt;&lt;script&gt;${js(100 + n)}&lt;/script&gt; "kutip" &amp; '${n}'</p>`;
      const { lastInsertRowid } = addActivity.run(`2001-01-${String(index + 1).padStart(2, "0")}`, title, description);
      activities.push({ id: Number(lastInsertRowid), title, summary: `Ringkasan </script><script>${js(100 + n)}</script> "kutip" & '${n}'` });
    });
    const publisherId = db.prepare("INSERT INTO publishers (name) VALUES (?)").run("Penerbit Uji").lastInsertRowid;
    const addAuthor = db.prepare("INSERT INTO authors (name) VALUES (?)");
    const addBook = db.prepare("INSERT INTO books (title, published_date, author_id, publisher_id, cover) VALUES (?, '2099-02-01', ?, ?, '')");
    for (const [index, make] of PLAIN_PAYLOADS.slice(0, 4).entries()) {
      const title = `${BOOK_MARK} ${make(200 + index)}`;
      const author = `Pengarang ${PLAIN_PAYLOADS[(index + 6) % PLAIN_PAYLOADS.length](300 + index)}`;
      const { lastInsertRowid } = addBook.run(title, addAuthor.run(author).lastInsertRowid, publisherId);
      books.push({ id: Number(lastInsertRowid), title, summary: "", author });
    }
  } finally {
    db.close();
  }
  bff = await startBff(bffEnv({ UPSTREAM_API_URL: referenceApi.url, DATA_DIR: bffDir, PRODUCT_TITLE: PRODUCT, REGION_NAME: `  ${REGION}  ` }));
});

test.afterAll(async () => {
  await context?.close();
  await bff?.proc.stop();
  await referenceApi?.close();
  await removeDir(referenceDir);
  await removeDir(bffDir);
});

/** The file's visitor: CSP bypassed, links to other sites kept from taking the page away. */
async function visitor(browser: Browser): Promise<BrowserContext> {
  if (context) return context;
  context = await browser.newContext({ bypassCSP: true, viewport: DESKTOP });
  await context.addInitScript(() => {
    window.addEventListener("click", (event) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (link && /^(https?|mailto|tel):$/.test(link.protocol)) event.preventDefault();
    }, true);
  });
  return context;
}

interface Probed {
  dialogs: string[];
  xss: unknown;
  /** Markup no page of the site has of its own: event handlers, javascript: addresses, scripts that are neither the site's files, inline ones with the page's nonce, nor JSON-LD that parses whole. */
  residue: string[];
  /** Each JSON-LD block, parsed. */
  data: Array<Record<string, unknown>>;
  /** The document's title, and og:title, og:description, og:site_name, og:image and twitter:card. */
  meta: Record<string, string | null>;
}

/** Opens a page, hovers and focuses everything on it, and records what ran and what markup it holds. */
async function probe(page: Page, pagePath: string): Promise<Probed> {
  const { messages: dialogs, stop: stopDialogs } = dismissedDialogs(page);
  try {
    const response = await page.goto(`${bff!.url}${pagePath}`);
    expect(response?.status(), pagePath).toBe(200);
    await waitForHydrationOrExplain(page);
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>("body *")) {
        for (const type of ["pointerover", "mouseover", "mousemove"]) element.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, view: window }));
        element.focus?.();
      }
    });
    await runCanaries(page, { link: true });
    const found = await page.evaluate(() => {
      const residue: string[] = [];
      const data: Array<Record<string, unknown>> = [];
      for (const element of document.querySelectorAll("*")) {
        for (const attribute of element.attributes) {
          if (attribute.name.toLowerCase().startsWith("on")) residue.push(`${element.localName}[${attribute.name}]`);
          // eslint-disable-next-line no-control-regex
          if (["href", "src", "action", "formaction"].includes(attribute.name) && /^(javascript|vbscript|data):/i.test(attribute.value.replace(/[\u0000-\u0020]/g, ""))) {
            residue.push(`${element.localName}[${attribute.name}=${attribute.value.slice(0, 40)}]`);
          }
        }
      }
      for (const script of document.scripts) {
        if (script.type === "application/ld+json") {
          try {
            data.push(JSON.parse(script.textContent ?? "") as Record<string, unknown>);
          } catch {
            residue.push(`JSON-LD that does not parse: ${(script.textContent ?? "").slice(0, 60)}`);
          }
        } else if (!(script.src && new URL(script.src).pathname.startsWith("/build/")) && !script.hasAttribute("nonce")) {
          residue.push(`<script> ${script.outerHTML.slice(0, 80)}`);
        }
      }
      const content = (key: string) => document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
      const meta = { title: document.title, ...Object.fromEntries(["og:title", "og:description", "og:site_name", "og:image", "twitter:card"].map((key) => [key, content(key)])) };
      return { xss: (window as unknown as { __xss?: unknown }).__xss, residue, data, meta };
    });
    return { dialogs, ...found };
  } finally {
    stopDialogs();
  }
}

const clean = (probed: Probed) => ({ dialogs: probed.dialogs, xss: probed.xss, residue: probed.residue });
const NOTHING_RAN = { dialogs: [], xss: undefined, residue: [] };

test("PRODUCT_TITLE and REGION_NAME show as text in the header, the title and og:site_name of the home page, and in its JSON-LD; nothing runs", async ({ browser }) => {
  const page = await (await visitor(browser)).newPage();
  const probed = await probe(page, "/");
  expect(clean(probed)).toEqual(NOTHING_RAN);
  const brand = page.locator("header .site-brand");
  expect(await brand.locator(".site-brand-name").textContent()).toBe(PRODUCT);
  expect(await brand.locator(".site-brand-region").textContent()).toBe(REGION);
  expect(probed.meta.title).toBe(PRODUCT);
  expect(probed.meta["og:site_name"]).toBe(PRODUCT);
  expect(probed.data).toEqual([expect.objectContaining({ "@type": "GovernmentOrganization", name: PRODUCT })]);
  // The site's picture for shared links draws the name: a PNG still, not a broken drawing.
  const share = await fetch(probed.meta["og:image"]!);
  expect(share.status).toBe(200);
  expect(share.headers.get("content-type")).toBe("image/png");
  await page.close();
});

test("the login page shows PRODUCT_TITLE as the agency's name and in its title, as text; nothing runs", async ({ browser }) => {
  const page = await (await visitor(browser)).newPage();
  const probed = await probe(page, "/login");
  expect(clean(probed)).toEqual(NOTHING_RAN);
  expect(await page.locator(".login-agency").textContent()).toBe(PRODUCT);
  expect(probed.meta.title).toBe(`${PRODUCT} | Login`);
  expect(await page.getByRole("link", { name: "Kembali ke situs" }).getAttribute("href")).toBe("/");
  await page.close();
});

test("activities titled with the plain-text corpus: og:title, og:description and the NewsArticle JSON-LD carry them whole, as data; nothing runs", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (await visitor(browser)).newPage();
  const failures: string[] = [];
  for (const activity of activities) {
    const probed = await probe(page, `/activity/${activity.id}`);
    const problems = [...probed.dialogs.map((dialog) => `dialog ${dialog}`), ...(probed.xss === undefined ? [] : [`__xss ${String(probed.xss)}`]), ...probed.residue];
    if (problems.length) failures.push(`${activity.title}: ${problems.join("; ")}`);
    expect(await page.locator("main h1").textContent(), activity.title).toBe(activity.title);
    expect(probed.meta, activity.title).toMatchObject({ title: `${PRODUCT} | ${activity.title}`, "og:title": `${PRODUCT} | ${activity.title}`, "og:description": activity.summary, "twitter:card": "summary_large_image" });
    expect(probed.data, activity.title).toEqual([
      expect.objectContaining({ "@type": "NewsArticle", headline: activity.title, description: activity.summary, publisher: expect.objectContaining({ name: PRODUCT }) }),
    ]);
  }
  expect(failures).toEqual([]);
  await page.close();
});

test("books without a cover titled with payloads: the card and the book's page show the typeset cover of that title and author, drawn, and nothing runs", async ({ browser }) => {
  const page = await (await visitor(browser)).newPage();
  const catalogue = await probe(page, `/katalog?q=${BOOK_MARK}`);
  expect(clean(catalogue)).toEqual(NOTHING_RAN);
  for (const book of books) {
    const expected = placeholderCoverUrl(book.title, book.author);
    const card = page.locator("article.book-card").filter({ has: page.getByRole("heading", { name: book.title, exact: true }) });
    expect(await card.count(), book.title).toBe(1);
    expect(await card.locator("img").getAttribute("src"), book.title).toBe(expected);
    expect(await card.locator(".book-card-author").textContent(), book.title).toBe(book.author);
  }
  for (const book of books) {
    const probed = await probe(page, `/katalog/${book.id}`);
    expect(clean(probed), book.title).toEqual(NOTHING_RAN);
    const cover = page.locator("img.book-page-cover");
    expect(await cover.getAttribute("src"), book.title).toBe(placeholderCoverUrl(book.title, book.author));
    expect(await cover.evaluate(async (image: HTMLImageElement) => (await image.decode(), [image.naturalWidth, image.naturalHeight])), book.title).toEqual([400, 600]);
    expect(probed.data, book.title).toEqual([expect.objectContaining({ "@type": "Book", name: book.title, author: expect.objectContaining({ name: book.author }) })]);
  }
  await page.close();
});

test("the back-office's book list shows the same typeset cover for those books, and nothing runs", async ({ adminsAt }) => {
  const admin = await adminsAt(bff!.url).open({ javaScript: true });
  const { messages: dialogs } = dismissedDialogs(admin.page);
  await admin.open(`/admin/book?q=${BOOK_MARK}`);
  for (const book of books) {
    const row = admin.page.getByRole("row").filter({ hasText: BOOK_MARK }).filter({ hasText: book.title });
    await expect(row, book.title).toHaveCount(1);
    expect(await row.getByRole("img").getAttribute("src"), book.title).toBe(placeholderCoverUrl(book.title, book.author));
  }
  expect(await admin.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
