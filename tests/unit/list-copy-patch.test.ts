import { describe, expect, it } from "vitest";
import { clearResource, joinedClears } from "~/platform/cache.server";
import { listCopy, patchListCopy, rereadListCopy, type ListChange, type ListSource } from "~/platform/list-copy.server";
import type { PageRequest, UpstreamClient } from "~/platform/upstream.server";

/**
 * A write through this process is taken into its list's copy in place (`patchListCopy`): the
 * admin's next view of a 10,000-record list waits for one window of 20 records, not for the
 * whole list read again; and where the upstream's windows do not bear the copy out, nothing is
 * patched and the list is read whole, as before.
 */

interface Book {
  id: number;
  title: string;
}

/** An upstream list held in memory, in its own order, that notes every page asked for. */
function upstreamList(count: number, { newestFirst = false } = {}) {
  const ids = Array.from({ length: count }, (_, index) => index + 1);
  const records: Book[] = (newestFirst ? ids.reverse() : ids).map((id) => ({ id, title: `Buku nomor ${id}` }));
  const asked: PageRequest[] = [];
  let hold: Promise<void> | undefined;
  const source: ListSource<Book> = {
    key: `books-${Math.random()}`,
    resource: { name: `books-${Math.random()}` },
    paged: true,
    async list(_api, page) {
      asked.push(page!);
      await hold;
      const { page: number = 1, limit = records.length } = page!;
      return structuredClone(records.slice((number - 1) * limit, number * limit));
    },
    idOf: (book) => String(book.id),
    textFields: ["title"],
    texts: (book) => [book.title],
  };
  return {
    records,
    asked,
    source,
    /** Every read from now on waits until the returned function is called. */
    holdReads() {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

const api = {} as UpstreamClient;

async function patched(list: ReturnType<typeof upstreamList>, change: ListChange) {
  list.asked.length = 0;
  return patchListCopy(api, list.source, change, clearResource(list.source.resource));
}

describe("a write taken into a list's copy in place", () => {
  it("a changed record: one window read, the copy served at once with its new text searchable, and the whole list read behind it", async () => {
    const list = upstreamList(10_000);
    await listCopy(api, list.source);
    list.records[4_321].title = "Sejarah Kabupaten Pesisir";

    expect(await patched(list, { changed: "4322" })).toBe(true);
    // Its place is 4,321 in the upstream's order: the window of 20 that holds it, nothing more.
    expect(list.asked).toEqual([{ page: 217, limit: 20 }]);

    const release = list.holdReads();
    const copy = await listCopy(api, list.source);
    expect(copy.records).toHaveLength(10_000);
    expect(copy.records[0].id).toBe(10_000);
    expect(copy.records.find((book) => book.id === 4_322)?.title).toBe("Sejarah Kabupaten Pesisir");
    expect([...(copy.find("pesisir") ?? [])].map((position) => copy.records[position].id)).toEqual([4_322]);
    expect(copy.find("nomor 4322")?.size).toBe(0);
    // Served although the upstream's list has not answered: the whole read goes on behind it.
    expect(list.asked.length).toBeGreaterThan(1);
    release();
    // The window, then the whole list (pages 0 and 1, then 2, then four at once to the empty
    // 101st); it bears the patch out, so the patched copy stays, and is served without another read.
    await expect.poll(() => list.asked.length).toBe(1 + 103);
    await expect.poll(async () => (await listCopy(api, list.source)) === copy && list.asked.length === 104).toBe(true);
  });

  it("deleted records: taken out without a read, their neighbours kept in order", async () => {
    const list = upstreamList(45);
    await listCopy(api, list.source);
    list.records.splice(9, 2);

    expect(await patched(list, { deleted: ["10", "11"] })).toBe(true);
    expect(list.asked).toEqual([]);
    list.holdReads();
    const copy = await listCopy(api, list.source);
    expect(copy.records.map((book) => book.id)).toEqual(list.records.map((book) => book.id).reverse());
    expect(copy.upstreamPositions.get("12")).toBe(9);
  });

  it("a new record: found at the end of the upstream's list, or at its start when the upstream lists newest first", async () => {
    const atEnd = upstreamList(45);
    await listCopy(api, atEnd.source);
    atEnd.records.push({ id: 46, title: "Buku baru" });
    expect(await patched(atEnd, { made: "46" })).toBe(true);
    // The first window (not there), then the last: positions 40 to 45.
    expect(atEnd.asked).toEqual([
      { page: 1, limit: 20 },
      { page: 3, limit: 20 },
    ]);
    atEnd.holdReads();
    expect((await listCopy(api, atEnd.source)).records.map((book) => book.id).slice(0, 2)).toEqual([46, 45]);

    const atStart = upstreamList(45, { newestFirst: true });
    await listCopy(api, atStart.source);
    atStart.records.unshift({ id: 46, title: "Buku baru" });
    expect(await patched(atStart, { made: "46" })).toBe(true);
    expect(atStart.asked).toEqual([{ page: 1, limit: 20 }]);
    atStart.holdReads();
    const copy = await listCopy(api, atStart.source);
    expect(copy.records).toHaveLength(46);
    expect(copy.upstreamPositions.get("46")).toBe(0);
    expect(copy.upstreamPositions.get("1")).toBe(45);
  });

  it("patches nothing where the copy is not borne out, and the next view reads the whole list", async () => {
    const list = upstreamList(45);
    await listCopy(api, list.source);
    const stale = async (change: ListChange) => {
      expect(await patched(list, change)).toBe(false);
      list.asked.length = 0;
      const copy = await listCopy(api, list.source);
      // Read whole (45 records: pages 0 (empty: counted from 1) and 1, then the empty one after it), and as the upstream has it, newest first.
      expect(list.asked).toHaveLength(3);
      expect(copy.records.map((book) => [book.id, book.title])).toEqual(list.records.map((book) => [book.id, book.title]).sort(([a], [b]) => Number(b) - Number(a)));
    };

    // An upstream that lists the last changed record first.
    const [moved] = list.records.splice(30, 1);
    list.records.unshift({ ...moved, title: "Diubah" });
    await stale({ changed: String(moved.id) });
    // Another tool added a record in the changed one's window meanwhile.
    list.records.splice(3, 0, { id: 900, title: "Dari aplikasi lain" });
    await stale({ changed: "2" });
    // A "new" id the copy already holds (an answer naming another record), a changed one it does not hold.
    await stale({ made: "5" });
    await stale({ changed: "777" });
    // A new record neither first nor last.
    list.records.splice(20, 0, { id: 901, title: "Di tengah" });
    await stale({ made: "901" });
  });

  it("takes a bulk delete's records out when every clear since the copy was read was one of its own, in whatever order", async () => {
    const list = upstreamList(45);
    await listCopy(api, list.source);
    const ownClears = [clearResource(list.source.resource), clearResource(list.source.resource), clearResource(list.source.resource)];
    expect(await patchListCopy(api, list.source, { deleted: ["4", "5", "6"] }, joinedClears(ownClears.reverse())!)).toBe(true);
    list.holdReads();
    expect((await listCopy(api, list.source)).records).toHaveLength(42);

    const again = upstreamList(45);
    await listCopy(api, again.source);
    const first = clearResource(again.source.resource);
    // Another write's clear between two of the bulk's own.
    clearResource(again.source.resource);
    const last = clearResource(again.source.resource);
    expect(await patchListCopy(api, again.source, { deleted: ["4", "5"] }, joinedClears([first, last])!)).toBe(false);
  });

  it("a read of the whole list that finds what the copy holds keeps the copy itself, patched or not; one that finds a change makes another", async () => {
    const list = upstreamList(45);
    const first = await listCopy(api, list.source);
    // A read asked for from the next millisecond on: one that began in this one would do.
    const fromNow = async () => {
      const now = Date.now();
      while (Date.now() === now) await new Promise((resolve) => setImmediate(resolve));
      return Date.now();
    };
    const again = await rereadListCopy(api, list.source, await fromNow());
    // The same copy: its index, and what the screens made from it, are kept.
    expect(again).toBe(first);

    list.records[7].title = "Diubah di aplikasi";
    const changed = await rereadListCopy(api, list.source, await fromNow());
    expect(changed).not.toBe(first);
    expect(changed.records.find((book) => book.id === 8)?.title).toBe("Diubah di aplikasi");

    list.records[8].title = "Diubah di situs";
    expect(await patched(list, { changed: "9" })).toBe(true);
    const patchedCopy = await listCopy(api, list.source);
    // The read behind it bears the patch out: the patched copy stays, no longer aged.
    // One window, then pages 0, 1 and 2.
    await expect.poll(() => list.asked.length).toBe(4);
    await expect.poll(async () => (await listCopy(api, list.source)) === patchedCopy && list.asked.length === 4).toBe(true);
    expect(patchedCopy.find("situs")?.size).toBe(1);
  });

  it("patches nothing when another write was cleared after the copy was read, or while the window was read", async () => {
    const list = upstreamList(45);
    await listCopy(api, list.source);
    clearResource(list.source.resource);
    expect(await patched(list, { deleted: ["3"] })).toBe(false);

    await listCopy(api, list.source);
    const release = list.holdReads();
    const patching = patched(list, { changed: "3" });
    clearResource(list.source.resource);
    release();
    expect(await patching).toBe(false);
  });
});
