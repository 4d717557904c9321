/**
 * The numbered pages to link: the first, the last, and two on each side of the current one,
 * with null where pages are left out ("1 … 4 5 6 7 8 … 500"); a gap of one page shows that page.
 */
export function pageNumbers(current: number, count: number): Array<number | null> {
  const shown = new Set([1, count]);
  for (let page = current - 2; page <= current + 2; page += 1) if (page >= 1 && page <= count) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((page, index) => {
    const gap = index > 0 ? page - sorted[index - 1] - 1 : 0;
    if (gap === 0) return [page];
    return gap === 1 ? [page - 1, page] : [null, page];
  });
}
