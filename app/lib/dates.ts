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
