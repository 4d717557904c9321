import * as z from "zod";
import { formatIndonesianNumber } from "~/lib/format";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { videoResource, type VideoCells, type videoSchema } from "~/resources/videos/screen";
import { getConfig } from "@server/config.server";
import { FormRejected, relayFile } from "~/platform/multipart.server";
import { isUpstreamError, type UpstreamClient, type UpstreamError } from "~/platform/upstream.server";
import { missingRecord, WriteFailed, type IncomingFiles, type ResourceAdapter, type StagedWrite, type WriteContext } from "~/admin-kit/server/screen.server";
import { upstreamIdValue } from "~/platform/upstream-shapes.server";
import { listVideos, shownUrl, type Video } from "./videos.server";

/**
 * The video screen's adapter for `/videos` (spec §7; the record: videos.server.ts). A video's files are not part of its record: each goes to its
 * own upload call, which answers with a URL, and the record (JSON) holds the URLs. The form's
 * body is one stream in field order, so each file is relayed to its upload call as it arrives;
 * the record is written only after every upload succeeded. A failed step stops there, writes
 * no record, and tells the admin which step failed.
 */

/** Pages read while looking for one video (the upstream has no `GET /videos/{id}`). */
const SEARCH_PAGE_SIZE = 100;

async function findVideo(api: UpstreamClient, id: string): Promise<Video> {
  for (let page = 1; ; page++) {
    const videos = await listVideos(api, { page, limit: SEARCH_PAGE_SIZE });
    const found = videos.find((candidate) => candidate.id === id);
    if (found) return found;
    if (videos.length < SEARCH_PAGE_SIZE) throw missingRecord("GET /videos");
  }
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
  video: { path: "/upload/video", field: "video", answer: urlAnswer("video_url"), record: "link", failed: ADMIN_MESSAGES.videoUploadFailed },
  thumbnail: {
    path: "/upload/thumbnail",
    field: "thumbnail",
    answer: urlAnswer("thumbnail_url"),
    record: "thumbnail",
    failed: ADMIN_MESSAGES.thumbnailUploadFailed,
  },
  background: {
    path: "/upload/video-background",
    field: "background",
    answer: urlAnswer("background_url"),
    record: "background",
    failed: ADMIN_MESSAGES.backgroundUploadFailed,
  },
};

/** "Gagal mengunggah video: <the upstream's reason>", or the step's message alone. */
function stepFailed(message: string, error: UpstreamError): WriteFailed {
  return new WriteFailed(error.upstreamMessage ? `${message}: ${error.upstreamMessage}` : `${message}!`);
}

async function upload(api: UpstreamClient, step: UploadStep, file: NonNullable<Awaited<ReturnType<IncomingFiles["next"]>>>) {
  try {
    return await relayFile(file.part, file.rule, step.field, (body, contentType) =>
      api.call(step.answer, {
        method: "POST",
        path: step.path,
        body,
        contentType,
        // A large video on a slow link takes longer than an ordinary call may.
        timeoutMs: getConfig().requestTimeoutMs,
      }),
    );
  } catch (error) {
    if (isUpstreamError(error)) throw stepFailed(step.failed, error);
    throw error;
  }
}

async function saveVideo(values: z.output<typeof videoSchema>, files: IncomingFiles, { api, id }: WriteContext): Promise<void> {
  const stored = id === undefined ? undefined : await findVideo(api, id);
  const urls: Record<RecordFile, string> = {
    link: stored?.link ?? "",
    thumbnail: stored?.thumbnail ?? "",
    background: stored?.background ?? "",
  };
  let file = await files.next();
  // The video comes first in the form: without it a new record is refused before any upload.
  if (!stored && file?.part.name !== "video") throw new FormRejected("video", "Video wajib diunggah");
  for (; file; file = await files.next()) {
    const step = UPLOAD_STEPS[file.part.name];
    if (step) urls[step.record] = await upload(api, step, file);
  }
  const record = {
    title: values.title,
    description: values.description ?? "",
    link: urls.link,
    thumbnail: urls.thumbnail,
    background: urls.background,
    watched: stored?.watched ?? 0,
  };
  try {
    await api.call(z.unknown(), {
      method: stored ? "PUT" : "POST",
      path: "/videos",
      json: stored ? { id: upstreamIdValue(stored.id), ...record } : record,
    });
  } catch (error) {
    if (isUpstreamError(error)) throw stepFailed(ADMIN_MESSAGES.videoRecordFailed, error);
    throw error;
  }
}

const stagedSave: StagedWrite<z.output<typeof videoSchema>> = { staged: saveVideo };

export const videoAdapter: ResourceAdapter<Video, VideoCells, typeof videoSchema> = {
  definition: videoResource,
  resource: "videos",
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
  create: stagedSave,
  update: stagedSave,
  removePath: (id) => `/videos/${encodeURIComponent(id)}`,
};
