import { describe, expect, it } from "vitest";
import { PositionIndex } from "~/platform/full-text.server";

/**
 * The lists' search index (app/platform/full-text.server.ts): an edited record is indexed anew in
 * a copy of the index (`withDocument`), the rest copied as SQLite's bytes; the index the requests
 * in flight still hold answers as before.
 */

const books = [
  ["Hikayat Hang Tuah", "Anonim"],
  ["Sejarah Kabupaten", "Tim Penyusun"],
  ["Cerita Rakyat Pesisir", "Siti Nurhaliza"],
];

const found = (index: PositionIndex, text: string) => [...(index.search(text) ?? [])].sort();

describe("an index with one document indexed anew", () => {
  it("finds the document by its new words only, leaves the others and the original index as they were", () => {
    const original = new PositionIndex(2, books);
    const edited = original.withDocument(1, books[1], ["Sejarah Kota Lama", "Dinas Perpustakaan"]);

    expect(found(edited, "kota lama")).toEqual([1]);
    expect(found(edited, "kabupaten")).toEqual([]);
    expect(found(edited, "penyusun")).toEqual([]);
    expect(found(edited, "sejarah")).toEqual([1]);
    expect(found(edited, "hikayat")).toEqual([0]);
    expect(found(edited, "pésisir nurhaliza")).toEqual([2]);

    expect(found(original, "kabupaten")).toEqual([1]);
    expect(found(original, "kota")).toEqual([]);
    original.close();
    expect(found(edited, "perpustakaan")).toEqual([1]);
    edited.close();
  });

  it("the words of a document read as searches are (accents, a zero-width space) are forgotten with it", () => {
    const original = new PositionIndex(1, [["Séni Ru\u200bpa Nusantara"], ["Seni Musik"]]);
    const edited = original.withDocument(0, ["Séni Ru\u200bpa Nusantara"], ["Kerajinan Tangan"]);
    expect(found(edited, "seni")).toEqual([1]);
    expect(found(edited, "rupa")).toEqual([]);
    expect(found(edited, "kerajinan")).toEqual([0]);
  });
});
