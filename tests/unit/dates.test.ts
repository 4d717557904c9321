import { describe, expect, it } from "vitest";
import { formatDayMonthYear, formatJakartaDateTime, jakartaDay, jakartaFields, jakartaFieldsByIntl } from "~/lib/dates";

describe("Jakarta dates", () => {
  it("work out the same calendar fields as the time-zone database, from 1964 on", () => {
    const boundaries = [
      "1964-01-01T00:00:00Z",
      "2025-12-31T16:59:59Z",
      "2025-12-31T17:00:00Z", // midnight of New Year in Jakarta
      "2024-02-28T17:00:00Z", // a leap day begins
      "2038-01-19T03:14:08Z",
      "2099-12-31T23:59:59Z",
    ].map((text) => new Date(text));
    // A fixed pseudo-random spread of moments up to 2100, the same on every run.
    let seed = 20261122;
    const spread = Array.from({ length: 5000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return new Date(Date.UTC(1964, 0, 1) + (seed / 2 ** 31) * (Date.UTC(2100, 0, 1) - Date.UTC(1964, 0, 1)));
    });
    for (const moment of [...boundaries, ...spread]) expect(jakartaFields(moment), moment.toISOString()).toEqual(jakartaFieldsByIntl(moment));
  });

  it("shows the Jakarta day, whether stored as UTC midnight or with a time", () => {
    expect(formatDayMonthYear("2025-03-02")).toBe("02-03-2025");
    expect(formatDayMonthYear("2025-03-01T17:00:00Z")).toBe("02-03-2025");
    expect(formatDayMonthYear("2025-03-01T16:59:59Z")).toBe("01-03-2025");
    expect(jakartaDay(new Date("2025-12-31T17:30:00Z"))).toBe("2026-01-01");
    expect(formatJakartaDateTime("2025-12-31T17:05:09Z")).toBe("01-01-2026 00:05:09 WIB");
  });

  it("keeps the historic offsets of older dates", () => {
    // 1945: Jakarta kept Tokyo time (UTC+9); at UTC+7 this moment would still be the 16th.
    expect(formatDayMonthYear("1945-08-16T15:30:00Z")).toBe("17-08-1945");
  });

  it("shows nothing for a missing or unreadable date", () => {
    expect(formatDayMonthYear(undefined)).toBe("");
    expect(formatDayMonthYear("")).toBe("");
    expect(formatDayMonthYear("bukan tanggal")).toBe("");
    expect(formatJakartaDateTime("bukan tanggal")).toBe("");
  });
});
