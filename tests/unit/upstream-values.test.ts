import { describe, expect, it } from "vitest";
import { upstreamCount, upstreamFlag } from "~/platform/upstream-shapes.server";

/** A record's count (an author's or a publisher's `total_books`) as an upstream may write it. */
describe("an upstream's count", () => {
  it("reads numbers, numbers as text, and text with Indonesian thousands dots (spec §5)", () => {
    const read = (value: unknown) => upstreamCount.parse(value);
    expect([12, "12", " 7 ", "1.234", "12.345.678", "0"].map(read)).toEqual([12, 12, 7, 1234, 12345678, 0]);
  });

  it("reads anything else as none", () => {
    expect([null, undefined, "", "banyak", {}, [], Number.NaN, "1,5e3x"].map((value) => upstreamCount.parse(value))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

/** A flag (a library's `active`) as older tools and spreadsheets write it. */
describe("an upstream's flag", () => {
  it("reads true, a number other than 0, and the words for on in any case as on", () => {
    expect([true, 1, 2, "1", "true", "TRUE", " yes ", "Y", "ya", "on", "Aktif", "t", "5"].map((value) => upstreamFlag.parse(value))).toEqual(Array(13).fill(true));
  });

  it("reads anything else as off", () => {
    expect([false, 0, "0", "", "false", "no", "tidak", "nonaktif", "abc", null, undefined, {}, Number.NaN, "0.0"].map((value) => upstreamFlag.parse(value))).toEqual(Array(14).fill(false));
  });
});
