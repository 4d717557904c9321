import { describe, expect, it } from "vitest";
import * as z from "zod";
import { ISBN_ISSN_MESSAGES, optionalIsbnIssn } from "~/admin-kit/isbn";
import {
  compactStandardNumber,
  isbn10To13,
  isbn13To10,
  isValidIsbn10,
  isValidIsbn13,
  isValidIssn,
  parseStandardNumber,
  standardNumberKey,
  standardNumberKeys,
  standardNumberQuery,
  standardNumberSearchTerms,
} from "~/lib/standard-numbers";

/** The book form's ISBN/ISSN: check digits of all three kinds, and what is stored. */

describe("check digits", () => {
  it("accepts real ISBN-10s (X as the last digit included) and refuses a changed digit", () => {
    expect(isValidIsbn10("0306406152")).toBe(true);
    expect(isValidIsbn10("080442957X")).toBe(true);
    expect(isValidIsbn10("0306406153")).toBe(false);
    expect(isValidIsbn10("X306406152")).toBe(false);
  });

  it("accepts real ISBN-13s with the 978 or 979 prefix only", () => {
    expect(isValidIsbn13("9780306406157")).toBe(true);
    expect(isValidIsbn13("9791034304066")).toBe(true);
    expect(isValidIsbn13("9780306406158")).toBe(false);
    // A valid EAN-13 that is not a book number.
    expect(isValidIsbn13("4006381333931")).toBe(false);
  });

  it("accepts real ISSNs (X as the check digit included)", () => {
    expect(isValidIssn("03785955")).toBe(true);
    expect(isValidIssn("2434561X")).toBe(true);
    expect(isValidIssn("03785956")).toBe(false);
  });
});

describe("normalising", () => {
  it("drops hyphens, spaces and an ISBN/ISSN prefix, and raises a lower-case x", () => {
    expect(compactStandardNumber(" ISBN-13: 978-0-306-40615-7 ")).toBe("9780306406157");
    expect(compactStandardNumber("0 8044 2957 x")).toBe("080442957X");
    expect(compactStandardNumber("ISSN 0378-5955")).toBe("03785955");
  });

  it("stores ISBNs compact and an ISSN as NNNN-NNNC", () => {
    expect(parseStandardNumber("978-0-306-40615-7")).toEqual({ kind: "isbn-13", value: "9780306406157" });
    expect(parseStandardNumber("0-306-40615-2")).toEqual({ kind: "isbn-10", value: "0306406152" });
    expect(parseStandardNumber("2434 561x")).toEqual({ kind: "issn", value: "2434-561X" });
  });

  it("tells a wrong check digit from a number of no known shape", () => {
    expect(parseStandardNumber("978-0-306-40615-8")).toEqual({ error: "checkDigit" });
    expect(parseStandardNumber("0378-5956")).toEqual({ error: "checkDigit" });
    expect(parseStandardNumber("12345")).toEqual({ error: "shape" });
    expect(parseStandardNumber("ABCDEFGHIJ")).toEqual({ error: "shape" });
  });

  it("tells a number Excel wrote in scientific notation, whose last digits are lost, from one mistyped", () => {
    for (const written of ["9.78602E+12", "9,78602E+12", " 9.786020331874e+12 ", "9.78E12", "1E+13"]) expect(parseStandardNumber(written), written).toEqual({ error: "scientific" });
    // Letters and digits that are not that notation are no shape at all; an ISBN-10 ending in X is itself.
    expect(parseStandardNumber("E+12")).toEqual({ error: "shape" });
    expect(parseStandardNumber("080442957X")).toEqual({ kind: "isbn-10", value: "080442957X" });
  });
});

