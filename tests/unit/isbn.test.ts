import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  compactStandardNumber,
  isValidIsbn10,
  isValidIsbn13,
  isValidIssn,
  ISBN_ISSN_MESSAGES,
  optionalIsbnIssn,
  parseStandardNumber,
} from "~/admin-kit/isbn";

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
  });
});
