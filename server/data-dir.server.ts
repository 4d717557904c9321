import { randomBytes } from "node:crypto";
import { mkdir, open, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError, type Config } from "./config.server.ts";

/**
 * What the process keeps under DATA_DIR, and the checks that it can write
 * there: once at start (`checkDataDirAtStart`, which refuses to start with one line naming the
 * folder and the error's code), and for `/readyz` (`dataDirWritable`, a probe at most every few
 * seconds). A folder that cannot be written must never pass the health checks and then fail the
 * first upload or save.
 *
 * The app's modules take their paths from here (`dataPaths`), so the check covers every folder
 * they use.
 */

export interface DataPaths {
  /** DATA_DIR itself. */
  root: string;
  /** The resumable uploads not yet saved (@tus/file-store). */
  uploads: string;
  /** Resized image variants. */
  imageCache: string;
  /** Session files, or undefined with REDIS_URL (sessions in Redis). */
  sessions: string | undefined;
  /** The audit log (SQLite, WAL: `-wal` and `-shm` beside it). */
  auditLog: string;
  /** The imports' files, previews, progress and reports, one folder per import (shared by every process, as the uploads are). */
  imports: string;
  /** The public documents an admin replaced (`/renja.pdf`, …), served before public/'s copies (shared by every process). */
  documents: string;
}

export function dataPaths(config: Pick<Config, "dataDir" | "redisUrl" | "resumableUploads">): DataPaths {
  const root = config.dataDir;
  return {
    root,
    uploads: config.resumableUploads.directory,
    imageCache: path.join(root, "image-cache"),
    sessions: config.redisUrl ? undefined : path.join(root, "sessions"),
    auditLog: path.join(root, "audit.sqlite"),
    imports: path.join(root, "imports"),
    documents: path.join(root, "documents"),
  };
}

/** The folders a probe file is written in, DATA_DIR first; each created when missing. */
function foldersOf(paths: DataPaths): string[] {
  const folders = [paths.root, paths.uploads, paths.imageCache, paths.imports, paths.documents, ...(paths.sessions ? [paths.sessions] : []), path.dirname(paths.auditLog)];
  return [...new Set(folders)];
}

/** The audit log's files that exist must be writable as they are (SQLite opens them read-write). */
function auditFiles(paths: DataPaths): string[] {
  return [paths.auditLog, `${paths.auditLog}-wal`, `${paths.auditLog}-shm`];
}

/** Why DATA_DIR cannot be used: the path that failed and the error. */
export class DataDirUnwritable extends Error {
  readonly target: string;
  readonly code: string;

  constructor(
    target: string,
    code: string,
    cause: unknown,
  ) {
    super(`DATA_DIR is not writable: ${target} (${code}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.target = target;
    this.code = code;
    this.name = "DataDirUnwritable";
  }
}

function codeOf(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : "EIO";
}

const probeName = () => `.write-probe-${process.pid}-${randomBytes(6).toString("hex")}`;

/** Creates each folder, writes and deletes a file in it, and opens the audit log's files for writing. Throws DataDirUnwritable. */
async function probe(paths: DataPaths): Promise<void> {
  for (const folder of foldersOf(paths)) {
    const file = path.join(folder, probeName());
    try {
      await mkdir(folder, { recursive: true });
      await writeFile(file, "probe", { flag: "wx" });
      await unlink(file);
    } catch (error) {
      throw new DataDirUnwritable(folder, codeOf(error), error);
    }
  }
  for (const file of auditFiles(paths)) {
    try {
      await (await open(file, "r+")).close();
    } catch (error) {
      if (codeOf(error) !== "ENOENT") throw new DataDirUnwritable(file, codeOf(error), error);
    }
  }
}

/**
 * At start, before the process listens: every folder under DATA_DIR the process uses is created
 * (the uploads' folder included: never lazily) and written to. Throws a ConfigError whose message
 * is the one line `exitOnStartFailure` prints, e.g. `DATA_DIR is not writable: /x/uploads (EACCES): …`.
 */
export async function checkDataDirAtStart(config: Config): Promise<void> {
  try {
    await probe(dataPaths(config));
  } catch (error) {
    if (error instanceof DataDirUnwritable) throw new ConfigError(error.message.split("\n")[0]);
    throw error;
  }
}

/** How long one probe's verdict is reused by `/readyz`: a monitor polling often costs at most one probe per period. */
export const DATA_DIR_PROBE_INTERVAL_MS = 5_000;

interface Verdict {
  at: number;
  result: Promise<DataDirUnwritable | undefined>;
}
const verdicts = new Map<string, Verdict>();

/**
 * For `/readyz`: undefined while DATA_DIR and its folders can be written, else why not. A probe
 * runs at most once per DATA_DIR_PROBE_INTERVAL_MS; requests in between share its verdict.
 */
export function dataDirWritable(config: Config, now = Date.now()): Promise<DataDirUnwritable | undefined> {
  const paths = dataPaths(config);
  const key = JSON.stringify(paths);
  const cached = verdicts.get(key);
  if (cached && now - cached.at < DATA_DIR_PROBE_INTERVAL_MS) return cached.result;
  const result = probe(paths).then(
    () => undefined,
    (error: unknown) => (error instanceof DataDirUnwritable ? error : new DataDirUnwritable(paths.root, codeOf(error), error)),
  );
  verdicts.set(key, { at: now, result });
  return result;
}

/** Whether an error is the filesystem's (a code like EACCES, ENOSPC, EROFS, ENOTDIR), for the modules that turn it into a 5xx. */
export function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!);
}
