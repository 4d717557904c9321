import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import * as z from "zod";
import { getConfig } from "@server/config.server";
import { fileUrl } from "~/lib/files";
import { formatIndonesianNumber } from "~/lib/format";
import { serveResource } from "~/admin-kit/server/resource.server";
import { missingRecord, WriteFailed, type IncomingFiles, type StagedWrite, type WriteContext } from "~/admin-kit/server/screen.server";
import { takeEarlyRelay } from "~/platform/early-relays.server";
import type { UpstreamList } from "~/platform/list-copy.server";
import { checkedFileBytes, FormRejected, MESSAGES, relayFile } from "~/platform/multipart.server";
import { readPages, unreadRecord } from "~/platform/paged-read.server";
import { isUpstreamError, type PageRequest, type UpstreamClient, type UpstreamError } from "~/platform/upstream.server";
import { asSent, asSentOf, countOf, dataList, upstreamCount, upstreamId, upstreamIdValue, upstreamText } from "~/platform/upstream-shapes.server";
import { videoResource, type videoSchema } from "./videos";

/**
 * `/videos` (spec §7): the record's shape, its reads, its files' addresses as this site shows
 * them, and the screen's writes. A video's files are not part of its record: each goes to its
 * own upload call, which answers with a URL, and the record (JSON) holds the URLs. The form's
 * body is one stream in field order: the video is relayed to its upload call as it arrives; the
 * pictures, which the form puts before it, are read and checked whole first and sent after it, so
 * that a refused picture or a missing video stops the save before anything reaches the upstream
 * (spec §7 has no call that deletes an upload). The record is written only after every upload
 * succeeded. A failed step stops there, writes no record, and tells the admin which step failed.
 */

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
  if (!url.trim()) return null;
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
  // Anything else on the upstream's own host (a relative name, a blank resolved to its root) is
  // no file a visitor can fetch, and its address is not the public's to see.
  if (parsed.origin === upstreamOrigin) return null;
  return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
}

