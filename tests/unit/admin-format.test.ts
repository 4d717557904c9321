import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { optionalIndonesianNumber, requiredIsoDate, upperCasedTitle } from "~/admin-kit/fields";
import { isCalendarDate, parseTypedDate } from "~/lib/dates";
import { clip, formatIndonesianNumber, numberFieldLeft, parseIndonesianNumber, toDateInputValue, toIsoDate, typedDateMessage, typedDateText } from "~/lib/format";
import { MAX_FILTER_PARAMS, readListView, readScreenState, screenHref, SEARCH_MAX_LENGTH, withoutFilter, withoutFilters } from "~/admin-kit/url-state";

/** Spec §5's conversions, as the server applies them to every submission. */

describe("table previews", () => {
  it("cut text to 50 characters followed by '...', and leave short text alone", () => {
    expect(clip("a".repeat(50))).toBe("a".repeat(50));
    expect(clip("a".repeat(51))).toBe(`${"a".repeat(50)}...`);
    // Characters, not UTF-16 units: an emoji is not split in half.
    expect(clip(`${"é".repeat(49)}😀😀`)).toBe(`${"é".repeat(49)}😀...`);
  });
});

describe("dates", () => {
  it("convert a form date to ISO, and an invalid one to empty", () => {
    expect(toIsoDate("2024-05-01")).toBe("2024-05-01T00:00:00.000Z");
    expect(toIsoDate("2024-05-01T10:30:00+07:00")).toBe("2024-05-01T03:30:00.000Z");
    expect(toIsoDate("2024-02-30")).toBe("");
    expect(toIsoDate("01-05-2024")).toBe("");
    expect(toIsoDate("")).toBe("");
  });

  it("fill date inputs with the day the public pages show", () => {
    expect(toDateInputValue("2024-05-01T00:00:00.000Z")).toBe("2024-05-01");
    expect(toDateInputValue("2024-05-01")).toBe("2024-05-01");
    // 20:00 UTC is already the next morning in Western Indonesia.
    expect(toDateInputValue("2024-05-01T20:00:00.000Z")).toBe("2024-05-02");
    expect(toDateInputValue("bukan tanggal")).toBe("");
  });

  it("are required after conversion, so an invalid date is refused in Indonesian", () => {
    const schema = z.object({ date: requiredIsoDate()("Tanggal") });
    const parse = (date: string) => parseWithZod(new URLSearchParams({ date }), { schema });
    expect(parse("2024-05-01")).toMatchObject({ status: "success", value: { date: "2024-05-01T00:00:00.000Z" } });
    expect(parse("2024-13-01").reply().error).toEqual({ date: ["Tanggal “2024-13-01” tidak valid: tanggal itu tidak ada di kalender"] });
    expect(parse("").reply().error).toEqual({ date: ["Tanggal wajib diisi"] });
  });

  it("are read day-month-year in each accepted writing, whatever the browser's language", () => {
    const schema = z.object({ date: requiredIsoDate()("Tanggal") });
    const parse = (date: string) => parseWithZod(new URLSearchParams({ date }), { schema });
    for (const typed of ["15-08-2023", "15/08/2023", "15.08.2023", "15082023", " 15-8-2023 ", "2023-08-15"]) {
      expect(parse(typed), typed).toMatchObject({ status: "success", value: { date: "2023-08-15T00:00:00.000Z" } });
    }
    // Never month first: 08/15/2023 has no fifteenth month.
    expect(parse("08/15/2023").reply().error).toEqual({ date: ["Tanggal “08/15/2023” tidak valid: tanggal itu tidak ada di kalender"] });
  });

  it("refuse a two-digit year, an impossible day and other text, saying why, never read as another date", () => {
    expect(parseTypedDate("15-08-23")).toEqual({ error: "twoDigitYear" });
    expect(parseTypedDate("150823")).toEqual({ error: "twoDigitYear" });
    expect(parseTypedDate("31-02-2024")).toEqual({ error: "impossible" });
    expect(parseTypedDate("29-02-2023")).toEqual({ error: "impossible" });
    expect(parseTypedDate("29-02-2024")).toEqual({ day: "2024-02-29" });
    // A year before 1000 is a slip, said as such: "01-01-0001" was called a day the calendar lacks.
    expect(parseTypedDate("01-01-0001")).toEqual({ error: "earlyYear" });
    expect(typedDateMessage("earlyYear", "01-01-0001")).toBe("Tanggal “01-01-0001” tidak valid: tahunnya harus 1000 atau sesudahnya");
    expect(parseTypedDate("01-01-1000")).toEqual({ day: "1000-01-01" });
    // A year below 100 is itself, not 1900 and after (Date.UTC's reading).
    expect([isCalendarDate(52, 2, 29), isCalendarDate(1, 1, 1), isCalendarDate(1900, 2, 29)]).toEqual([true, true, false]);
    expect(parseTypedDate("1582023")).toEqual({ error: "shape" });
    expect(parseTypedDate("kemarin")).toEqual({ error: "shape" });
    expect(parseTypedDate("  ")).toBeUndefined();
    expect(typedDateMessage("twoDigitYear", "15-08-23")).toBe("Tanggal “15-08-23” tidak valid: tahun harus empat angka, misalnya 17-08-2024");
    expect(typedDateMessage("shape", "kemarin")).toBe("Tanggal “kemarin” tidak valid: tulis HH-BB-TTTT (hari-bulan-tahun), misalnya 17-08-2024");
  });

  it("show a stored day as DD-MM-YYYY in the field, and compare a typed date by its day", () => {
    expect(typedDateText("2023-08-15")).toBe("15-08-2023");
    expect(typedDateText("15/08/2023")).toBe("15/08/2023");
    expect(toDateInputValue("15.08.2023")).toBe("2023-08-15");
  });
});

