/** Which records the public home page's slider shows (`HOME_SLIDER_SOURCE`, server/config.server.ts). */
export type HomeSliderSource = "banner" | "slider";

/** The site's settings that the back-office's screens speak of (where their records show). */
export interface SiteSettings {
  homeSliderSource: HomeSliderSource;
  /** Koleksi Digital (`/katalog`) shows the mobile app's catalogue on the public site (`CATALOGUE_READER_*` set). */
  catalogueOnSite: boolean;
}
