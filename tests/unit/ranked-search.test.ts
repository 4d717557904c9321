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
  it("reads the operators of a web search: OR finds either, -word and NOT word leave it out, AND is what words do", () => {
    expect(index.search("kancil OR lembah")).toEqual(expect.arrayContaining([1, 2]));
    expect(index.search("kancil OR lembah")).toHaveLength(2);
    expect(index.search("sejarah -arsip")).toEqual([1]);
    expect(index.search("sejarah NOT arsip")).toEqual([1]);
    expect(index.search("sejarah AND arsip")).toEqual([0]);
    expect(index.search("sejarah arsip OR dongeng")).toEqual(expect.arrayContaining([0, 2]));
    // In lower case they are words; a search of exclusions alone finds nothing, as a search of no words.
    expect(index.search("sejarah or arsip")).toEqual([]);
    expect(index.search("-arsip")).toBeUndefined();
    expect(index.nearSpelling("kancl OR lembah")).toBeUndefined();
  });
  it("reads no FTS5 syntax and bounds the words", () => {
    for (const text of ['"', "*", "NEAR(a b)", "-kancil", "^dongeng", "title:kancil", "a OR b", "OR", "NOT", "- OR -", "OR OR kancil", "kancil NOT", "((", "\u0000", "\u202ekancil\u200b"]) {
      expect(() => index.search(text), text).not.toThrow();
    }
    expect(searchWords("kata ".repeat(1_000))).toHaveLength(MAX_WORDS);
    expect(index.search("\u202ekancil\u202c")).toEqual([2]);
  });
});
