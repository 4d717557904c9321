/** What an uploaded file may be, decided from its first bytes (never from its name or header). */
export type FileKind = "image" | "book" | "video";

export interface DetectedType {
  kind: FileKind;
  extension: string;
}

/** Enough leading bytes for every signature below (EPUB needs 58). */
export const SNIFF_BYTES = 64;

const ascii = (head: Buffer, start: number, end: number): string => head.toString("latin1", start, end);

export function detectFileType(head: Buffer): DetectedType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { kind: "image", extension: "jpg" };
  }
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { kind: "image", extension: "png" };
  }
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") {
    return { kind: "image", extension: "gif" };
  }
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") {
    return { kind: "image", extension: "webp" };
  }
  if (ascii(head, 0, 5) === "%PDF-") {
    return { kind: "book", extension: "pdf" };
  }
  // An EPUB is a zip whose first entry is the uncompressed file "mimetype" (EPUB OCF 3.0, 4.3).
  if (ascii(head, 0, 4) === "PK\x03\x04" && ascii(head, 30, 38) === "mimetype" && ascii(head, 38, 58) === "application/epub+zip") {
    return { kind: "book", extension: "epub" };
  }
  // ISO base media (MP4, M4V, 3GP, QuickTime): a box whose type is `ftyp`, brand `qt  ` for QuickTime.
  if (ascii(head, 4, 8) === "ftyp") {
    return { kind: "video", extension: ascii(head, 8, 12) === "qt  " ? "mov" : "mp4" };
  }
  // Older QuickTime files start straight with a movie, data or padding atom.
  if (head.length >= 8 && ["moov", "mdat", "wide", "free", "skip"].includes(ascii(head, 4, 8))) {
    return { kind: "video", extension: "mov" };
  }
  // EBML header: WebM declares the DocType "webm"; anything else is Matroska.
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    return { kind: "video", extension: head.includes("webm", 0, "latin1") ? "webm" : "mkv" };
  }
  return undefined;
}

export const WRONG_TYPE_MESSAGES: Record<FileKind, string> = {
  image: "Berkas gambar harus berformat JPEG, PNG, WebP, atau GIF",
  book: "Berkas buku harus berformat PDF atau EPUB",
  video: "Berkas video harus berformat MP4, WebM, atau QuickTime",
};
