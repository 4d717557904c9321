/**
 * Dates as the agency's visitors read them: day-month-year (DD-MM-YYYY, spec §2), on the
 * calendar of Western Indonesia, so a date stored as UTC midnight or as local midnight shows the same day.
 */

interface JakartaFields {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * Made on first use, which since 1964 means never: building a formatter for a time zone loads
 * the browser's time-zone data, about 30 ms of a page's start-up in Chromium on this machine.
 */
let jakartaDateTime: Intl.DateTimeFormat | undefined;
function jakartaDateTimeFormat(): Intl.DateTimeFormat {
  jakartaDateTime ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Jakarta",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return jakartaDateTime;
}

/** Western Indonesia Time has been UTC+7, without daylight saving, since 1 January 1964 (IANA Asia/Jakarta). */
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;
const WIB_FIXED_SINCE_MS = Date.UTC(1964, 0, 1);

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * The moment's calendar fields in Jakarta. Since 1964 they are plain arithmetic, a small part of
 * what Intl's formatToParts costs (the home page formats a dozen dates per view); earlier moments,
 * with their historic offsets, go through Intl.
 */
export function jakartaFields(date: Date): JakartaFields {
  if (date.getTime() >= WIB_FIXED_SINCE_MS) {
    const wib = new Date(date.getTime() + WIB_OFFSET_MS);
    return {
      year: String(wib.getUTCFullYear()),
      month: twoDigits(wib.getUTCMonth() + 1),
      day: twoDigits(wib.getUTCDate()),
      hour: twoDigits(wib.getUTCHours()),
      minute: twoDigits(wib.getUTCMinutes()),
      second: twoDigits(wib.getUTCSeconds()),
    };
  }
  return jakartaFieldsByIntl(date);
}

/** The same fields from the time-zone database; exported for the test that holds the two equal. */
export function jakartaFieldsByIntl(date: Date): JakartaFields {
  const byType = Object.fromEntries(jakartaDateTimeFormat().formatToParts(date).map((part) => [part.type, part.value]));
  return { year: byType.year, month: byType.month, day: byType.day, hour: byType.hour, minute: byType.minute, second: byType.second };
}

/** Why a typed date is not one: no known writing, a two-digit year, or a day the calendar lacks. */
export type TypedDateError = "shape" | "twoDigitYear" | "earlyYear" | "impossible";

/** The first year a typed date may have: "0001" or "0202" is a slip of the keyboard, not a day of this catalogue's. */
export const FIRST_TYPED_YEAR = 1000;

/**
 * A date as an admin types it, whatever the browser's language: day, month and year in that
 * order (DD-MM-YYYY, DD/MM/YYYY, DD.MM.YYYY or DDMMYYYY; a one-digit day or month too), or the
 * machine's YYYY-MM-DD (a stored value). Its day as YYYY-MM-DD; undefined for an empty text. A
 * two-digit year or a day the calendar lacks is refused, never read as some other date.
 */
export function parseTypedDate(text: string): { day: string } | { error: TypedDateError } | undefined {
  const typed = text.trim();
  if (typed === "") return undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  const separated = /^(\d{1,2})[-/.\s](\d{1,2})[-/.\s](\d+)$/.exec(typed);
  const compact = /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  const parts = iso ? [iso[1], iso[2], iso[3]] : separated ? [separated[3], separated[2], separated[1]] : compact ? [compact[3], compact[2], compact[1]] : undefined;
  if (!parts) return { error: /^\d{6}$/.test(typed) ? "twoDigitYear" : "shape" };
  const [year, month, day] = parts;
  if (year.length === 2) return { error: "twoDigitYear" };
  if (year.length !== 4) return { error: "shape" };
  if (Number(year) < FIRST_TYPED_YEAR) return { error: "earlyYear" };
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return { error: "impossible" };
  return { day: `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}` };
}

export function isCalendarDate(year: number, month: number, day: number): boolean {
  // setUTCFullYear, not Date.UTC: that reads a year 0 to 99 as 1900 to 1999 ("01-01-0001" was "not in the calendar").
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

/** A date-time whose day (its leading YYYY-MM-DD) the calendar lacks: "2024-02-30T10:00:00Z". */
function lacksCalendarDay(text: string): boolean {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return day !== null && !isCalendarDate(Number(day[1]), Number(day[2]), Number(day[3]));
}

/**
 * A date as an upstream may write it, read as the edit form reads it (`parseTypedDate`), not as
 * the JavaScript engine guesses: "01/05/2024" and "01-05-2024" day first (1 May, as Indonesians
 * write it; the engine reads the first as 5 January), and a date-time without a zone ("2024-05-01
 * 20:00:00") as Western Indonesian time, not the server's. Anything else as ISO 8601.
 */
export function readDate(value: string): Date | undefined {
  const text = value.trim();
  const typed = parseTypedDate(text);
  const zoneless = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  let date: Date;
  if (typed && "day" in typed) date = new Date(`${typed.day}T00:00:00.000Z`);
  // A day the calendar lacks is none, however written: the engine would roll "2024-02-30" into March.
  else if (typed?.error === "impossible" || lacksCalendarDay(text)) return undefined;
  else if (zoneless) {
    const [year, month, day, hour, minute, second] = zoneless.slice(1).map((part) => Number(part ?? 0));
    date = new Date(Date.UTC(year, month - 1, day, hour, minute, second) - JAKARTA_OFFSET_MS);
  } else if (ISO_DATE_TIME.test(text)) date = new Date(text);
  // Anything else the engine would guess at: "-0001-01-01" as 2001, "1998" as its 1 January.
  else return undefined;
  const time = date.getTime();
  return Number.isNaN(time) || time < FIRST_DAY_MS || time > LAST_DAY_MS ? undefined : date;
}

/** ISO 8601 as upstreams write it: a day, then perhaps a time and a zone. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
/** Days with a four-digit year in Jakarta: 0001-01-01 to 9999-12-31 WIB ("9999-12-31T23:00Z" would read 01-01-10000). */
const FIRST_DAY_MS = Date.UTC(1, 0, 1) - JAKARTA_OFFSET_MS;
const LAST_DAY_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999) - JAKARTA_OFFSET_MS;

/**
 * A year written as catalogues write one where there is no day: "1998", "c1998", "©1998",
 * "[2001]", "[1998?]", "2024 M" (Masehi), "1998." (SLiMS's publish_year, and what older tools
 * left in a date field). Undefined for anything else, a day included.
 */
export function writtenYear(value: string | null | undefined): string | undefined {
  return /^\s*(?:c|©|cop\.?)?\s*\[?\s*(\d{4})\s*\??\s*\]?\s*(?:M\.?|\.)?\s*$/i.exec(value ?? "")?.[1];
}

/** A book's publication as a page shows it: its day (DD-MM-YYYY), or its year alone when only that was written. */
export function formatPublished(value: string | null | undefined): string {
  return writtenYear(value) ?? formatDayMonthYear(value);
}

/**
 * The publication for machines (schema.org's datePublished): its day in Jakarta (YYYY-MM-DD), or
 * its year alone; its first four characters are the year the catalogue's year facet counts it in.
 */
export function publishedIso(value: string | null | undefined): string | undefined {
  const year = writtenYear(value);
  if (year !== undefined || !value) return year;
  const date = readDate(value);
  return date && jakartaDay(date);
}

export function formatDayMonthYear(value: string | null | undefined): string {
  if (!value) return "";
  const date = readDate(value);
  if (!date) return "";
  const { day, month, year } = jakartaFields(date);
  return `${day}-${month}-${year}`;
}

/** The machine-readable form for <time dateTime>. */
export function isoDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return readDate(value)?.toISOString();
}

/** The agency's calendar day (Asia/Jakarta) as YYYY-MM-DD, e.g. for a dated file name. */
export function jakartaDay(date: Date): string {
  const { year, month, day } = jakartaFields(date);
  return `${year}-${month}-${day}`;
}

/** A moment as the agency's staff read it: DD-MM-YYYY HH:MM:SS WIB. */
export function formatJakartaDateTime(value: string): string {
  const date = readDate(value);
  if (!date) return "";
  const { year, month, day, hour, minute, second } = jakartaFields(date);
  return `${day}-${month}-${year} ${hour}:${minute}:${second} WIB`;
}
