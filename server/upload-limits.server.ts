import * as z from "zod";
import { ConfigError } from "./config.server.ts";

/**
 * How large an uploaded file may be, by what it contains. Read from the environment:
 * `UPLOAD_IMAGE_MAX_BYTES` (default 10 MB). Kept apart from config.server.ts so that the upload
 * screens own their limits; read on use (a cheap parse) so tests can change it. The process
 * checks it once at start too (server/index.ts), so a bad value never waits for the first upload.
 */

const MEGABYTE = 1024 * 1024;

const limitsSchema = z.object({
  UPLOAD_IMAGE_MAX_BYTES: z.coerce
    .number({ error: "must be a number of bytes" })
    .int("must be a whole number of bytes")
    .min(1, "must be at least 1")
    .default(10 * MEGABYTE),
});

export interface UploadLimits {
  imageMaxBytes: number;
}

let cached: { raw: string | undefined; limits: UploadLimits } | undefined;

/** The limits now in force; an invalid variable is an error naming it. */
export function uploadLimits(environment: Record<string, string | undefined> = process.env): UploadLimits {
  const raw = environment.UPLOAD_IMAGE_MAX_BYTES;
  if (cached && cached.raw === raw && environment === process.env) return cached.limits;
  const parsed = limitsSchema.safeParse({ UPLOAD_IMAGE_MAX_BYTES: raw === "" ? undefined : raw });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue?.path[0] ?? "UPLOAD_IMAGE_MAX_BYTES")} ${issue?.message ?? ""}`.trim());
  }
  const limits = { imageMaxBytes: parsed.data.UPLOAD_IMAGE_MAX_BYTES };
  if (environment === process.env) cached = { raw, limits };
  return limits;
}
