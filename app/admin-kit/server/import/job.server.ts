import { createWriteStream } from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { data, redirect } from "@remix-run/node";
import type * as z from "zod";
import { IMPORT_FIELDS, IMPORT_INTENTS, IMPORT_PARAMS, IMPORT_TEXTS, importPath, type ImportJobView, type ImportSource, type RowOutcome } from "~/admin-kit/import";
import { FORM_MESSAGES } from "~/admin-kit/messages";
import { adminPage } from "~/admin-kit/menu";
import type { Cells } from "~/admin-kit/screen";
import { backgroundAdmin, endingSessionOnRefusal, type AdminContext } from "~/platform/auth.server";
import { backgroundKind } from "~/platform/background-jobs.server";
import { csvResponse } from "~/platform/csv.server";
import { FormRejected, IncomingForm, MalformedForm, readLeadingFields } from "~/platform/multipart.server";
import { lockKey, RecordBusy, withRecordLocks } from "~/platform/record-locks.server";
import { usesRedis } from "~/platform/redis.server";
import { refuseTableFile, TABLE_FILE_LIMITS } from "~/platform/table-files.server";
import { errorFields, log } from "@server/log.server";
import type { ResourceAdapter } from "../screen/adapter.server.ts";
import { exportFileName } from "../screen/export.server.ts";
import { firstValue } from "../screen/answers.server.ts";
import { notesOf } from "./notes.server.ts";
import { previewImport } from "./preview.server.ts";
import { runImport } from "./run.server.ts";
import { askToStop, beat, HEARTBEAT_MS, isAlive, isJobId, jobFiles, listJobs, newJobFolder, readLines, readOutcomes, readJob, removeJob, writeJob, type PlannedRow, type StoredJob } from "./store.server.ts";

/**
 * The import page's loader and action (app/routes/admin.import.$screen.tsx): the upload (stored
 * in the job's folder, at most the reader's size limit), the preview and the run (each in the
 * background, under the job's lock: one process at a time works on a job, any may resume it),
 * stop, discard, and the report of every row as CSV.
 */

type Listed<Rec, C extends Cells> = ResourceAdapter<Rec, C, z.ZodObject>;

const refusal = (message: string, status = 400) => data({ refusal: message }, { status });

/** What a preview or a run is handed, on whichever process takes it: ids only (the admin's token stays in their session). */
interface ImportTask {
  job: string;
  screen: string;
  /** The session of the admin who began or resumed it: the work acts as them, and does not begin once it ended. */
  session: string;
  requestId?: string;
}

/** The screens whose imports this process may be handed: every importable screen, as the registry builds them. */
const importableScreens = new Map<string, Listed<unknown, Cells>>();
export function knowImportableScreens(adapters: ReadonlyArray<Listed<unknown, Cells>>): void {
  for (const adapter of adapters) if (adapter.definition.importable) importableScreens.set(adapter.definition.id, adapter);
}

/**
 * A job's preview or run as background work (app/platform/background-jobs.server.ts: with Redis,
 * any process's worker takes it, and takes it again when its process dies): under the job's lock
 * (one process at a time), beating its heartbeat, as the admin whose session began it.
 */
function importWork(stage: "preview" | "run") {
  return backgroundKind<ImportTask>(`import-${stage}`, async (task, signal) => {
    const adapter = importableScreens.get(task.screen);
    if (!adapter) return;
    const beating = async () => {
      const job = await readJob(task.job, task.screen);
      // Discarded since, or finished by another process: nothing to do.
      if (!job || job.stage !== (stage === "preview" ? "reading" : "running")) return;
      const timer = setInterval(() => void beat(job.id).catch(() => undefined), HEARTBEAT_MS);
      try {
        await beat(job.id);
        const admin = await backgroundAdmin(task.session, task.requestId);
        if (!admin) {
          Object.assign(job, stage === "preview" ? { stage: "failed", reason: IMPORT_TEXTS.previewSessionEnded } : { stage: "stopped", reason: IMPORT_TEXTS.sessionEnded });
          await writeJob(job);
          return;
        }
        await (stage === "preview" ? previewImport(admin, adapter, job) : runImport(admin, adapter, job, signal));
      } finally {
        clearInterval(timer);
      }
    };
    try {
      await withRecordLocks([lockKey("import", task.screen, task.job)], beating);
    } catch (error) {
      if (error instanceof RecordBusy) return;
      log("import_job_failed", { job: task.job, screen: task.screen, ...errorFields(error) });
    }
  });
}
const previewWork = importWork("preview");
const runWork = importWork("run");

/** What a background preview or run carries of the request that began it. */
const taskOf = (admin: AdminContext, request: Request, job: StoredJob): ImportTask => ({
  job: job.id,
  screen: job.screen,
  session: admin.session.id,
  requestId: request.headers.get("x-request-id") ?? undefined,
});