describe("numbers", () => {
  it("show a dot as the thousands separator and parse it back", () => {
    expect(formatIndonesianNumber(1234567)).toBe("1.234.567");
    expect(formatIndonesianNumber("1234,5")).toBe("1.234,5");
    expect(parseIndonesianNumber("1.234.567")).toBe(1234567);
    expect(parseIndonesianNumber("12,5")).toBe(12.5);
    expect(parseIndonesianNumber("dua belas")).toBeUndefined();
    const schema = z.object({ total_books: optionalIndonesianNumber()() });
    expect(parseWithZod(new URLSearchParams({ total_books: "2.500" }), { schema })).toMatchObject({ value: { total_books: 2500 } });
    expect(parseWithZod(new URLSearchParams({ total_books: "banyak" }), { schema })).toMatchObject({ value: { total_books: undefined } });
  });

  it("are reformatted or emptied as the admin leaves the field, but a stored value left as shown stays", () => {
    expect(numberFieldLeft("2500", "1.000")).toBe("2.500");
    expect(numberFieldLeft("banyak", "1.000")).toBe("");
    expect(numberFieldLeft("± 40 judul", "± 40 judul")).toBe("± 40 judul");
    expect(numberFieldLeft("± 41 judul", "± 40 judul")).toBe("");
  });
});

describe("titles", () => {
  it("are upper-cased by the schema the server sends from", () => {
    const schema = z.object({ title: upperCasedTitle()("Judul") });
    expect(parseWithZod(new URLSearchParams({ title: " sejarah dinas " }), { schema })).toMatchObject({ value: { title: "SEJARAH DINAS" } });
  });
});

