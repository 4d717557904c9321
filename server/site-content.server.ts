import * as z from "zod";
import { cachedRead } from "./public-cache.server.ts";
import type { UpstreamClient } from "./upstream.server.ts";

/**
 * The public site's reads (spec §7, Website content): each upstream record shape once, as a zod
 * schema tolerant of what the spec leaves vague (nulls, numeric strings, a bare value instead of
 * `{ data }`), reshaped into the clean values the pages render.
 */

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");
const fileName = z
  .string()
  .nullish()
  .transform((value) => (value ? value : null));
const id = z.coerce.number().int();

/** `{ data: T }`, or the bare T (design.md: stay tolerant where the spec is vague). */
function wrapped<T>(schema: z.ZodType<T>): z.ZodType<T> {
  const envelope = z.object({ data: schema }).transform((body) => body.data as T);
  return z.union([envelope, schema]);
}
function listOf<T>(record: z.ZodType<T>) {
  return wrapped(z.array(record));
}

export const bannerSchema = z.object({ id, title: text, description: text, url: text, file: fileName });
export type Banner = z.infer<typeof bannerSchema>;

export const aboutSchema = z.object({
  id,
  title: text,
  description: text,
  address: text,
  phone: text,
  email: text,
  facebook: text,
  instagram: text,
  twitter: text,
  youtube: text,
  tiktok: text,
  terms_and_condition: text,
  privacy_policy: text,
  file: fileName,
});
export type About = z.infer<typeof aboutSchema>;

export const missionVisionSchema = z.object({ id, vision: text, mission: text });
export type MissionVision = z.infer<typeof missionVisionSchema>;

export const historySchema = z.object({ id, title: text, description: text, file: fileName });
export type History = z.infer<typeof historySchema>;

export const activitySchema = z.object({ id, date: text, title: text, description: text, file: fileName });
export type Activity = z.infer<typeof activitySchema>;

export const officerSchema = z.object({ id, name: text, position: text, additional_text: text, file: fileName });
export type Officer = z.infer<typeof officerSchema>;

export const listBanners = (api: UpstreamClient) =>
  cachedRead("banners", () => api.call(listOf(bannerSchema), { path: "/banners" }));

/** The about record: the first of the list (spec §3), or null when there is none yet. */
export async function firstAbout(api: UpstreamClient): Promise<About | null> {
  const abouts = await cachedRead("abouts", () => api.call(listOf(aboutSchema), { path: "/abouts" }));
  return abouts[0] ?? null;
}

/** Mission-vision may come as a list or as one record (design.md). */
export async function firstMissionVision(api: UpstreamClient): Promise<MissionVision | null> {
  const body = await cachedRead("mission-vision", () =>
    api.call(wrapped(z.union([z.array(missionVisionSchema), missionVisionSchema, z.null()])), { path: "/mission-vision" }),
  );
  return Array.isArray(body) ? (body[0] ?? null) : body;
}

export async function firstHistory(api: UpstreamClient): Promise<History | null> {
  const histories = await cachedRead("histories", () => api.call(listOf(historySchema), { path: "/histories" }));
  return histories[0] ?? null;
}

export const listActivities = (api: UpstreamClient) =>
  cachedRead("activities", () => api.call(listOf(activitySchema), { path: "/activities" }));

export const getActivity = (api: UpstreamClient, activityId: number) =>
  cachedRead(`activities/${activityId}`, () => api.call(wrapped(activitySchema), { path: `/activities/${activityId}` }));

export const listOfficers = (api: UpstreamClient) =>
  cachedRead("officers", () => api.call(listOf(officerSchema), { path: "/officers" }));

/** The privacy policy or the terms, both kept on the about record (spec §2), made safe to render. */
export async function legalText(api: UpstreamClient, field: "privacy_policy" | "terms_and_condition") {
  const about = await firstAbout(api);
  return about && about[field];
}
