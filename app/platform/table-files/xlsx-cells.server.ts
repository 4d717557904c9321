import type ExcelJS from "exceljs";

/**
 * A cell of exceljs's reader as text, as the spreadsheet shows it to whoever typed it: text as
 * written, a number in full (an ISBN typed as a number stays 13 digits, never 9.78602E+12), a
 * date as ISO `YYYY-MM-DD`, a formula's cached result (never the formula), rich text joined,
 * TRUE/FALSE, a hyperlink's text, an error's code.
 */

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

/** A number format that shows a date: d, m, y (or h, s) outside quotes, brackets and escapes. */
function isDateFormat(format: string | undefined): boolean {
  if (format === undefined) return false;
  const bare = format.replace(/"[^"]*"|\[[^\]]*\]|\\./g, "");
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare);
}

/** exceljs's date from an Excel serial number (the 1900 system; 1904 when the workbook says so). */
function serialDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - (date1904 ? 24107 : 25569)) * 86_400_000));
}

type RichText = { richText: { text: string }[] };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export function richTextOf(value: RichText): string {
  return value.richText.map((run) => run.text ?? "").join("");
}

function valueText(value: unknown, numFmt: string | undefined, date1904: boolean): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return dateText(value);
  if (!isObject(value)) return "";
  if (Array.isArray(value.richText)) return richTextOf(value as RichText);
  if ("formula" in value || "sharedFormula" in value) {
    // exceljs turns a date cell into a Date, but leaves a formula's result a number.
    const { result } = value;
    return typeof result === "number" && isDateFormat(numFmt) ? dateText(serialDate(result, date1904)) : valueText(result, numFmt, date1904);
  }
  if ("error" in value) return String(value.error);
  if ("text" in value) return valueText(value.text, numFmt, date1904);
  return "";
}

export function cellText(cell: ExcelJS.Cell, date1904: boolean): string {
  return valueText(cell.value, cell.numFmt, date1904);
}
