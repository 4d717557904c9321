import { enhanceBannerSlider } from "./banner-slider";
import { enhanceSiteHeader } from "./site-header";

/**
 * The public pages' only script. They are rendered by the server and not hydrated (see
 * `hydratesInBrowser` in `app/lib/hydration.ts`): React and Remix's runtime, about 85 KB of the
 * home page's 95 KB of script, took a cheap phone's CPU before the page could paint. Here each
 * element marked `data-enhance` gets its behaviour; the carousel's Splide and the map's Leaflet
 * are fetched only as they come near the screen.
 */

/** Calls `show` once the element is within `margin` of the viewport. */
function whenNear(element: Element, margin: string, show: () => unknown): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      show();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
}

const ENHANCERS: Record<string, (element: HTMLElement) => void> = {
  "site-header": enhanceSiteHeader,
  "banner-slider": enhanceBannerSlider,
  // A screen's height ahead: on a phone the carousel is far below the banner, whose image it
  // would otherwise compete with.
  "activities-carousel": (carousel) =>
    whenNear(carousel, "100% 0px", () => import("./activities-carousel").then(({ mountActivitiesCarousel }) => mountActivitiesCarousel(carousel))),
  "office-map": (box) =>
    whenNear(box, "200px", () => import("./leaflet-map").then(({ showOfficeMap }) => showOfficeMap(box, JSON.parse(box.dataset.map ?? "{}")))),
};

for (const element of document.querySelectorAll<HTMLElement>("[data-enhance]")) {
  ENHANCERS[element.dataset.enhance ?? ""]?.(element);
}
// Tests wait for this before they act on the page, as they wait for React's hydration elsewhere.
document.documentElement.dataset.enhanced = "";
