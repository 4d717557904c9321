/**
 * A worksheet cell as text, as the spreadsheet shows it to whoever typed it: text as written, a
 * number in full (an ISBN typed as a number stays 13 digits, never 9.78602E+12), a date as ISO
 * `YYYY-MM-DD`, a formula's cached result (never the formula), rich text joined, TRUE/FALSE, an
 * error's code. A hyperlink cell holds its text; the link itself is in the sheet's relations,
 * not read.
 */

/** A cell as the sheet's XML writes it: its type (`t`), style index (`s`), `<v>` and inline text. */
export interface SheetCell {
  type: string;
  style: number;
  value: string;
  inline: string;
  formula: boolean;
}

export interface CellContext {
  sharedStrings: readonly string[];
  numberFormat(style: number): string | undefined;
  date1904: boolean;
}

/** Excel keeps 15 significant digits; written out without grouping or an exponent. */
const fullNumber = new Intl.NumberFormat("en-US", { useGrouping: false, maximumSignificantDigits: 15 });

function numberText(value: number): string {
  if (!Number.isFinite(value)) return "";
  return fullNumber.format(value === 0 ? 0 : value);
}

function dateText(value: Date): string {
  if (Number.isNaN(value.getTime())) return "";
  const iso = value.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, 19);
}

/**
 * A whole number as a format of zeros shows it, leading zeros kept: a telephone "081234567890"
 * or an ISBN-10 "0306406152" typed as a number and formatted `000000000000` to show its zero.
 */
function withShownZeros(text: string, format: string | undefined): string {
  const zeros = format?.trim();
  return zeros && /^0+$/.test(zeros) && /^\d+$/.test(text) ? text.padStart(zeros.length, "0") : text;
}

/** A number format that shows a date: d, m, y (or h, s) outside quotes, brackets and escapes. */
export function isDateFormat(format: string | undefined): boolean {
  if (format === undefined) return false;
  const bare = format.replace(/"[^"]*"|\[[^\]]*\]|\\./g, "");
  return !/^general$/i.test(bare.trim()) && /[dmyhs]/i.test(bare);
}

/** An Excel serial day number as a date (the 1900 system, or 1904 when the workbook says so). */
function serialDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - (date1904 ? 24107 : 25569)) * 86_400_000));
}

/**
 * Text as Excel meant it: a character XML cannot hold is written `_xHHHH_` (a line's carriage
 * return as `_x000D_`), and `_x005F_` escapes an underscore that would read as such.
 */
function unescapedText(text: string): string {
  return text.includes("_x") ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, code: string) => String.fromCharCode(parseInt(code, 16))) : text;
}

export function cellText(cell: SheetCell, context: CellContext): string {
  const { value } = cell;
  switch (cell.type) {
    case "s":
      return /^\d+$/.test(value) ? unescapedText(context.sharedStrings[Number(value)] ?? "") : "";
    case "inlineStr":
      return unescapedText(cell.inline);
    case "str":
      return unescapedText(value);
    case "e":
      return value;
    case "b":
      return value === "" ? "" : value.trim() === "0" ? "FALSE" : "TRUE";
    case "d": {
      const midnight = /^(\d{4}-\d{2}-\d{2})(T00:00(:00(\.0+)?)?Z?)?$/.exec(value.trim());
      return midnight?.[1] ?? value;
    }
    default: {
      if (value.trim() === "") return "";
      const number = Number(value);
      if (Number.isNaN(number)) return value;
      const format = context.numberFormat(cell.style);
      if (isDateFormat(format)) return dateText(serialDate(number, context.date1904));
      return withShownZeros(numberText(number), format);
    }
  }
}
