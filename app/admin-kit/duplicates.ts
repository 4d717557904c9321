import { nameKey, textKey } from "~/lib/name-keys";
import { standardNumberKeys } from "~/lib/standard-numbers";

/**
 * Duplicates caught before they are saved: a screen declares what makes two of its records the
 * same thing (a book's ISBN in any writing, or its title with its author; an author's name), and a
 * save that would make a second one is sent back with a warning naming the records it matches,
 * written only once the admin presses "Simpan tetap" (app/admin-kit/server/screen/duplicates.server.ts).
 * The same with JavaScript and without: the warning is the form's answer. These are the names,
 * texts and keys both sides use.
 */

/** How one field's values are compared. */
export type SameBy =
  /** An ISBN/ISSN: in any writing, an ISBN-10 as its ISBN-13 (app/lib/standard-numbers.ts). */
  | "standard-number"
  /** A title or a notation: case, accents, spaces and closing punctuation aside. */
  | "text"
  /** A person's or an organisation's name: as "text", an academic or honorific title (a company's "PT") aside too. */
  | "name"
  /** A chosen record (the author): the same id, or the same name. */
  | "relation";

/** Records that share every one of these fields' values are likely one thing, told by `reason`. */
export interface DuplicateRule {
  fields: ReadonlyArray<{ name: string; by: SameBy }>;
  /** Shown beside the record found, e.g. "ISBN/ISSN sama". */
  reason: string;
}

/** The rule of the screens whose records are one name (authors, publishers, genres, tags). */
export const SAME_NAME: DuplicateRule = { fields: [{ name: "name", by: "name" }], reason: "nama sama" };

/** A stored record a save would duplicate. */
export interface DuplicateMatch {
  id: string;
  /** As the table names its row. */
  label: string;
  /** Each rule it matches by. */
  reasons: string[];
}

/** What a save answers when it finds likely duplicates: nothing was written. */
export interface DuplicateWarning {
  /** The first few records matched. */
  matches: DuplicateMatch[];
  /** How many records matched in all. */
  total: number;
  /** The value of the "Simpan tetap" button: these matches seen, save anyway (a digest of their ids). */
  confirm: string;
  /** The form's chosen files did not go with it (no JavaScript): they must be chosen again. */
  filesDropped?: boolean;
}

/** The button that saves in spite of the matches; its value is the warning's `confirm`. */
export const DUPLICATE_CONFIRM_FIELD = "_save_duplicate";

export const DUPLICATE_MESSAGES = {
  notice: "Data ini mungkin sudah ada:",
  more: (count: string) => `dan ${count} data lain`,
  howToGoOn: "Periksa dulu data yang sudah ada (tautan terbuka di tab baru). Jika ini memang data lain, pilih “Simpan tetap”.",
  saveAnyway: "Simpan tetap",
  filesDropped: "Berkas yang dipilih belum terkirim: pilih berkasnya lagi sebelum menyimpan.",
  newTab: "(tab baru)",
} as const;

/** One field's keys for a value: none for an empty one (an empty ISBN duplicates nothing). */
export function fieldKeys(by: Exclude<SameBy, "relation">, value: string): string[] {
  if (value.trim() === "") return [];
  if (by === "standard-number") return standardNumberKeys(value);
  const key = by === "name" ? nameKey(value) : textKey(value);
  return key === "" ? [] : [key];
}

/** A chosen record's keys: its id, and its name (an upstream may send a relation by name alone). */
export function relationKeys(relation: { id?: string; name?: string }): string[] {
  return [...(relation.id ? [`id:${relation.id}`] : []), ...(relation.name ? [`name:${nameKey(relation.name)}`] : [])];
}

/** A rule's keys for one record: one per combination of its fields' keys, none when a field has none. */
export function ruleKeys(keysByField: string[][]): string[] {
  return keysByField.reduce<string[]>((combined, keys) => combined.flatMap((prefix) => keys.map((key) => `${prefix}\u0000${key}`)), [""]);
}
