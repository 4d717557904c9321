import Database from "better-sqlite3";

export type Db = Database.Database;
export type SqlValue = string | number | null;
export type Row = { id: number } & Record<string, SqlValue>;

export const DATABASE_FILE = "reference-api.sqlite";

/** Bumped whenever SCHEMA changes shape; 0 means a database that was just created. */
const SCHEMA_VERSION = 1;

/**
 * Column names equal the JSON field names of the contract, so rows serialise almost as they are.
 * Text columns default to '' (the contract has no nulls except an absent classification).
 */
const SCHEMA = `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  role INTEGER NOT NULL,
  password_hash TEXT NOT NULL
);
CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL
);
CREATE TABLE sliders (
  id INTEGER PRIMARY KEY, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL DEFAULT '', file TEXT NOT NULL DEFAULT ''
);
CREATE TABLE banners (
  id INTEGER PRIMARY KEY, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL DEFAULT '', file TEXT NOT NULL DEFAULT ''
);
CREATE TABLE abouts (
  id INTEGER PRIMARY KEY, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '', phone TEXT NOT NULL DEFAULT '', email TEXT NOT NULL DEFAULT '',
  facebook TEXT NOT NULL DEFAULT '', instagram TEXT NOT NULL DEFAULT '', twitter TEXT NOT NULL DEFAULT '',
  youtube TEXT NOT NULL DEFAULT '', tiktok TEXT NOT NULL DEFAULT '',
  terms_and_condition TEXT NOT NULL DEFAULT '', privacy_policy TEXT NOT NULL DEFAULT '',
  file TEXT NOT NULL DEFAULT ''
);
CREATE TABLE mission_visions (id INTEGER PRIMARY KEY, vision TEXT NOT NULL, mission TEXT NOT NULL);
CREATE TABLE histories (
  id INTEGER PRIMARY KEY, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', file TEXT NOT NULL DEFAULT ''
);
CREATE TABLE activities (
  id INTEGER PRIMARY KEY, date TEXT NOT NULL, title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '', file TEXT NOT NULL DEFAULT ''
);
CREATE INDEX activities_by_date ON activities (date DESC, id DESC);
CREATE TABLE officers (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, position TEXT NOT NULL DEFAULT '',
  additional_text TEXT NOT NULL DEFAULT '', file TEXT NOT NULL DEFAULT ''
);
CREATE TABLE genres (id INTEGER PRIMARY KEY, name TEXT NOT NULL, cover TEXT NOT NULL DEFAULT '');
CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT NOT NULL, cover TEXT NOT NULL DEFAULT '');
CREATE TABLE classifications (id INTEGER PRIMARY KEY, notation TEXT NOT NULL, general_name TEXT NOT NULL);
CREATE TABLE authors (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, biography TEXT NOT NULL DEFAULT '',
  photo TEXT NOT NULL DEFAULT '', total_books INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE publishers (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT NOT NULL DEFAULT '', about TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '', phone TEXT NOT NULL DEFAULT '', total_books INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE books (
  id INTEGER PRIMARY KEY, title TEXT NOT NULL, synopsis TEXT NOT NULL DEFAULT '',
  published_date TEXT NOT NULL, isbn_issn TEXT NOT NULL DEFAULT '',
  author_id INTEGER NOT NULL REFERENCES authors(id),
  publisher_id INTEGER NOT NULL REFERENCES publishers(id),
  classification_id INTEGER REFERENCES classifications(id),
  cover TEXT NOT NULL DEFAULT '', file TEXT NOT NULL DEFAULT ''
);
CREATE INDEX books_by_author ON books (author_id);
CREATE INDEX books_by_publisher ON books (publisher_id);
CREATE INDEX books_by_classification ON books (classification_id);
CREATE TABLE book_genres (
  book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  genre_id INTEGER NOT NULL REFERENCES genres(id) ON DELETE CASCADE,
  PRIMARY KEY (book_id, genre_id)
);
CREATE TABLE book_tags (
  book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  PRIMARY KEY (book_id, tag_id)
);
CREATE TABLE videos (
  id INTEGER PRIMARY KEY, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
  link TEXT NOT NULL, thumbnail TEXT NOT NULL DEFAULT '', background TEXT NOT NULL DEFAULT '',
  watched INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE libraries (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT NOT NULL DEFAULT '',
  phone_number TEXT NOT NULL DEFAULT '', about TEXT NOT NULL DEFAULT '', active INTEGER NOT NULL DEFAULT 1
);
`;

export function openDatabase(path: string): Db {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  return db;
}

export function isNewDatabase(db: Db): boolean {
  return db.pragma("user_version", { simple: true }) === 0;
}

/**
 * Creates the schema and fills it in one transaction, so a start that fails half-way leaves a
 * database that is still "new" and is seeded again next time.
 */
export function createSchema(db: Db, fill: (db: Db) => void): void {
  db.transaction(() => {
    db.exec(SCHEMA);
    fill(db);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}

/** Inserts a row whose keys are column names; returns the new id. */
export function insertRow(db: Db, table: string, values: Record<string, SqlValue>): number {
  const columns = Object.keys(values);
  const statement = db.prepare(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((column) => `@${column}`).join(", ")})`,
  );
  return Number(statement.run(values).lastInsertRowid);
}

export function updateRow(db: Db, table: string, id: number, values: Record<string, SqlValue>): void {
  const columns = Object.keys(values);
  if (columns.length === 0) return;
  db.prepare(`UPDATE ${table} SET ${columns.map((column) => `${column} = @${column}`).join(", ")} WHERE id = @id`).run({
    ...values,
    id,
  });
}

export function findRow(db: Db, table: string, id: number): Row | undefined {
  return db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row | undefined;
}

export function deleteRow(db: Db, table: string, id: number): void {
  db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id);
}

export function listRows(db: Db, table: string, orderBy: string, limit: number, offset: number): { rows: Row[]; total: number } {
  const rows = db.prepare(`SELECT * FROM ${table} ORDER BY ${orderBy} LIMIT ? OFFSET ?`).all(limit, offset) as Row[];
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM ${table}`).get() as { total: number };
  return { rows, total };
}

/** Drops the fields a request did not send, so an update leaves those columns as they are. */
export function sentValues(input: Record<string, SqlValue | undefined>): Record<string, SqlValue> {
  const values: Record<string, SqlValue> = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined) values[key] = value;
  return values;
}
