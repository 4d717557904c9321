import { listAbouts, type About } from "~/resources/abouts/abouts.server";
import { getActivity, listActivities, type Activity } from "~/resources/activities/activities.server";
import { listBanners, type Banner } from "~/resources/banners/banners.server";
import { listHistories, type History } from "~/resources/histories/histories.server";
import { listMissionVisions, type MissionVision } from "~/resources/mission-visions/mission-visions.server";
import { listOfficers, type Officer } from "~/resources/officers/officers.server";
import { listSliders } from "~/resources/sliders/sliders.server";
import { getConfig } from "@server/config.server";
import type { ActivityCardData } from "~/lib/cards";
import { formatDayMonthYear, isoDate } from "~/lib/dates";
import { fileUrl } from "~/lib/files";
import { clipText } from "~/lib/text";
import { cachedRead } from "~/platform/cache.server";
import { richTextToPlain } from "~/platform/sanitize.server";
import type { UpstreamClient } from "~/platform/upstream.server";

/**
 * The public site's reads (spec §7, Website content), through the public cache. The record
 * shapes are the resource adapters' (app/platform/resources), shared with the back-office.
 */

export type { About, Activity, Banner, History, MissionVision, Officer };

/**
 * The home page's slides: the Banner records, or the Slider records when the site is set so
 * (`HOME_SLIDER_SOURCE`); both have a title, description, url and picture (spec §3).
 */
export function homeSlides(api: UpstreamClient): Promise<Banner[]> {
  return getConfig().site.homeSliderSource === "slider"
    ? cachedRead("sliders", "sliders", () => listSliders(api))
    : cachedRead("banners", "banners", () => listBanners(api));
}

/** The about record: the first of the list (spec §3), or null when there is none yet. */
export async function firstAbout(api: UpstreamClient): Promise<About | null> {
  return (await cachedRead("abouts", "abouts", () => listAbouts(api)))[0] ?? null;
}

export async function firstMissionVision(api: UpstreamClient): Promise<MissionVision | null> {
  return (await cachedRead("mission-vision", "mission-visions", () => listMissionVisions(api)))[0] ?? null;
}

export async function firstHistory(api: UpstreamClient): Promise<History | null> {
  return (await cachedRead("histories", "histories", () => listHistories(api)))[0] ?? null;
}

export const publicActivities = (api: UpstreamClient) => cachedRead("activities", "activities", () => listActivities(api));

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

/** How many activities the home page's carousel holds: the newest, however many there are. */
export const HOME_ACTIVITY_COUNT = 12;

/**
 * The newest activities only (the upstream lists newest first), so the home page costs the
 * same with 500 activities as with 20. Cut here too, in case an upstream ignores `limit`.
 */
export const latestActivities = (api: UpstreamClient) =>
  cachedRead("activities?latest", "activities", async () => (await listActivities(api, { page: 1, limit: HOME_ACTIVITY_COUNT })).slice(0, HOME_ACTIVITY_COUNT));

export const publicActivity = (api: UpstreamClient, activityId: string) =>
  cachedRead(`activities/${activityId}`, "activities", () => getActivity(api, activityId));

export const publicOfficers = (api: UpstreamClient) => cachedRead("officers", "officers", () => listOfficers(api));

/** The privacy policy or the terms, both kept on the about record (spec §2). */
export async function legalText(api: UpstreamClient, field: "privacy_policy" | "terms_and_condition") {
  const about = await firstAbout(api);
  return about && about[field];
}
