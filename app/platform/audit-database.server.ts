import { mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { getConfig } from "@server/config.server";
import { dataPaths } from "@server/data-dir.server";
import { FTS_TOKENIZER } from "./full-text.server.ts";

/**
 * The audit log's SQLite file (DATA_DIR/audit.sqlite), opened once per process: its table and
 * search index made, a log written by an older release brought up to date. The entries are
 * written and read by audit.server.ts.
 */

/**
 * Several BFF processes may share DATA_DIR. SQLite's own wait for another's lock is synchronous
 * (it holds the event loop), so it is kept short; `whenWritable` waits longer without blocking.
 */
const BUSY_TIMEOUT_MS = 50;
/** How long `whenWritable` keeps trying a write the file's lock refuses, before it gives up. */
export const WRITE_PATIENCE_MS = 10_000;

let database: Database.Database | undefined;

/** The audit log, opened (and made or brought up to date) when first needed. Throws when it cannot be. */
export function openAuditLog(): Database.Database {
  if (database) return database;
  const file = dataPaths(getConfig()).auditLog;
  mkdirSync(path.dirname(file), { recursive: true });
  const opened = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    opened.pragma("journal_mode = WAL");
    // Writes run on the event loop: no disk flush per entry (WAL stays consistent; a power cut may lose the last ones).
    opened.pragma("synchronous = NORMAL");
    opened.exec(`
      CREATE TABLE IF NOT EXISTS audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        actor_id TEXT NOT NULL,
        actor_email TEXT NOT NULL,
        resource TEXT NOT NULL,
        record_id TEXT,
        record_label TEXT,
        action TEXT NOT NULL,
        outcome TEXT NOT NULL,
        upstream_status INTEGER,
        changes TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS audit_log_by_resource ON audit_log (resource, id);
    `);
    addRecordLabelColumn(opened);
    addSearchIndex(opened);
    addSearchUpdateTrigger(opened);
  } catch (error) {
    opened.close();
    throw error;
  }
  database = opened;
  return opened;
}

/**
 * A log written before records were named gains the column (its old entries stay unnamed).
 * Another process sharing DATA_DIR may add it first: that is as good.
 */
function addRecordLabelColumn(db: Database.Database): void {
  const columns = db.prepare("SELECT name FROM pragma_table_info('audit_log')").all() as Array<{ name: string }>;
  if (columns.some((column) => column.name === "record_label")) return;
  try {
    db.exec("ALTER TABLE audit_log ADD COLUMN record_label TEXT");
  } catch (error) {
    if (!(error instanceof Error && /duplicate column/i.test(error.message))) throw error;
  }
}

/**
 * The log's search index: SQLite's FTS5 over who, what and which record (full-text.server.ts),
 * kept by a trigger as entries are written. A log
 * written before the index existed is indexed once, by whichever process opens it first.
 */
function addSearchIndex(db: Database.Database): void {
  db.transaction(() => {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'audit_search'").get();
    if (exists) return;
    db.exec(`
      CREATE VIRTUAL TABLE audit_search USING fts5(
        actor_email, resource, record_id, record_label, action, changes,
        content = 'audit_log', content_rowid = 'id', tokenize = '${FTS_TOKENIZER}'
      );
      CREATE TRIGGER audit_search_insert AFTER INSERT ON audit_log BEGIN
        INSERT INTO audit_search (rowid, actor_email, resource, record_id, record_label, action, changes)
        VALUES (new.id, new.actor_email, new.resource, new.record_id, new.record_label, new.action, new.changes);
      END;
      INSERT INTO audit_search (audit_search) VALUES ('rebuild');
    `);
  }).immediate();
}

/**
 * An entry's completion rewrites its searchable columns (a new record's id): the index follows.
 * Added to a log made before entries were completed, by whichever process opens it first.
 */
function addSearchUpdateTrigger(db: Database.Database): void {
  db.exec(`
    CREATE TRIGGER IF NOT EXISTS audit_search_update AFTER UPDATE ON audit_log BEGIN
      INSERT INTO audit_search (audit_search, rowid, actor_email, resource, record_id, record_label, action, changes)
      VALUES ('delete', old.id, old.actor_email, old.resource, old.record_id, old.record_label, old.action, old.changes);
      INSERT INTO audit_search (rowid, actor_email, resource, record_id, record_label, action, changes)
      VALUES (new.id, new.actor_email, new.resource, new.record_id, new.record_label, new.action, new.changes);
    END;
  `);
}

/** SQLite said another connection holds the lock (SQLITE_BUSY and its extended codes). */
function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code.startsWith("SQLITE_BUSY");
}

/**
 * Runs a write, and while the file is locked by another process runs it again after a short,
 * jittered pause, for up to WRITE_PATIENCE_MS: a busy machine can starve one writer for
 * longer than SQLite's synchronous wait. The first try runs at once (a free file is written
 * before this returns). Any other error, or the lock still held at the end, is thrown.
 */
export async function whenWritable<T>(write: () => T, patienceMs = WRITE_PATIENCE_MS): Promise<T> {
  const deadline = performance.now() + patienceMs;
  for (;;) {
    try {
      return write();
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw error;
    }
    await sleep(10 + Math.random() * 40);
  }
}
