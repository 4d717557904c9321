import { open, type FileHandle } from "node:fs/promises";
import { detectAcceptedType, FILE_MESSAGES, FILE_SNIFF_BYTES, type FileAccept } from "~/lib/file-kinds";
import { epubEnd, pdfEnd } from "./file-ends/books.server.ts";
import type { EndCheck } from "./file-ends/end-check.server.ts";
import { gifEnd, jpegEnd, pngEnd, webpEnd } from "./file-ends/images.server.ts";
import { imageIsWhole } from "./image-header.server.ts";

/**
 * A file whose end is missing (a cover cut by a dropped connection that still ended its body, a
 * PDF or an EPUB that stops half-way) is refused rather than stored upstream. A file is judged by its first bytes (its type, sniffed) and its
 * last ones, never read whole into memory: the streamed relay (multipart/relay.server.ts) holds
 * the last bytes of a file back from the upstream until they are judged, and a resumable upload
 * is judged on disk once finished (uploads.server.ts), then again as it is relayed at the save.
 * Videos have no such check.
 */

export { withJudgedEnd, type EndCheck } from "./file-ends/end-check.server.ts";

const CHECKS: Readonly<Record<string, () => EndCheck>> = {
  "image/jpeg": jpegEnd,
  "image/png": pngEnd,
  "image/gif": gifEnd,
  "image/webp": webpEnd,
  "application/pdf": pdfEnd,
  "application/epub+zip": epubEnd,
};

/** A fresh check of the end of a file sent as `mimeType` (the type file-kinds.ts accepts it as), or undefined for a type without one. */
export function endCheckOf(mimeType: string): EndCheck | undefined {
  return Object.hasOwn(CHECKS, mimeType) ? CHECKS[mimeType]() : undefined;
}

async function bytesAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  if (length === 0) return Buffer.alloc(0);
  const bytes = Buffer.alloc(length);
  const { bytesRead } = await file.read(bytes, 0, length, position);
  return bytes.subarray(0, bytesRead);
}

/** Read in pieces as large as the relay's batches: a picture is followed to its end in a few reads. */
const FOLLOW_READ_BYTES = 1024 * 1024;

/**
 * Why a finished resumable upload is refused, with its status, or undefined when it is taken:
 * not of its field's kind by its first bytes (415), or its end missing or unusable (422); a
 * picture must also decode to its end (imageIsWhole).
 */
export async function storedFileRefusal(path: string, kind: FileAccept): Promise<{ status: 415 | 422; message: string } | undefined> {
  const file = await open(path, "r");
  let refusal: string | undefined;
  try {
    const mimeType = await detectAcceptedType(await bytesAt(file, 0, FILE_SNIFF_BYTES), kind);
    if (!mimeType) return { status: 415, message: FILE_MESSAGES.wrongType[kind] };
    const check = endCheckOf(mimeType);
    if (check) {
      const { size } = await file.stat();
      if (check.follow) for await (const chunk of file.createReadStream({ start: 0, highWaterMark: FOLLOW_READ_BYTES, autoClose: false })) check.follow(chunk as Buffer);
      const tailBytes = Math.min(size, check.tailBytes);
      refusal = check.judge(await bytesAt(file, 0, Math.min(size, check.headBytes)), await bytesAt(file, size - tailBytes, tailBytes), size);
    }
  } finally {
    await file.close();
  }
  if (!refusal && kind === "image" && !(await imageIsWhole(path))) refusal = FILE_MESSAGES.brokenImage;
  return refusal ? { status: 422, message: refusal } : undefined;
}
