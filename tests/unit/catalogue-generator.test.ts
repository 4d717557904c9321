import { describe, expect, it } from "vitest";
import { parseStandardNumber } from "~/lib/standard-numbers";
import { AGENCY_CATALOGUE, generateCatalogue, isbnChecksumValid, isbnForm, SearchIndex } from "../helpers/catalogue-scale.ts";

/** The test tooling's catalogue (tests/helpers/catalogue-scale.ts, issue 37 point 4), at an agency's size. */
describe("the generated catalogue", () => {
  const started = performance.now();
  const catalogue = generateCatalogue();
  const elapsed = performance.now() - started;
  // Reported, not asserted: the machine's load is not the generator's.
  console.info(`catalogue generator: ${catalogue.books.length} books etc. in ${elapsed.toFixed(0)} ms`);

  it("has an agency's counts", () => {
    expect({
      books: catalogue.books.length,
      authors: catalogue.authors.length,
      publishers: catalogue.publishers.length,
      genres: catalogue.genres.length,
      tags: catalogue.tags.length,
      classifications: catalogue.classifications.length,
    }).toEqual(AGENCY_CATALOGUE);
    // Names are distinct (near-duplicates differ by a little), and so are ISBNs and DDC notations.
    for (const list of [catalogue.authors.map((a) => a.name), catalogue.publishers.map((p) => p.name), catalogue.genres, catalogue.tags, catalogue.classifications.map((c) => c.notation), catalogue.books.map((b) => b.title), catalogue.books.map((b) => b.isbn_issn)]) {
      expect(new Set(list).size).toBe(list.length);
    }
    for (const book of catalogue.books) {
      expect(book.author).toBeLessThan(AGENCY_CATALOGUE.authors);
      expect(book.publisher).toBeLessThan(AGENCY_CATALOGUE.publishers);
      expect(book.classification).toBeLessThan(AGENCY_CATALOGUE.classifications);
    }
  });

  it("mixes ISBN forms, about 5 % failing their checksum, as the form's own check sees them", () => {
    const books = catalogue.books.length;
    const share = (test: (isbn: string) => boolean) => catalogue.books.filter((book) => test(book.isbn_issn)).length / books;
    expect(share((isbn) => isbnForm(isbn) === "hyphenated")).toBeGreaterThan(0.3);
    expect(share((isbn) => isbnForm(isbn) === "compact")).toBeGreaterThan(0.25);
    expect(share((isbn) => isbnForm(isbn) === "isbn-10")).toBeGreaterThan(0.15);
    const broken = share((isbn) => !isbnChecksumValid(isbn));
    expect(broken).toBeGreaterThan(0.035);
    expect(broken).toBeLessThan(0.065);
    // The app's parser agrees: the broken ones fail on their check digit, the rest are ISBNs.
    for (const book of catalogue.books.slice(0, 2_000)) {
      const parsed = parseStandardNumber(book.isbn_issn);
      expect("error" in parsed ? parsed.error : "ok").toBe(isbnChecksumValid(book.isbn_issn) ? "ok" : "checkDigit");
    }
    expect(catalogue.books.map((b) => b.isbn_issn)).toEqual(expect.arrayContaining([expect.stringMatching(/^978-623-\d{3}-\d{3}-\d$/), expect.stringMatching(/^978623\d{7}$/), expect.stringMatching(/^623\d{6}[\dX]$/)]));
  });

  it("holds near-duplicate authors, publishers and genres", () => {
    const authors = new Set(catalogue.authors.map((author) => author.name));
    expect(authors).toContain("Fitri Sutrisno");
    expect(authors).toContain("Fitri Sutrisno, M.Hum.");
    const degreed = [...authors].filter((name) => /, (M\.Hum|S\.Pd|M\.Si|S\.S|Ph\.D)\.$/.test(name) && authors.has(name.replace(/, [^,]+$/, "")));
    expect(degreed.length).toBeGreaterThan(50);

    const bare = (name: string) => name.replace(/^(PT|CV) |, PT\.$|\.$/g, "").replace(/-/g, " ");
    const publisherGroups = new Map<string, string[]>();
    for (const { name } of catalogue.publishers) publisherGroups.set(bare(name), [...(publisherGroups.get(bare(name)) ?? []), name]);
    const nearPublishers = [...publisherGroups.values()].filter((group) => group.length > 1);
    expect(nearPublishers.length).toBeGreaterThan(20);
    expect(nearPublishers.flat().some((name) => name.startsWith("PT "))).toBe(true);
    expect(nearPublishers.flat().some((name) => /[-.]/.test(name))).toBe(true);

    const fold = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    const genreGroups = new Map<string, number>();
    for (const genre of catalogue.genres) genreGroups.set(fold(genre), (genreGroups.get(fold(genre)) ?? 0) + 1);
    expect([...genreGroups.values()].filter((n) => n > 1).length).toBeGreaterThanOrEqual(5);
    expect(catalogue.genres).toContain("Énsiklopedia");
  });

  it("reads as an Indonesian catalogue", () => {
    const words = catalogue.books.flatMap((book) => book.title.split(/\s+/));
    expect(words).toEqual(expect.arrayContaining(["Hikayat", "Jejak", "di", "Nelayan"]));
    expect(catalogue.books.every((book) => /^\d{4}-\d{2}-\d{2}$/.test(book.published_date))).toBe(true);
  });

  it("is the same catalogue for one seed, another for another", () => {
    expect(generateCatalogue(AGENCY_CATALOGUE, 37)).toEqual(catalogue);
    const other = generateCatalogue(AGENCY_CATALOGUE, 38);
    expect(other.books.map((book) => book.title)).not.toEqual(catalogue.books.map((book) => book.title));
    const small = generateCatalogue({ books: 50, authors: 30, publishers: 10, genres: 8, tags: 6, classifications: 20 }, 1);
    expect(small.books).toHaveLength(50);
    expect(small).toEqual(generateCatalogue({ books: 50, authors: 30, publishers: 10, genres: 8, tags: 6, classifications: 20 }, 1));
  });
});

describe("the tests' search of generated rows", () => {
  const index = new SearchIndex(["Perpustakaan Daerah", "Sejarah Arsip Nusantara", "Fitri Sutrisno, M.Hum.", "Sétiawan"]);

  it("finds a text when every word of the search begins one of its words, case and accents aside", () => {
    expect(index.matching("perpus")).toEqual([0]);
    expect(index.matching("arsip SEJ")).toEqual([1]);
    expect(index.matching("sutrisno hum")).toEqual([2]);
    expect(index.matching("setia")).toEqual([3]);
    expect(index.matching("sejarah daerah")).toEqual([]);
    expect(index.matching("rsip")).toEqual([]);
    expect(index.matching("  ")).toEqual([0, 1, 2, 3]);
  });
});
