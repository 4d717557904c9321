/**
 * ISBNs and ISSNs as people write them: with or without hyphens and spaces, a leading
 * "ISBN"/"ISSN", an ISBN-10 for the ISBN-13 of the same book or the reverse. One normaliser for
 * the book form's rule (app/admin-kit/isbn.ts), the book list's search (the back-office's and the
 * public catalogue's, app/resources/books/books.server.ts) and the duplicate check
 * (app/admin-kit/duplicates.ts). Each number carries a check digit: a mistyped one is caught.
 */

export type StandardNumber = { kind: "isbn-10" | "isbn-13"; value: string } | { kind: "issn"; value: string };

/** The number without prefix, hyphens, dots or spaces, with a lower-case x raised. */
export function compactStandardNumber(text: string): string {
  return text
    .trim()
    .replace(/^(ISBN(-1[03])?|ISSN)\s*:?\s*/i, "")
    .replace(/[\s\u00a0\u2010-\u2015.-]+/g, "")
    .toUpperCase();
}

/** The digits (X standing for 10) each times its place's weight, summed: every check digit here is one such sum. */
function weightedSum(digits: string, weight: (index: number) => number): number {
  return Array.from(digits).reduce((total, character, index) => total + (character === "X" ? 10 : Number(character)) * weight(index), 0);
}
/** ISBN-10's weights: 10 down to 1. */
const ISBN10_WEIGHT = (index: number) => 10 - index;
/** ISBN-13's (an EAN's) weights: 1, 3, 1, 3... */
const ISBN13_WEIGHT = (index: number) => (index % 2 === 0 ? 1 : 3);

/** ISBN-10: the digits weighted 10 down to 1 sum to a multiple of 11 (X stands for 10, last place only). */
export function isValidIsbn10(compact: string): boolean {
  return /^\d{9}[\dX]$/.test(compact) && weightedSum(compact, ISBN10_WEIGHT) % 11 === 0;
}

/** ISBN-13: a 978/979 EAN whose digits weighted 1, 3, 1, 3... sum to a multiple of 10. */
export function isValidIsbn13(compact: string): boolean {
  return /^97[89]\d{10}$/.test(compact) && weightedSum(compact, ISBN13_WEIGHT) % 10 === 0;
}

/** ISSN: the digits weighted 8 down to 1 sum to a multiple of 11 (X stands for 10, last place only). */
export function isValidIssn(compact: string): boolean {
  return /^\d{7}[\dX]$/.test(compact) && weightedSum(compact, (index) => 8 - index) % 11 === 0;
}

/** The ISBN-13 of a valid ISBN-10: 978, its first nine digits, a new check digit. */
export function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  return `${body}${(10 - (weightedSum(body, ISBN13_WEIGHT) % 10)) % 10}`;
}

/** The ISBN-10 of a valid 978 ISBN-13 (a 979 one has none). */
export function isbn13To10(isbn13: string): string | undefined {
  if (!isbn13.startsWith("978")) return undefined;
  const body = isbn13.slice(3, 12);
  const check = (11 - (weightedSum(body, ISBN10_WEIGHT) % 11)) % 11;
  return `${body}${check === 10 ? "X" : check}`;
}

export type StandardNumberError = "shape" | "checkDigit" | "scientific";

/** How Excel shows a long number in a General cell, and writes it to a CSV: "9.78602E+12", "9,78602E+12" in Indonesian. */
const SCIENTIFIC = /^\s*\d+(?:[.,]\d*)?\s*E\s*\+?\s*\d{1,3}\s*$/i;

/**
 * The number in its stored form (ISBNs compact, an ISSN as NNNN-NNNC, its usual writing), or
 * why it is not one: "shape" when it cannot be any of the three, "checkDigit" when it looks
 * right but its check digit is wrong, "scientific" when a spreadsheet wrote it in scientific
 * notation (its last digits are lost: it cannot be read back).
 */
export function parseStandardNumber(text: string): StandardNumber | { error: StandardNumberError } {
  if (SCIENTIFIC.test(text)) return { error: "scientific" };
  const compact = compactStandardNumber(text);
  if (/^\d{9}[\dX]$/.test(compact)) return isValidIsbn10(compact) ? { kind: "isbn-10", value: compact } : { error: "checkDigit" };
  if (/^97[89]\d{10}$/.test(compact)) return isValidIsbn13(compact) ? { kind: "isbn-13", value: compact } : { error: "checkDigit" };
  if (/^\d{7}[\dX]$/.test(compact)) {
    return isValidIssn(compact) ? { kind: "issn", value: `${compact.slice(0, 4)}-${compact.slice(4)}` } : { error: "checkDigit" };
  }
  return { error: "shape" };
}

/** Where a stored value holds more than one number ("978-… (jil. 1); 978-… (jil. 2)"), they part at these. */
const BETWEEN_NUMBERS = /[,;/|()\n]+/;

/**
 * The key two writings of one number share: an ISBN-10 as its ISBN-13, anything else compact (a
 * legacy value that fails its check digit still equals itself written another way). "" for none.
 */
export function standardNumberKey(text: string): string {
  return keyOfCompact(compactStandardNumber(text));
}

function keyOfCompact(compact: string): string {
  return isValidIsbn10(compact) ? isbn10To13(compact) : compact;
}

/** What can be a number of the three kinds, check digit aside: 8 to 13 digits, the last maybe X. */
const NUMBER_LIKE = /^\d{7,12}[\dX]$/;

/** Every key of a stored value (each number it holds; a note beside them, "jil. 1", is none), for the duplicate check. */
export function standardNumberKeys(stored: string): string[] {
  return [...new Set(stored.split(BETWEEN_NUMBERS).map(standardNumberKey).filter((key) => NUMBER_LIKE.test(key)))];
}

/**
 * What the search index holds of a stored value besides its own text: each number compact, and
 * its ISBN-13 or ISBN-10 twin, so that any writing of the number finds it (a search key is a
 * prefix of one of these: `standardNumberQuery`).
 */
export function standardNumberSearchTerms(stored: string): string[] {
  const terms = new Set<string>();
  for (const part of stored.split(BETWEEN_NUMBERS)) {
    const compact = compactStandardNumber(part);
    if (!NUMBER_LIKE.test(compact)) continue;
    terms.add(compact);
    if (isValidIsbn10(compact)) terms.add(isbn10To13(compact));
    if (isValidIsbn13(compact)) terms.add(isbn13To10(compact) ?? compact);
  }
  return [...terms];
}

/** Shorter than this, a number searched is read as words only (a year, a page): not as the start of an ISBN. */
const MIN_SEARCHED_DIGITS = 6;

/**
 * A search that is a standard number in any writing ("978-623-204-985-7", "ISBN 0 306 40615 2",
 * a scanner's digits, the first digits of one): the key to look for as a prefix of the index's
 * terms; undefined for any other search.
 */
export function standardNumberQuery(text: string): string | undefined {
  const compact = withoutAddOn(compactStandardNumber(text));
  if (compact.length < MIN_SEARCHED_DIGITS || !/^\d+X?$/.test(compact)) return undefined;
  return keyOfCompact(compact);
}

/** A book's barcode scanned with its price add-on (EAN-2 or EAN-5: "9786020331874 51000") is the ISBN before it. */
function withoutAddOn(compact: string): string {
  return /^97[89]\d{10}(?:\d{2}|\d{5})$/.test(compact) && isValidIsbn13(compact.slice(0, 13)) ? compact.slice(0, 13) : compact;
}
