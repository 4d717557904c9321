import { AUDIT_ACTION_LABELS, AUDIT_COLUMNS, auditCells, UNKNOWN_OUTCOME, type AuditAction, type AuditEntry, type AuditOutcome, type AuditRecord, type FieldChange } from "~/lib/audit";
import { foldedWords } from "~/lib/indonesian-stem";
import { openAuditLog, whenWritable } from "./audit-database.server.ts";
import { csvResponse } from "./csv.server.ts";
import { fullTextValue, fullTextWord, searchWords } from "./full-text.server.ts";
import { errorFields, log } from "@server/log.server";

/**
 * The audit log (issue 9 point 2): every admin change made through this site, in
 * DATA_DIR/audit.sqlite. It records who, when, which screen and record, the action, whether the
 * upstream accepted it, and which fields changed. It keeps short before/after values of plain
 * text fields only: never file contents, rich text, passwords, tokens or cookies.
 *
 * A change is recorded in two steps: a pending entry before anything is sent
 * upstream (`beginChange`; when it cannot be written the change is refused, so that no change
 * goes unrecorded), then its outcome once the upstream answered (`completeChange`), which never
 * fails the admin's change: a completion that cannot be written now is queued and retried. An
 * entry whose completion never came (the process ended first) stays "pending": the screen and
 * the export show its outcome as unknown.
 */

/** Longer plain text is kept cut to this many characters. */
const VALUE_MAX_CHARS = 120;
/** Field names whose values are never kept, whatever their type. */
export const SECRET_FIELD = /pass|token|secret|cookie|session/i;

/** What the admin is told when the pending entry cannot be written: nothing was sent upstream. */
export const AUDIT_MESSAGES = {
  unavailable: "Catatan perubahan tidak dapat disimpan saat ini, jadi perubahan belum dikirim. Silakan coba lagi nanti.",
};

/** The pending entry could not be written: the change must not be sent upstream. */
export class AuditUnavailable extends Error {
  override name = "AuditUnavailable";
}

