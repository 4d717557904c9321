import { ACTIVITIES_PATH } from "~/lib/paths";
import { publicContext, orNull } from "./public-page.server.ts";
import { publicActivities, type Activity } from "./site-content.server.ts";

/** The public pages that exist whatever the content (the activities are added from the upstream). */
export const STATIC_PUBLIC_PATHS = ["/", "/about", "/history", ACTIVITIES_PATH, "/organization-tree", "/privacy-policy", "/terms"];

/** Activities for the sitemap and the feed; an upstream failure gives an empty list, not an error. */
export async function activitiesForFeeds(request: Request): Promise<{ siteUrl: string; activities: Activity[] }> {
  const { api, siteUrl } = publicContext(request);
  const activities = (await orNull(publicActivities(api))) ?? [];
  // An id the upstream lists twice is one page: twice, it made the feed's ids clash and the sitemap repeat.
  const seen = new Set<string>();
  return { siteUrl, activities: activities.filter((activity) => !seen.has(activity.id) && seen.add(activity.id)) };
}

export function xmlResponse(body: string, contentType: string): Response {
  return new Response(body, {
    headers: { "Content-Type": `${contentType}; charset=utf-8`, "Cache-Control": "public, max-age=300" },
  });
}
