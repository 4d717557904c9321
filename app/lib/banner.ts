/** The home page's banner: what its server markup (BannerSlider.tsx) and its script (app/browser/banner-slider.ts) share. */

/** Its pause and play button, named by what it would do now (WCAG 2.2.2). */
export const BANNER_TOGGLE = { pause: "Jeda slide otomatis", play: "Putar slide otomatis" } as const;
