import { ACTIVITIES_PATH } from "~/lib/paths";
import { publicContext, orNull } from "./public-page.server.ts";
import { publicActivities, type Activity } from "./site-content.server.ts";

/** The public pages that exist whatever the content (the activities are added from the upstream). */
export const STATIC_PUBLIC_PATHS = ["/", "/about", "/history", ACTIVITIES_PATH, "/organization-tree", "/privacy-policy", "/terms"];

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
/** Characters XML 1.0 does not allow at all (C0 controls but tab and line ends, lone surrogates, U+FFFE/FFFF): dropped. */
const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
export const escapeXml = (text: string) => text.replace(NOT_XML, "").replace(/[&<>"']/g, (character) => XML_ESCAPES[character]);

/** Activities for the sitemap and the feed; an upstream failure gives an empty list, not an error. */
export async function activitiesForFeeds(request: Request): Promise<{ siteUrl: string; activities: Activity[] }> {
  const { api, siteUrl } = publicContext(request);
  return { siteUrl, activities: (await orNull(publicActivities(api))) ?? [] };
}

export function xmlResponse(body: string, contentType: string): Response {
  return new Response(body, {
    headers: { "Content-Type": `${contentType}; charset=utf-8`, "Cache-Control": "public, max-age=300" },
  });
}
