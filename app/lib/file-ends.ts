import { epubEnd, pdfEnd } from "./file-ends/books.ts";
import { judgeFile, type EndCheck, type FileBytes } from "./file-ends/end-check.ts";
import { gifEnd, jpegEnd, pngEnd, webpEnd } from "./file-ends/images.ts";

/**
 * A file whose end is missing (a cover cut by a dropped connection that still ended its body, a
 * PDF or an EPUB that stops half-way) is refused rather than stored upstream. A file is judged by
 * its type (sniffed from its first bytes, file-kinds.ts) and its last bytes, never read whole
 * into memory. One definition for both sides: the browser judges a chosen file before anything
 * is sent (components/admin/FieldInputs.tsx), the server a stored resumable upload and, as it
 * streams, a form's file (app/platform/file-ends.server.ts). Videos have no such check.
 */

export { blobBytes, type EndCheck, type FileBytes } from "./file-ends/end-check.ts";

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

/** Why a whole file sent as `mimeType` is refused for its end (Indonesian), or undefined: also for a type without a check. */
export async function fileEndRefusal(file: FileBytes, mimeType: string): Promise<string | undefined> {
  const check = endCheckOf(mimeType);
  return check ? judgeFile(file, check) : undefined;
}
