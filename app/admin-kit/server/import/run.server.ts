import type * as z from "zod";
import { nameKey } from "~/lib/name-keys";
import { IMPORT_TEXTS, type RowOutcome } from "~/admin-kit/import";
import type { Cells } from "~/admin-kit/screen";
import type { AdminContext } from "~/platform/auth.server";
import { errorFields, log } from "@server/log.server";
import { isUpstreamError } from "~/platform/upstream.server";
import type { ChoiceSources, ResourceAdapter } from "../screen/adapter.server.ts";
import { readPickerLists, type PickerLists } from "../screen/choices.server.ts";
import { screenReadModel } from "../screen/read-model.server.ts";
import { CreatedIds } from "./created-ids.server.ts";
import { saveRow, type RowForm, type RowSaved } from "./row-save.server.ts";
import { appendLines, clearStop, jobFiles, readLines, readOutcomes, stopAsked, writeJob, type OutcomeLine, type PlannedRow, type StoredJob } from "./store.server.ts";

/**
 * The run of a previewed import: its rows in the file's order, each saved by the screen's own
 * save (row-save.server.ts). Each row is marked begun, then finished with its outcome, in the
 * job's folder; so a run stopped (by the admin, by the upstream failing again and again, by the
 * process ending) resumes after the last row it finished, on any process. A row begun and never
 * finished may have been written: it is saved again only as a save that refuses a likely
 * duplicate, so that it is never written twice.
 *
 * The rows' duplicate checks look among the list as the run found it (each row's write clears
 * the list's copy, and reading the whole list again for every row made the run 20 times slower
 * than the upstream: docs/performance.md); the preview checked the file's rows against each
 * other, and a row begun before a stop looks at the list as it is now. New records' ids the
 * upstream did not answer with are looked up together (created-ids.server.ts).
 */

/** Tries of a row whose save failed for the upstream (or a lock) before the run stops. */
const TRIES = 3;
/** The wait before another try: the upstream is given a moment. */
const RETRY_WAIT_MS = 1_000;
/** The job's progress is written for the page at most this often. */
const PROGRESS_MS = 500;
/** New records' ids looked up (one read of the list) once this many wait, and at the run's end. */
const IDS_AT_ONCE = 250;

type Finished = Extract<OutcomeLine, { outcome: RowOutcome }>;

const emptyProgress = (total: number): NonNullable<StoredJob["progress"]> => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  failed: 0,
  done: 0,
  total,
});

export async function runImport<Rec, C extends Cells, S extends z.ZodObject>(admin: AdminContext, adapter: ResourceAdapter<Rec, C, S>, job: StoredJob, shutdown?: AbortSignal): Promise<void> {
  const files = jobFiles(job.id);
  const { finished, unfinished } = await readOutcomes(job.id);
  const progress = emptyProgress(job.preview?.rows ?? 0);
  for (const line of finished.values()) {
    progress[line.outcome] += 1;
    progress.done += 1;
  }
  await clearStop(job.id);
  Object.assign(job, {
    stage: "running",
    reason: undefined,
    stoppedByAdmin: undefined,
    progress,
  });
  await writeJob(job);
  const reads = await runReads(admin, adapter);
  const { createdIds } = reads;
  const named: Array<Promise<Finished | undefined>> = [];
  const nameCreated = async () => {
    await createdIds.settle();
    const lines = (await Promise.all(named.splice(0))).filter((line) => line !== undefined);
    if (lines.length > 0) await appendLines(files.outcomes, lines);
  };
  let lastWritten = Date.now();
  const written = async () => {
    if (Date.now() - lastWritten < PROGRESS_MS) return;
    lastWritten = Date.now();
    await writeJob(job);
  };

  try {
    for await (const row of readLines<PlannedRow>(files.plan)) {
      if (finished.has(row.line)) continue;
      // The process shuts down: the run stays "running", for another process to take it up here.
      if (shutdown?.aborted) break;
      if (await stopAsked(job.id)) {
        Object.assign(job, {
          stage: "stopped",
          stoppedByAdmin: true,
          reason: IMPORT_TEXTS.stopped,
        });
        break;
      }
      await appendLines(files.outcomes, [{ line: row.line, begun: true }]);
      const resumed = unfinished.has(row.line);
      let lookup: Promise<string | null> | undefined;
      const result = await rowOutcome(admin, adapter, job, row, reads, {
        resumed,
        findCreated: (values) => (lookup ??= createdIds.find(values)),
      });
      if ("pause" in result) {
        Object.assign(job, { stage: "stopped", reason: result.pause });
        break;
      }
      await appendLines(files.outcomes, [result]);
      // Its line again with the id, once found: the later line of a row is the one read.
      if (result.outcome === "created" && !result.id && lookup) named.push(lookup.then((id) => (id ? { ...result, id } : undefined)));
      if (named.length >= IDS_AT_ONCE) await nameCreated();
      progress[result.outcome] += 1;
      progress.done += 1;
      await written();
    }
    await nameCreated();
    if (job.stage === "running" && !shutdown?.aborted) job.stage = "done";
  } catch (error) {
    log("import_run_failed", {
      job: job.id,
      screen: job.screen,
      ...errorFields(error),
    });
    Object.assign(job, {
      stage: "stopped",
      reason: IMPORT_TEXTS.processStopped,
    });
  }
  await writeJob(job);
}

