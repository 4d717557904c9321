import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { TUPOKSI_POINTS } from "../../app/config/documents.ts";
import { type Contexts, expect, type Stack, test } from "./fixtures.ts";
import { type About, type Activity, apiData, DESKTOP, htmlToText, jakartaDate, type Officer, PHONE, records, visitPage } from "./helpers/index.ts";

/**
 * The home page's sections below the slider (spec §2 "Home sections in detail", §9 constants)
 * as a visitor sees them: texts from the upstream, clamps, the activities carousel, officers,
 * duties, the lazily loaded map, and the footer.
 */

/** The BFF's default office coordinate (OFFICE_LATITUDE / OFFICE_LONGITUDE are not set in these tests). */
const OFFICE = { latitude: -6.9218, longitude: 107.6071 };
/** Spec §9. */
const MAP_ZOOM = 13;
const TILE_HOST = "tile.openstreetmap.org";
const DATE_DD_MM_YYYY = /^\d{2}-\d{2}-\d{4}$/;

let about: About;
let history: { title: string; description: string };
let missionVision: { vision: string; mission: string };
declare global {
  interface Window {
    /** Layout shift not caused by the visitor's own input, summed (see the carousel's tests). */
    unexpectedShift?: number;
  }
}

let activities: Activity[];
let officers: Officer[];

test.beforeAll(async ({ mainStack }) => {
  const { referenceApiUrl } = mainStack;
  let abouts: About[];
  let histories: Array<typeof history>;
  let missionVisions: Array<typeof missionVision>;
  [abouts, histories, missionVisions, activities, officers] = await Promise.all([
    records(referenceApiUrl, "abouts"),
    apiData<Array<typeof history>>(referenceApiUrl, "/histories"),
    apiData<Array<typeof missionVision>>(referenceApiUrl, "/mission-vision"),
    records(referenceApiUrl, "activities"),
    records(referenceApiUrl, "officers"),
  ]);
  [about] = abouts;
  [history] = histories;
  [missionVision] = missionVisions;
});

/** The home page's address and how a visitor gets it: map tiles are refused at once, an external page the map opens gets a stand-in. */
const homeOf = ({ bffUrl }: Stack) => `${bffUrl}/`;
const HOME_OPTIONS = { standIn: true, abortHosts: [TILE_HOST] };

/** The home page as a visitor gets it, in a context closed after the test. */
function openHome(
  contexts: Contexts,
  stack: Stack,
  viewport = DESKTOP,
  options: BrowserContextOptions = {},
  beforeGoto?: (page: Page) => void | Promise<void>,
): Promise<Page> {
  return contexts.visit(homeOf(stack), { viewport, ...options, beforeGoto, ...HOME_OPTIONS });
}

/** One desktop home page for the checks that only read it; it lives until the end of the file. */
let sharedHome: Promise<Page> | undefined;
const sharedContexts: BrowserContext[] = [];
function desktopHome(browser: Browser, stack: Stack): Promise<Page> {
  sharedHome ??= visitPage(browser, homeOf(stack), { viewport: DESKTOP, ...HOME_OPTIONS }, (context) => sharedContexts.push(context));
  return sharedHome;
}

