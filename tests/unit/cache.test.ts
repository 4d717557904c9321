import { describe, expect, it } from "vitest";
import { cachedRead, clearAllCaches, PUBLIC_READS_MAX } from "~/platform/cache.server";

/** Resources as the cache knows them: a name, and where its records show (a genre's on its books). */
const activities = { name: "activities" };
const books = { name: "books" };
const genres = { name: "genres", shownIn: ["books"] };

/**
 * The public read cache (app/platform/cache.server.ts): one upstream call per key while fresh,
 * the same call never twice at once, a clear that a read in flight cannot undo, failures never
 * kept, and no more than PUBLIC_READS_MAX entries however many activity pages are visited.
 */

function counted<T>(value: T) {
  const fetcher = async () => {
    fetcher.calls += 1;
    return value;
  };
  fetcher.calls = 0;
  return fetcher;
}

describe("public read cache", () => {
  it("asks the upstream once for a fresh key, and once for many readers at the same time", async () => {
    const fetcher = counted(["a"]);
    const answers = await Promise.all([cachedRead("k1", activities, fetcher), cachedRead("k1", activities, fetcher), cachedRead("k1", activities, fetcher)]);
    expect(answers).toEqual([["a"], ["a"], ["a"]]);
    expect(await cachedRead("k1", activities, fetcher)).toEqual(["a"]);
    expect(fetcher.calls).toBe(1);
  });

  it("gives a read in flight during a clear its answer, but does not keep it", async () => {
    let release = (_: string) => {};
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const reading = cachedRead("k2", activities, slow);
    clearAllCaches();
    release("before the clear");
    expect(await reading).toBe("before the clear");
    const fresh = counted("after the clear");
    expect(await cachedRead("k2", activities, fresh)).toBe("after the clear");
    expect(fresh.calls).toBe(1);
    expect(calls).toBe(1);
  });

  it("does not keep a failure: the next reader asks again", async () => {
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error("upstream down");
    };
    await expect(cachedRead("k3", activities, failing)).rejects.toThrow("upstream down");
    await expect(cachedRead("k3", activities, failing)).rejects.toThrow("upstream down");
    expect(calls).toBe(2);
  });

  it(`keeps at most ${PUBLIC_READS_MAX} entries, the least recently read going first`, async () => {
    const first = counted("first");
    await cachedRead("activities/0", activities, first);
    for (let id = 1; id <= PUBLIC_READS_MAX; id++) await cachedRead(`activities/${id}`, activities, async () => id);
    // activities/0 was the least recently read when the 1,001st entry came: it was let go.
    expect(await cachedRead("activities/0", activities, first)).toBe("first");
    expect(first.calls).toBe(2);
    // The newest ones are still there.
    const newest = counted("refetched");
    expect(await cachedRead(`activities/${PUBLIC_READS_MAX}`, activities, newest)).toBe(PUBLIC_READS_MAX);
    expect(newest.calls).toBe(0);
  });
});

describe("a clear of one resource", () => {
  it("drops every entry of that resource and of those that show it, and keeps the others", async () => {
    const { clearResource } = await import("~/platform/cache.server");
    const reads = { genres: 0, books: 0, activities: 0 };
    const read = (resource: keyof typeof reads) => async () => ++reads[resource];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 50; i++) {
        await cachedRead(`genres/${i}`, genres, read("genres"));
        await cachedRead(`books/${i}`, books, read("books"));
        await cachedRead(`activities/${i}`, activities, read("activities"));
      }
      if (round === 0) clearResource(genres);
    }
    // Every genre and book entry read again after the clear (the books show the genres' names); no activity.
    expect(reads).toEqual({ genres: 100, books: 100, activities: 50 });
  });
});