describe("the form field", () => {
  const schema = z.object({ isbn_issn: optionalIsbnIssn()() });

  it("lets the field stay empty", () => {
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ isbn_issn: "  " })).toEqual({ isbn_issn: "" });
  });

  it("answers in Indonesian", () => {
    const wrongDigit = schema.safeParse({ isbn_issn: "978-0-306-40615-8" });
    expect(wrongDigit.error?.issues.map((issue) => issue.message)).toEqual([ISBN_ISSN_MESSAGES.checkDigit]);
    expect(ISBN_ISSN_MESSAGES.checkDigit).toBe("Nomor ISBN/ISSN tidak valid: digit pemeriksanya tidak cocok, periksa kembali nomornya");
    const noShape = schema.safeParse({ isbn_issn: "12-34" });
    expect(noShape.error?.issues.map((issue) => issue.message)).toEqual(["ISBN/ISSN harus berupa ISBN 10 atau 13 digit, atau ISSN 8 digit"]);
    const scientific = schema.safeParse({ isbn_issn: "9,78602E+12" });
    expect(scientific.error?.issues.map((issue) => issue.message)).toEqual([
      "ISBN/ISSN tertulis sebagai angka ilmiah (seperti 9,78602E+12), sehingga sebagian digitnya hilang: di Excel, format kolomnya sebagai Teks, ketik ulang nomornya, lalu simpan lagi",
    ]);
  });
});

describe("one number, any writing (search and duplicates)", () => {
  it("turns an ISBN-10 into its ISBN-13 and a 978 ISBN-13 back (979 has no ISBN-10)", () => {
    expect(isbn10To13("0306406152")).toBe("9780306406157");
    expect(isbn10To13("080442957X")).toBe("9780804429573");
    expect(isbn13To10("9780306406157")).toBe("0306406152");
    expect(isbn13To10("9780804429573")).toBe("080442957X");
    expect(isbn13To10("9791034304066")).toBeUndefined();
  });

  it("gives every writing of one book's number the same key", () => {
    const writings = ["978-0-306-40615-7", "9780306406157", "978 0 306 40615 7", "ISBN 0-306-40615-2", "0306406152", "isbn-13: 978.0.306.40615.7"];
    expect(new Set(writings.map(standardNumberKey))).toEqual(new Set(["9780306406157"]));
    // A legacy value whose check digit fails is still the same number written another way.
    expect(standardNumberKey("978-623-204-985-0")).toBe(standardNumberKey("9786232049850"));
    expect(standardNumberKey("ISSN 0378-5955")).toBe("03785955");
  });

  it("finds each number a stored value holds, and nothing in a value with no digits", () => {
    expect(standardNumberKeys("978-0-306-40615-7 (jil. 1); 0-8044-2957-X (jil. 2)")).toEqual(["9780306406157", "9780804429573"]);
    expect(standardNumberKeys("")).toEqual([]);
    expect(standardNumberKeys("tidak ada")).toEqual([]);
  });

  it("indexes a stored number compact and with its twin, so that any writing's key is a prefix of a term", () => {
    const stored = ["978-0-306-40615-7", "0-306-40615-2", "9780306406157"];
    for (const value of stored) {
      const terms = standardNumberSearchTerms(value);
      for (const query of ["9780306406157", "978-0-306-40615-7", "0306406152", "0 306 40615 2", "978-0-306", "0-306-406"]) {
        const key = standardNumberQuery(query);
        expect(key, `${query} in ${value}`).toBeDefined();
        expect(terms.some((term) => term.startsWith(key ?? "")), `${query} in ${value}`).toBe(true);
      }
    }
  });

  it("reads a search as a number only when it is one of at least six digits (a year or a word stays words)", () => {
    expect(standardNumberQuery("2023")).toBeUndefined();
    expect(standardNumberQuery("Laskar Pelangi")).toBeUndefined();
    expect(standardNumberQuery("978 Laskar")).toBeUndefined();
    expect(standardNumberQuery("  9786232049857\n")).toBe("9786232049857");
    expect(standardNumberQuery("080442957x")).toBe("9780804429573");
  });

  it("reads a barcode scanned with its price add-on as the ISBN before it, and only a valid one so", () => {
    expect(standardNumberQuery("9786232049857 51000")).toBe("9786232049857");
    expect(standardNumberQuery("978623204985751000")).toBe("9786232049857");
    expect(standardNumberQuery("9786232049857 90")).toBe("9786232049857");
    // Thirteen digits whose check digit fails, then five more: no ISBN with an add-on, kept whole.
    expect(standardNumberQuery("978623204985851000")).toBe("978623204985851000");
  });
});
