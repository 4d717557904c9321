import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type Database from "better-sqlite3";

/**
 * Node's built-in `node:sqlite` behind the part of better-sqlite3's API the project uses
 * (reference-api/, app/platform/full-text.server.ts, app/platform/audit*.server.ts), so that the drivers
 * bench (suites/sqlite-drivers.ts) runs the same project code on both. A test tool, not a shim
 * for production: it covers `prepare(...).get/all/run/iterate/pluck()`, `exec`,
 * `pragma(..., { simple })`, `transaction(fn)` with `.deferred/.immediate/.exclusive` (nested
 * calls as savepoints, as better-sqlite3 does), `inTransaction`, `open` and `close`, and nothing else.
 *
 * It adds no work a port would not have: rows are node:sqlite's own (objects with a null
 * prototype; JSON and spreading read them alike), parameters are bound by node:sqlite
 * (`@name` placeholders take `{ name }` objects, bare names being allowed by default), and
 * `lastInsertRowid` is a number unless the value needs a BigInt (node:sqlite then throws
 * ERR_OUT_OF_RANGE where better-sqlite3 returns an imprecise number). What differs by design:
 *
 * - better-sqlite3's busy timeout defaults to 5 s (its `timeout` option); node:sqlite's to 0.
 *   `open` keeps better-sqlite3's default, so a port that drops the option loses nothing.
 * - The SQLite builds differ (`PRAGMA compile_options`): better-sqlite3 is compiled with a 16 MB
 *   page cache (node:sqlite: SQLite's 2 MB) and `synchronous = NORMAL` for databases in WAL mode
 *   (node:sqlite: FULL, a flush of the WAL per commit). `BETTER_SQLITE3_BUILD_DEFAULTS` states
 *   both as pragmas, for a like-for-like comparison.
 */

export interface NodeSqliteOptions {
  /** Busy timeout in ms (better-sqlite3's `timeout`; default, as there, 5000). */
  timeout?: number;
}

/** What better-sqlite3's build sets at compile time, as pragmas node:sqlite can be given after opening. */
export const BETTER_SQLITE3_BUILD_DEFAULTS = ["cache_size = -16000", "synchronous = NORMAL"] as const;

type Parameters = unknown[];

class Statement {
  private plucking = false;

  private readonly statement: StatementSync;

  constructor(statement: StatementSync) {
    this.statement = statement;
  }

  /** better-sqlite3's `pluck()`: the first column's value instead of the row. */
  pluck(toggle = true): this {
    this.plucking = toggle;
    this.statement.setReturnArrays(toggle);
    return this;
  }

  get(...parameters: Parameters): unknown {
    const row = this.statement.get(...(parameters as SQLInputValue[]));
    return this.plucking && row !== undefined ? (row as unknown as unknown[])[0] : row;
  }

  all(...parameters: Parameters): unknown[] {
    const rows = this.statement.all(...(parameters as SQLInputValue[]));
    return this.plucking ? (rows as unknown as unknown[][]).map((row) => row[0]) : rows;
  }

  *iterate(...parameters: Parameters): IterableIterator<unknown> {
    for (const row of this.statement.iterate(...(parameters as SQLInputValue[]))) {
      yield this.plucking ? (row as unknown as unknown[])[0] : row;
    }
  }

  run(...parameters: Parameters): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.statement.run(...(parameters as SQLInputValue[]));
  }
}

class NodeSqliteDatabase {
  private readonly db: DatabaseSync;
  /** BEGIN, COMMIT and the rest, prepared once (better-sqlite3 keeps its own prepared too). */
  private readonly control = new Map<string, StatementSync>();

  constructor(location: string, options: NodeSqliteOptions) {
    this.db = new DatabaseSync(location, { timeout: options.timeout ?? 5000 });
  }

  get open(): boolean {
    return this.db.isOpen;
  }

  get inTransaction(): boolean {
    return this.db.isTransaction;
  }

  prepare(sql: string): Statement {
    return new Statement(this.db.prepare(sql));
  }

  exec(sql: string): this {
    this.db.exec(sql);
    return this;
  }

  /** better-sqlite3's `pragma`: every row, or with `simple` the first column of the first row. */
  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const rows = this.db.prepare(`PRAGMA ${source}`).all();
    if (!options.simple) return rows;
    const first = rows[0];
    return first === undefined ? undefined : Object.values(first)[0];
  }

  /** better-sqlite3's `transaction`: a function that runs `fn` in a transaction (a savepoint when nested). */
  transaction<A extends unknown[], R>(fn: (...args: A) => R) {
    const wrap = (begin: string) =>
      (...args: A): R => {
        const nested = this.db.isTransaction;
        this.run(nested ? "SAVEPOINT bench_adapter" : begin);
        try {
          const result = fn(...args);
          if (result instanceof Promise) throw new TypeError("Transaction function cannot return a promise");
          this.run(nested ? "RELEASE bench_adapter" : "COMMIT");
          return result;
        } catch (error) {
          if (this.db.isTransaction) {
            if (nested) {
              this.run("ROLLBACK TO bench_adapter");
              this.run("RELEASE bench_adapter");
            } else {
              this.run("ROLLBACK");
            }
          }
          throw error;
        }
      };
    const deferred = wrap("BEGIN");
    return Object.assign(deferred, { deferred, immediate: wrap("BEGIN IMMEDIATE"), exclusive: wrap("BEGIN EXCLUSIVE") });
  }

  close(): this {
    this.db.close();
    return this;
  }

  private run(sql: string): void {
    let statement = this.control.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.control.set(sql, statement);
    }
    statement.run();
  }
}

/**
 * A node:sqlite connection typed as better-sqlite3's, for the seams that take an opener
 * (`PositionIndex`) or a database (`ApiContext.db`). Only the subset above exists on it.
 */
export function openNodeSqlite(location: string, options: NodeSqliteOptions = {}): Database.Database {
  return new NodeSqliteDatabase(location, options) as unknown as Database.Database;
}
