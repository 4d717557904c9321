import Database from "better-sqlite3";
import { searchableText } from "~/lib/indonesian-stem";

/**
 * Full-text search with SQLite's FTS5 (through better-sqlite3), for the admin lists' copies
 * (app/admin-kit/server/screen/read-model.server.ts) and the audit log (audit.server.ts). One tokenizer
 * and one way to read an admin's words, so that both search alike: case and accents folded
 * (`unicode61 remove_diacritics 2`), every word required, each the beginning of a word.
 *
 * FTS5 rather than an index in JavaScript: MiniSearch's index of 10,000 books held 25 MiB of the
 * V8 heap; FTS5's is a few MiB of compact doclists, outside the heap.
 */

export const FTS_TOKENIZER = "unicode61 remove_diacritics 2";

/**
 * A visitor's or an admin's search as an FTS5 query: every word required, each a prefix, nothing
 * read as syntax (quotes, `*`, `OR`, `NEAR`, columns). Control characters separate words: SQLite
 * ends a string at NUL, so one inside a quoted word made the query fail ("unterminated string").
 */
export function fullTextQuery(text: string): string | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  return words.map(fullTextWord).join(" ");
}

/** A search's words, as `fullTextQuery` takes them apart. */
export function searchWords(text: string): string[] {
  // eslint-disable-next-line no-control-regex -- the point is to drop them
  return text.split(/[\s\u0000-\u001f\u007f]+/).filter((word) => word !== "");
}

/** One word as an FTS5 term: the beginning of a word, nothing in it read as syntax. */
export const fullTextWord = (word: string) => `"${word.replace(/"/g, '""')}"*`;

/** One whole value as an FTS5 term (a code stored in the indexed text: "delete"), nothing read as syntax. */
export const fullTextValue = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** Opens a database; better-sqlite3's by default (the drivers bench passes node:sqlite behind the same API). */
export type OpenDatabase = (location: string) => Database.Database;

/** An in-memory index of documents (each a list of column texts) by position; only positions are stored, not the text. */
export class PositionIndex {
  private readonly db: Database.Database;
  private readonly names: string[];
  private readonly matching: Database.Statement;

  constructor(columns: number, documents: Iterable<string[]>, open: OpenDatabase = (location) => new Database(location)) {
    this.db = open(":memory:");
    this.names = Array.from({ length: Math.max(columns, 1) }, (_, index) => `c${index}`);
    // A copy (`withDocument`) opens with the table already there.
    this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS documents USING fts5(${this.names.join(", ")}, content = '', tokenize = '${FTS_TOKENIZER}')`);
    const insert = this.db.prepare(`INSERT INTO documents (rowid, ${this.names.join(", ")}) VALUES (?, ${this.names.map(() => "?").join(", ")})`);
    this.db.transaction(() => {
      let position = 0;
      for (const texts of documents) {
        insert.run(position, ...this.columnsOf(texts));
        position += 1;
      }
    })();
    this.matching = this.db.prepare("SELECT rowid FROM documents WHERE documents MATCH ?").pluck();
  }

  /**
   * A copy of this index with one document indexed anew (an edited record taken into a list's
   * copy): the rest copied as SQLite's bytes, not tokenised again. `before` must be the texts it
   * was indexed with: a contentless table forgets a document by being told its words.
   */
  withDocument(position: number, before: string[], after: string[]): PositionIndex {
    const bytes = this.db.serialize();
    const copy = new PositionIndex(this.names.length, [], () => new Database(bytes));
    const columns = this.names.join(", ");
    const places = this.names.map(() => "?").join(", ");
    copy.db.transaction(() => {
      copy.db.prepare(`INSERT INTO documents (documents, rowid, ${columns}) VALUES ('delete', ?, ${places})`).run(position, ...this.columnsOf(before));
      copy.db.prepare(`INSERT INTO documents (rowid, ${columns}) VALUES (?, ${places})`).run(position, ...this.columnsOf(after));
    })();
    return copy;
  }

  /** A document's texts as they are indexed: one per column, read as searches are (`searchableText`). */
  private columnsOf(texts: string[]): string[] {
    return this.names.map((_, index) => searchableText(texts[index] ?? ""));
  }

  /**
   * The positions of the documents matching every word of `text` (all of them: the caller
   * orders), in every column or only in those given (by their index).
   */
  search(text: string, columns?: number[]): Set<number> | undefined {
    // Read as the documents were indexed (searchableText): a title typed "Kesenian" finds one stored with a zero-width space in it.
    const query = fullTextQuery(searchableText(text));
    if (query === undefined) return undefined;
    const filtered = columns ? `{${columns.map((index) => `c${index}`).join(" ")}} : (${query})` : query;
    return new Set(this.matching.all(filtered) as number[]);
  }

  close(): void {
    this.db.close();
  }
}
