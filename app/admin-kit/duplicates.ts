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

/** Case, accents (é, ñ), runs of spaces and punctuation at either end aside. */
export function textKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("id")
    .replace(/\s+/g, " ")
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "");
}

/** Titles written before a name ("Dr.", "Prof.", "H."; a publisher's "PT", "CV"), with or without their dot. */
const TITLES_BEFORE = new Set(["dr", "drs", "dra", "prof", "ir", "h", "hj", "kh", "ust", "ustadz", "ustazah", "pt", "cv"]);
/** Degrees (and a company's form) written after a name without an inner dot. */
const PLAIN_DEGREES = new Set(["ma", "mm", "mt", "msi", "mpd", "mhum", "spd", "skom", "se", "sh", "lc", "phd", "bsc", "msc", "pt", "cv", "tbk"]);

/** A degree after a name: letters with an inner dot ("M.Hum.", "S.Pd", "Ph.D."), or a known one ("PT."); never an initial ("A."). */
function isDegree(word: string): boolean {
  return /^(?:\p{L}{1,4}\.)+\p{L}{1,4}\.?$/u.test(word) || PLAIN_DEGREES.has(word.replace(/\.$/, "").toLowerCase());
}

const onlyDegrees = (part: string) => part.trim().split(/\s+/).every((word) => word === "" || isDegree(word));

/**
 * A name as the duplicate check compares it: "Dr. Budi Santoso, M.Hum.", "budi  santoso" and
 * "Santoso, Budi" (surname first, as SLiMS and library catalogues write a person) are one name.
 * A title goes only while another word stays; after a comma, only degrees go.
 */
export function nameKey(name: string): string {
  const [main, ...after] = name.split(",");
  const [given, ...degrees] = after;
  const surnameFirst = given !== undefined && !onlyDegrees(given) && degrees.every(onlyDegrees);
  const kept = after.every(onlyDegrees) ? main : surnameFirst ? `${given} ${main}` : name.replace(/,/g, " ");
  const words = kept.split(/\s+/).filter((word) => word !== "");
  while (words.length > 1 && TITLES_BEFORE.has(words[0].replace(/\.$/, "").toLowerCase())) words.shift();
  while (words.length > 1 && isDegree(words[words.length - 1])) words.pop();
  return textKey(words.join(" "));
}

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
