import type { LoaderFunctionArgs } from "@remix-run/node";
import { escapeXml, activitiesForFeeds, STATIC_PUBLIC_PATHS, xmlResponse } from "~/bff/discovery.server";
import { activityPath } from "~/lib/paths";

export async function loader({ request }: LoaderFunctionArgs) {
  const { siteUrl, activities } = await activitiesForFeeds(request);
  const urls = [
    ...STATIC_PUBLIC_PATHS.map((path) => `<url><loc>${escapeXml(siteUrl + path)}</loc></url>`),
    ...activities.map((activity) => {
      const modified = Number.isNaN(Date.parse(activity.date)) ? "" : `<lastmod>${new Date(activity.date).toISOString().slice(0, 10)}</lastmod>`;
      return `<url><loc>${escapeXml(siteUrl + activityPath(activity.id))}</loc>${modified}</url>`;
    }),
  ];
  return xmlResponse(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
    "application/xml",
  );
}