test.afterAll(async () => {
  for (const context of sharedContexts.splice(0)) await context.close();
});

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const sectionTitled = (page: Page, title: string) =>
  page.locator("section", { has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

/** The computed value of a CSS property. */
const css = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/** How many lines a block shows, and whether it hides more. */
const lines = (locator: Locator) =>
  locator.evaluate((element) => {
    const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
    return { shown: Math.round(element.clientHeight / lineHeight), hidesMore: element.scrollHeight > element.clientHeight + 1 };
  });

test.describe("vision and mission", () => {
  test("shows the vision and the mission from the upstream", async ({ browser, mainStack }) => {
    const page = await desktopHome(browser, mainStack);
    const section = sectionTitled(page, "Visi & Misi");
    expect(squash(await section.locator("article", { hasText: "Visi" }).first().locator("p").innerText())).toBe(squash(missionVision.vision));
    expect(squash(await section.locator("article", { has: page.getByRole("heading", { name: "Misi" }) }).locator("p").innerText())).toBe(
      squash(missionVision.mission),
    );
    // The mission's numbered lines stay on their own lines.
    const missionLines = missionVision.mission.split("\n").filter(Boolean).length;
    const missionBox = section.locator("article", { has: page.getByRole("heading", { name: "Misi" }) }).locator("p");
    expect((await lines(missionBox)).shown).toBeGreaterThanOrEqual(missionLines);
  });
});

test("the about and history teasers show the title and the text clamped to 5 and 6 lines, and 'BACA SELENGKAPNYA' goes to /about and /history", async ({ contexts, mainStack }) => {
  const { bffUrl } = mainStack;
  // One phone's tab, back on the home page for the second teaser.
  const page = await openHome(contexts, mainStack, PHONE);
  for (const { clamp, href, record } of [
    { clamp: 5, href: "/about", record: () => about },
    { clamp: 6, href: "/history", record: () => history },
  ]) {
    if (new URL(page.url()).pathname !== "/") await page.goto(`${bffUrl}/`);
    const { title, description } = record();
    const section = sectionTitled(page, title);
    expect(await section.count()).toBe(1);
    const text = section.locator("p");
    expect(squash(await text.innerText()).slice(0, 60)).toBe(htmlToText(description).slice(0, 60));
    expect(await css(text, "-webkit-line-clamp")).toBe(String(clamp));
    // At a phone's width the seeded text is longer than the clamp: exactly `clamp` lines show, the rest is cut.
    const { shown, hidesMore } = await lines(text);
    expect(shown).toBeLessThanOrEqual(clamp);
    if (htmlToText(description).length > 80 * clamp) expect({ shown, hidesMore }).toEqual({ shown: clamp, hidesMore: true });

    const more = section.getByRole("link", { name: "BACA SELENGKAPNYA" });
    expect(await more.getAttribute("href")).toBe(href);
    await more.click();
    await page.waitForURL(`${bffUrl}${href}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
  }
});

test.describe("activities carousel", () => {
  const slides = (page: Page) => page.locator(".activities .splide__slide:not(.splide__slide--clone)");

  test("has a card per activity with its image, DD-MM-YYYY date, clamped title and text, and a link to /activity/{id}", async ({ browser, mainStack }) => {
    const page = await desktopHome(browser, mainStack);
    expect(await slides(page).count()).toBe(activities.length);
    for (const [index, activity] of activities.entries()) {
      const card = slides(page).nth(index);
      if (activity.file) expect(await card.locator("img").getAttribute("src"), activity.title).toBe(`/files/${activity.file}`);
      const date = await card.locator("time").textContent();
      expect(date, activity.title).toMatch(DATE_DD_MM_YYYY);
      expect(date, activity.title).toBe(jakartaDate(activity.date));
      expect(await card.locator("h3").textContent()).toBe(activity.title);
      expect(await css(card.locator("h3"), "-webkit-line-clamp")).toBe("2");
      expect(await css(card.locator("p"), "-webkit-line-clamp")).toBe("3");
      expect(squash((await card.locator("p").textContent()) ?? "").slice(0, 40)).toBe(htmlToText(activity.description).slice(0, 40));
      const link = card.getByRole("link", { name: /BACA SELENGKAPNYA/, includeHidden: true });
      expect(await link.getAttribute("href")).toBe(`/activity/${activity.id}`);
    }
  });

  test("a card's 'BACA SELENGKAPNYA' opens that activity", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    const page = await openHome(contexts, mainStack);
    const carousel = page.locator(".activities");
    await carousel.scrollIntoViewIfNeeded();
    // Let the carousel rest while the visitor reaches for a link.
    await carousel.hover();
    const index = await slides(page).evaluateAll((elements) => {
      const track = elements[0].closest(".splide__track")!.getBoundingClientRect();
      return elements.findIndex((slide) => {
        const box = slide.getBoundingClientRect();
        return box.left >= track.left - 1 && box.right <= track.right + 1;
      });
    });
    expect(index, "a whole card in view").toBeGreaterThanOrEqual(0);
    const activity = activities[index];
    await slides(page).nth(index).locator("a.read-more").click();
    await page.waitForURL(`${bffUrl}/activity/${activity.id}`);
    await page.getByRole("heading", { level: 1, name: activity.title }).waitFor();
    expect(await page.locator("main time").textContent()).toBe(jakartaDate(activity.date));
  });

  /** Cards wholly inside the carousel's track and the viewport. */
  const wholeCards = (page: Page) =>
    page.locator(".activities").evaluate((element) => {
      const track = element.querySelector(".splide__track")!.getBoundingClientRect();
      const left = Math.max(track.left, 0);
      const right = Math.min(track.right, window.innerWidth);
      return [...element.querySelectorAll(".splide__slide")]
        .filter((slide) => {
          const box = slide.getBoundingClientRect();
          return box.width > 0 && box.left >= left - 1 && box.right <= right + 1;
        })
        .map((slide) => slide.querySelector("h3")?.textContent ?? "");
    });

  for (const { width, cards } of [
    { width: 375, cards: 1 },
    { width: 800, cards: 2 },
    { width: 1280, cards: 3 },
  ]) test(`at ${width} px shows ${cards} whole card(s), the newest activities first, on load and after moving a page`, async ({ contexts, mainStack }) => {
    const page = await openHome(contexts, mainStack, { width, height: 800 }, {}, (page) => page.clock.install());
    // The page's clock stands still while the cards are first read: the first autoplay step (5 s
    // after the carousel mounts, as it comes near) cannot come before, however long a loaded
    // machine takes. It stops a second ahead: its own time runs on until the call arrives.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.locator(".activities").scrollIntoViewIfNeeded();
    const newest = activities.slice(0, cards).map((activity) => activity.title);
    // Soft: the count after moving a page (below) is worth knowing even when this fails.
    await expect.configure({ soft: true }).poll(() => wholeCards(page), { message: "whole cards on load", intervals: [100] }).toEqual(newest);
    await page.clock.resume();
    await page.getByRole("button", { name: "Kegiatan berikutnya" }).click();
    // The move takes 400 ms; an autoplay step may follow.
    await expect.poll(async () => (await wholeCards(page)).length, { message: "after moving a page" }).toBe(cards);
  });

  // Splide is loaded and mounted as the carousel comes near (ActivitiesCarousel.tsx): by then the
  // visitor may be looking at it, and the cards must not change size under their eyes.
  for (const width of [375, 600, 1024, 1280]) test(`at ${width} px keeps its layout when Splide takes over on screen`, async ({ contexts, mainStack }) => {
    const page = await openHome(contexts, mainStack, { width, height: 700 }, {}, async (page) => {
      await page.addInitScript(() => {
        window.unexpectedShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) window.unexpectedShift! += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
    });
    const beforeScrolling = await page.evaluate(() => window.unexpectedShift!);
    await page.evaluate(() => document.querySelector(".activities")!.scrollIntoView({ block: "center" }));
    await page.locator(".activities.is-initialized").waitFor();
    // Layout shifts are reported after the frame that had them.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.unexpectedShift!) - beforeScrolling).toBeLessThan(0.005);
  });
});

test.describe("React islands", () => {
  test("the carousel and the map are hydrated alone, each as it nears, with the server's HTML kept and no hydration error", async ({ contexts, mainStack }) => {
    const errors: string[] = [];
    const page = await openHome(contexts, mainStack, PHONE, {}, (tab) => {
      tab.on("console", (message) => {
        // Map tiles are refused in these tests (abortHosts): their failed loads are not the page's errors.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
      });
      tab.on("pageerror", (error) => errors.push(error.message));
    });
    const island = (name: string) => page.locator(`[data-island="${name}"]`);
    // The server rendered both components: the carousel's cards and the map's link are in the HTML.
    expect(await island("activities-carousel").locator(".splide__slide").count()).toBe(activities.length);
    expect(await island("office-map").getByRole("link", { name: /Buka lokasi di peta/ }).count()).toBe(1);
    expect(await page.locator("[data-island-hydrated]").count()).toBe(0);
    // Nothing else of the page is React's: no root, no Remix context.
    expect(await page.evaluate(() => "__remixContext" in window || "__reactRouterContext" in window)).toBe(false);

    await island("activities-carousel").scrollIntoViewIfNeeded();
    await page.locator('[data-island="activities-carousel"][data-island-hydrated] .activities.is-initialized').waitFor();
    expect(await island("office-map").getAttribute("data-island-hydrated")).toBeNull();
    const mapHeight = async () => (await island("office-map").boundingBox())!.height;
    const heightBefore = await mapHeight();
    await island("office-map").scrollIntoViewIfNeeded();
    await page.locator('[data-island="office-map"][data-island-hydrated] .leaflet-container').waitFor();
    // The map takes the link's box: nothing below it moves.
    expect(await mapHeight()).toBe(heightBefore);
    expect(errors).toEqual([]);
  });
});

test.describe("officers", () => {
  test("lists each officer with a round photo that loads, name, additional text and position, in two columns", async ({ browser, mainStack }) => {
    const page = await desktopHome(browser, mainStack);
    const items = sectionTitled(page, "Pejabat").locator("li");
    expect(await items.count()).toBe(officers.length);
    for (const [index, officer] of officers.entries()) {
      const item = items.nth(index);
      expect(await item.locator(".officer-name").textContent()).toBe(officer.name);
      expect(await item.locator(".officer-position").textContent()).toBe(officer.position);
      if (officer.additional_text) expect(await item.getByText(officer.additional_text, { exact: true }).count()).toBe(1);
      const photo = item.locator(officer.file ? "img" : ".officer-photo-placeholder");
      expect(await css(photo, "border-radius")).toBe("50%");
      if (!officer.file) continue;
      expect(await photo.getAttribute("alt")).toContain(officer.name);
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { message: officer.name }).toBeGreaterThan(0);
      const box = (await photo.boundingBox())!;
      expect(Math.round(box.width)).toBe(Math.round(box.height));
    }
    const [first, second] = [(await items.nth(0).boundingBox())!, (await items.nth(1).boundingBox())!];
    expect(second.y).toBeCloseTo(first.y, 0);
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
  });
});

test.describe("duties block", () => {
  test("lists the duties' main points and links 'BACA SELENGKAPNYA' to /tupoksi.pdf in a new tab", async ({ browser, mainStack }) => {
    const page = await desktopHome(browser, mainStack);
    const section = sectionTitled(page, "Tugas Pokok dan Fungsi");
    expect(await section.getByRole("listitem").allInnerTexts()).toEqual([...TUPOKSI_POINTS]);
    const more = section.getByRole("link", { name: /BACA SELENGKAPNYA/ });
    expect(await more.getAttribute("href")).toBe("/tupoksi.pdf");
    expect(await more.getAttribute("target")).toBe("_blank");
    expect(await more.isVisible()).toBe(true);
  });
});

/** The slippy-map tile that holds a point at a zoom (the OpenStreetMap scheme). */
function tileOf(latitude: number, longitude: number, zoom: number) {
  const n = 2 ** zoom;
  const rad = (latitude * Math.PI) / 180;
  return {
    x: Math.floor(((longitude + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

test.describe("map", () => {
  test("loads nothing of Leaflet until the map is scrolled into view, then shows the office marker at zoom 13", async ({ contexts, mainStack }) => {
    const requests: string[] = [];
    const scripts: Array<Promise<string>> = [];
    const page = await openHome(contexts, mainStack, PHONE, {}, (tab) => {
      tab.on("request", (request) => requests.push(request.url()));
      tab.on("response", (response) => {
        if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
      });
    });
    // The page's IntersectionObservers report on the islands in the first frames after its script
    // ran; one made now reports on the map after them. By then a map that counted as near would
    // have asked for the islands' loader, the only way to Leaflet (its chunks come after it).
    await page.locator('[data-island="office-map"]').evaluate(
      (box) =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver(() => {
            observer.disconnect();
            resolve();
          });
          observer.observe(box);
        }),
    );
    const leafletish = (url: string) => /leaflet|OfficeMap/i.test(url);
    expect(requests.filter((url) => /^\/build\/.*islands/i.test(new URL(url).pathname)), "the islands' loader before scrolling").toEqual([]);
    expect(requests.filter(leafletish), "requests before scrolling").toEqual([]);
    expect(requests.some((url) => url.includes(TILE_HOST))).toBe(false);
    expect((await Promise.all(scripts)).some((body) => body.includes("leaflet-container")), "Leaflet's code in the first load").toBe(false);
    expect(await page.locator(".leaflet-container").count()).toBe(0);

    await sectionTitled(page, "Lokasi Kantor").scrollIntoViewIfNeeded();
    await page.locator(".leaflet-container").waitFor();
    const marker = page.getByRole("button", { name: "Lokasi kantor" }).or(page.locator(".leaflet-marker-icon"));
    await marker.first().waitFor();
    expect(requests.some(leafletish)).toBe(true);
    const tile = tileOf(OFFICE.latitude, OFFICE.longitude, MAP_ZOOM);
    await expect.poll(() => requests.some((url) => url.includes(`${TILE_HOST}/${MAP_ZOOM}/${tile.x}/${tile.y}.png`))).toBe(true);
  });

  test("clicking the map opens the office's location on an external map in a new tab; the marker's popup shows the address and the coordinate", async ({ contexts, mainStack }) => {
    const page = await openHome(contexts, mainStack);
    await sectionTitled(page, "Lokasi Kantor").scrollIntoViewIfNeeded();
    const map = page.locator(".leaflet-container");
    await map.waitFor();
    await page.locator(".leaflet-marker-icon").waitFor();
    const box = (await map.boundingBox())!;
    const [external] = await Promise.all([
      page.context().waitForEvent("page"),
      // Away from the marker (centre), the zoom buttons (top left) and the attribution (bottom right).
      page.mouse.click(box.x + box.width * 0.75, box.y + box.height * 0.25),
    ]);
    await expect.poll(() => decodeURIComponent(external.url())).toContain(`${OFFICE.latitude},${OFFICE.longitude}`);
    expect(new URL(external.url()).protocol).toBe("https:");
    expect(new URL(page.url()).pathname).toBe("/");

    await page.locator(".leaflet-marker-icon").click();
    await page.locator(".leaflet-popup-content").waitFor();
    const popup = squash((await page.locator(".leaflet-popup-content").textContent()) ?? "");
    expect(popup).toContain(`${OFFICE.latitude}, ${OFFICE.longitude}`);
    expect(popup).toContain(squash(about.address));
  });

  test("without JavaScript shows the address and a 'Buka lokasi di peta' link", async ({ contexts, mainStack }) => {
    const page = await openHome(contexts, mainStack, PHONE, { javaScriptEnabled: false });
    const section = sectionTitled(page, "Lokasi Kantor");
    expect(await section.getByText(about.address, { exact: true }).isVisible()).toBe(true);
    const link = section.getByRole("link", { name: /Buka lokasi di peta/ });
    expect(await link.isVisible()).toBe(true);
    expect(decodeURIComponent((await link.getAttribute("href"))!)).toContain(`${OFFICE.latitude},${OFFICE.longitude}`);
    expect(await link.getAttribute("target")).toBe("_blank");
  });
});

test.describe("footer", () => {
  test("has the contact details of the about record, the social links, the QR code, the legal links and © 2024", async ({ browser, mainStack }) => {
    const page = await desktopHome(browser, mainStack);
    const footer = page.locator("footer");
    expect(await footer.getByText(about.address, { exact: true }).isVisible()).toBe(true);

    const phone = footer.getByRole("link", { name: about.phone, exact: true });
    expect(await phone.getAttribute("href")).toBe(`tel:${about.phone.replace(/[^\d+]/g, "")}`);
    const email = footer.getByRole("link", { name: about.email, exact: true });
    expect(await email.getAttribute("href")).toBe(`mailto:${about.email}`);

    const social = footer.getByRole("list", { name: "Media sosial" }).getByRole("link");
    const hrefs = await social.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const handle of [about.facebook, about.instagram, about.twitter, about.youtube, about.tiktok].filter(Boolean)) {
      expect(hrefs.some((href) => href.startsWith("https://") && href.endsWith(handle)), handle).toBe(true);
    }
    for (const link of await social.all()) expect(await link.getAttribute("target")).toBe("_blank");

    const qr = footer.getByRole("img", { name: "Kode QR unduhan aplikasi" });
    await qr.scrollIntoViewIfNeeded();
    // Loaded (it is lazy), and drawn from the SVG the site serves.
    await qr.evaluate((image: HTMLImageElement) => image.decode());
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const qrBox = (await qr.boundingBox())!;
    expect(qrBox.width).toBeGreaterThan(60);
    expect(Math.round(qrBox.width)).toBe(Math.round(qrBox.height));

    expect(await footer.getByRole("link", { name: "Kebijakan Privasi" }).getAttribute("href")).toBe("/privacy-policy");
    expect(await footer.getByRole("link", { name: "Syarat & Ketentuan" }).getAttribute("href")).toBe("/terms");
    expect(await footer.getByText(/© 2024/).isVisible()).toBe(true);
  });
});
