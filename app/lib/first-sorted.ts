/**
 * The first `count` of `items` in `compare`'s order, as `[...items].sort(compare).slice(0, count)`
 * gives them (equal items keep their order), without sorting them all: a facet's few most-held
 * values among the thousands an author facet holds, on every view of a list. Hand-written (a
 * bounded binary insertion, one comparison for an item that does not make it): no well-kept
 * package does only this.
 */
export function firstSorted<T>(items: Iterable<T>, count: number, compare: (a: T, b: T) => number): T[] {
  const first: T[] = [];
  if (count <= 0) return first;
  for (const item of items) {
    if (first.length === count && compare(item, first[count - 1]) >= 0) continue;
    // After every item it does not come before (a later equal item stays after an earlier one), by halves.
    let [low, high] = [0, first.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(item, first[middle]) < 0) high = middle;
      else low = middle + 1;
    }
    first.splice(low, 0, item);
    if (first.length > count) first.pop();
  }
  return first;
}
