import { afterAll, describe, expect, it } from "vitest";
import { AGENCY_CATALOGUE, changeUpstream, generateCatalogue, setCatalogueCounts, type WrittenCatalogue } from "../helpers/catalogue-scale.ts";
import { makeDataDir, removeDataDir, startTestApi, type TestApi } from "./helpers.ts";

/**
 * The test tooling's catalogue (tests/helpers/catalogue-scale.ts) written into a seeded reference
 * API's database while it is stopped, then read through its HTTP API; and a record changed under
 * the running API, as another user would mid-edit.
 */
const dataDir = await makeDataDir();
await (await startTestApi({ dataDir })).close();
const started = performance.now();
const written: WrittenCatalogue = setCatalogueCounts(dataDir, { ...AGENCY_CATALOGUE, activities: 20 });
console.info(`catalogue written (generated and inserted): ${(performance.now() - started).toFixed(0)} ms`);
const api: TestApi = await startTestApi({ dataDir });
afterAll(async () => {
  await api.close();
  await removeDataDir(dataDir);
});
const admin = () => ({ token: api.adminToken });

describe("an agency's catalogue in the reference API", () => {
  it("holds the counts, the seeded rows first and the generated ones after", async () => {
    expect(written.books).toHaveLength(AGENCY_CATALOGUE.books);
    expect(written.authors).toHaveLength(AGENCY_CATALOGUE.authors);
    expect(written.publishers).toHaveLength(AGENCY_CATALOGUE.publishers);
    const generated = generateCatalogue({ ...AGENCY_CATALOGUE });
    const last = written.books.at(-1)!;
    expect(last.title).toBe(generated.books.at(-1)!.title);
    expect(last.isbn_issn).toBe(generated.books.at(-1)!.isbn_issn);
    expect(written.authors.map((author) => author.name)).toEqual(expect.arrayContaining(["Fitri Sutrisno", "Fitri Sutrisno, M.Hum."]));

    const page = await api.call("GET", `/api/books/all?page=${AGENCY_CATALOGUE.books}&limit=1`, admin());
    expect(page.body.total).toBe(AGENCY_CATALOGUE.books);
    expect(page.body.books.map((book: { title: string }) => book.title)).toEqual([last.title]);
    const genres = await api.call("GET", "/api/genres?page=1&limit=200", admin());
    expect(genres.body.data).toHaveLength(AGENCY_CATALOGUE.genres);
  });

  it("changes a publisher under the running API", async () => {
    const publisher = written.publishers[500];
    const row = changeUpstream(api, "publishers", publisher.id, { address: "Jl. Perubahan Mendadak No. 7, Padang" });
    expect(row.address).toBe("Jl. Perubahan Mendadak No. 7, Padang");
    const list = await api.call("GET", "/api/publishers?page=1&limit=1000", admin());
    const seen = (list.body.publishers as Array<{ id: number; address: string }>).find((each) => each.id === publisher.id);
    expect(seen?.address).toBe("Jl. Perubahan Mendadak No. 7, Padang");
    expect(() => changeUpstream(api, "publishers", publisher.id, { no_such_column: "x" })).toThrow(/no column/);
    expect(() => changeUpstream(api, "publishers", 999_999, { address: "x" })).toThrow(/no publishers/);
  });
});