/** What the page shows of a job: its counts, and its first notes (the preview's, or once run, the rows not written). */
async function viewOf(job: StoredJob): Promise<ImportJobView> {
  const { notes, notesTotal } = await notesOf(job);
  const { id, fileName, source, stage, reason, stoppedByAdmin, createdAt, preview, progress, options } = job;
  const alive = await isAlive(job);
  // A preview or run no process carries on: stopped, to be resumed.
  const shownStage = !alive && (stage === "running" || stage === "reading") ? (stage === "reading" ? "failed" : "stopped") : stage;
  const queued = usesRedis();
  const shownReason =
    shownStage === stage ? reason : stage === "reading" ? (queued ? IMPORT_TEXTS.previewStoppedQueued : IMPORT_TEXTS.previewStopped) : queued ? IMPORT_TEXTS.processStoppedQueued : IMPORT_TEXTS.processStopped;
  return {
    id,
    fileName,
    source,
    stage: shownStage,
    reason: shownReason,
    stoppedByAdmin,
    alive,
    unsettled: stage === "running" || stage === "reading",
    createdAt,
    preview,
    progress,
    options,
    notes,
    notesTotal,
  };
}

export async function loadImport<Rec, C extends Cells>(admin: AdminContext, request: Request, adapter: Listed<Rec, C>) {
  const search = new URL(request.url).searchParams;
  const jobId = search.get(IMPORT_PARAMS.job);
  const screen = adminPage(adapter.definition.id, adapter.definition.menu);
  const base = {
    screen: { id: screen.id, alias: screen.alias },
    slims: adapter.slimsImport !== undefined,
    maxBytes: TABLE_FILE_LIMITS.maxBytes,
    maxRows: TABLE_FILE_LIMITS.maxRows,
  };
  if (jobId === null) {
    const recent = await Promise.all((await listJobs(adapter.definition.id)).map(viewOf));
    return data({ ...base, job: null, recent });
  }
  const job = isJobId(jobId) ? await readJob(jobId, adapter.definition.id) : undefined;
  if (!job) return data({ ...base, job: null, recent: [], refusal: IMPORT_TEXTS.noJob }, { status: 404 });
  return data({ ...base, job: await viewOf(job), recent: [] });
}

export async function importAction<Rec, C extends Cells>(admin: AdminContext, request: Request, adapter: Listed<Rec, C>) {
  return endingSessionOnRefusal(admin, request, async () => {
    let form: IncomingForm;
    try {
      form = IncomingForm.open(request);
    } catch (error) {
      if (error instanceof MalformedForm) return refusal(FORM_MESSAGES.malformed);
      throw error;
    }
    try {
      const { fields, firstFile } = await readLeadingFields(form, new Set([IMPORT_FIELDS.file]));
      const intent = firstValue(fields, IMPORT_FIELDS.intent);
      if (intent === IMPORT_INTENTS.upload) return await receiveFile(admin, request, adapter, fields, firstFile);
      if (firstFile) return refusal(FORM_MESSAGES.malformed);
      const job = await readJob(firstValue(fields, IMPORT_PARAMS.job) ?? "", adapter.definition.id);
      if (!job) return refusal(IMPORT_TEXTS.noJob, 404);
      const page = `${importPath(adapter.definition.id)}?${IMPORT_PARAMS.job}=${job.id}`;
      if (intent === IMPORT_INTENTS.stop) {
        await askToStop(job.id);
        return redirect(page);
      }
      if (await isAlive(job)) return refusal(IMPORT_TEXTS.busy, 409);
      if (intent === IMPORT_INTENTS.discard) {
        await removeJob(job.id);
        return redirect(importPath(adapter.definition.id));
      }
      if (intent === IMPORT_INTENTS.start) {
        const view = await viewOf(job);
        if (view.stage !== "previewed" && view.stage !== "stopped") return refusal(IMPORT_TEXTS.notReady, 409);
        if (job.stage === "previewed")
          job.options = {
            create: fields.filter(([name]) => name === IMPORT_FIELDS.create).map(([, value]) => value),
            duplicates: firstValue(fields, IMPORT_FIELDS.duplicates) === "1",
          };
        job.stage = "running";
        await writeJob(job);
        await beat(job.id);
        await runWork.start(job.id, taskOf(admin, request, job));
        return redirect(page);
      }
      return refusal(FORM_MESSAGES.invalidRequest);
    } catch (error) {
      if (error instanceof MalformedForm) return refusal(FORM_MESSAGES.malformed);
      if (error instanceof FormRejected) return refusal(error.message, error.status);
      throw error;
    } finally {
      await form.discard();
    }
  });
}

/** A file's name as the page shows it: its last part, printable, at most 100 characters. */
function shownName(filename: string): string {
  const name = filename.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const printable = name.replace(/[\u0000-\u001f\u007f]/g, "");
  return printable.trim().slice(0, 100) || "berkas";
}

