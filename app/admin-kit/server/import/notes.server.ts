import { stat } from "node:fs/promises";
import { LRUCache } from "lru-cache";
import { IMPORT_NOTES_SHOWN, type RowNote } from "~/admin-kit/import";
import { jobFiles, readLines, readOutcomes, type PlannedRow, type StoredJob } from "./store.server.ts";

/**
 * The notes the import page shows of a job's rows: before the run, the preview's (a row's
 * messages and look-alikes); once it ran, the rows not written and why. They cost a read of the
 * whole plan and outcomes (some 70 ms of CPU at 10,000 rows), and the page asks again every
 * IMPORT_REFRESH_SECONDS: so each process keeps them per job, read again only when a file changed,
 * and, while a preview or a run writes, at most every WRITING_NOTES_MS (the page's counts are the
 * job's own, always current; its notes may lag that long).
 */

export const WRITING_NOTES_MS = 10_000;

interface Notes {
  notes: RowNote[];
  notesTotal: number;
}

const kept = new LRUCache<string, Notes & { files: string; stage: StoredJob["stage"]; at: number }>({ max: 64 });

/** A file as it stands: another inode (written again), length or time is another file. */
async function version(file: string): Promise<string> {
  const info = await stat(file).catch(() => undefined);
  return info ? `${info.ino}:${info.size}:${info.mtimeMs}` : "none";
}

export async function notesOf(job: StoredJob, now = Date.now()): Promise<Notes> {
  const { plan, outcomes } = jobFiles(job.id);
  const files = `${Boolean(job.progress)}|${await version(plan)}|${await version(outcomes)}`;
  const last = kept.get(job.id);
  const writing = job.stage === "reading" || job.stage === "running";
  if (last && last.stage === job.stage && (last.files === files || (writing && now - last.at < WRITING_NOTES_MS))) return last;
  const read = await readNotes(job);
  kept.set(job.id, { ...read, files, stage: job.stage, at: now });
  return read;
}

async function readNotes(job: StoredJob): Promise<Notes> {
  const notes: RowNote[] = [];
  let notesTotal = 0;
  const outcomes = job.progress ? (await readOutcomes(job.id)).finished : undefined;
  for await (const row of readLines<PlannedRow>(jobFiles(job.id).plan)) {
    const outcome = outcomes?.get(row.line);
    const messages = outcome ? (outcome.outcome === "skipped" || outcome.outcome === "failed" ? [outcome.message ?? ""] : []) : [...row.messages, ...(row.duplicate ? [row.duplicate] : [])];
    if (messages.length === 0 || (outcomes && !outcome && job.stage !== "previewed")) continue;
    notesTotal += 1;
    if (notes.length < IMPORT_NOTES_SHOWN) notes.push({ line: row.line, label: row.label, messages });
  }
  return { notes, notesTotal };
}
