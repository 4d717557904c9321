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

  it("keeps the text as it was, quotes doubled, behind the one apostrophe", () => {
    expect(csvCell('＝HYPERLINK("x")')).toBe(`"'＝HYPERLINK(""x"")"`);
    expect(csvCell("\u200b=1+1")).toBe(`"'\u200b=1+1"`);
  });

  it("leaves ordinary text alone, signs inside it included", () => {
    for (const text of ["Dewi Lestari", "978-623-204-985-7", "  Budi", "Rp 5.000 + ongkir", "a=b", "ＡＢＣ", ""]) {
      expect(csvCell(text)).toBe(`"${text}"`);
    }
  });
});
