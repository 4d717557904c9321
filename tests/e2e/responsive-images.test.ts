import type { Browser, BrowserContext, Request } from "playwright-core";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { apiData, waitForHydration } from "./helpers/index.ts";

/**
 * What responsive images save a phone visitor: each public page with images is loaded in
 * Chromium at 375 CSS px, deviceScaleFactor 2 (a common phone), once as served (srcset/sizes)
 * and once with srcset/sizes taken out of the HTML (the originals, as before), and the image
 * bytes transferred are summed. Reduced motion keeps both sliders still, so both loads see the
 * same slides. The seeded originals are PNGs, heavier than the JPEG photos most admins upload,
 * so the saving is also checked against the originals re-encoded as good JPEGs (quality 85).
 */

const PHONE = { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

type Mode = "responsive" | "originals";

interface Load {
  bytes: number;
  /** What the same pictures would weigh as JPEG photos at full size (measured on the originals only). */
  jpegBytes: number;
  images: number;
  /** Each loaded stored image: the width it was asked at (null: the original), and the device pixels it covers. */
  chosen: Array<{ url: string; width: number | null; needed: number }>;
  priorities: Array<{ url: string; loading: string | null; fetchPriority: string | null; top: number }>;
  /** Cumulative layout shift. */
  layoutShift: number;
}

declare global {
  interface Window {
    layoutShifts?: number[];
  }
}

let activityPath = "";
const results = new Map<string, Record<Mode, Load>>();

function isStoredImage(request: Request): boolean {
  const { pathname } = new URL(request.url());
  return request.resourceType() === "image" && (pathname.startsWith("/files/") || pathname.startsWith("/covers/"));
}

/** The page as it was before srcset: every image element asks for its `src`, the original. */
async function withoutSrcset(context: BrowserContext, bffUrl: string) {
  await context.route(
    (url) => url.origin === new URL(bffUrl).origin,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const html = (await response.text()).replace(/\s(?:srcset|sizes)="[^"]*"/gi, "");
      const headers = { ...response.headers() };
      delete headers["content-length"];
      delete headers["content-encoding"];
      await route.fulfill({ response, headers, body: html });
    },
  );
}

async function measure(request: Request, mode: Mode): Promise<{ url: string; bytes: number; jpegBytes: number }> {
  const { responseBodySize } = await request.sizes();
  if (mode === "responsive") return { url: request.url(), bytes: responseBodySize, jpegBytes: 0 };
  const original = await (await request.response())?.body();
  const jpeg = original ? await sharp(original).jpeg({ quality: 85, mozjpeg: true }).toBuffer() : Buffer.alloc(0);
  return { url: request.url(), bytes: responseBodySize, jpegBytes: jpeg.byteLength };
}

