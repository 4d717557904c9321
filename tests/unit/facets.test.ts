import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { facetValueId, foldValue, narrowByFacets, type Facet } from "~/platform/facets.server";

/** Books as a legacy catalogue holds them: genres written several ways, repeated, blank; years missing. */
interface Book {
  genres: string[];
  year?: number;
}
const genre = fc.constantFrom("Sejarah", "sejarah", " Sejarah ", "Ékonomi", "Ekonomi", "Anak", "", "  ");
const book = fc.record({ genres: fc.array(genre, { maxLength: 4 }), year: fc.option(fc.integer({ min: 1900, max: 2026 }), { nil: undefined }) });
const FACETS: Array<Facet<Book>> = [
  { kind: "values", name: "genre", values: (record) => record.genres },
  { kind: "range", name: "year", value: (record) => record.year },
];

describe("narrowByFacets over a whole copy with no choice (a list as first opened)", () => {
  it("counts each value once per record that holds it, written any way, and the years' extent; the rows stay in the list's order", () => {
    fc.assert(
      fc.property(fc.array(book, { maxLength: 60 }), fc.boolean(), (books, newestFirst) => {
        const order = books.map((_, position) => position);
        if (newestFirst) order.reverse();
        const { positions, counts } = narrowByFacets(books, FACETS, [], order);
        expect(positions).toEqual(order);

        const expected = new Map<string, number>();
        for (const each of books) for (const folded of new Set(each.genres.map(foldValue))) if (folded) expected.set(folded, (expected.get(folded) ?? 0) + 1);
        const genres = counts[0].kind === "values" ? counts[0].values : [];
        expect(new Map(genres.map((value) => [foldValue(value.label), value.count]))).toEqual(expected);
        for (const value of genres) expect(facetValueId(books, FACETS[0] as Extract<Facet<Book>, { kind: "values" }>, value.label)).toBe(value.id);

        const years = books.flatMap((each) => (each.year === undefined ? [] : [each.year]));
        expect(counts[1]).toEqual({ kind: "range", name: "year", ...(years.length ? { min: Math.min(...years), max: Math.max(...years) } : {}) });
      }),
      { numRuns: 300 },
    );
  });

  it("gives what a narrowed view counts when nothing is narrowed: the shortcut and the pass agree", () => {
    fc.assert(
      fc.property(fc.array(book, { minLength: 1, maxLength: 60 }), (books) => {
        const all = books.map((_, position) => position);
        const whole = narrowByFacets(books, FACETS, [], all);
        // A range choice every record with a year passes, over the records that have one: the counting pass.
        const dated = all.filter((position) => books[position].year !== undefined);
        const passed = narrowByFacets(books, FACETS, [{ name: "year", min: 0 }], dated);
        const onlyDated = narrowByFacets(books.filter((each) => each.year !== undefined), FACETS, [], dated.map((_, at) => at));
        // Another copy numbers its values anew: compared by value.
        const byValue = (counts: (typeof whole.counts)[number]) => new Map(counts.kind === "values" ? counts.values.map((value) => [foldValue(value.label), value.count]) : []);
        expect(byValue(passed.counts[0])).toEqual(byValue(onlyDated.counts[0]));
        expect(passed.counts[1]).toEqual(whole.counts[1]);
      }),
      { numRuns: 200 },
    );
  });

  it("counts a copy once: the next view gets the same counts; a new copy is counted anew", () => {
    const books: Book[] = [{ genres: ["Sejarah"], year: 2001 }, { genres: ["sejarah", "Anak"] }];
    const first = narrowByFacets(books, FACETS, [], [0, 1]);
    expect(narrowByFacets(books, FACETS, [], [1, 0]).counts).toBe(first.counts);
    const next = [...books, { genres: ["Anak"], year: 1999 }];
    const counts = narrowByFacets(next, FACETS, [], [0, 1, 2]).counts;
    expect(counts[0]).toEqual({ kind: "values", name: "genre", values: [{ id: 0, label: "Sejarah", count: 2 }, { id: 1, label: "Anak", count: 2 }] });
    expect(counts[1]).toEqual({ kind: "range", name: "year", min: 1999, max: 2001 });
  });
});
