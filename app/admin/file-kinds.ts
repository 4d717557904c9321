import type { FileAccept } from "./resource";

/**
 * What each kind of admin upload accepts, as plain data (browser-safe). The server decides a
 * file's type from its leading bytes with file-type (app/bff/multipart.server.ts), never from its
 * name or the browser's claim, and accepts it only when that type is listed under its field's
 * kind; the file is then sent upstream as the type listed beside it.
 *
 * Keys are file-type's names for what it detects. MP4's relatives (M4V, 3GP) and animated PNG
 * are sent as the type the upstream knows them by: MP4 and PNG.
 */
export const ACCEPTED_FILE_TYPES: Record<FileAccept, Readonly<Record<string, string>>> = {
  image: {
    "image/jpeg": "image/jpeg",
    "image/png": "image/png",
    "image/apng": "image/png",
    "image/webp": "image/webp",
    "image/gif": "image/gif",
  },
  book: {
    "application/pdf": "application/pdf",
    "application/epub+zip": "application/epub+zip",
  },
  video: {
    "video/mp4": "video/mp4",
    "video/x-m4v": "video/mp4",
    "video/3gpp": "video/mp4",
    "video/3gpp2": "video/mp4",
    "video/quicktime": "video/quicktime",
    "video/webm": "video/webm",
  },
};

/** The type a file of `kind` is sent as, when its detected type is one the kind accepts. */
export function acceptedFileType(kind: FileAccept, detected: string | undefined): string | undefined {
  const accepted = ACCEPTED_FILE_TYPES[kind];
  return detected !== undefined && Object.hasOwn(accepted, detected) ? accepted[detected] : undefined;
}
