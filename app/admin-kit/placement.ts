/**
 * Where a screen's records show (issue 22, point 8): said on every admin screen, with a link to
 * the public page when there is one, so that an admin knows what their change moves. The home
 * page's slider reads Banner records unless `HOME_SLIDER_SOURCE=slider`; the wording of both
 * screens follows that setting.
 */

/** Which records the public home page's slider shows (`HOME_SLIDER_SOURCE`, server/config.server.ts). */
export type HomeSliderSource = "banner" | "slider";

/** The site's settings a screen's placement depends on. */
export interface SiteSettings {
  homeSliderSource: HomeSliderSource;
}

export interface Placement {
  /** One sentence, in Indonesian. */
  text: string;
  /** The public page that shows them, if any (the "Lihat di situs" link). */
  publicPath?: string;
}

/** The mobile app's catalogue: the public site shows none of it. */
export const MOBILE_APP_ONLY: Placement = { text: "Tampil di aplikasi mobile; tidak tampil di situs publik." };

export const bannerPlacement = ({ homeSliderSource }: SiteSettings): Placement =>
  homeSliderSource === "banner"
    ? { text: "Tampil di slider beranda situs dan di aplikasi mobile.", publicPath: "/" }
    : { text: "Tampil di aplikasi mobile. Slider beranda situs saat ini menampilkan data Slider." };

export const sliderPlacement = ({ homeSliderSource }: SiteSettings): Placement =>
  homeSliderSource === "slider"
    ? { text: "Tampil di slider beranda situs.", publicPath: "/" }
    : {
        text:
          "Tidak tampil di situs publik saat ini: slider beranda menampilkan data Banner. " +
          "Pengelola server dapat mengaturnya (HOME_SLIDER_SOURCE=slider) agar beranda menampilkan data ini.",
      };