function insertEntry(record: AuditRecord): number {
  const result = openAuditLog()
    .prepare(
      `INSERT INTO audit_log (at, actor_id, actor_email, resource, record_id, record_label, action, outcome, upstream_status, changes)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      new Date().toISOString(),
      record.actor.id,
      record.actor.email,
      record.resource,
      record.recordId,
      record.recordLabel === undefined ? null : shortText(record.recordLabel),
      record.action,
      record.outcome,
      record.upstreamStatus ?? null,
      JSON.stringify(record.changes),
    );
  return Number(result.lastInsertRowid);
}

/** Stores one finished change (a change whose outcome is already known). Never rejects: failures are logged. */
export async function recordChange(record: AuditRecord): Promise<void> {
  try {
    await whenWritable(() => insertEntry(record));
  } catch (error) {
    log("audit_record_failed", { resource: record.resource, action: record.action, ...errorFields(error) });
  }
}

/**
 * Writes a change's pending entry, before anything is sent upstream, and returns its id; a file
 * another process holds is waited for (`whenWritable`). Rejects with AuditUnavailable when it
 * cannot be written: the caller refuses the change (503, AUDIT_MESSAGES).
 */
export async function beginChange(record: Omit<AuditRecord, "outcome" | "upstreamStatus">): Promise<number> {
  try {
    return await whenWritable(() => insertEntry({ ...record, outcome: "pending" }));
  } catch (error) {
    log("audit_record_failed", { resource: record.resource, action: record.action, stage: "pending", ...errorFields(error) });
    throw new AuditUnavailable(errorFields(error).error, { cause: error });
  }
}

/** What the upstream's answer adds to a pending entry. */
export interface AuditCompletion {
  outcome: Exclude<AuditOutcome, "pending">;
  upstreamStatus?: number;
  /** The record's id when the answer named it (a new record's). */
  recordId?: string | null;
  /** The changes again, when sending the change told more of them (the names of the files streamed). */
  changes?: FieldChange[];
}

/** A completion not written yet: retried until it is, or until the process ends (the entry then stays pending). */
const queued = new Map<number, AuditCompletion>();
/** How soon a queued completion is tried again. */
export const COMPLETION_RETRY_MS = 5_000;
/** Past this many queued completions the oldest are dropped (their entries stay pending, logged). */
const MAX_QUEUED_COMPLETIONS = 10_000;
let retryTimer: NodeJS.Timeout | undefined;

function writeCompletion(id: number, completion: AuditCompletion): void {
  const assignments = [
    "outcome = @outcome",
    "upstream_status = @upstreamStatus",
    ...(completion.recordId ? ["record_id = @recordId"] : []),
    ...(completion.changes ? ["changes = @changes"] : []),
  ];
  openAuditLog()
    .prepare(`UPDATE audit_log SET ${assignments.join(", ")} WHERE id = @id AND outcome = 'pending'`)
    .run({
      id,
      outcome: completion.outcome,
      upstreamStatus: completion.upstreamStatus ?? null,
      recordId: completion.recordId ?? null,
      changes: completion.changes ? JSON.stringify(completion.changes) : null,
    });
}

/** Names a completed add's record by the id found after its answer (its list read anew). Never rejects: a failure is logged. */
export async function nameCreatedRecord(id: number, recordId: string): Promise<void> {
  try {
    await whenWritable(() => openAuditLog().prepare("UPDATE audit_log SET record_id = @recordId WHERE id = @id AND record_id IS NULL").run({ id, recordId }));
  } catch (error) {
    log("audit_record_failed", { entry: id, stage: "record id", ...errorFields(error) });
  }
}

/**
 * Completes a pending entry with the upstream's outcome. Never throws, whatever the log: the
 * change has happened (or failed) upstream, and the admin is told so; a completion that cannot
 * be written now is queued and retried every COMPLETION_RETRY_MS.
 */
export function completeChange(id: number, completion: AuditCompletion): void {
  try {
    if (queued.size > 0) retryQueuedCompletions();
    writeCompletion(id, completion);
  } catch (error) {
    log("audit_completion_queued", { entry: id, outcome: completion.outcome, ...errorFields(error) });
    queue(id, completion);
  }
}

function queue(id: number, completion: AuditCompletion): void {
  queued.set(id, completion);
  for (const oldest of queued.keys()) {
    if (queued.size <= MAX_QUEUED_COMPLETIONS) break;
    queued.delete(oldest);
    log("audit_completion_dropped", { entry: oldest });
  }
  if (!retryTimer) {
    retryTimer = setInterval(retryQueuedCompletions, COMPLETION_RETRY_MS);
    retryTimer.unref();
  }
}

/** Writes the queued completions, oldest first; those that still fail stay queued. Returns how many are left. */
export function retryQueuedCompletions(): number {
  for (const [id, completion] of queued) {
    try {
      writeCompletion(id, completion);
      queued.delete(id);
      log("audit_completion_written", { entry: id });
    } catch {
      // The log is still unwritable: the rest would fail the same way.
      break;
    }
  }
  if (queued.size === 0 && retryTimer) {
    clearInterval(retryTimer);
    retryTimer = undefined;
  }
  return queued.size;
}

/** How many completions wait to be written (for the tests). */
export function queuedCompletions(): number {
  return queued.size;
}

interface AuditRow {
  id: number;
  at: string;
  actor_id: string;
  actor_email: string;
  resource: string;
  record_id: string | null;
  record_label: string | null;
  action: AuditAction;
  outcome: AuditOutcome;
  upstream_status: number | null;
  changes: string;
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor: { id: row.actor_id, email: row.actor_email },
    resource: row.resource,
    recordId: row.record_id,
    ...(row.record_label === null ? {} : { recordLabel: row.record_label }),
    action: row.action,
    outcome: row.outcome,
    ...(row.upstream_status === null ? {} : { upstreamStatus: row.upstream_status }),
    changes: JSON.parse(row.changes) as FieldChange[],
  };
}

/** The outcomes as the table shows them (`auditCells`), for a search to find them by. */
const OUTCOME_WORDS: Record<AuditOutcome, string> = { ok: "Berhasil", failed: "Gagal", pending: UNKNOWN_OUTCOME };

/** The stored codes whose shown label has a word beginning with `word` ("hapus" → "delete"), folded as the index folds. */
function codesShownAs(word: string, labels: Readonly<Record<string, string>>): string[] {
  const [folded] = foldedWords(word);
  if (folded === undefined) return [];
  return Object.keys(labels).filter((code) => foldedWords(labels[code]).some((shown) => shown.startsWith(folded)));
}

/**
 * The newest entries first, one page of them; `hasMore` when an older one follows. Throws when
 * the file cannot be read. `q`'s words must each be found, as the table shows the entry: in the
 * indexed text (who, which record, the changes), or as the Indonesian name of its screen
 * (`screenNames`, by id), action or outcome, though the log stores their codes ("Hapus Buku"
 * finds a book's delete).
 */
export function readAuditPage(query: AuditQuery & { page: number; pageSize: number }): {
  entries: AuditEntry[];
  hasMore: boolean;
  total: number;
} {
  const { page, pageSize } = query;
  const { conditions, params } = auditConditions(query);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const db = openAuditLog();
  const rows = db
    .prepare(`SELECT * FROM audit_log ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: pageSize + 1, offset: (page - 1) * pageSize }) as AuditRow[];
  const { total } = db.prepare(`SELECT count(*) AS total FROM audit_log ${where}`).get(params) as { total: number };
  return { entries: rows.slice(0, pageSize).map(toEntry), hasMore: rows.length > pageSize, total };
}

