import * as z from "zod";

/**
 * The book form's `isbn_issn` holds an ISBN-10, an ISBN-13 or an ISSN. Each carries a check
 * digit, so a mistyped number is caught before it reaches the catalogue. Hyphens, spaces and a
 * leading "ISBN"/"ISSN" are what people copy along with the number; they are dropped.
 */

export type StandardNumber =
  | { kind: "isbn-10" | "isbn-13"; value: string }
  | { kind: "issn"; value: string };

export const ISBN_ISSN_MESSAGES = {
  shape: "ISBN/ISSN harus berupa ISBN 10 atau 13 digit, atau ISSN 8 digit",
  checkDigit: "Nomor ISBN/ISSN tidak valid: digit pemeriksanya tidak cocok, periksa kembali nomornya",
} as const;

/** The number without prefix, hyphens or spaces, with a lower-case x raised. */
export function compactStandardNumber(text: string): string {
  return text
    .trim()
    .replace(/^(ISBN(-1[03])?|ISSN)\s*:?\s*/i, "")
    .replace(/[\s\u00a0-]+/g, "")
    .toUpperCase();
}

function digitValue(character: string): number {
  return character === "X" ? 10 : Number(character);
}

/** ISBN-10: the digits weighted 10 down to 1 sum to a multiple of 11 (X stands for 10, last place only). */
export function isValidIsbn10(compact: string): boolean {
  if (!/^\d{9}[\dX]$/.test(compact)) return false;
  const sum = Array.from(compact).reduce((total, character, index) => total + digitValue(character) * (10 - index), 0);
  return sum % 11 === 0;
}

/** ISBN-13: a 978/979 EAN whose digits weighted 1, 3, 1, 3... sum to a multiple of 10. */
export function isValidIsbn13(compact: string): boolean {
  if (!/^97[89]\d{10}$/.test(compact)) return false;
  const sum = Array.from(compact).reduce((total, character, index) => total + Number(character) * (index % 2 === 0 ? 1 : 3), 0);
  return sum % 10 === 0;
}

/** ISSN: the digits weighted 8 down to 1 sum to a multiple of 11 (X stands for 10, last place only). */
export function isValidIssn(compact: string): boolean {
  if (!/^\d{7}[\dX]$/.test(compact)) return false;
  const sum = Array.from(compact).reduce((total, character, index) => total + digitValue(character) * (8 - index), 0);
  return sum % 11 === 0;
}

/**
 * The number in its stored form (ISBNs compact, an ISSN as NNNN-NNNC, its usual writing), or
 * why it is not one: "shape" when it cannot be any of the three, "checkDigit" when it looks
 * right but its check digit is wrong.
 */
export function parseStandardNumber(text: string): StandardNumber | { error: keyof typeof ISBN_ISSN_MESSAGES } {
  const compact = compactStandardNumber(text);
  if (compact.length === 10 && /^\d{9}[\dX]$/.test(compact)) {
    return isValidIsbn10(compact) ? { kind: "isbn-10", value: compact } : { error: "checkDigit" };
  }
  if (compact.length === 13 && /^97[89]\d{10}$/.test(compact)) {
    return isValidIsbn13(compact) ? { kind: "isbn-13", value: compact } : { error: "checkDigit" };
  }
  if (compact.length === 8 && /^\d{7}[\dX]$/.test(compact)) {
    return isValidIssn(compact) ? { kind: "issn", value: `${compact.slice(0, 4)}-${compact.slice(4)}` } : { error: "checkDigit" };
  }
  return { error: "shape" };
}

/** The form field's rule (app/admin-kit/fields.ts): empty, or a valid ISBN/ISSN sent in its stored form. */
export function optionalIsbnIssn() {
  return () =>
    z
      .string()
      .max(40, ISBN_ISSN_MESSAGES.shape)
      .transform((text, context) => {
        if (text.trim() === "") return "";
        const parsed = parseStandardNumber(text);
        if ("error" in parsed) {
          context.issues.push({ code: "custom", input: text, message: ISBN_ISSN_MESSAGES[parsed.error] });
          return z.NEVER;
        }
        return parsed.value;
      })
      .optional();
}
