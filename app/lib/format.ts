import { FIRST_TYPED_YEAR, formatDayMonthYear, isCalendarDate, parseTypedDate, type TypedDateError } from "~/lib/dates";

/**
 * Conversions between what the upstream stores and what an admin reads or types (spec §5).
 * Pure functions: the server runs them to build the table and to check submitted forms, the
 * browser runs the number formatting while an admin types.
 */

/** Spec §9: table previews are cut to this many characters. */
export const PREVIEW_LENGTH = 50;

/** The first `length` characters followed by '...', or the text itself when it is short enough. */
export function clip(text: string, length = PREVIEW_LENGTH): string {
  const characters = Array.from(text);
  return characters.length > length ? `${characters.slice(0, length).join("")}...` : text;
}

/** The first words of a text, up to about `length` characters, cut at a word with "…" (a picker option's detail). */
export function firstWords(text: string, length = 40): string {
  const plain = text.replace(/\.\.\.$|…$/, "").replace(/\s+/g, " ").trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length + 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > length / 2 ? cut.slice(0, atWord) : cut.slice(0, length)).replace(/[\s,.;:]+$/, "")}…`;
}

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/** How a date field asks for its value, whatever the browser's language. */
export const DATE_FORMAT_HINT = "HH-BB-TTTT (hari-bulan-tahun), misalnya 17-08-2024";

/** Why a typed date was refused (spec §5: its value is then empty), naming what was typed. */
export function typedDateMessage(error: TypedDateError, typed: string): string {
  const shown = `Tanggal “${typed.trim().slice(0, 40)}” tidak valid`;
  if (error === "twoDigitYear") return `${shown}: tahun harus empat angka, misalnya 17-08-2024`;
  if (error === "earlyYear") return `${shown}: tahunnya harus ${FIRST_TYPED_YEAR} atau sesudahnya`;
  if (error === "impossible") return `${shown}: tanggal itu tidak ada di kalender`;
  return `${shown}: tulis ${DATE_FORMAT_HINT}`;
}

/** A day (YYYY-MM-DD) as a date field shows it: DD-MM-YYYY; any other text (a day the calendar lacks too) as it is. */
export function typedDateText(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day && isCalendarDate(Number(day[1]), Number(day[2]), Number(day[3])) ? `${day[3]}-${day[2]}-${day[1]}` : value;
}

/**
 * The calendar day of a stored or typed date as `YYYY-MM-DD`, or "": a date-time is the day
 * the public pages show (~/lib/dates: Western Indonesian time).
 */
export function toDateInputValue(value: string | null | undefined): string {
  const typed = parseTypedDate(value ?? "");
  if (typed && "day" in typed) return typed.day;
  const [day, month, year] = formatDayMonthYear(value).split("-");
  return year ? `${year}-${month}-${day}` : "";
}

/**
 * A stored date as its edit form holds it: the calendar day; or, when it reads as none (another
 * tool's "c1998" or "2024 M", a day the calendar lacks), the stored text itself, for the form to
 * show and keep while the admin leaves it (app/admin-kit/legacy-values.ts), never an empty field.
 */
export function dateFormValue(value: string | null | undefined): string {
  return toDateInputValue(value) || (value ?? "");
}

/**
 * Spec §5: a date form value becomes an ISO date-time, or "" when it is not a real date.
 * A bare date is midnight UTC, so the calendar day never shifts with the server's time zone.
 */
export function toIsoDate(value: string | null | undefined): string {
  const text = (value ?? "").trim();
  const match = DATE_PREFIX.exec(text);
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return "";
  if (text.length === match[0].length) return `${match[0]}T00:00:00.000Z`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

/**
 * Made on first use (a form's number field), not when an admin screen loads: building a formatter
 * for a locale loads the browser's data for it, 11 to 57 ms in a fresh Chromium here.
 */
let indonesianNumber: Intl.NumberFormat | undefined;

/** Spec §5: numbers are shown with a dot as the thousands separator (1.234.567). */
export function formatIndonesianNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const number = typeof value === "number" ? value : parseIndonesianNumber(value);
  if (number === undefined) return "";
  indonesianNumber ??= new Intl.NumberFormat("id-ID", { maximumFractionDigits: 10 });
  return indonesianNumber.format(number);
}

/** What a number field holds once the admin leaves it: reformatted, emptied when it is no number (spec §5), or as it was shown when left as it was. */
export function numberFieldLeft(value: string, shown: string): string {
  if (value === shown) return value;
  const parsed = parseIndonesianNumber(value);
  return parsed === undefined ? "" : formatIndonesianNumber(parsed);
}

/**
 * Spec §5: dots are stripped and the rest read as a decimal number (a comma is the Indonesian
 * decimal separator); anything that is not a number gives `undefined`, an empty field.
 */
export function parseIndonesianNumber(text: string): number | undefined {
  const normalised = text.trim().replace(/\./g, "").replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return undefined;
  const number = Number(normalised);
  return Number.isFinite(number) ? number : undefined;
}


/**
 * A phone number as a `tel:` link (RFC 3966): the first number written ("(0267) 123456 / 123457"
 * dials the first), its digits and a leading +, and an extension ("ext. 7", "pes. 7" as
 * Indonesian offices write it, "x7") as `;ext=`, never run into the number.
 */
export function telephoneHref(written: string): string {
  const [first] = written.split(/[/,;]|\batau\b/i);
  const [number, extension] = first.split(/\b(?:ext|ekst|pes|psw|x)\.?\s*(?=\d)/i);
  const digits = number.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  const extensionDigits = extension?.replace(/\D/g, "");
  return `tel:${digits}${extensionDigits ? `;ext=${extensionDigits}` : ""}`;
}
