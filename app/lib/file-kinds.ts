/** The kinds of file a file field takes. */
export type FileAccept = "image" | "book" | "video";

/**
 * What each kind of admin upload accepts, one definition for the browser and the server. A
 * file's type is decided from its leading bytes with file-type, never from its name or the
 * browser's claim, and accepted only when that type is listed under its field's kind; the file is
 * then sent upstream as the type listed beside it. The browser checks a chosen file here before
 * sending anything (issue 23.3); the server checks every file again as it arrives
 * (app/platform/multipart/relay.server.ts), with the same messages.
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

/** As many leading bytes as file-type reads to decide (its `reasonableDetectionSizeInBytes`). */
export const FILE_SNIFF_BYTES = 4100;

export const FILE_MESSAGES = {
  wrongType: {
    image: "Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF",
    book: "Berkas buku harus berupa PDF atau EPUB",
    video: "Berkas video harus berupa MP4, WebM, atau QuickTime",
  } satisfies Record<FileAccept, string>,
  tooLarge: (limitBytes: number) => `Ukuran berkas melebihi batas ${megabytes(limitBytes)}`,
  brokenImage: "Berkas gambar rusak atau tidak lengkap. Simpan atau ekspor gambarnya lagi, lalu pilih berkas itu.",
  brokenPdf: "Berkas PDF rusak atau tidak lengkap: bagian akhirnya tidak ada. Unduh atau ekspor PDF-nya lagi, lalu pilih berkas itu.",
  brokenEpub: "Berkas EPUB rusak atau tidak lengkap: bagian akhirnya tidak ada. Unduh atau ekspor EPUB-nya lagi, lalu pilih berkas itu.",
};

/** "10 MB", "1,5 MB": a size as Indonesian megabytes. */
export function megabytes(bytes: number): string {
  return `${new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
}

/**
 * The type a file of `kind` is sent as, from its leading bytes (FILE_SNIFF_BYTES of them), or
 * undefined when they show no type the kind accepts. file-type (one entry for browsers and Node
 * since 22) is loaded when first needed: the back-office's pages do not carry it until a file is chosen.
 */
export async function detectAcceptedType(head: Uint8Array, kind: FileAccept): Promise<string | undefined> {
  try {
    const { fileTypeFromBuffer } = await import("file-type");
    return acceptedFileType(kind, (await fileTypeFromBuffer(head))?.mime);
  } catch {
    // A malformed container can make a parser give up: that is not an accepted file either.
    return undefined;
  }
}