describe("screen state in the URL", () => {
  it("reads the modal, the pending delete and the list's view, ignoring anything malformed", () => {
    const defaultView = { q: "", sort: null, dir: "asc", page: 1, perPage: null, filters: [], filtersCut: false };
    expect(readScreenState(new URLSearchParams("modal=edit&id=7&page=2"))).toEqual({
      ...defaultView,
      modal: { kind: "edit", id: "7" },
      pendingDelete: null,
      page: 2,
    });
    expect(readScreenState(new URLSearchParams("modal=add"))).toEqual({ ...defaultView, modal: { kind: "add" }, pendingDelete: null });
    expect(readScreenState(new URLSearchParams("delete=7"))).toEqual({ ...defaultView, modal: null, pendingDelete: "7" });
    expect(readScreenState(new URLSearchParams("modal=edit&id=../x&delete=a%20b&page=-3&sort=a;b&dir=up"))).toEqual({
      ...defaultView,
      modal: null,
      pendingDelete: null,
    });
    expect(readScreenState(new URLSearchParams("q=%20%20Laskar%20Pelangi%20&sort=title&dir=desc"))).toMatchObject({
      q: "Laskar Pelangi",
      sort: "title",
      dir: "desc",
    });
    // A search longer than anyone types is cut, not refused.
    expect(readScreenState(new URLSearchParams({ q: "a".repeat(10_000) })).q).toHaveLength(SEARCH_MAX_LENGTH);
    // The read model answers any page in the same time: no cap (past the end shows the last).
    expect(readScreenState(new URLSearchParams("page=999999")).page).toBe(999999);
    expect(readScreenState(new URLSearchParams("page=1e300")).page).toBe(1);
  });

  it("links to another state keeping the search, the order and the page; another order starts at page 1", () => {
    const current = new URLSearchParams("modal=edit&id=7&page=2");
    expect(screenHref(current, "list")).toBe("?page=2");
    expect(screenHref(current, { modal: "add" })).toBe("?modal=add&page=2");
    expect(screenHref(current, { pendingDelete: "9" })).toBe("?delete=9&page=2");
    expect(screenHref(new URLSearchParams(), "list")).toBe("?");
    const searched = new URLSearchParams("q=arsip&sort=title&dir=desc&page=3&delete=4");
    expect(screenHref(searched, "list")).toBe("?q=arsip&sort=title&dir=desc&page=3");
    expect(screenHref(searched, { modal: "edit", id: "9" })).toBe("?modal=edit&id=9&q=arsip&sort=title&dir=desc&page=3");
    expect(screenHref(searched, { page: 4 })).toBe("?q=arsip&sort=title&dir=desc&page=4");
    expect(screenHref(searched, { sort: "author", dir: "asc" })).toBe("?q=arsip&sort=author&dir=asc");
  });

  it("carries the filters (repeated, in their order) and the rows per page through every other state; a chip removes its own", () => {
    const filtered = new URLSearchParams("genre=Sejarah&q=arsip&genre=Puisi&year_from=1990&year_to=2000&perPage=50&page=3&modal=add");
    expect(readListView(filtered)).toMatchObject({ filters: [["genre", "Sejarah"], ["genre", "Puisi"], ["year_from", "1990"], ["year_to", "2000"]], perPage: 50, filtersCut: false });
    expect(screenHref(filtered, "list")).toBe("?q=arsip&genre=Sejarah&genre=Puisi&year_from=1990&year_to=2000&perPage=50&page=3");
    expect(screenHref(filtered, { sort: "title", dir: "asc" })).toBe("?q=arsip&sort=title&dir=asc&genre=Sejarah&genre=Puisi&year_from=1990&year_to=2000&perPage=50");
    expect(withoutFilter(filtered, { names: ["genre"], value: "Puisi" })).toBe("?q=arsip&genre=Sejarah&year_from=1990&year_to=2000&perPage=50");
    expect(withoutFilter(filtered, { names: ["year_from", "year_to"] })).toBe("?q=arsip&genre=Sejarah&genre=Puisi&perPage=50");
    expect(withoutFilters(filtered)).toBe("?q=arsip&perPage=50");
    // Not filters: the overlays, Remix's own, malformed names, empty values; past MAX_FILTER_PARAMS, cut and said so.
    expect(readListView(new URLSearchParams("id=3&delete=4&_data=x&index&Genre=A&genre=&a%20b=c")).filters).toEqual([]);
    const many = readListView(new URLSearchParams(Array.from({ length: 100 }, (_, index) => ["tag", `T${index}`])));
    expect(many.filters).toHaveLength(MAX_FILTER_PARAMS);
    expect(many.filtersCut).toBe(true);
    expect(readListView(new URLSearchParams("perPage=abc")).perPage).toBeNull();
  });
});
