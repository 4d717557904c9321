import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { optionalIndonesianNumber, requiredIsoDate, upperCasedTitle } from "~/admin/fields";
import { clip, formatIndonesianNumber, parseIndonesianNumber, toDateInputValue, toIsoDate } from "~/admin/format";
import { readScreenState, screenHref } from "~/admin/url-state";

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
    const schema = z.object({ date: requiredIsoDate("Tanggal") });
    const parse = (date: string) => parseWithZod(new URLSearchParams({ date }), { schema });
    expect(parse("2024-05-01")).toMatchObject({ status: "success", value: { date: "2024-05-01T00:00:00.000Z" } });
    expect(parse("2024-13-01").reply().error).toEqual({ date: ["Tanggal wajib diisi"] });
  });
});

describe("numbers", () => {
  it("show a dot as the thousands separator and parse it back", () => {
    expect(formatIndonesianNumber(1234567)).toBe("1.234.567");
    expect(formatIndonesianNumber("1234,5")).toBe("1.234,5");
    expect(parseIndonesianNumber("1.234.567")).toBe(1234567);
    expect(parseIndonesianNumber("12,5")).toBe(12.5);
    expect(parseIndonesianNumber("dua belas")).toBeUndefined();
    const schema = z.object({ total_books: optionalIndonesianNumber() });
    expect(parseWithZod(new URLSearchParams({ total_books: "2.500" }), { schema })).toMatchObject({ value: { total_books: 2500 } });
    expect(parseWithZod(new URLSearchParams({ total_books: "banyak" }), { schema })).toMatchObject({ value: { total_books: undefined } });
  });
});

describe("titles", () => {
  it("are upper-cased by the schema the server sends from", () => {
    const schema = z.object({ title: upperCasedTitle() });
    expect(parseWithZod(new URLSearchParams({ title: " sejarah dinas " }), { schema })).toMatchObject({ value: { title: "SEJARAH DINAS" } });
  });
});

describe("screen state in the URL", () => {
  it("reads the modal, the pending delete and the page, ignoring anything malformed", () => {
    expect(readScreenState(new URLSearchParams("modal=edit&id=7&page=2"))).toEqual({ modal: { kind: "edit", id: "7" }, pendingDelete: null, page: 2 });
    expect(readScreenState(new URLSearchParams("modal=add"))).toEqual({ modal: { kind: "add" }, pendingDelete: null, page: 1 });
    expect(readScreenState(new URLSearchParams("delete=7"))).toEqual({ modal: null, pendingDelete: "7", page: 1 });
    expect(readScreenState(new URLSearchParams("modal=edit&id=../x&delete=a%20b&page=-3"))).toEqual({ modal: null, pendingDelete: null, page: 1 });
    // Every page is one upstream page, so a far page is as cheap as the first: no cap.
    expect(readScreenState(new URLSearchParams("page=999999")).page).toBe(999999);
    expect(readScreenState(new URLSearchParams("page=1e300")).page).toBe(1);
  });

  it("links to another state keeping only the page", () => {
    const current = new URLSearchParams("modal=edit&id=7&page=2");
    expect(screenHref(current, "list")).toBe("?page=2");
    expect(screenHref(current, { modal: "add" })).toBe("?modal=add&page=2");
    expect(screenHref(current, { pendingDelete: "9" })).toBe("?delete=9&page=2");
    expect(screenHref(new URLSearchParams(), "list")).toBe("?");
  });
});
