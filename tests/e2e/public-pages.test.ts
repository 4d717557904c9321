import type { Browser, BrowserContext, ConsoleMessage, Page } from "playwright-core";
import { expect, test } from "./fixtures.ts";
import {
  apiData,
  axeViolations,
  catalogueBooks,
  decodeHtmlEntities,
  htmlToText,
  jakartaDate,
  keepScreenshot,
  records,
  referenceApiToken,
  STAFF_EMAIL,
  waitForHydrationOrExplain,
} from "./helpers/index.ts";

/**
 * Every public page (spec §2) as a visitor and a search engine get it: server-rendered content,
 * the title rule of spec §1, SEO tags, no console errors, no serious accessibility violation,
 * at a phone width and a desktop width. With E2E_SCREENSHOTS=1, screenshots land in
 * tests/e2e/screenshots/public-*.png for a person to look at.
 */

/** Spec §1 (the deployment's default product title). */
const PRODUCT = "Dinas Perpustakaan dan Kearsipan";
/** The only external host a public page may load from (map tiles); this machine has no internet. */
const TILE_HOST = "tile.openstreetmap.org";
/** A cheap phone and an office laptop (issue 50: axe at 360 px and 1366 px). */
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
];

interface PublicPage {
  name: string;
  path: string;
  /** The whole <title>. */
  title: string;
  /** The text of the page's <h1>. */
  heading: string;
  /** Texts that must be in the server HTML (the content, not only the frame). */
  texts: string[];
}

/** The first few words of a rich text's plain form: enough to recognise the content. */
function opening(html: string, words = 10): string {
  return htmlToText(html).split(" ").slice(0, words).join(" ");
}

let pages: PublicPage[] = [];

test.beforeAll(async ({ mainStack }) => {
  const { referenceApiUrl } = mainStack;
  const [banners, abouts, histories, activities, missionVision] = await Promise.all([
    records(referenceApiUrl, "banners"),
    records(referenceApiUrl, "abouts"),
    records(referenceApiUrl, "histories"),
    records(referenceApiUrl, "activities"),
    apiData<Array<{ vision: string }>>(referenceApiUrl, "/mission-vision"),
  ]);
  const [about] = abouts;
  const [history] = histories;
  const [activity] = activities;
  // Koleksi Digital, read as the site reads it: with the role-1 account (tests/e2e/helpers/processes.ts).
  const books = await catalogueBooks(referenceApiUrl);
  const videos = await records(referenceApiUrl, "videos", { token: await referenceApiToken(referenceApiUrl, STAFF_EMAIL) });
  const newestBook = books.reduce((newest, book) => (book.id > newest.id ? book : newest));
  pages = [
    {
      name: "home",
      path: "/",
      title: PRODUCT,
      heading: banners[0].title,
      texts: [banners[0].title, missionVision[0].vision, about.title, history.title, activities[0].title, "Lihat semua kegiatan", "Tugas Pokok dan Fungsi"],
    },
    { name: "about", path: "/about", title: `${PRODUCT} | Tentang Kami`, heading: about.title, texts: [opening(about.description)] },
    { name: "history", path: "/history", title: `${PRODUCT} | Sejarah`, heading: history.title, texts: [opening(history.description)] },
    {
      name: "activity",
      path: `/activity/${activity.id}`,
      title: `${PRODUCT} | ${activity.title}`,
      heading: activity.title,
      texts: [opening(activity.description), jakartaDate(activity.date)],
    },
    {
      name: "activities",
      path: "/activity",
      title: `${PRODUCT} | Kegiatan`,
      heading: "Kegiatan",
      texts: [activities[0].title, `${activities.length} kegiatan`],
    },
    {
      name: "organization-tree",
      path: "/organization-tree",
      title: `${PRODUCT} | Struktur Organisasi`,
      heading: `Struktur Organisasi ${PRODUCT}`,
      // Spec §2: head of office, then secretary, then the three units.
      texts: ["Kepala Dinas", "Sekretaris", "Subbagian Umum dan Kepegawaian", "Bidang Kearsipan", "Bidang Perpustakaan"],
    },
    {
      name: "catalogue",
      path: "/katalog",
      title: `${PRODUCT} | Koleksi Digital`,
      heading: "Koleksi Digital",
      texts: [newestBook.title, newestBook.author.name, `${books.length.toLocaleString("id-ID")} buku`, "Judul, pengarang, penerbit, ISBN atau subjek"],
    },
    {
      name: "book",
      path: `/katalog/${newestBook.id}`,
      title: `${PRODUCT} | ${newestBook.title}`,
      heading: newestBook.title,
      texts: [newestBook.author.name, newestBook.synopsis, "Baca di aplikasi"],
    },
    {
      name: "videos",
      path: "/katalog/video",
      title: `${PRODUCT} | Video`,
      heading: "Video",
      texts: [videos[0].title, `${videos.length} video`],
    },
    {
      name: "privacy-policy",
      path: "/privacy-policy",
      title: `${PRODUCT} | Kebijakan Privasi`,
      heading: "Kebijakan Privasi",
      texts: [opening(about.privacy_policy.replace(/<h2>[\s\S]*?<\/h2>/, ""))],
    },
    {
      name: "terms",
      path: "/terms",
      title: `${PRODUCT} | Syarat & Ketentuan`,
      heading: "Syarat & Ketentuan",
      texts: [opening(about.terms_and_condition.replace(/<h2>[\s\S]*?<\/h2>/, ""))],
    },
  ];
});

