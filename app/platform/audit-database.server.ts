import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { getConfig } from "@server/config.server";
import { dataPaths } from "@server/data-dir.server";
import { FTS_TOKENIZER } from "./full-text.server.ts";

/**
 * The audit log's SQLite file (DATA_DIR/audit.sqlite), opened once per process: its table and
 * search index made, a log written by an older release brought up to date. The entries are
 * written and read by audit.server.ts.
 */

/** Several BFF processes may share DATA_DIR; a writer waits this long for another's lock, no longer. */
const BUSY_TIMEOUT_MS = 1000;

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