/** Which entries a view of the log holds: one screen's or all, and a search (`readAuditPage`). */
export interface AuditQuery {
  resource?: string;
  q?: string;
  screenNames?: Readonly<Record<string, string>>;
}

/** The SQL conditions and their parameters of a view of the log. */
function auditConditions({ resource, q, screenNames = {} }: AuditQuery): { conditions: string[]; params: Record<string, string | number> } {
  const params: Record<string, string | number> = {};
  const conditions = resource ? ["resource = @resource"] : [];
  if (resource) params.resource = resource;
  searchWords(q ?? "").forEach((word, index) => {
    const codes = [...codesShownAs(word, screenNames), ...codesShownAs(word, AUDIT_ACTION_LABELS)];
    params[`match${index}`] = [fullTextWord(word), ...codes.map(fullTextValue)].join(" OR ");
    const outcomes = codesShownAs(word, OUTCOME_WORDS);
    outcomes.forEach((outcome, at) => (params[`outcome${index}_${at}`] = outcome));
    const byOutcome = outcomes.map((_, at) => ` OR outcome = @outcome${index}_${at}`).join("");
    conditions.push(`(id IN (SELECT rowid FROM audit_search WHERE audit_search MATCH @match${index})${byOutcome})`);
  });
  return { conditions, params };
}

/**
 * Every entry, newest first, read in batches older than the last one seen: no statement stays
 * open between batches, so recording goes on while an export is being downloaded.
 */
export async function* allAuditEntries(query: AuditQuery, batchSize = 500): AsyncGenerator<AuditEntry[]> {
  const { conditions, params } = auditConditions(query);
  const where = ["id < @before", ...conditions].join(" AND ");
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = openAuditLog()
      .prepare(`SELECT * FROM audit_log WHERE ${where} ORDER BY id DESC LIMIT @limit`)
      .all({ ...params, before, limit: batchSize }) as AuditRow[];
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    if (rows.length < batchSize) return;
    before = rows[rows.length - 1].id;
  }
}

/** A value as the audit log keeps it: cut to `VALUE_MAX_CHARS`. */
export function shortText(value: string): string {
  return value.length > VALUE_MAX_CHARS ? `${value.slice(0, VALUE_MAX_CHARS)}…` : value;
}

/**
 * The audit log (all of it, or one screen's) as a streamed CSV download, with the screen's
 * columns. The first batch is read before answering: a log that cannot be read throws here.
 */
export async function exportAuditCsv(query: AuditQuery, fileName: string, screenName: (id: string) => string, separator: "," | ";"): Promise<Response> {
  const entries = allAuditEntries(query);
  const first = await entries.next();
  async function* batches(): AsyncGenerator<string[][], void, undefined> {
    for (let next = first; !next.done; next = await entries.next()) {
      yield next.value.map((entry) => {
        const cells = auditCells(entry, screenName);
        return AUDIT_COLUMNS.map((column) => cells[column.accessor]);
      });
    }
  }
  return csvResponse({ fileName, separator, header: AUDIT_COLUMNS.map((column) => column.header), batches: batches(), logName: "audit" });
}
