import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, appendFile, mkdir, readFile, readdir, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { getConfig } from "@server/config.server";
import { dataPaths } from "@server/data-dir.server";
import type { ImportJobView, ImportSource, ImportStage, RowAction, RowOutcome } from "~/admin-kit/import";

/**
 * Where an import lives: a folder per job under DATA_DIR/imports (shared by every process, as the
 * resumable uploads are), so that any process shows it, runs it, or resumes it after another
 * stopped. `job.json` is the job (written whole, by rename); `plan.ndjson` the preview's rows;
 * `outcomes.ndjson` one line per row as it is begun and as it ends, appended, so that a run
 * stopped anywhere resumes after the last row it finished and knows the one it was writing.
 */

/** A job's id: 16 hex digits, never a path. */
const JOB_ID = /^[0-9a-f]{16}$/;

/** Jobs older than this are removed when the next one is made. */
const JOB_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** A run's heartbeat older than this: no process runs it any more. */
export const HEARTBEAT_STALE_MS = 30_000;

export interface StoredJob {
  id: string;
  screen: string;
  fileName: string;
  source: ImportSource;
  /** What a CSV is read with (SLiMS's separator and enclosure, as its export form was filled). */
  dialect?: { separator?: string; enclosure?: string };
  stage: ImportStage;
  reason?: string;
  stoppedByAdmin?: boolean;
  createdAt: string;
  createdBy: string;
  preview?: ImportJobView["preview"];
  options?: { create: string[]; duplicates: boolean };
  /** The records the run made for names the file used (by list, then by the name's key): made once, whichever rows name them. */
  made?: Record<string, Record<string, string>>;
  progress?: Record<RowOutcome, number> & { done: number; total: number };
}

/** A row of the preview, as the run will write it. */
export interface PlannedRow {
  line: number;
  label: string;
  action: RowAction;
  id?: string;
  /** The form it is saved as (relations by id; a name its list lacks as `missing`). */
  entries?: Array<[string, string]>;
  /** What the record showed when previewed: the run merges with it as an edit form's save does. */
  shown?: string;
  /** By field: names its list lacks, each with the id that stands for it in `entries`, to be made where the admin ticks it. */
  missing?: Record<string, Array<{ id: string; name: string }>>;
  /** It looks like records already in the catalogue, or an earlier row of the file. */
  duplicate?: string;
  messages: string[];
}

export type OutcomeLine = { line: number; begun: true } | { line: number; outcome: RowOutcome; id?: string; message?: string };

export function isJobId(value: string | null | undefined): value is string {
  return typeof value === "string" && JOB_ID.test(value);
}

function root(): string {
  return dataPaths(getConfig()).imports;
}

export function jobFolder(id: string): string {
  if (!isJobId(id)) throw new Error("not a job id");
  return path.join(root(), id);
}

export const jobFiles = (id: string) => {
  const folder = jobFolder(id);
  return {
    folder,
    upload: path.join(folder, "upload"),
    job: path.join(folder, "job.json"),
    plan: path.join(folder, "plan.ndjson"),
    outcomes: path.join(folder, "outcomes.ndjson"),
    stop: path.join(folder, "stop"),
    heartbeat: path.join(folder, "heartbeat"),
  };
};

/** A new job's folder (old jobs swept first). */
export async function newJobFolder(): Promise<string> {
  await sweepOldJobs();
  const id = randomBytes(8).toString("hex");
  await mkdir(jobFolder(id), { recursive: true });
  return id;
}

export async function writeJob(job: StoredJob): Promise<void> {
  const { job: file } = jobFiles(job.id);
  const temporary = `${file}.${randomBytes(4).toString("hex")}`;
  await writeFile(temporary, JSON.stringify(job));
  await rename(temporary, file);
}

/** A job, or undefined when there is none of that id (or of another screen). */
export async function readJob(id: string, screen: string): Promise<StoredJob | undefined> {
  if (!isJobId(id)) return undefined;
  try {
    const job = JSON.parse(await readFile(jobFiles(id).job, "utf8")) as StoredJob;
    return job.screen === screen ? job : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** A screen's jobs, newest first. */
export async function listJobs(screen: string, limit = 5): Promise<StoredJob[]> {
  let names: string[];
  try {
    names = (await readdir(root())).filter(isJobId);
  } catch {
    return [];
  }
  const jobs = (await Promise.all(names.map((name) => readJob(name, screen).catch(() => undefined)))).filter((job): job is StoredJob => job !== undefined);
  return jobs.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}

export async function removeJob(id: string): Promise<void> {
  await rm(jobFolder(id), { recursive: true, force: true });
}

async function sweepOldJobs(): Promise<void> {
  let names: string[];
  try {
    names = (await readdir(root())).filter(isJobId);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of names) {
    const info = await stat(jobFolder(name)).catch(() => undefined);
    if (info && now - info.mtimeMs > JOB_KEPT_MS) await removeJob(name).catch(() => undefined);
  }
}

/** Reads an NDJSON file line by line (memory flat whatever the file's length); nothing when it does not exist. */
export async function* readLines<T>(file: string): AsyncGenerator<T> {
  try {
    await access(file);
  } catch {
    return;
  }
  const lines = createInterface({
    input: createReadStream(file, "utf8"),
    crlfDelay: Infinity,
  });
  for await (const line of lines) if (line !== "") yield JSON.parse(line) as T;
}

export async function appendLines(file: string, lines: readonly unknown[]): Promise<void> {
  if (lines.length > 0) await appendFile(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
}

/** The rows the run finished (and their outcomes), and those it began without finishing. */
export async function readOutcomes(id: string): Promise<{
  finished: Map<number, Extract<OutcomeLine, { outcome: RowOutcome }>>;
  unfinished: Set<number>;
}> {
  const finished = new Map<number, Extract<OutcomeLine, { outcome: RowOutcome }>>();
  const begun = new Set<number>();
  for await (const line of readLines<OutcomeLine>(jobFiles(id).outcomes)) {
    if ("begun" in line) begun.add(line.line);
    else finished.set(line.line, line);
  }
  for (const line of finished.keys()) begun.delete(line);
  return { finished, unfinished: begun };
}

/** The admin asked the run to stop: a file any process sees. */
export async function askToStop(id: string): Promise<void> {
  await writeFile(jobFiles(id).stop, "");
}

export async function stopAsked(id: string): Promise<boolean> {
  try {
    await access(jobFiles(id).stop);
    return true;
  } catch {
    return false;
  }
}

export async function clearStop(id: string): Promise<void> {
  await unlink(jobFiles(id).stop).catch(() => undefined);
}

/** How often the process working on a job says so. */
export const HEARTBEAT_MS = 1_000;

/** The process working on a job says it still does (a file of its own: the job itself is written by the work, whole). */
export async function beat(id: string): Promise<void> {
  await writeFile(jobFiles(id).heartbeat, String(Date.now()));
}

/** Whether some process works on the job now: it reads or runs, and its heartbeat is recent. */
export async function isAlive(job: StoredJob, now = Date.now()): Promise<boolean> {
  if (job.stage !== "running" && job.stage !== "reading") return false;
  const last = Number(await readFile(jobFiles(job.id).heartbeat, "utf8").catch(() => "0"));
  return now - last < HEARTBEAT_STALE_MS;
}
