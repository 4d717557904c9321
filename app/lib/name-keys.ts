/**
 * Names and titles as they are compared, wherever two writings of one must be one: the duplicate
 * check (app/admin-kit/duplicates.ts), the import's matching of names, and a call number's
 * author letters on Koleksi Digital's pages.
 */

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

/** A title's or name's words as `textKey` compares them, one-letter words aside. */
const wordsOf = (text: string) => new Set(textKey(text).split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 1));

/**
 * Whether two writings plausibly name one thing: half the words of the shorter are in the
 * other ("Sejarah Kabupaten" and "Sejarah Kabupaten Contoh, Jilid 2"; a typo mended in one word
 * of three). "Dongeng Si Kancil" and "Buku Baru Inventaris" do not. Either empty: they may.
 */
export function mayNameOneThing(a: string, b: string): boolean {
  const [first, second] = [wordsOf(a), wordsOf(b)];
  const fewer = Math.min(first.size, second.size);
  if (fewer === 0) return true;
  let shared = 0;
  for (const word of first) if (second.has(word)) shared += 1;
  return shared * 2 >= fewer;
}
