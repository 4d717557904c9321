import Database from "better-sqlite3";
import { distance } from "fastest-levenshtein";
import { foldedWords, indonesianStem } from "~/lib/indonesian-stem";
import { FTS_TOKENIZER } from "./full-text.server.ts";

/**
 * A visitor's search, ranked (the public catalogue and the site search): SQLite FTS5 in memory,
 * like the lists' `PositionIndex`, but ordered by BM25 with a weight per field (a title's word
 * above a synopsis's), each word found by its beginning or by its Indonesian stem
 * (app/lib/indonesian-stem.ts: "membaca" finds "dibaca"), and a second index of the first one's
 * words by trigram (FTS5's `trigram` tokenizer) that proposes a near spelling of a word that finds
 * nothing ("kancl" → "kancil"; fastest-levenshtein measures the candidates).
 *
 * A visitor may write what web searches taught them (`parseSearch`): `OR` between words finds
 * either, `-kata` or `NOT kata` leaves out what holds it, `AND` is what words do anyway.
 *
 * Bounded: at most `MAX_WORDS` words of at most `MAX_WORD_CHARS` characters are read (the rest is
 * ignored), each a quoted FTS5 string, so nothing a visitor types is read as FTS5's own syntax; a
 * near spelling is looked for among `SPELLING_CANDIDATES` words per typed word.
 */

export const MAX_WORDS = 8;
const MAX_WORD_CHARS = 40;
const SPELLING_CANDIDATES = 40;

/** A field of the documents and its weight in the ranking. */
export interface RankedField {
  name: string;
  weight: number;
}

/** A search as read: any of `anyOf`'s groups, each of every one of its words, and none of `none`'s. */
export interface ParsedSearch {
  anyOf: string[][];
  none: string[][];
}

/**
 * A search's words, folded, at most `MAX_WORDS` in all, each cut to `MAX_WORD_CHARS`, and its
 * operators, in capitals as web searches write them (a lower-case "or" is a word): `OR` starts
 * another group; `-kata` and `NOT kata` leave out what holds the word (all the words of
 * "-al-quran"); `AND` adds nothing.
 */
export function parseSearch(text: string): ParsedSearch {
  const anyOf: string[][] = [[]];
  const none: string[][] = [];
  let count = 0;
  let negateNext = false;
  for (const token of text.split(/\s+/)) {
    if (token === "OR") {
      if (anyOf[anyOf.length - 1].length > 0) anyOf.push([]);
      continue;
    }
    if (token === "AND") continue;
    if (token === "NOT") {
      negateNext = true;
      continue;
    }
    const negated = negateNext || (token.length > 1 && token.startsWith("-"));
    negateNext = false;
    const words = foldedWords(token.startsWith("-") ? token.slice(1) : token)
      .slice(0, MAX_WORDS - count)
      .map((word) => word.slice(0, MAX_WORD_CHARS));
    if (words.length === 0) continue;
    count += words.length;
    if (negated) none.push(words);
    else anyOf[anyOf.length - 1].push(...words);
  }
  return { anyOf: anyOf.filter((group) => group.length > 0), none };
}

/** The words a search looks for (not those it leaves out); none: a search of no words. */
export function searchWords(text: string): string[] {
  return parseSearch(text).anyOf.flat();
}

/** A field's text as indexed: its words folded as a search's are (marks, format characters off), then the stems that differ from them. */
function withStems(text: string): string {
  const words = foldedWords(text);
  const stems = new Set<string>();
  for (const word of words) {
    const stem = indonesianStem(word);
    if (stem !== word) stems.add(stem);
  }
  return [...words, ...stems].join(" ");
}

const quoted = (word: string) => `"${word.replace(/"/g, '""')}"`;

/** One word as an FTS5 expression: its beginning, or its stem's. */
function wordQuery(word: string): string {
  const stem = indonesianStem(word);
  return stem === word ? `${quoted(word)}*` : `(${quoted(word)}* OR ${quoted(stem)}*)`;
}

