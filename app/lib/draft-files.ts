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

/** "1,2 GB", "350 MB", "12 KB": a file's size for the admin (MB as file-kinds.ts's `megabytes` writes them). */
export function fileSizeText(bytes: number): string {
  const [unit, size] = bytes >= 1024 ** 3 ? ["GB", bytes / 1024 ** 3] : bytes >= 1024 ** 2 ? ["MB", bytes / 1024 ** 2] : ["KB", Math.max(1, Math.ceil(bytes / 1024))];
  return `${new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 }).format(size)} ${unit}`;
}
