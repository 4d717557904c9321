import { describe, expect, it } from "vitest";
import { fieldKeys, relationKeys, ruleKeys } from "~/admin-kit/duplicates";
import { mayNameOneThing, nameKey, textKey } from "~/lib/name-keys";

/** What the duplicate check takes for one thing (app/admin-kit/duplicates.ts), as a librarian would. */

describe("names", () => {
  it("are one name whatever their case, accents, spaces and titles", () => {
    const same = ["Budi Santoso", "budi  santoso", "Dr. Budi Santoso, M.Hum.", "Prof. Dr. Budi Santoso", "Budi Santoso M.Hum.", "Budi Santoso, S.Pd., M.Pd.", "H. Budi Santoso, Lc."];
    expect(new Set(same.map(nameKey))).toEqual(new Set(["budi santoso"]));
    expect(nameKey("José Rizal")).toBe(nameKey("Jose Rizal"));
    expect(new Set(["PT Cahaya Ilmu", "Cahaya Ilmu, PT.", "CV Cahaya Ilmu", "cahaya ilmu"].map(nameKey))).toEqual(new Set(["cahaya ilmu"]));
  });

  it("are one name written surname first, as SLiMS and library catalogues write a person", () => {
    expect(["Liye, Tere", "Santoso, Budi", "Santoso, Budi, M.Hum.", "Toer, Pramoedya Ananta", "Santoso, Dr. Budi"].map(nameKey)).toEqual([
      "tere liye",
      "budi santoso",
      "budi santoso",
      "pramoedya ananta toer",
      "budi santoso",
    ]);
  });

  it("keep an initial, words after a second comma that are no degrees, and a title that is the whole name", () => {
    expect(nameKey("A. Fuadi")).not.toBe(nameKey("Fuadi"));
    expect(nameKey("Fuadi A.")).not.toBe(nameKey("Fuadi"));
    expect(nameKey("Balai Pustaka, Jakarta, Indonesia")).toBe("balai pustaka jakarta indonesia");
    expect(nameKey("Dr.")).toBe("dr");
  });
});

describe("titles and notations", () => {
  it("compare case, accents, spaces and closing punctuation aside, and nothing else", () => {
    expect(textKey("  Laskar   Pelangi. ")).toBe(textKey("laskar pelangi"));
    expect(textKey("Laskar Pelangi 2")).not.toBe(textKey("Laskar Pelangi"));
    expect(textKey("899.221 3")).not.toBe(textKey("899.2213"));
  });

  it("may name one thing when half the shorter's words are in the other (an import's ID row renaming its record)", () => {
    expect(mayNameOneThing("Sejarah Kabupaten Contoh", "SEJARAH KABUPATEN CONTOH, Jilid 2 (Edisi Revisi)")).toBe(true);
    expect(mayNameOneThing("Sejarh Kabupaten Contoh", "Sejarah Kabupaten Contoh")).toBe(true);
    expect(mayNameOneThing("Dongeng Si Kancil", "Buku Baru Inventaris Satu")).toBe(false);
    expect(mayNameOneThing("Laskar Pelangi", "Sang Pemimpi")).toBe(false);
    expect(mayNameOneThing("", "Apa saja")).toBe(true);
  });
});

describe("keys", () => {
  it("give an empty value none: two books with no ISBN are not the same book", () => {
    expect(fieldKeys("standard-number", "")).toEqual([]);
    expect(fieldKeys("text", "   ")).toEqual([]);
    expect(ruleKeys([fieldKeys("text", "Laskar Pelangi"), []])).toEqual([]);
  });

  it("give an ISBN in any writing one key, and a relation its id and its name", () => {
    expect(fieldKeys("standard-number", "978-0-306-40615-7")).toEqual(fieldKeys("standard-number", "0306406152"));
    expect(relationKeys({ id: "7", name: "Dr. Andrea Hirata" })).toEqual(["id:7", "name:andrea hirata"]);
    expect(relationKeys({ name: "Andrea Hirata" })).toEqual(["name:andrea hirata"]);
    expect(ruleKeys([["laskar pelangi"], ["id:7", "name:andrea hirata"]])).toEqual(["\u0000laskar pelangi\u0000id:7", "\u0000laskar pelangi\u0000name:andrea hirata"]);
  });
});