export class RankedIndex {
  private readonly db: Database.Database;
  private readonly ranked: Database.Statement;
  private readonly candidates: Database.Statement;

  constructor(fields: readonly RankedField[], documents: Iterable<string[]>) {
    this.db = new Database(":memory:");
    const names = fields.map((_, index) => `c${index}`);
    this.db.exec(`CREATE VIRTUAL TABLE documents USING fts5(${names.join(", ")}, content = '', tokenize = '${FTS_TOKENIZER}')`);
    const insert = this.db.prepare(`INSERT INTO documents (rowid, ${names.join(", ")}) VALUES (?, ${names.map(() => "?").join(", ")})`);
    this.db.transaction(() => {
      let position = 0;
      for (const texts of documents) {
        insert.run(position, ...names.map((_, index) => withStems(texts[index] ?? "")));
        position += 1;
      }
    })();
    const weights = fields.map((field) => field.weight).join(", ");
    this.ranked = this.db.prepare(`SELECT rowid FROM documents WHERE documents MATCH ? ORDER BY bm25(documents, ${weights})`).pluck();
    // The words the documents hold, by trigram, with how many documents hold each (the commoner of two near spellings wins).
    this.db.exec(`CREATE VIRTUAL TABLE vocabulary USING fts5vocab(documents, 'row');
      CREATE VIRTUAL TABLE words USING fts5(word, documents UNINDEXED, tokenize = 'trigram');
      INSERT INTO words (word, documents) SELECT term, doc FROM vocabulary WHERE length(term) >= 3 AND term NOT GLOB '*[0-9]*';`);
    this.candidates = this.db.prepare(`SELECT word, documents FROM words WHERE words MATCH ? ORDER BY rank LIMIT ${SPELLING_CANDIDATES}`);
  }

  /** The positions of the documents holding every word, best first; undefined for a search of no words. */
  search(text: string): number[] | undefined {
    const { anyOf, none } = parseSearch(text);
    if (anyOf.length === 0) return undefined;
    // Explicit ANDs: FTS5 reads no implicit AND after a bracketed OR.
    const all = (words: string[]) => `(${words.map(wordQuery).join(" AND ")})`;
    const wanted = `(${anyOf.map(all).join(" OR ")})`;
    return this.ranked.all([wanted, ...none.map(all)].join(" NOT ")) as number[];
  }

  /**
   * The search with each word that finds nothing replaced by the nearest word the documents hold
   * (one edit for words of up to five letters, two beyond), when that finds something; else undefined.
   */
  nearSpelling(text: string): string | undefined {
    const { anyOf, none } = parseSearch(text);
    // A search with operators is the visitor's own: no guess at it.
    if (anyOf.length !== 1 || none.length > 0) return undefined;
    const [words] = anyOf;
    let changed = false;
    const corrected = words.map((word) => {
      if (word.length < 3 || this.ranked.get(wordQuery(word)) !== undefined) return word;
      const near = this.nearestWord(word);
      if (near) changed = true;
      return near ?? word;
    });
    if (!changed) return undefined;
    const suggestion = corrected.join(" ");
    return (this.search(suggestion)?.length ?? 0) > 0 ? suggestion : undefined;
  }

  private nearestWord(word: string): string | undefined {
    const trigrams = new Set<string>();
    for (let start = 0; start + 3 <= word.length; start += 1) trigrams.add(word.slice(start, start + 3));
    if (trigrams.size === 0) return undefined;
    const found = this.candidates.all([...trigrams].map(quoted).join(" OR ")) as Array<{ word: string; documents: number }>;
    const allowed = word.length <= 5 ? 1 : 2;
    let best: { word: string; edits: number; documents: number } | undefined;
    for (const candidate of found) {
      const edits = distance(word, candidate.word);
      if (edits === 0 || edits > allowed) continue;
      if (!best || edits < best.edits || (edits === best.edits && candidate.documents > best.documents)) best = { ...candidate, edits };
    }
    return best?.word;
  }

  close(): void {
    this.db.close();
  }
}
