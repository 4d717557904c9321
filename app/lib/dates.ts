/**
 * Dates as the agency's visitors read them: day-month-year (DD-MM-YYYY, spec §2), on the
 * calendar of Western Indonesia, so a date stored as UTC midnight or as local midnight shows the same day.
 */
const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Jakarta",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

export function formatDayMonthYear(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const byType = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${byType.day}-${byType.month}-${byType.year}`;
}

/** The machine-readable form for <time dateTime>. */
export function isoDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const jakartaDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Jakarta",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function jakartaParts(date: Date): Record<string, string> {
  return Object.fromEntries(jakartaDateTime.formatToParts(date).map((part) => [part.type, part.value]));
}

/** The agency's calendar day (Asia/Jakarta) as YYYY-MM-DD, e.g. for a dated file name. */
export function jakartaDay(date: Date): string {
  const byType = jakartaParts(date);
  return `${byType.year}-${byType.month}-${byType.day}`;
}

/** A moment as the agency's staff read it: DD-MM-YYYY HH:MM:SS WIB. */
export function formatJakartaDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const byType = jakartaParts(date);
  return `${byType.day}-${byType.month}-${byType.year} ${byType.hour}:${byType.minute}:${byType.second} WIB`;
}
