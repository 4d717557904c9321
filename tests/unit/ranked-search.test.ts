import { describe, expect, it } from "vitest";
import { indonesianStem } from "~/lib/indonesian-stem";
import { MAX_WORDS, RankedIndex, searchWords } from "~/platform/ranked-search.server";

/** The public search's index: Indonesian stems, BM25 by field weight, near spellings, and nothing typed read as FTS5 syntax. */

describe("indonesianStem", () => {
  it.each([
    ["membaca", "baca"],
    ["dibaca", "baca"],
    ["bacaan", "baca"],
    ["menulis", "tulis"],
    ["penerbit", "terbit"],
    ["perpustakaan", "pustaka"],
    ["kearsipan", "arsip"],
    ["diceritakan", "cerita"],
    ["bukunya", "buku"],
    ["belajar", "ajar"],
    ["sejarah", "sejarah"],
    ["dinas", "dinas"],
    ["taman", "taman"],
  ])("%s → %s", (word, stem) => expect(indonesianStem(word)).toBe(stem));
});

describe("RankedIndex", () => {
  const index = new RankedIndex(
    [
      { name: "title", weight: 10 },
      { name: "synopsis", weight: 1 },
    ],
    [
      ["Panduan Arsip", "Sejarah singkat pemberkasan arsip dinamis"],
      ["Sejarah Kabupaten Lembah Asri", "Perjalanan daerah dari masa ke masa"],
      ["Dongeng Si Kancil", "Kumpulan dongeng yang diceritakan ulang"],
    ],
  );

  it("ranks a title's match above a synopsis's", () => expect(index.search("sejarah")).toEqual([1, 0]));
  it("finds a word by its beginning and by its stem", () => {
    expect(index.search("kanc")).toEqual([2]);
    expect(index.search("bercerita")).toEqual([2]);
    expect(index.search("berkas")).toEqual([0]);
  });
  it("needs every word", () => expect(index.search("sejarah arsip")).toEqual([0]));
  it("offers the near spelling of a word that finds nothing", () => {
    expect(index.nearSpelling("kancl")).toBe("kancil");
    expect(index.nearSpelling("Doneng")).toBe("dongeng");
    expect(index.nearSpelling("kancil")).toBeUndefined();
  });
  it("reads no FTS5 syntax and bounds the words", () => {
    for (const text of ['"', "*", "NEAR(a b)", "-kancil", "^dongeng", "title:kancil", "a OR b", "((", "\u0000", "\u202ekancil\u200b"]) expect(() => index.search(text)).not.toThrow();
    expect(searchWords("kata ".repeat(1_000))).toHaveLength(MAX_WORDS);
    expect(index.search("\u202ekancil\u202c")).toEqual([2]);
  });
});
