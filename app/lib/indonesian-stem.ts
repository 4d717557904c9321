/**
 * A small Indonesian affix stripper, so that a search for "membaca" finds "dibaca" and "bacaan"
 * (both index and query go through it: one stem per word, the same on both sides). npm has no
 * maintained Indonesian stemmer (Sastrawi's ports are unmaintained and carry a 30,000-word
 * dictionary); this follows Nazief–Adriani's order without the dictionary: particles (-lah, -kah,
 * -tah, -pun), possessives (-ku, -mu, -nya), then -kan, -an (and -i after a prefix), then up to two
 * prefixes (di-, ter-, ber-, ke-…-an, me-/pe- with their nasal forms, per-). A stem keeps at least
 * four letters, so short words ("dinas", "taman") stay whole. Without a dictionary a few stems
 * are wrong ("pengarang" gives "arang"); they are wrong alike on both sides, so they still match.
 */

const MIN_STEM = 4;
const PARTICLE = /(lah|kah|tah|pun)$/;
const POSSESSIVE = /(ku|mu|nya)$/;
const VOWEL = /^[aeiou]/;

/** The stem of one word already folded (lower case, no accents); the word itself when it has no affix to strip. */
export function indonesianStem(word: string): string {
  if (!/^[a-z]{5,}$/.test(word)) return word;
  let stem = strip(word, PARTICLE);
  stem = strip(stem, POSSESSIVE);
  const confixKe = /^ke/.test(stem) && /an$/.test(stem);
  const withSuffix = strip(stem, /(kan|an)$/);
  const prefixed = /^(di|ter|ber|me|pe)/.test(withSuffix);
  stem = prefixed && withSuffix === stem ? strip(stem, /i$/) : withSuffix;
  if (confixKe && stem.length - 2 >= MIN_STEM) return stem.slice(2);
  for (let pass = 0; pass < 2; pass += 1) {
    const next = stripPrefix(stem);
    if (next === stem) break;
    stem = next;
  }
  return stem;
}

function strip(word: string, suffix: RegExp): string {
  const cut = word.replace(suffix, "");
  return cut.length >= MIN_STEM ? cut : word;
}

/** One prefix off, with the nasal's dropped first letter put back (me-nulis → tulis, me-mukul → pukul, me-nyapu → sapu). */
function stripPrefix(word: string): string {
  const candidates: string[] = [];
  const plain = /^(di|ter|ber|per|bel|pel)(.*)$/.exec(word);
  if (plain && (!/^(bel|pel)$/.test(plain[1]) || plain[2] === "ajar")) candidates.push(plain[2]);
  const nasal = /^(me|pe)(ng|ny|n|m)?(.*)$/.exec(word);
  if (nasal) {
    const [, , sound = "", rest] = nasal;
    if (sound === "ny" && VOWEL.test(rest)) candidates.push(`s${rest}`);
    else if (sound === "n" && VOWEL.test(rest)) candidates.push(`t${rest}`);
    else if (sound === "m" && VOWEL.test(rest)) candidates.push(`p${rest}`);
    else if (sound !== "" || /^(l|w|y)/.test(rest) || (word.startsWith("me") && rest.startsWith("r"))) candidates.push(rest);
  }
  return candidates.find((stem) => stem.length >= MIN_STEM) ?? word;
}

/**
 * A text as every search index and every search reads it: invisible format characters pasted
 * with it (a zero-width space or joiner, a soft hyphen) dropped, and an apostrophe inside a word
 * ("Qur'an", "Jum’at") too, so that the word is one however it was typed.
 */
export function searchableText(text: string): string {
  return text.replace(/\p{Cf}/gu, "").replace(/(?<=[\p{L}\p{N}])['’ʼ`](?=\p{L})/gu, "");
}

/** The words of a text as the index folds them: lower case, accents and marks off, letters and digits. */
export function foldedWords(text: string): string[] {
  return searchableText(text)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}