function decodedName(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** Not in the spec (it only logs video failures): which step of saving a video failed. */
const VIDEO_STEP_MESSAGES = {
  video: "Gagal mengunggah video",
  thumbnail: "Gagal mengunggah thumbnail",
  background: "Gagal mengunggah gambar latar",
  record: "Berkas sudah terunggah, tetapi data video gagal disimpan",
  /** An edit that sent no file: nothing was uploaded to say so of. */
  recordOnly: "Data video gagal disimpan",
} as const;

type VideoValues = z.output<typeof videoSchema>;

/** Pages read while looking for one video (the upstream has no `GET /videos/{id}`). */
const SEARCH_PAGE_SIZE = 100;
/** 100,000 videos: past it, the upstream's pages are taken to repeat without end. */
const SEARCH_MAX_PAGES = 1_000;

/**
 * The stored video, read page by page as the lists are (paged-read.server.ts: pages counted from
 * 0 or 1, `limit` capped, a page past the end empty, repeated or refused), until it is found. Not
 * found: deleted, or unread when the upstream's pages may hide some (a failed read, not "deleted").
 */
async function findVideo(api: UpstreamClient, id: string): Promise<Video> {
  const isIt = (candidate: Video) => candidate.id === id;
  const read = await readPages((page, limit) => listVideos(api, { page, limit }), (video) => video.id, {
    key: "video",
    limit: SEARCH_PAGE_SIZE,
    maxPages: SEARCH_MAX_PAGES,
    concurrency: 1,
    until: (fresh) => fresh.some(isIt),
  });
  const found = read.records.find(isIt);
  if (found) return found;
  throw read.complete ? missingRecord("GET /videos") : unreadRecord("GET /videos");
}

type RecordFile = "link" | "thumbnail" | "background";

interface UploadStep {
  path: string;
  /** The multipart field the upload call reads, and the form's field of the same name. */
  field: string;
  answer: z.ZodType<string>;
  record: RecordFile;
  failed: string;
}

function urlAnswer(key: string) {
  return z.object({ [key]: z.string().min(1) }).transform((body) => body[key] as string);
}

const UPLOAD_STEPS: Record<string, UploadStep> = {
  video: { path: "/upload/video", field: "video", answer: urlAnswer("video_url"), record: "link", failed: VIDEO_STEP_MESSAGES.video },
  thumbnail: {
    path: "/upload/thumbnail",
    field: "thumbnail",
    answer: urlAnswer("thumbnail_url"),
    record: "thumbnail",
    failed: VIDEO_STEP_MESSAGES.thumbnail,
  },
  background: {
    path: "/upload/video-background",
    field: "background",
    answer: urlAnswer("background_url"),
    record: "background",
    failed: VIDEO_STEP_MESSAGES.background,
  },
};

/** "Gagal mengunggah video: <the upstream's reason>", or the step's message alone. */
function stepFailed(message: string, error: UpstreamError): WriteFailed {
  return new WriteFailed(error.shownMessage ? `${message}: ${error.shownMessage}` : `${message}!`, error);
}

type IncomingFile = NonNullable<Awaited<ReturnType<IncomingFiles["next"]>>>;

/**
 * A picture read whole and checked by its rule (its kind, size, dimensions and end), kept in
 * memory until the video is sent: at most two of UPLOAD_IMAGE_MAX_BYTES per video being saved.
 */
async function held(file: IncomingFile): Promise<IncomingFile> {
  const { bytes } = await checkedFileBytes(file.part, file.rule);
  return { ...file, part: { ...file.part, stream: Readable.from([await buffer(bytes)]) } };
}

/** A call cut before the upstream answered (a proxy's idle limit, a reset, a relay given up): nothing was stored. */
const cutUnanswered = (error: unknown) => error instanceof WriteFailed && (error.upstream?.kind === "network" || error.upstream?.kind === "aborted");

/** `signal`: an early relay's, which ends the call when the relay is given up. */
async function upload(api: UpstreamClient, step: UploadStep, file: IncomingFile, signal?: AbortSignal) {
  // Sent on while its resumable upload arrived (`earlyUploads`, below): its address, the stored file left unread.
  const relayed = await takeEarlyRelay(file.part.uploadId, cutUnanswered);
  if (relayed !== undefined) return relayed;
  try {
    return await relayFile(file.part, file.rule, step.field, (body, contentType) =>
      api.call(step.answer, {
        method: "POST",
        path: step.path,
        body,
        contentType,
        // A large video on a slow link takes longer than an ordinary call may.
        timeoutMs: getConfig().requestTimeoutMs,
        signal,
      }),
    );
  } catch (error) {
    if (isUpstreamError(error)) throw stepFailed(step.failed, error);
    throw error;
  }
}

async function saveVideo(values: VideoValues, files: IncomingFiles, { api, id }: WriteContext): Promise<void> {
  const stored = id === undefined ? undefined : await findVideo(api, id);
  // What the save does not change (its count, an unchanged file's address) goes back as it came.
  const urls: Record<RecordFile, string | number | boolean | null> = {
    link: asSent(stored, "link", stored?.link ?? ""),
    thumbnail: asSent(stored, "thumbnail", stored?.thumbnail ?? ""),
    background: asSent(stored, "background", stored?.background ?? ""),
  };
  const pictures: Array<{ step: UploadStep; file: IncomingFile }> = [];
  let videoSent = false;
  for (let file = await files.next(); file; file = await files.next()) {
    const step = UPLOAD_STEPS[file.part.name];
    if (!step) continue;
    if (step.record !== "link") {
      // One of each, so that what is held stays within two pictures' limits.
      if (pictures.some((picture) => picture.step === step)) throw new FormRejected(step.field, MESSAGES.repeatedFile);
      pictures.push({ step, file: await held(file) });
      continue;
    }
    urls.link = await upload(api, step, file);
    videoSent = true;
  }
  // Only now is it known that a new record came without its video: nothing was sent.
  if (!stored && !videoSent) throw new FormRejected("video", "Video wajib diunggah");
  for (const { step, file } of pictures) urls[step.record] = await upload(api, step, file);
  const uploaded = videoSent || pictures.length > 0;
  const record = {
    title: values.title,
    description: values.description ?? "",
    link: urls.link,
    thumbnail: urls.thumbnail,
    background: urls.background,
    // A count this site reads goes back as that number; one it cannot ("1.234 kali", null) as it came, never as 0.
    watched: stored ? (countOf(asSentOf(stored)?.watched) ?? asSent(stored, "watched", stored.watched)) : 0,
  };
  try {
    await api.call(z.unknown(), {
      method: stored ? "PUT" : "POST",
      path: "/videos",
      json: stored ? { id: upstreamIdValue(stored.id), ...record } : record,
    });
  } catch (error) {
    if (isUpstreamError(error)) throw stepFailed(uploaded ? VIDEO_STEP_MESSAGES.record : VIDEO_STEP_MESSAGES.recordOnly, error);
    throw error;
  }
}

const stagedSave: StagedWrite<VideoValues> = { staged: saveVideo };

export const videoAdapter = serveResource(videoResource, {
  list: listVideos,
  idOf: (record) => record.id,
  cells: (record, text) => ({
    title: record.title,
    description: text.summary(record.description),
    link: record.link,
    thumbnail: shownUrl(record.thumbnail),
    watched: formatIndonesianNumber(record.watched),
  }),
  formValues: (record) => ({ title: record.title, description: record.description }),
  files: (record) => ({ video: shownUrl(record.link), thumbnail: shownUrl(record.thumbnail), background: shownUrl(record.background) }),
  // Every field, beyond the table's: the background too, the files at this site's addresses, the views as a number.
  exportColumns: [
    { header: "Judul", value: (record) => record.title },
    { header: "Deskripsi", value: (record, text) => text.summary(record.description) },
    { header: "Tautan Video", value: (record) => shownUrl(record.link) ?? record.link, link: true },
    { header: "Thumbnail", value: (record) => shownUrl(record.thumbnail), link: true },
    { header: "Gambar latar", value: (record) => shownUrl(record.background), link: true },
    { header: "Ditonton", value: (record) => record.watched },
  ],
  // The video's upload call takes the file alone: its resumable upload goes on to it as it arrives.
  earlyUploads: { video: (api, part, rule, signal) => upload(api, UPLOAD_STEPS.video, { part, rule }, signal) },
  create: stagedSave,
  update: stagedSave,
  removePath: (id) => `/videos/${encodeURIComponent(id)}`,
});
