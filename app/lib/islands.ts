/**
 * The islands of the public pages and how near the viewport each wakes (IntersectionObserver's
 * `rootMargin`). Shared by the server's markup (`Island.tsx`) and the browser's loader.
 */
export const ISLAND_MARGINS = {
  // A screen's height ahead: on a phone the carousel is far below the banner, whose image it
  // would otherwise compete with.
  "activities-carousel": "100% 0px",
  "office-map": "200px",
} as const;

export type IslandName = keyof typeof ISLAND_MARGINS;
