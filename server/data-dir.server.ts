import { randomBytes } from "node:crypto";
import { mkdir, open, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import { ConfigError, type Config } from "./config.server.ts";
import { sharedVerdict, verdictWithin } from "./shared-verdict.server.ts";

/**
 * What the process keeps under DATA_DIR, and the checks that it can write
 * there: once at start (`checkDataDirAtStart`, which refuses to start with one line naming the
 * folder and the error's code), and for `/readyz` (`dataDirWritable`, a probe at most every few
 * seconds). A folder that cannot be written must never pass the health checks and then fail the
 * first upload or save.
 *
 * The app's modules take their paths from here (`dataPaths`), so the check covers every folder
 * they use.
 *
 * What it holds is the site's alone: the audit log names admins and what they did, the uploads
 * are files not yet published, the imports are agencies' sheets. On a machine shared with other
 * services and accounts, folders are made 0700 and files 0600 (`ownerOnlyFromNowOn`), and a
 * DATA_DIR found open to others is said at start (`checkDataDirAtStart`'s answer).
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

/**
 * Everything the process creates from now on is owner-only: folders 0700, files 0600, whoever
 * makes them (@tus/file-store, SQLite's log and its -wal and -shm, the imports, the image cache),
 * since few of them take a mode. Nothing it writes is for another user: nginx reads no file of
 * the site's (it proxies every address, docs/deployment.md), and the build's files, which the
 * process only reads, are written by `npm run build` before it. A worker thread cannot set the
 * process's umask (the unit tests' threads): there the folders' own 0700 (`probe`) still shuts out
 * others. The guide's unit sets the same (`UMask=0077`) before Node starts.
 */
export function ownerOnlyFromNowOn(): void {
  if (isMainThread) process.umask(0o077);
}

/** Creates each folder (owner-only), writes and deletes a file in it, and opens the audit log's files for writing. Throws DataDirUnwritable. */
async function probe(paths: DataPaths): Promise<void> {
  for (const folder of foldersOf(paths)) {
    const file = path.join(folder, probeName());
    try {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await writeFile(file, "probe", { flag: "wx", mode: 0o600 });
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

/** What under DATA_DIR holds secrets or unpublished files: the audit log, the uploads, the imports, the sessions, the demo's session secret (scripts/start.ts). */
function privateEntries(paths: DataPaths): string[] {
  return [...auditFiles(paths), paths.uploads, paths.imports, ...(paths.sessions ? [paths.sessions] : []), path.join(paths.root, "session-secret")];
}

/** The start's warning line (its fields) when DATA_DIR is open to others. */
export interface OpenToOthers {
  [field: string]: string | string[];
  warning: string;
  data_dir: string;
  mode: string;
  /** The private entries others can read (a file) or list (a folder), relative to DATA_DIR. */
  readable: string[];
}

/**
 * Undefined while DATA_DIR gives others nothing (no "other" bit): nothing under it can then be
 * reached, whatever its own mode. The group is not judged: the unit's own (`Group=`), or one an
 * operator gave access on purpose (a backup's). Said, never repaired: chmod could break what an
 * operator set up (a backup reading through those bits, a shared mount that refuses it or
 * carries the change to other machines), and an install from before must keep running.
 */
async function openToOthers(paths: DataPaths): Promise<OpenToOthers | undefined> {
  const root = await stat(paths.root).catch(() => undefined);
  const mode = (root?.mode ?? 0) & 0o777;
  if ((mode & 0o007) === 0) return undefined;
  const readable: string[] = [];
  for (const entry of privateEntries(paths)) {
    const found = await stat(entry).catch(() => undefined);
    if (found && found.mode & 0o004) readable.push(path.relative(paths.root, entry));
  }
  const octal = mode.toString(8).padStart(4, "0");
  const named = readable.length > 0 ? ` (${readable.join(", ")})` : "";
  return {
    warning: `DATA_DIR ${paths.root} is open to other users of this machine (mode ${octal}): they may read what it holds that is not owner-only${named}. What the site creates is owner-only; close the rest with: chmod -R go-rwx ${paths.root}`,
    data_dir: paths.root,
    mode: octal,
    readable,
  };
}

/**
 * At start, before the process listens: from here on what the process creates is owner-only, and
 * every folder under DATA_DIR the process uses is created (the uploads' folder included: never
 * lazily) and written to. Throws a ConfigError whose message is the one line `exitOnStartFailure`
 * prints, e.g. `DATA_DIR is not writable: /x/uploads (EACCES): …`. Answers the warning to log
 * when DATA_DIR is open to other users of the machine, else undefined.
 */
export async function checkDataDirAtStart(config: Config): Promise<OpenToOthers | undefined> {
  ownerOnlyFromNowOn();
  const paths = dataPaths(config);
  try {
    await probe(paths);
  } catch (error) {
    if (error instanceof DataDirUnwritable) throw new ConfigError(error.message.split("\n")[0]);
    throw error;
  }
  return openToOthers(paths);
}

/** How long one probe's verdict is reused by `/readyz`: a monitor polling often costs at most one probe per period. */
export const DATA_DIR_PROBE_INTERVAL_MS = 5_000;
/** How long `/readyz` waits for a probe: a DATA_DIR on a hung mount is reported as such, not waited for. */
export const DATA_DIR_PROBE_TIMEOUT_MS = 2_000;

/** By DATA_DIR's paths: its probe, shared (shared-verdict.server.ts). */
const probes = new Map<string, (now: number) => Promise<DataDirUnwritable | undefined>>();

/**
 * For `/readyz`: undefined while DATA_DIR and its folders can be written, else why not. A probe
 * runs at most once per DATA_DIR_PROBE_INTERVAL_MS, and never while one is still out: a probe
 * hung on a stuck network mount holds one of the four threads of libuv's pool, and one more every
 * few seconds would soon hold them all (and with them every file the process reads). Requests in
 * between share its verdict, each answered within DATA_DIR_PROBE_TIMEOUT_MS. `now`: a monotonic
 * clock in ms (the tests pass their own).
 */
export function dataDirWritable(config: Config, now = performance.now()): Promise<DataDirUnwritable | undefined> {
  const paths = dataPaths(config);
  const key = JSON.stringify(paths);
  let shared = probes.get(key);
  if (!shared) {
    const verdict = () =>
      probe(paths).then(
        () => undefined,
        (error: unknown) => (error instanceof DataDirUnwritable ? error : new DataDirUnwritable(paths.root, codeOf(error), error)),
      );
    shared = sharedVerdict(verdict, DATA_DIR_PROBE_INTERVAL_MS);
    probes.set(key, shared);
  }
  const late = () => new DataDirUnwritable(paths.root, "ETIMEDOUT", `no answer from the disk in ${DATA_DIR_PROBE_TIMEOUT_MS} ms`);
  return verdictWithin(shared(now), DATA_DIR_PROBE_TIMEOUT_MS, late);
}

/** Whether an error is the filesystem's (a code like EACCES, ENOSPC, EROFS, ENOTDIR), for the modules that turn it into a 5xx. */
export function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!);
}