/** What every row's save reads, read once for the run. */
interface RunReads<Rec, C extends Cells, S extends z.ZodObject> {
  /** The list's records for the duplicate checks, and when they were read; undefined (each save reads its own) when it has no rules or could not be read. */
  among: { records: readonly Rec[]; readAt: number } | undefined;
  /** The pickers' lists: read again once the run made a record of one, or one could not be read. */
  pickerLists(): Promise<PickerLists | undefined>;
  madeRecord(): void;
  createdIds: CreatedIds<Rec, C, S>;
}

async function runReads<Rec, C extends Cells, S extends z.ZodObject>(admin: AdminContext, adapter: ResourceAdapter<Rec, C, S>): Promise<RunReads<Rec, C, S>> {
  let among: RunReads<Rec, C, S>["among"];
  if (adapter.definition.duplicates?.length) {
    try {
      const model = await screenReadModel(admin.api, adapter as unknown as ResourceAdapter<Rec, C, z.ZodObject>);
      among = { records: model.records, readAt: model.readAt };
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
    }
  }
  const { choices } = adapter;
  const readLists = () => (choices ? readPickerLists(admin.api, choices, adapter.definition.fields) : Promise.resolve(undefined));
  let lists: Promise<PickerLists | undefined> | undefined;
  return {
    among,
    async pickerLists() {
      const read = (lists ??= readLists());
      const answer = await read.catch(() => undefined);
      if (!answer || Object.keys(answer.failures).length > 0) lists = undefined;
      return read;
    },
    madeRecord: () => void (lists = undefined),
    createdIds: new CreatedIds(admin, adapter),
  };
}

/** A row's outcome, or a reason for the whole run to stop (the row left to be tried again). */
async function rowOutcome<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  job: StoredJob,
  row: PlannedRow,
  reads: RunReads<Rec, C, S>,
  { resumed, findCreated }: { resumed: boolean } & Pick<RowForm, "findCreated">
): Promise<Finished | { pause: string }> {
  const finished = (outcome: RowOutcome, message?: string, id?: string | null): Finished => ({
    line: row.line,
    outcome,
    ...(id ? { id } : {}),
    ...(message ? { message } : {}),
  });
  if (row.action === "error" || !row.entries) return finished("skipped", row.messages.join(" "));
  const allowDuplicates = job.options?.duplicates === true && !resumed;
  if (row.duplicate && job.options?.duplicates !== true) return finished("skipped", `${row.duplicate} Tidak ditulis; centang “Tulis juga baris yang mirip” untuk menulisnya.`);

  const entries = await withMadeRelations(admin, adapter, job, row, reads);
  if ("skip" in entries) return "pause" in entries ? { pause: entries.pause } : finished(entries.failed ? "failed" : "skipped", entries.skip);

  let saved: RowSaved | undefined;
  for (let attempt = 1; attempt <= TRIES; attempt += 1) {
    const form = {
      intent: row.id === undefined ? ("create" as const) : ("update" as const),
      id: row.id,
      entries: entries.entries,
      shown: row.shown,
      // A row begun before a stop may have been written: it looks at the list as it is now.
      duplicatesAmong: resumed ? undefined : reads.among,
      pickerLists: reads.pickerLists(),
      findCreated,
    };
    saved = await saveRow(admin, adapter, form);
    if ("duplicates" in saved && allowDuplicates)
      saved = await saveRow(admin, adapter, {
        ...form,
        confirm: saved.duplicates.confirm,
      });
    if (admin.tokenRefusal) return { pause: IMPORT_TEXTS.sessionEnded };
    if (!("failed" in saved) || !saved.transient) break;
    if (attempt === TRIES) return { pause: IMPORT_TEXTS.upstreamDown(row.line) };
    await new Promise((resolve) => setTimeout(resolve, RETRY_WAIT_MS * attempt));
  }
  if (!saved) return finished("failed");
  if ("written" in saved) return finished(saved.written, row.messages.join(" ") || undefined, saved.id);
  if ("duplicates" in saved) {
    const [first] = saved.duplicates.matches;
    const like = first ? `“${first.label}”` : "data lain";
    return finished("skipped", resumed ? `Baris ini mungkin sudah tertulis sebelum impor terhenti (mirip ${like}); tidak ditulis lagi.` : `Mirip ${like} yang sudah ada; tidak ditulis.`);
  }
  return finished("failed", saved.failed);
}

