import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell } from "~/platform/csv.server";

/**
 * CSV injection: a spreadsheet runs a cell that starts with = + - @ (or a tab, a return) as a
 * formula. Every cell of every download goes through csvCell, so its start is what is checked
 * here, in the written forms a spreadsheet may still read as a sign.
 */

const SIGNS = ["=", "+", "-", "@"];
/** Compatibility forms NFKC folds into the signs: fullwidth and small. */
const LOOKALIKES = ["＝", "＋", "－", "＠", "﹦", "﹢", "﹣", "﹫"];
const INVISIBLE = [" ", "\u00a0", "\u3000", "\n", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"];
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
/**
 * The rest of the class (issue 35): bidi controls, the Arabic letter mark, the combining grapheme
 * joiner, Hangul fillers (NFKC turns the halfwidth one into another), tag characters, variation selectors.
 */
const INVISIBLE_TOO = [
  ...range(0x202a, 0x202e),
  ...range(0x2066, 0x2069),
  "\u061c",
  "\u034f",
  "\u115f",
  "\u1160",
  "\u3164",
  "\uffa0",
  ...range(0xe0000, 0xe007f),
  "\ufe0f",
  "\u{e0100}",
];
/** Every character NFKC folds into something starting with a sign (superscripts, ⩵, the Hebrew alternative plus too). */
const ALL_LOOKALIKES = range(0x80, 0x10ffff).filter((char) => !/\p{Cs}/u.test(char) && /^[=+\-@]/.test(char.normalize("NFKC")));

const defused = (value: string) => csvCell(value).startsWith(`"'`);

describe("csvCell", () => {
  it("prefixes a cell starting with a sign, a tab or a return, in ASCII or a fullwidth or small form", () => {
    for (const start of [...SIGNS, ...LOOKALIKES, "\t", "\r"]) {
      expect(defused(`${start}HYPERLINK("http://x")`), JSON.stringify(start)).toBe(true);
    }
  });

  it("looks past leading whitespace and zero-width characters, in any number and order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...INVISIBLE), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...SIGNS, ...LOOKALIKES),
        fc.string(),
        (invisible, sign, rest) => {
          expect(defused(`${invisible.join("")}${sign}${rest}`)).toBe(true);
        },
      ),
    );
  });

  it("looks past every other invisible character too: bidi controls, fillers, tags, as a class", () => {
    expect(csvCell("\u202e=1+1")).toBe(`"'\u202e=1+1"`);
    for (const invisible of INVISIBLE_TOO) {
      for (const sign of [...SIGNS, "＝"]) expect(defused(`${invisible}${sign}1+1`), JSON.stringify([invisible, sign])).toBe(true);
    }
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...INVISIBLE, ...INVISIBLE_TOO), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...SIGNS, ...ALL_LOOKALIKES),
        fc.string(),
        (invisible, sign, rest) => {
          expect(defused(`${invisible.join("")}${sign}${rest}`)).toBe(true);
        },
      ),
    );
  });

  it("prefixes every character NFKC folds into a sign, and a sign NFKC would compose away", () => {
    expect(ALL_LOOKALIKES.length).toBeGreaterThan(LOOKALIKES.length);
    for (const start of ALL_LOOKALIKES) expect(defused(`${start}1+1`), JSON.stringify(start)).toBe(true);
    // "=" and a combining long solidus are "≠" once composed: still a formula to a spreadsheet.
    expect(defused("\u200b=\u0338SUM(A1)")).toBe(true);
  });

  it("keeps the text as it was, quotes doubled, behind the one apostrophe", () => {
    expect(csvCell('＝HYPERLINK("x")')).toBe(`"'＝HYPERLINK(""x"")"`);
    expect(csvCell("\u200b=1+1")).toBe(`"'\u200b=1+1"`);
  });

  it("leaves ordinary text alone, signs inside it included", () => {
    const rightToLeft = ["\u202bمكتبة\u202c", "\u2067Budi\u2069", "\u200fשלום", "\uffa0Dewi"];
    for (const text of ["Dewi Lestari", "978-623-204-985-7", "  Budi", "Rp 5.000 + ongkir", "a=b", "ＡＢＣ", "", ...rightToLeft]) {
      expect(csvCell(text)).toBe(`"${text}"`);
    }
  });
});
