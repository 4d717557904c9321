/**
 * A write taken into a list copy in place (list-copy.server.ts, `patchListCopy`): the list in the
 * upstream's order as it stands after the write, from the copy's and one or two windows of the
 * upstream's list, or undefined where the windows do not bear the copy out.
 */

/** A write through this process to a list's records: one record made or changed, or records deleted. */
export type ListChange = { made: string } | { changed: string } | { deleted: readonly string[] };

/** One window of the upstream's list: its `page` (from 1) of `limit` records. */
export type ReadWindow<Rec> = (page: number, limit: number) => Promise<Rec[]>;

/**
 * The list after the change, from `inUpstreamOrder` (the copy's records in the upstream's order):
 * - deleted records taken out (the upstream said they were; nothing is read);
 * - a changed record read again in the window of `limit` records that holds its place, and taken
 *   only when every other record of that window stands where the copy has it;
 * - a new record (an id the copy does not hold) looked for in the first window, then at the end
 *   in the last one, taken where it is when the window's other records are the copy's first or
 *   last ones.
 *
 * Undefined otherwise: an upstream that orders its list by the last change, pages in other sizes,
 * or was written by another tool meanwhile is read whole instead.
 */
export async function afterChange<Rec>(
  inUpstreamOrder: readonly Rec[],
  change: ListChange,
  { idOf, readWindow, limit }: { idOf(record: Rec): string; readWindow: ReadWindow<Rec>; limit: number },
): Promise<Rec[] | undefined> {
  if ("deleted" in change) {
    const gone = new Set(change.deleted);
    return inUpstreamOrder.filter((record) => !gone.has(idOf(record)));
  }
  const saved = "made" in change ? change.made : change.changed;
  const sameIds = (read: readonly Rec[], kept: readonly Rec[]) => read.length === kept.length && read.every((record, index) => idOf(record) === idOf(kept[index]));
  const place = inUpstreamOrder.findIndex((record) => idOf(record) === saved);
  // A new record's id the copy already holds, or a changed one it does not: not what the write was.
  if ((place >= 0) === "made" in change) return undefined;
  if (place >= 0) {
    const page = Math.floor(place / limit) + 1;
    const start = (page - 1) * limit;
    const window = await readWindow(page, limit);
    if (!sameIds(window, inUpstreamOrder.slice(start, start + limit))) return undefined;
    const after = [...inUpstreamOrder];
    after[place] = window[place - start];
    return after;
  }
  const first = await readWindow(1, limit);
  if (first.length > 0 && idOf(first[0]) === saved && sameIds(first.slice(1), inUpstreamOrder.slice(0, limit - 1))) return [first[0], ...inUpstreamOrder];
  const size = inUpstreamOrder.length;
  const lastPage = Math.floor(size / limit) + 1;
  const last = lastPage === 1 ? first : await readWindow(lastPage, limit);
  const made = last.at(-1);
  if (made === undefined || idOf(made) !== saved || !sameIds(last.slice(0, -1), inUpstreamOrder.slice((lastPage - 1) * limit))) return undefined;
  return [...inUpstreamOrder, made];
}