type Entries = { entries: Array<[string, string]> } | { skip: string; failed?: boolean } | { skip: string; pause: string };

/**
 * The row's entries with each name its list lacked replaced by the record made for it, where the
 * admin ticked that list (made once per name for the whole job, by that list's own save); a row
 * naming one of an unticked list is skipped.
 */
async function withMadeRelations<Rec, C extends Cells, S extends z.ZodObject>(admin: AdminContext, adapter: ResourceAdapter<Rec, C, S>, job: StoredJob, row: PlannedRow, reads: RunReads<Rec, C, S>): Promise<Entries> {
  const ids = new Map<string, string>();
  const fields = new Map(adapter.definition.fields.map((field) => [field.name, field]));
  for (const [fieldName, names] of Object.entries(row.missing ?? {})) {
    const field = fields.get(fieldName);
    const list = field?.optionsFrom;
    const source = list === undefined ? undefined : adapter.choices?.[list];
    if (!field || !list || !source) return { skip: "Daftar pilihan tidak dikenal.", failed: true };
    for (const { id: standIn, name } of names) {
      if (!job.options?.create.includes(list) || !source.addInline)
        return {
          skip: `${field.label} “${name}” belum ada di daftarnya; tidak ditulis (centang “Buat ${field.label.toLocaleLowerCase("id-ID")} yang belum ada” untuk membuatnya).`,
        };
      const made = await madeRecord(admin, job, {
        list,
        source,
        name,
        line: row.line,
      });
      if ("pause" in made) return { skip: made.pause, pause: made.pause };
      if ("failed" in made)
        return {
          skip: `${field.label} “${name}” tidak dapat dibuat: ${made.failed}`,
          failed: true,
        };
      ids.set(standIn, made.id);
      if (made.now) reads.madeRecord();
    }
  }
  return {
    entries: (row.entries ?? []).map(([name, value]) => [name, ids.get(value) ?? value]),
  };
}

async function madeRecord(
  admin: AdminContext,
  job: StoredJob,
  { list, source, name, line }: { list: string; source: ChoiceSources[string]; name: string; line: number }
): Promise<{ id: string; now?: boolean } | { failed: string } | { pause: string }> {
  const key = nameKey(name);
  const known = job.made?.[list]?.[key];
  if (known) return { id: known };
  const [labelField] = source.labelColumns;
  const saved = await saveRow(admin, source.adapter, {
    intent: "create",
    entries: [[labelField, name]],
  });
  if (admin.tokenRefusal) return { pause: IMPORT_TEXTS.sessionEnded };
  const madeFor = async (id: string) => {
    job.made = { ...job.made, [list]: { ...job.made?.[list], [key]: id } };
    await writeJob(job);
    return { id, now: true };
  };
  if ("written" in saved && saved.id) return madeFor(saved.id);
  if ("duplicates" in saved) {
    // One of this very name, made since the preview (by another run, an admin): it is the one meant.
    const same = saved.duplicates.matches.filter((match) => nameKey(match.label) === key);
    if (same.length === 1 && saved.duplicates.total === saved.duplicates.matches.length) return madeFor(same[0].id);
    return { failed: `mirip “${saved.duplicates.matches[0]?.label ?? name}” yang sudah ada.` };
  }
  if ("failed" in saved) return saved.transient ? { pause: IMPORT_TEXTS.upstreamDown(line) } : { failed: saved.failed };
  return { failed: "datanya tidak ditemukan setelah disimpan." };
}