async function load(browser: Browser, bffUrl: string, pagePath: string, mode: Mode): Promise<Load> {
  const context = await browser.newContext({ ...PHONE, reducedMotion: "reduce" });
  try {
    if (mode === "originals") await withoutSrcset(context, bffUrl);
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.layoutShifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.layoutShifts?.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    const sizes: Array<ReturnType<typeof measure>> = [];
    const unsettled = new Set<Request>();
    page.on("request", (request) => {
      if (isStoredImage(request)) unsettled.add(request);
    });
    page.on("requestfailed", (request) => unsettled.delete(request));
    page.on("requestfinished", (request) => {
      if (!isStoredImage(request)) return;
      unsettled.delete(request);
      sizes.push(measure(request, mode));
    });
    await page.goto(`${bffUrl}${pagePath}`, { waitUntil: "load" });
    await waitForHydration(page);
    // Down to the bottom, so every lazy image that a visitor would reach is loaded.
    await page.evaluate(async () => {
      for (let y = 0; y <= document.documentElement.scrollHeight; y += 300) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    // Not `networkidle`: reached once already before the scroll, it would not wait for the lazy
    // pictures the scroll set off. Two frames let the lazy loader see the last scroll; then every
    // picture that began loading has ended in the page, and its request in Playwright's events.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.waitForFunction(() => [...document.images].every((image) => !image.currentSrc || image.complete));
    await expect.poll(() => unsettled.size).toBe(0);
    const images = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>("main img")]
        // Splide's copies of the carousel's first and last slides (for its loop) are left out:
        // whether Chromium's lazy loader fetches them, just outside the track, varies from load to load.
        .filter((image) => !image.closest(".splide__slide--clone"))
        .filter((image) => /^\/(files|covers)\//.test(new URL(image.currentSrc || image.src).pathname))
        .map((image) => ({
          current: image.complete && image.naturalWidth > 0 ? image.currentSrc : "",
          src: image.src,
          // object-fit: cover scales the picture until it fills the box's height too.
          layoutWidth:
            getComputedStyle(image).objectFit === "cover" && image.naturalHeight > 0
              ? Math.max(image.getBoundingClientRect().width, (image.getBoundingClientRect().height * image.naturalWidth) / image.naturalHeight)
              : image.getBoundingClientRect().width,
          loading: image.getAttribute("loading"),
          fetchPriority: image.getAttribute("fetchpriority"),
          top: image.getBoundingClientRect().top + window.scrollY,
        })),
    );
    const loaded = images.filter((image) => image.current);
    const shifts = await page.evaluate(() => window.layoutShifts ?? []);
    // The bytes of the pictures counted: a copy's request for a slide not itself loaded is left out.
    const shown = new Set(loaded.map((image) => image.current));
    const measured = (await Promise.all(sizes)).filter((size) => shown.has(size.url));
    return {
      bytes: measured.reduce((total, size) => total + size.bytes, 0),
      jpegBytes: measured.reduce((total, size) => total + size.jpegBytes, 0),
      images: loaded.length,
      chosen: loaded
        .filter((image) => image.layoutWidth > 0)
        .map((image) => {
          const width = new URL(image.current).searchParams.get("w");
          return { url: image.current, width: width === null ? null : Number(width), needed: Math.round(image.layoutWidth * PHONE.deviceScaleFactor) };
        }),
      layoutShift: shifts.reduce((total, shift) => total + shift, 0),
      priorities: images.map((image) => ({ url: image.src, loading: image.loading, fetchPriority: image.fetchPriority, top: image.top })),
    };
  } finally {
    await context.close();
  }
}

test.beforeAll(async ({ browser, mainStack }) => {
  test.setTimeout(180_000);
  const { bffUrl, referenceApiUrl } = mainStack;
  const activities = await apiData<Array<{ id: number }>>(referenceApiUrl, "/activities");
  activityPath = `/activity/${activities[0].id}`;
  for (const pagePath of ["/", "/about", activityPath]) {
    // One after the other: the two loads must not compete for the two cores or the upstream.
    const responsive = await load(browser, bffUrl, pagePath, "responsive");
    const originals = await load(browser, bffUrl, pagePath, "originals");
    results.set(pagePath, { responsive, originals });
  }
  const drop = (from: number, to: number) => `−${((1 - to / from) * 100).toFixed(1)}%`;
  const line = (name: string, originals: number, jpeg: number, responsive: number) =>
    `${name}: originals ${originals} B, as JPEG ${jpeg} B → srcset ${responsive} B (${drop(originals, responsive)}; ${drop(jpeg, responsive)} against JPEG)`;
  const lines = [...results].map(([pagePath, { responsive, originals }]) => line(pagePath, originals.bytes, originals.jpegBytes, responsive.bytes));
  const sum = (pick: (load: Record<Mode, Load>) => number) => [...results.values()].reduce((total, load) => total + pick(load), 0);
  lines.push(line("total", sum((load) => load.originals.bytes), sum((load) => load.originals.jpegBytes), sum((load) => load.responsive.bytes)));
  for (const [pagePath, { responsive }] of results) lines.push(`${pagePath}: layout shift ${responsive.layoutShift.toFixed(4)}`);
  console.log(`Image bytes on a 375 px phone at DPR 2:\n  ${lines.join("\n  ")}`);
});

test.describe("responsive images on a 375 px phone (deviceScaleFactor 2)", () => {
  test("loads images on every measured page", () => {
    for (const [pagePath, { responsive, originals }] of results) {
      expect(originals.images, pagePath).toBeGreaterThan(0);
      expect(responsive.images, pagePath).toBe(originals.images);
    }
  });

  test("transfers at most half the image bytes of the originals, on each page", () => {
    for (const [pagePath, { responsive, originals }] of results) {
      expect(responsive.bytes, pagePath).toBeLessThanOrEqual(originals.bytes / 2);
      expect(responsive.bytes, `${pagePath} against JPEG originals`).toBeLessThanOrEqual(originals.jpegBytes / 2);
    }
  });

  test("picks a variant sharp enough for its layout width and not needlessly larger", () => {
    for (const [pagePath, { responsive }] of results) {
      for (const image of responsive.chosen) {
        expect(image.width, `${pagePath} ${image.url}`).not.toBeNull();
        expect(image.width ?? 0, `${pagePath} ${image.url}`).toBeGreaterThanOrEqual(Math.min(image.needed, 1920));
        expect(image.width ?? 0, `${pagePath} ${image.url}`).toBeLessThan(Math.max(image.needed * 2, 320));
      }
    }
  });

  test("keeps the layout still while images arrive (width/height or aspect-ratio reserve their boxes)", () => {
    // An image without a reserved box shifts these pages by about 0.15; 0.0005 comes from the header logo.
    for (const [pagePath, { responsive }] of results) expect(responsive.layoutShift, pagePath).toBeLessThan(0.01);
  });

  test("loads the first banner first and defers images below the fold", () => {
    const home = results.get("/")?.responsive;
    const [banner, ...others] = home?.priorities ?? [];
    expect(banner).toMatchObject({ loading: "eager", fetchPriority: "high" });
    for (const image of others.filter((other) => other.top > PHONE.viewport.height)) {
      expect(image.loading, image.url).toBe("lazy");
    }
    for (const pagePath of ["/about", activityPath]) {
      expect(results.get(pagePath)?.responsive.priorities[0]).toMatchObject({ fetchPriority: "high" });
    }
  });
});
