import * as z from "zod";
import { getConfig } from "@server/config.server";
import type { UpstreamList } from "~/platform/list-copy.server";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";
import { dataList, upstreamCount, upstreamId, upstreamText } from "~/platform/upstream-shapes.server";
import { fileUrl } from "~/lib/files";

/** `/videos` (spec §7) as the upstream answers it: the record's shape, its reads, and its files' addresses as this site shows them. */

const video = z.object({
  id: upstreamId,
  title: upstreamText,
  description: upstreamText,
  link: upstreamText,
  thumbnail: upstreamText,
  background: upstreamText,
  watched: upstreamCount,
});
export type Video = z.infer<typeof video>;

export function listVideos(api: UpstreamClient, page: PageRequest | undefined): Promise<Video[]> {
  return api.call(dataList(video), { path: "/videos", query: page });
}

/** The videos' whole list, read as the back-office reads it (the public catalogue shows every video). */
export const videoList: UpstreamList<Video> = { key: "video", paged: true, list: listVideos, idOf: (video) => video.id };

/**
 * The upstream serves uploads at absolute addresses on its own host; the browser loads those
 * through this site's /files proxy (the page's CSP allows no other http origin).
 */
export function shownUrl(url: string): string | null {
  if (!url) return null;
  const upstreamOrigin = new URL(getConfig().upstreamApiUrl).origin;
  let parsed: URL;
  try {
    parsed = new URL(url, upstreamOrigin);
  } catch {
    return null;
  }
  if (parsed.origin === upstreamOrigin && parsed.pathname.startsWith("/files/")) {
    const name = decodedName(parsed.pathname.slice("/files/".length));
    // A name that cannot be decoded (a broken %-escape) names no file: no preview, but the record still opens.
    return name !== null && name !== "" && !name.includes("/") ? fileUrl(name) : null;
  }
  return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
}

function decodedName(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}
