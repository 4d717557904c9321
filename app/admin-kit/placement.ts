import type { SiteSettings } from "~/config/site";
import { CATALOGUE_PATH } from "~/lib/paths";

/**
 * Where a screen's records show: said on every admin screen, with a link to the public page when
 * there is one, so that an admin knows what their change moves. A screen's placement may follow
 * the site's settings (the home page's slider reads the banners or the sliders).
 */

export type { SiteSettings };

export interface Placement {
  /** One sentence, in Indonesian. */
  text: string;
  /** The public page that shows them, if any (the "Lihat di situs" link). */
  publicPath?: string;
}

/** The mobile app's catalogue: the public site shows none of it. */
export const MOBILE_APP_ONLY: Placement = { text: "Tampil di aplikasi mobile; tidak tampil di situs publik." };

/**
 * The mobile app's catalogue, which Koleksi Digital also shows on the public site when the site
 * is set up to read it: a book, and the authors, publishers, genres and tags it is found by.
 */
export function catalogueOnSite(site: SiteSettings, publicPath = CATALOGUE_PATH): Placement {
  return site.catalogueOnSite ? { text: "Tampil di aplikasi mobile dan di Koleksi Digital situs publik.", publicPath } : MOBILE_APP_ONLY;
}