/** The attributes of every <meta> and <link> in the document head. */
function headTags(html: string): Array<{ tag: string; attrs: Record<string, string> }> {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<(meta|link)\b([^>]*)>/gi)].map(([, tag, raw]) => ({
    tag: tag.toLowerCase(),
    attrs: Object.fromEntries([...raw.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), decodeHtmlEntities(value)])),
  }));
}

function metaContent(html: string, key: string): string | undefined {
  return headTags(html).find(({ tag, attrs }) => tag === "meta" && (attrs.name === key || attrs.property === key))?.attrs.content;
}

// The list is built in beforeAll; the loop of describe blocks needs the names now.
const PAGE_NAMES = ["home", "about", "history", "activity", "activities", "organization-tree", "catalogue", "book", "videos", "privacy-policy", "terms"];
const pageNamed = (name: string) => pages.find((candidate) => candidate.name === name)!;

for (const name of PAGE_NAMES) test.describe(`public page ${name}`, () => {
  test("answers 200 with its content, lang, title, description, Open Graph and canonical in the server HTML", async ({ mainStack }) => {
    const { bffUrl } = mainStack;
    const page = pageNamed(name);
    const response = await fetch(`${bffUrl}${page.path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();

    expect(html).toMatch(/<html[^>]*\blang="id"/);
    const title = html.match(/<title>([\s\S]*?)<\/title>/)?.[1];
    expect(title && decodeHtmlEntities(title)).toBe(page.title);

    const h1 = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)?.[1];
    expect(h1 && htmlToText(h1)).toBe(page.heading);
    const text = htmlToText(html.slice(html.indexOf("<main")));
    for (const expected of page.texts) expect(text).toContain(expected);

    expect(metaContent(html, "description")?.trim()).toBeTruthy();
    expect(metaContent(html, "og:title")).toBe(page.title);
    const url = `${bffUrl}${page.path}`;
    expect(metaContent(html, "og:url")).toBe(url);
    const canonical = headTags(html).find(({ tag, attrs }) => tag === "link" && attrs.rel === "canonical");
    expect(canonical?.attrs.href).toBe(url);

    // A shared link shows a picture: the page's own, or the site's (1200×630 PNG of the logo and name).
    const image = metaContent(html, "og:image");
    expect(image).toMatch(new RegExp(`^${bffUrl}/`));
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    const picture = await fetch(image!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toMatch(/^image\//);
    if (image!.includes("/share-image.png")) {
      expect(picture.headers.get("content-type")).toBe("image/png");
      const bytes = new Uint8Array(await picture.arrayBuffer());
      // The PNG's own size, in its header (IHDR: width and height, big-endian, from byte 16).
      const view = new DataView(bytes.buffer);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    } else await picture.arrayBuffer();

    // An activity is a NewsArticle for search engines and news readers.
    if (name === "activity") {
      const structured = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]) as Record<string, unknown>);
      expect(structured).toEqual([
        expect.objectContaining({ "@context": "https://schema.org", "@type": "NewsArticle", headline: page.heading, url, mainEntityOfPage: url, publisher: expect.objectContaining({ "@type": "GovernmentOrganization", name: PRODUCT }) }),
      ]);
    }
  });

  for (const viewport of VIEWPORTS) test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test("renders without console errors, and axe finds nothing, of any impact, targets of 24 px included", async ({ browser, mainStack }) => {
      const { bffUrl } = mainStack;
      const page = pageNamed(name);
      const { tab, errors } = await tabAt(browser, viewport);
      errors.length = 0;
      const response = await tab.goto(`${bffUrl}${page.path}`);
      expect(response?.status()).toBe(200);
      await waitForHydrationOrExplain(tab);
      expect(await tab.getAttribute("html", "lang")).toBe("id");
      expect(await tab.title()).toBe(page.title);
      await expect.poll(() => tab.locator("h1").first().innerText()).toBe(page.heading);

      await loadWholePage(tab);
      await keepScreenshot(tab, `public-${page.name}-${viewport.width}`, { fullPage: true });

      expect(await axeViolations(tab, { targetSize: true }), `axe on ${page.path} at ${viewport.width}px`).toEqual([]);
      expect(errors, `console errors on ${page.path} at ${viewport.width}px`).toEqual([]);
    });
  });
});

/** One tab per viewport, reused page after page (the site's assets stay cached, as for a visitor). */
const tabs = new Map<number, Promise<{ tab: Page; errors: string[] }>>();
const tabContexts: BrowserContext[] = [];
function tabAt(browser: Browser, viewport: { width: number; height: number }) {
  let entry = tabs.get(viewport.width);
  if (!entry) {
    entry = (async () => {
      // Lives until the end of the file (closed after its last test).
      const context = await browser.newContext({ viewport });
      tabContexts.push(context);
      // No internet here: the tile host is refused at once instead of waiting for DNS.
      await context.route((url) => url.hostname === TILE_HOST, (route) => route.abort("internetdisconnected"));
      const tab = await context.newPage();
      const errors: string[] = [];
      const isTileFailure = (message: ConsoleMessage) =>
        message.location().url.includes(TILE_HOST) || message.text().includes(TILE_HOST);
      tab.on("console", (message) => {
        if (message.type() === "error" && !isTileFailure(message)) errors.push(`${message.text()} (${message.location().url})`);
      });
      tab.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      return { tab, errors };
    })();
    tabs.set(viewport.width, entry);
  }
  return entry;
}

test.afterAll(async () => {
  for (const context of tabContexts.splice(0)) await context.close();
});

/**
 * Scrolls to the bottom and back (lazy images, the map), then waits until every image has loaded
 * and what moves has come to rest.
 */
async function loadWholePage(tab: Page): Promise<void> {
  await tab.evaluate(async () => {
    // Two frames at each stop: the frame that shows it, in which the page's and the browser's
    // IntersectionObservers (lazy images, the islands) see it, and the next, when they have.
    const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await twoFrames();
    }
    window.scrollTo(0, 0);
    // The header's scroll listener has run (its shadow starts to fade) by then.
    await twoFrames();
  });
  // Images a visitor can see (not those of hidden slides or carousel cards off to the side).
  await tab.waitForFunction(
    () =>
      [...document.images]
        .filter((image) => {
          const box = image.getBoundingClientRect();
          return image.checkVisibility({ visibilityProperty: true }) && box.right > 0 && box.left < window.innerWidth;
        })
        .every((image) => image.complete),
    undefined,
    { timeout: 10_000 },
  );
  // The header's shadow and the slides fade (0.2 s, 0.5 s): every running animation or
  // transition with an end (not the endless ones) has finished.
  await tab.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

test.describe("a short page", () => {
  test("ends with its footer at the window's bottom edge, with no grey band under it", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    const tab = await (await contexts.newContext({ viewport: { width: 1280, height: 2400 }, javaScriptEnabled: false })).newPage();
    await tab.goto(`${bffUrl}/terms`);
    const { footerBottom, pageHeight, windowHeight } = await tab.evaluate(() => ({
      footerBottom: document.querySelector(".site-footer")!.getBoundingClientRect().bottom,
      pageHeight: document.documentElement.scrollHeight,
      windowHeight: innerHeight,
    }));
    // The page is short here (else the check says nothing), and its footer reaches the bottom.
    expect(pageHeight).toBe(windowHeight);
    expect(Math.round(footerBottom)).toBe(windowHeight);
  });
});

test.describe("unknown pages", () => {
  const UNKNOWN = ["/activity/999999", "/activity/abc", "/tidak-ada", "/admin/tidak-ada", "/files/a/b", "/activity/1/lagi"];
  for (const pagePath of UNKNOWN) test(`${pagePath} answers 404 with the Indonesian page inside the header and footer, titled by the prefix alone`, async ({ mainStack }) => {
    const response = await fetch(`${mainStack.bffUrl}${pagePath}`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<html[^>]*\blang="id"/);
    expect(htmlToText(html.match(/<title>([\s\S]*?)<\/title>/)?.[1] ?? "")).toBe(PRODUCT);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(htmlToText(main.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "")).toBe("Halaman tidak ditemukan");
    expect(html.indexOf('class="site-header')).toBeGreaterThan(-1);
    expect(html.indexOf('class="site-header')).toBeLessThan(html.indexOf("<main"));
    expect(html.indexOf('class="site-footer')).toBeGreaterThan(html.indexOf("</main>"));
  });

  for (const method of ["POST", "PUT", "DELETE"]) test(`a form sent with ${method} to an address no route has is a 404 too, not a 405`, async ({ mainStack }) => {
    const { bffUrl } = mainStack;
    const response = await fetch(`${bffUrl}/tidak-ada`, {
      method,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: bffUrl },
      body: "a=1",
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Halaman tidak ditemukan");
  });

  test("a body over the form limit sent to an address no route has is refused before it is read", async ({ mainStack }) => {
    const { bffUrl } = mainStack;
    // FORM_MAX_BYTES is 1 MiB by default: the body gate bounds an unknown address like any form.
    const response = await fetch(`${bffUrl}/tidak-ada`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: bffUrl },
      body: `a=${"x".repeat(2 * 1024 * 1024)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Ukuran kiriman melebihi batas");
  });

  test("a visitor sees the 404 page with the site's navigation and footer", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    const tab = await (await contexts.newContext({ viewport: VIEWPORTS[1] })).newPage();
    const pageErrors: string[] = [];
    tab.on("pageerror", (error) => pageErrors.push(error.message));
    const response = await tab.goto(`${bffUrl}/activity/999999`);
    expect(response?.status()).toBe(404);
    await waitForHydrationOrExplain(tab);
    await tab.getByRole("heading", { level: 1, name: "Halaman tidak ditemukan" }).waitFor();
    await tab.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Sejarah" }).waitFor();
    await tab.locator("footer").getByText("© 2024").waitFor();
    await tab.getByRole("link", { name: "Kembali ke beranda" }).click();
    await tab.waitForURL(`${bffUrl}/`);
    expect(pageErrors).toEqual([]);
  });
});
