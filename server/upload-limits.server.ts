import * as z from "zod";
import { ConfigError } from "./config.server.ts";
import type { UploadKind } from "./upload-handle.server.ts";

/**
 * How large an uploaded file may be, by what it contains. Read from the environment:
 * `UPLOAD_IMAGE_MAX_BYTES` (default 10 MB), `UPLOAD_BOOK_MAX_BYTES` (book files, default 200 MB)
 * and `UPLOAD_VIDEO_MAX_BYTES` (default 4 GB). Kept apart from config.server.ts so that the
 * upload screens own their limits; read on use (a cheap parse) so tests can change them. The
 * process checks them once at start too (server/index.ts), so a bad value never waits for the
 * first upload.
 */

const MEGABYTE = 1024 * 1024;

function byteLimit(fallback: number) {
  return z.coerce
    .number({ error: "must be a number of bytes" })
    .int("must be a whole number of bytes")
    .min(1, "must be at least 1")
    .default(fallback);
}

const limitsSchema = z.object({
  UPLOAD_IMAGE_MAX_BYTES: byteLimit(10 * MEGABYTE),
  UPLOAD_BOOK_MAX_BYTES: byteLimit(200 * MEGABYTE),
  UPLOAD_VIDEO_MAX_BYTES: byteLimit(4 * 1024 * MEGABYTE),
});
type LimitVariable = keyof z.input<typeof limitsSchema>;
const VARIABLES = Object.keys(limitsSchema.shape) as LimitVariable[];

export interface UploadLimits {
  imageMaxBytes: number;
  bookMaxBytes: number;
  videoMaxBytes: number;
}

let cached: { raw: string; limits: UploadLimits } | undefined;

/** The limits now in force; an invalid variable is an error naming it. */
export function uploadLimits(environment: Record<string, string | undefined> = process.env): UploadLimits {
  const raw = JSON.stringify(VARIABLES.map((name) => environment[name]));
  if (cached && cached.raw === raw && environment === process.env) return cached.limits;
  const given = Object.fromEntries(VARIABLES.map((name) => [name, environment[name] === "" ? undefined : environment[name]]));
  const parsed = limitsSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue?.path[0] ?? "UPLOAD_*_MAX_BYTES")} ${issue?.message ?? ""}`.trim());
  }
  const limits = {
    imageMaxBytes: parsed.data.UPLOAD_IMAGE_MAX_BYTES,
    bookMaxBytes: parsed.data.UPLOAD_BOOK_MAX_BYTES,
    videoMaxBytes: parsed.data.UPLOAD_VIDEO_MAX_BYTES,
  };
  if (environment === process.env) cached = { raw, limits };
  return limits;
}

/** The limits now in force by the kind of file a field or route takes. */
export function maxBytesByKind(): Record<UploadKind, number> {
  const { imageMaxBytes, bookMaxBytes, videoMaxBytes } = uploadLimits();
  return { image: imageMaxBytes, book: bookMaxBytes, video: videoMaxBytes };
}
