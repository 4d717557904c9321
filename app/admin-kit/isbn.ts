import * as z from "zod";
import { parseStandardNumber, type StandardNumberError } from "~/lib/standard-numbers";

/**
 * The book form's `isbn_issn`: an ISBN-10, an ISBN-13 or an ISSN, checked by its check digit
 * (app/lib/standard-numbers.ts), so that a mistyped number is caught before it reaches the
 * catalogue. Hyphens, spaces and a leading "ISBN"/"ISSN" are what people copy along with it.
 */

export const ISBN_ISSN_MESSAGES: Record<StandardNumberError, string> = {
  shape: "ISBN/ISSN harus berupa ISBN 10 atau 13 digit, atau ISSN 8 digit",
  checkDigit: "Nomor ISBN/ISSN tidak valid: digit pemeriksanya tidak cocok, periksa kembali nomornya",
  scientific:
    "ISBN/ISSN tertulis sebagai angka ilmiah (seperti 9,78602E+12), sehingga sebagian digitnya hilang: di Excel, format kolomnya sebagai Teks, ketik ulang nomornya, lalu simpan lagi",
};

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
