import { megabytes } from "./file-kinds";

/**
 * The files of a form draft (app/lib/form-drafts.ts): what was chosen (name, size, type) and how
 * far its resumable upload went (the site's upload address and the bytes it confirmed), so that a
 * reopened form can reuse a finished upload, resume an unfinished one, or name the file to choose
 * again. A file's bytes are never kept here; only a FileSystemFileHandle, where the browser gave
 * one, is kept in IndexedDB (./file-handles.ts).
 */

export interface DraftFile {
  name: string;
  size: number;
  type: string;
  lastModified: number;
  /** The resumable upload's address on this site (`/admin/uploads/<id>`), once it was made. */
  uploadUrl?: string;
  /** Bytes the site confirmed having. */
  offset: number;
  finished: boolean;
  /** A FileSystemFileHandle of the file is kept in IndexedDB: it can be read again without choosing it. */
  handle?: boolean;
}

/** An upload's id as the site makes them (app/platform/uploads.server.ts). */
const UPLOAD_PATH = /^\/admin\/uploads\/([0-9a-f]{32})$/;

export function draftFileOf(file: File): DraftFile {
  return { name: file.name, size: file.size, type: file.type, lastModified: file.lastModified, offset: 0, finished: false };
}

/** The upload's id (what `_upload_<field>` names) from its address, a path of this site; undefined for anything else. */
export function uploadIdOf(uploadUrl: string | undefined): string | undefined {
  return uploadUrl ? UPLOAD_PATH.exec(uploadUrl)?.[1] : undefined;
}

/** The file chosen again is the one of the draft: same name and size. */
export function isSameFile(file: File, kept: DraftFile): boolean {
  return file.name === kept.name && file.size === kept.size;
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

/** A stored draft file as written here, or undefined for anything else. */
export function parsedDraftFile(value: unknown): DraftFile | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const file = value as Partial<DraftFile>;
  if (typeof file.name !== "string" || typeof file.type !== "string" || typeof file.finished !== "boolean") return undefined;
  if (!isNumber(file.size) || !isNumber(file.lastModified) || !isNumber(file.offset)) return undefined;
  const uploadUrl = uploadIdOf(file.uploadUrl) ? file.uploadUrl : undefined;
  return {
    name: file.name,
    size: file.size,
    type: file.type,
    lastModified: file.lastModified,
    offset: Math.min(file.offset, file.size),
    finished: file.finished && uploadUrl !== undefined,
    ...(uploadUrl ? { uploadUrl } : {}),
    ...(file.handle === true ? { handle: true } : {}),
  };
}

/** "1,2 GB", "350 MB", "12 KB": a file's size for the admin. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 }).format(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 * 1024) return megabytes(bytes);
  return `${new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0 }).format(Math.max(1, Math.ceil(bytes / 1024)))} KB`;
}

/** What a reopened form says of a kept file, by where its upload stands. */
export const DRAFT_FILE_TEXTS = {
  finished: (file: DraftFile) => `Berkas “${file.name}” (${fileSizeText(file.size)}) sudah terunggah dan dipakai saat disimpan.`,
  resumes: (file: DraftFile, offset: number) =>
    `Unggahan berkas “${file.name}” (${fileSizeText(file.size)}) dilanjutkan dari ${Math.floor((offset / Math.max(1, file.size)) * 100)}% saat disimpan.`,
  chooseAgain: (file: DraftFile) => `Pilih lagi berkas “${file.name}” (${fileSizeText(file.size)}) untuk melanjutkan unggahan.`,
  /** The site no longer has the upload (expired, deleted): it starts over, from the file read again or chosen again. */
  lost: (file: DraftFile, readable: boolean) =>
    `Unggahan berkas “${file.name}” tidak ada lagi di server (kedaluwarsa atau dihapus). ${
      readable ? "Berkasnya diunggah ulang dari awal saat disimpan." : `Pilih lagi berkas “${file.name}” (${fileSizeText(file.size)}) untuk mengunggahnya dari awal.`
    }`,
};
