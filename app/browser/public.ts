import { ISLAND_MARGINS, type IslandName } from "~/lib/islands";
import { enhanceBannerSlider } from "./banner-slider";
import { enhanceSiteHeader } from "./site-header";

/**
 * The public pages' only script at load. They are rendered by the server and not hydrated (see
 * `hydratesInBrowser` in `app/lib/hydration.ts`): React and Remix's runtime, about 85 KB of the
 * home page's 95 KB of script, took a cheap phone's CPU before the page could paint. Here each
 * element marked `data-enhance` gets its small behaviour at once, and each React island
 * (`data-island`: the carousel on `@splidejs/react-splide`, the map on react-leaflet) is
 * hydrated, with React, only as it comes near the screen.
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
};

for (const element of document.querySelectorAll<HTMLElement>("[data-enhance]")) {
  ENHANCERS[element.dataset.enhance ?? ""]?.(element);
}
for (const box of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const name = box.dataset.island as IslandName;
  // Not Object.hasOwn: the script runs on browsers as old as ES2019.
  if (!Object.prototype.hasOwnProperty.call(ISLAND_MARGINS, name)) continue;
  // A chunk that fails to load (the connection dropped) leaves the island as the server rendered it.
  whenNear(box, ISLAND_MARGINS[name], () => import("./islands").then(({ hydrateIsland }) => hydrateIsland(box, name)).catch(() => undefined));
}
// Tests wait for this before they act on the page, as they wait for React's hydration elsewhere.
document.documentElement.dataset.enhanced = "";
