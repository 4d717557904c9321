import { fileTypeFromBuffer } from "file-type";

/** What an uploaded file may be, decided from its first bytes (never from its name or header). */
export type FileKind = "image" | "book" | "video";

export interface DetectedType {
  mimeType: string;
  /** The stored file's extension, which decides the Content-Type it is served with. */
  extension: string;
}

/**
 * The types each kind accepts, as file-type names them, and the extension each is stored under.
 * MP4's relatives (M4V, 3GP, F4V) are stored and served as MP4, which browsers play; an animated
 * PNG is a PNG.
 */
const ACCEPTED: Record<FileKind, Record<string, string>> = {
  image: { "image/jpeg": "jpg", "image/png": "png", "image/apng": "png", "image/webp": "webp", "image/gif": "gif" },
  book: { "application/pdf": "pdf", "application/epub+zip": "epub" },
  video: {
    "video/mp4": "mp4",
    "video/x-m4v": "mp4",
    "video/3gpp": "mp4",
    "video/3gpp2": "mp4",
    "video/quicktime": "mov",
    "video/webm": "webm",
    "video/matroska": "mkv",
  },
};

/** As many leading bytes as file-type reads (its `reasonableDetectionSizeInBytes`). */
export const SNIFF_BYTES = 4100;

/** The file's type, if its leading bytes show one that `kind` accepts (file-type's detection). */
export async function detectFileType(head: Uint8Array, kind: FileKind): Promise<DetectedType | undefined> {
  let mimeType: string | undefined;
  try {
    mimeType = (await fileTypeFromBuffer(head))?.mime;
  } catch {
    // A malformed container can make a parser give up: that is not an accepted file either.
    return undefined;
  }
  const extension = mimeType === undefined ? undefined : ACCEPTED[kind][mimeType];
  return mimeType && extension ? { mimeType, extension } : undefined;
}

export const WRONG_TYPE_MESSAGES: Record<FileKind, string> = {
  image: "Berkas gambar harus berformat JPEG, PNG, WebP, atau GIF",
  book: "Berkas buku harus berformat PDF atau EPUB",
  video: "Berkas video harus berformat MP4, WebM, atau QuickTime",
};