async function receiveFile<Rec, C extends Cells>(
  admin: AdminContext,
  request: Request,
  adapter: Listed<Rec, C>,
  fields: Array<[string, string]>,
  file: Awaited<ReturnType<typeof readLeadingFields>>["firstFile"]
) {
  const source = (firstValue(fields, IMPORT_FIELDS.source) ?? "site") as ImportSource;
  if (source !== "site" && source !== "slims") return refusal(IMPORT_TEXTS.badSource);
  if (source === "slims" && !adapter.slimsImport) return refusal(IMPORT_TEXTS.slimsBooksOnly);
  const separator = firstValue(fields, IMPORT_FIELDS.separator) ?? "";
  const enclosure = firstValue(fields, IMPORT_FIELDS.enclosure) ?? "";
  if (source === "slims" && (separator.length > 3 || /[\r\n]/.test(separator) || enclosure.length > 1 || /[\r\n]/.test(enclosure))) {
    return refusal("Pemisah kolom SLiMS paling banyak 3 karakter dan penutup kolom 1 karakter, seperti pada formulir ekspor SLiMS.");
  }
  if (!file || file.name !== IMPORT_FIELDS.file || file.filename === "") return refusal(IMPORT_TEXTS.noFile);
  const fileName = shownName(file.filename);
  const id = await newJobFolder();
  const limit = TABLE_FILE_LIMITS.maxBytes;
  let received = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > limit ? new FormRejected(IMPORT_FIELDS.file, refuseTableFile.tooLarge(fileName).message, 413) : null, chunk);
    },
  });
  try {
    await pipeline(file.stream, bounded, createWriteStream(jobFiles(id).upload));
  } catch (error) {
    await removeJob(id);
    if (error instanceof FormRejected) return refusal(error.message, 413);
    log("import_upload_failed", {
      screen: adapter.definition.id,
      ...errorFields(error),
    });
    return refusal(IMPORT_TEXTS.storage, 503);
  }
  if (received === 0) {
    await removeJob(id);
    return refusal(`Berkas “${fileName}” kosong.`);
  }
  const job: StoredJob = {
    id,
    screen: adapter.definition.id,
    fileName,
    source,
    ...(source === "slims"
      ? {
          dialect: {
            ...(separator ? { separator } : {}),
            ...(enclosure ? { enclosure } : {}),
          },
        }
      : {}),
    stage: "reading",
    createdAt: new Date().toISOString(),
    createdBy: String(admin.user.id),
  };
  await writeJob(job);
  await beat(job.id);
  await previewWork.start(job.id, taskOf(admin, request, job));
  return redirect(`${importPath(adapter.definition.id)}?${IMPORT_PARAMS.job}=${id}`);
}

const OUTCOME_TEXT: Record<RowOutcome | "pending", string> = {
  created: "Ditambahkan",
  updated: "Diubah",
  unchanged: "Tidak berubah",
  skipped: "Dilewati",
  failed: "Gagal",
  pending: "Belum diproses",
};
const ACTION_TEXT: Record<PlannedRow["action"], string> = {
  create: "Akan ditambahkan",
  update: "Akan diubah",
  unchanged: "Tidak berubah",
  error: "Tidak valid",
};

/** Every row of the file with what became of it (or, before the run, what will): the report, as CSV; a 404 for no such job. */
export async function importReport<Rec, C extends Cells>(request: Request, adapter: Listed<Rec, C>): Promise<Response> {
  const job = await readJob(new URL(request.url).searchParams.get(IMPORT_PARAMS.job) ?? "", adapter.definition.id);
  if (!job) return new Response(IMPORT_TEXTS.noJob, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const screen = adminPage(adapter.definition.id, adapter.definition.menu);
  const { finished } = job.progress ? await readOutcomes(job.id) : { finished: undefined };
  const plan = jobFiles(job.id).plan;
  async function* batches(): AsyncGenerator<string[][]> {
    let rows: string[][] = [];
    for await (const row of readLines<PlannedRow>(plan)) {
      const outcome = finished?.get(row.line);
      const said = outcome ? OUTCOME_TEXT[outcome.outcome] : finished ? OUTCOME_TEXT.pending : ACTION_TEXT[row.action];
      const messages = outcome?.message ?? [...row.messages, ...(row.duplicate ? [row.duplicate] : [])].join(" ");
      rows.push([String(row.line), row.label, said, outcome?.id ?? row.id ?? "", messages]);
      if (rows.length >= 500) {
        yield rows;
        rows = [];
      }
    }
    if (rows.length > 0) yield rows;
  }
  const name = exportFileName({
    id: screen.id,
    alias: `laporan-impor-${screen.alias}`,
  });
  return csvResponse({
    fileName: name,
    separator: ";",
    header: ["Baris", "Data", "Hasil", "ID", "Keterangan"],
    batches: batches(),
    logName: `import-${screen.id}`,
  });
}
