import { firstAbout, type About } from "~/resources/abouts/abouts.server";
import { HOME_ACTIVITY_COUNT, latestActivities, publicActivities, publicActivity, type Activity } from "~/resources/activities/activities.server";
import { publicBanners, type Banner } from "~/resources/banners/banners.server";
import { firstHistory, type History } from "~/resources/histories/histories.server";
import { firstMissionVision, type MissionVision } from "~/resources/mission-visions/mission-visions.server";
import { publicOfficers, type Officer } from "~/resources/officers/officers.server";
import { publicSliders } from "~/resources/sliders/sliders.server";
import { getConfig } from "@server/config.server";
import type { ActivityCardData } from "~/lib/cards";
import { formatDayMonthYear, isoDate } from "~/lib/dates";
import { fileUrl } from "~/lib/files";
import { clipText } from "~/lib/text";
import { richTextToPlain } from "~/platform/sanitize.server";
import type { UpstreamClient } from "~/platform/upstream.server";

/**
 * The public site's pages' content (spec §7, Website content): each resource's public reads
 * (`app/resources/<name>/<name>.server.ts`, through the public cache, a read's key and its
 * resource beside it), and what the pages make of them.
 */

export type { About, Activity, Banner, History, MissionVision, Officer };
export { firstAbout, firstHistory, firstMissionVision, HOME_ACTIVITY_COUNT, latestActivities, publicActivities, publicActivity, publicOfficers };

/**
 * The home page's slides: the Banner records, or the Slider records when the site is set so
 * (`HOME_SLIDER_SOURCE`); both have a title, description, url and picture (spec §3).
 */
export function homeSlides(api: UpstreamClient): Promise<Banner[]> {
  return getConfig().site.homeSliderSource === "slider" ? publicSliders(api) : publicBanners(api);
}

/** How much of an activity's text a card carries: cut well past the three lines it shows. */
const CARD_CHARS = 300;

/** An activity as its card shows it (the home page's carousel, the archive). */
export function activityCard(activity: Activity): ActivityCardData {
  return {
    id: activity.id,
    title: activity.title,
    summary: clipText(richTextToPlain(activity.description), CARD_CHARS),
    date: formatDayMonthYear(activity.date),
    dateTime: isoDate(activity.date),
    image: fileUrl(activity.file),
  };
}

/** The privacy policy or the terms, both kept on the about record (spec §2). */
export async function legalText(api: UpstreamClient, field: "privacy_policy" | "terms_and_condition") {
  const about = await firstAbout(api);
  return about && about[field];
}
