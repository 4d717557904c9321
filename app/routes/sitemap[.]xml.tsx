import type { LoaderFunctionArgs } from "@remix-run/node";
import { activitiesForFeeds, STATIC_PUBLIC_PATHS, xmlResponse } from "~/public/discovery.server";
import { jakartaDay, readDate } from "~/lib/dates";
import { escapeXml } from "~/lib/xml";
import { catalogueBookIds, catalogueEnabled } from "~/public/catalogue.server";
import { orNull } from "~/public/public-page.server";
import { activityPath, CATALOGUE_PATH, CATALOGUE_VIDEOS_PATH, catalogueBookPath } from "~/lib/paths";

/**
 * A sitemap holds at most 50,000 addresses (sitemaps.org): the newest books up to that, with room
 * for the site's own pages and activities. A larger catalogue would need a sitemap index.
 */
const SITEMAP_MAX_BOOKS = 45_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const { siteUrl, activities } = await activitiesForFeeds(request);
  // Koleksi Digital when it is set up; a catalogue the upstream cannot list now leaves only its own pages.
  const books = catalogueEnabled() ? ((await orNull(catalogueBookIds(request))) ?? []) : [];
  const catalogue = catalogueEnabled() ? [CATALOGUE_PATH, CATALOGUE_VIDEOS_PATH, ...books.slice(0, SITEMAP_MAX_BOOKS).map(catalogueBookPath)] : [];
  const urls = [
    ...[...STATIC_PUBLIC_PATHS, ...catalogue].map((path) => `<url><loc>${escapeXml(siteUrl + path)}</loc></url>`),
    ...activities.map((activity) => {
      // The day the page shows (`readDate`, in Jakarta): none where the page shows none.
      const date = readDate(activity.date);
      const modified = date ? `<lastmod>${jakartaDay(date)}</lastmod>` : "";
      return `<url><loc>${escapeXml(siteUrl + activityPath(activity.id))}</loc>${modified}</url>`;
    }),
  ];
  return xmlResponse(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
    "application/xml",
  );
}
