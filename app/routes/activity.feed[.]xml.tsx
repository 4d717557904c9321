import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "@server/config.server";
import { activitiesForFeeds, xmlResponse } from "~/public/discovery.server";
import { readDate } from "~/lib/dates";
import { escapeXml } from "~/lib/xml";
import { richTextToPlain } from "~/platform/sanitize.server";
import { ACTIVITIES_PATH, activityPath } from "~/lib/paths";

const FEED_SIZE = 20;

/** An Atom feed of the newest activities, for feed readers and other government portals. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { siteUrl, activities } = await activitiesForFeeds(request);
  const product = getConfig().product.title;
  const dated = activities
    // Read as the pages read it (`readDate`): a day the calendar lacks, or one the engine would guess at, has none.
    .map((activity) => ({ ...activity, time: readDate(activity.date)?.getTime() ?? Number.NaN }))
    .filter((activity) => !Number.isNaN(activity.time))
    .sort((a, b) => b.time - a.time)
    .slice(0, FEED_SIZE);
  const updated = new Date(dated[0]?.time ?? 0).toISOString();
  const entries = dated.map((activity) => {
    const url = siteUrl + activityPath(activity.id);
    return [
      "<entry>",
      `<title>${escapeXml(activity.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `<id>${escapeXml(url)}</id>`,
      `<updated>${new Date(activity.time).toISOString()}</updated>`,
      `<summary>${escapeXml(richTextToPlain(activity.description).slice(0, 500))}</summary>`,
      "</entry>",
    ].join("");
  });
  return xmlResponse(
    [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="id">',
      `<title>${escapeXml(`Kegiatan ${product}`)}</title>`,
      `<link rel="self" href="${escapeXml(`${siteUrl}/activity/feed.xml`)}"/>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(siteUrl + ACTIVITIES_PATH)}"/>`,
      `<id>${escapeXml(`${siteUrl}/activity/feed.xml`)}</id>`,
      `<updated>${updated}</updated>`,
      `<author><name>${escapeXml(product)}</name></author>`,
      ...entries,
      "</feed>",
      "",
    ].join("\n"),
    "application/atom+xml",
  );
}
