import * as abouts from "~/resources/abouts/abouts.server";
import type { About } from "~/resources/abouts/abouts.server";
import * as activities from "~/resources/activities/activities.server";
import { HOME_ACTIVITY_COUNT, type Activity } from "~/resources/activities/activities.server";
import { publicBanners, type Banner } from "~/resources/banners/banners.server";
import * as histories from "~/resources/histories/histories.server";
import type { History } from "~/resources/histories/histories.server";
import { firstMissionVision, type MissionVision } from "~/resources/mission-visions/mission-visions.server";
import * as officers from "~/resources/officers/officers.server";
import type { Officer } from "~/resources/officers/officers.server";
import { publicSliders } from "~/resources/sliders/sliders.server";
import { getConfig } from "@server/config.server";
import type { ActivityCardData } from "~/lib/cards";
import { formatDayMonthYear, isoDate } from "~/lib/dates";
import { fileUrl } from "~/lib/files";
import { clipText } from "~/lib/text";
import { richTextToPlain, shownPlainText } from "~/platform/sanitize.server";
import type { UpstreamClient } from "~/platform/upstream.server";

/**
 * The public site's pages' content (spec §7, Website content): each resource's public reads
 * (`app/resources/<name>/<name>.server.ts`, through the public cache, a read's key and its
 * resource beside it), and what the pages make of them.
 */

export type { About, Activity, Banner, History, MissionVision, Officer };
export { firstMissionVision, HOME_ACTIVITY_COUNT };

/**
 * A record as a public page shows it: its one-line plain fields as text (`shownPlainText`: older
 * tools stored "Literasi &amp; Arsip" or "<i>…</i>", which the pages, their titles and the feed
 * showed as written, while Koleksi Digital already read them). Multi-line texts keep their lines,
 * rich text is sanitised where shown, and the back-office shows what is stored.
 */
function asShown<T extends object>(fields: readonly (keyof T & string)[]) {
  const one = (record: T): T => {
    const shown = { ...record } as Record<string, unknown>;
    for (const field of fields) if (typeof shown[field] === "string") shown[field] = shownPlainText(shown[field]);
    return shown as T;
  };
  // By the record or list the public cache holds: made once per read of it, not on every page view.
  const made = new WeakMap<object, unknown>();
  return <V extends T | readonly T[]>(value: V): V => {
    if (!made.has(value)) made.set(value, Array.isArray(value) ? value.map(one) : one(value as T));
    return made.get(value) as V;
  };
}
const activityShown = asShown<Activity>(["title"]);
const slidesShown = asShown<Banner>(["title"]);
const officersShown = asShown<Officer>(["name", "position"]);
const aboutShown = asShown<About>(["title"]);
const historyShown = asShown<History>(["title"]);

export const publicActivities = async (api: UpstreamClient) => activityShown(await activities.publicActivities(api));
export const latestActivities = async (api: UpstreamClient) => activityShown(await activities.latestActivities(api));
export const publicActivity = async (api: UpstreamClient, id: string) => activityShown(await activities.publicActivity(api, id));
export const publicOfficers = async (api: UpstreamClient) => officersShown(await officers.publicOfficers(api));
export const firstAbout = async (api: UpstreamClient) => {
  const about = await abouts.firstAbout(api);
  return about && aboutShown(about);
};
export const firstHistory = async (api: UpstreamClient) => {
  const history = await histories.firstHistory(api);
  return history && historyShown(history);
};

/**
 * The home page's slides: the Banner records, or the Slider records when the site is set so
 * (`HOME_SLIDER_SOURCE`); both have a title, description, url and picture (spec §3).
 */
export async function homeSlides(api: UpstreamClient): Promise<Banner[]> {
  return slidesShown(await (getConfig().site.homeSliderSource === "slider" ? publicSliders(api) : publicBanners(api)));
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
  const about = await abouts.firstAbout(api);
  return about && about[field];
}
