import { describe, expect, it } from "vitest";
import { formatDayMonthYear, formatJakartaDateTime, formatPublished, isoDate, jakartaDay, jakartaFields, jakartaFieldsByIntl, publishedIso, readDate } from "~/lib/dates";
import { dateFormValue, toDateInputValue, typedDateText } from "~/lib/format";

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

  it("reads an upstream's other writings as the edit form reads them: day first, and a time without a zone as WIB", () => {
    const cases: Array<[string, string]> = [
      ["01/05/2024", "01-05-2024"],
      ["17-05-2024", "17-05-2024"],
      ["1.5.2024", "01-05-2024"],
      // 20:00 and 23:30 WIB are still that day (read as UTC, 23:30 would be the next).
      ["2024-05-01 20:00:00", "01-05-2024"],
      ["2024-05-01T23:30", "01-05-2024"],
    ];
    for (const [stored, shown] of cases) {
      expect(formatDayMonthYear(stored), stored).toBe(shown);
      // What the list and the public pages show is the day the edit form holds: an unchanged save keeps it.
      expect(toDateInputValue(stored).split("-").reverse().join("-"), stored).toBe(shown);
    }
    expect(isoDate("01/05/2024")).toBe("2024-05-01T00:00:00.000Z");
    expect(isoDate("2024-05-01 20:00:00")).toBe("2024-05-01T13:00:00.000Z");
    for (const impossible of ["31/02/2024", "0000-00-00", "00/00/0000", "2024-02-30", "2024-02-30T10:00:00Z", "2023-02-29 08:00"]) {
      expect([formatDayMonthYear(impossible), isoDate(impossible)], impossible).toEqual(["", undefined]);
    }
  });

  it("puts in an edit form the day, or else the stored text itself (never another day), which the field shows as it is", () => {
    expect(["2024-05-17T10:30:00+07:00", "17-05-2024", "c1998", "2024-02-30", " [2001] ", "", null].map(dateFormValue)).toEqual([
      "2024-05-17",
      "2024-05-17",
      "c1998",
      "2024-02-30",
      " [2001] ",
      "",
      "",
    ]);
    expect(["2024-05-17", "2024-02-30", "c1998"].map(typedDateText)).toEqual(["17-05-2024", "2024-02-30", "c1998"]);
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

describe("dates other tools wrote", () => {
  it("reads none the engine would guess at: a negative year, a year alone, a day past year 9999 in Jakarta, words", () => {
    for (const odd of ["-0001-01-01", "1998", "c1998", "May 5 2020", "9999-12-31T23:59:59Z", "+010000-01-01T00:00:00Z", "2020-13-45", "20201231"]) {
      expect(readDate(odd), odd).toBeUndefined();
      expect(formatDayMonthYear(odd), odd).toBe("");
    }
    // The last day that has four digits in Jakarta still reads.
    expect(formatDayMonthYear("9999-12-31T16:00:00Z")).toBe("31-12-9999");
    expect(formatDayMonthYear("2024-05-17T08:00:00+07:00")).toBe("17-05-2024");
  });

  it("shows a publication's year alone where only a year was written, and counts it under that year", () => {
    for (const [written, year] of [["1998", "1998"], ["c1998", "1998"], ["©1998", "1998"], ["[2001]", "2001"], ["[1998?]", "1998"], ["2024 M", "2024"], ["1998.", "1998"]]) {
      expect(formatPublished(written), written).toBe(year);
      expect(publishedIso(written), written).toBe(year);
    }
    for (const odd of ["abad ke-19", "1998-2001", "", null]) expect(formatPublished(odd), String(odd)).toBe("");
  });

  it("counts a day under its year in Jakarta, as the page shows it: midnight of New Year's Day WIB is the new year", () => {
    expect(formatPublished("2019-12-31T17:00:00.000Z")).toBe("01-01-2020");
    expect(publishedIso("2019-12-31T17:00:00.000Z")).toBe("2020-01-01");
    expect(publishedIso("17/05/2024")).toBe("2024-05-17");
  });
});
