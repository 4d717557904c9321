import { PUBLIC_DOCUMENTS, TUPOKSI_POINTS, documentHref } from "../../app/config/documents.ts";
import { expect, test } from "./fixtures.ts";
import { type Activity, apiData, type Bff, bffEnv, closedLoopbackPort, decodeHtmlEntities, htmlToText, PHONE, removeDir, startBff, tempDir } from "./helpers/index.ts";

/**
 * Issue 50, point 6: its new public states (the header's Dokumen group with each PDF's size and
 * date, the duties' points on the home page, the typeset covers in the catalogue, an activity's
 * picture for shared links and its NewsArticle data) are in the server's HTML and in the
 * whole-page cache: the second anonymous view of each page is the kept copy (the cache's own
 * count of hits, on a site of this file's own with METRICS_PORT), byte for byte the first, with
 * those states in it. And the duties' block reads without JavaScript.
 */

let bff: Bff | undefined;
let dataDir: string | undefined;
let metricsUrl = "";

test.beforeAll(async ({ mainStack }) => {
  dataDir = await tempDir("new-states");
  const metricsPort = await closedLoopbackPort();
  // Reads only: the worker's reference API, no record written.
  bff = await startBff(bffEnv({ UPSTREAM_API_URL: mainStack.referenceApiUrl, DATA_DIR: dataDir, METRICS_PORT: String(metricsPort) }));
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
});

test.afterAll(async () => {
  await bff?.proc.stop();
  await removeDir(dataDir);
});

/** The whole-page cache's hits so far. */
async function pageCacheHits(): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return Number(/^dispusip_page_cache_lookups_total\{result="hit"\} (\S+)$/m.exec(text)?.[1] ?? 0);
}

/** The page as an anonymous visitor's browser gets it twice: the second answer, the first's body, and whether the second was the cache's. */
async function viewedTwice(pagePath: string): Promise<{ html: string; fromCache: boolean; sameBytes: boolean; cacheControl: string | null }> {
  const first = await fetch(`${bff!.url}${pagePath}`);
  expect(first.status, pagePath).toBe(200);
  const firstHtml = await first.text();
  const hits = await pageCacheHits();
  const second = await fetch(`${bff!.url}${pagePath}`);
  expect(second.status, pagePath).toBe(200);
  const html = await second.text();
  return { html, fromCache: (await pageCacheHits()) === hits + 1, sameBytes: html === firstHtml, cacheControl: second.headers.get("cache-control") };
}

/** The Dokumen group as the server wrote it: each PDF's link and the text it reads as. */
function documentsGroup(html: string): Array<{ href: string; text: string }> {
  const group = html.slice(html.indexOf('<details class="site-nav-group"'), html.indexOf("</details>"));
  return [...group.matchAll(/<a href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map(([, href, inner]) => ({ href: decodeHtmlEntities(href), text: htmlToText(inner) }));
}

test("the home page is kept whole with its Dokumen group (each PDF, its size and date) and the duties' points", async () => {
  const { html, fromCache, sameBytes, cacheControl } = await viewedTwice("/");
  expect(fromCache).toBe(true);
  expect(sameBytes).toBe(true);
  expect(cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+/);
  const documents = documentsGroup(html);
  expect(documents.map(({ href }) => href)).toEqual(PUBLIC_DOCUMENTS.map(({ name }) => documentHref(name)));
  for (const [index, { title }] of PUBLIC_DOCUMENTS.entries()) expect(documents[index].text).toMatch(new RegExp(`^${title} PDF, \\d+(,\\d)? (KB|MB) ?, diperbarui \\d{2}-\\d{2}-\\d{4}`));
  const text = htmlToText(html.slice(html.indexOf("<main")));
  expect(text).toContain("Tugas Pokok dan Fungsi");
  for (const point of TUPOKSI_POINTS) expect(text).toContain(point);
});

test("an activity's page is kept whole with its og:image, twitter:card and NewsArticle data", async ({ mainStack }) => {
  const [activity] = await apiData<Activity[]>(mainStack.referenceApiUrl, "/activities");
  const { html, fromCache, sameBytes } = await viewedTwice(`/activity/${activity.id}`);
  expect(fromCache).toBe(true);
  expect(sameBytes).toBe(true);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+"/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  const data = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(([, json]) => JSON.parse(json) as Record<string, unknown>);
  expect(data).toEqual([expect.objectContaining({ "@type": "NewsArticle", headline: activity.title })]);
  expect(documentsGroup(html)).toHaveLength(PUBLIC_DOCUMENTS.length);
});

test("the catalogue is kept whole with each card's cover: the book's own, or its typeset one", async () => {
  const { html, fromCache, sameBytes } = await viewedTwice("/katalog");
  expect(fromCache).toBe(true);
  expect(sameBytes).toBe(true);
  const covers = [...html.matchAll(/<article class="book-card"><img src="([^"]+)"/g)].map(([, src]) => decodeHtmlEntities(src));
  expect(covers.length).toBeGreaterThan(0);
  for (const src of covers) expect(src).toMatch(/^\/covers\/|^\/cover-placeholder\.svg\?judul=[^&]+(&pengarang=[^&]+)?&v=\d+$/);
});

test("without JavaScript, at a phone's width, the duties' block lists its points and links the whole Tupoksi", async ({ contexts }) => {
  const page = await contexts.visit(`${bff!.url}/`, { viewport: PHONE, javaScriptEnabled: false });
  const section = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Tugas Pokok dan Fungsi", exact: true }) });
  await section.scrollIntoViewIfNeeded();
  expect(await section.getByRole("listitem").allInnerTexts()).toEqual([...TUPOKSI_POINTS]);
  const more = section.getByRole("link", { name: /BACA SELENGKAPNYA/ });
  expect(await more.isVisible()).toBe(true);
  expect(await more.getAttribute("href")).toBe("/tupoksi.pdf");
  // Every point is in the window's width, none hidden by a clamp that needs script to open.
  for (const item of await section.getByRole("listitem").all()) {
    const box = (await item.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await item.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
  }
});
