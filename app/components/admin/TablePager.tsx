import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatIndonesianNumber } from "~/lib/format";
import { pageNumbers } from "~/lib/page-numbers";

/** The table's pager (DataTable.tsx): previous, numbered pages and next, as links that work without JavaScript. */

/** The links between the pages of a paged table; they work without JavaScript. */
export interface Pager {
  /** The first page shown: the table scrolls back to its top when it changes. */
  page: number;
  /** Which pages are shown, e.g. "Halaman 2" or "Halaman 1–3". */
  label: string;
  previousHref?: string;
  nextHref?: string;
  /** How many pages the list has, and the address of each: numbered links beside the label. */
  pageCount?: number;
  pageHref?(page: number): string;
  /** Called when the table is scrolled to its bottom (spec §2: the optional load-more callback). */
  onReachEnd?(): void;
  /** The next page is being added below the rows. */
  loadingMore?: boolean;
}

export function TablePager({ pager, end }: { pager: Pager; end?: ReactNode }) {
  return (
    <nav className="kit-pager" aria-label="Halaman tabel">
      {pager.previousHref ? (
        <Link to={pager.previousHref} className="kit-button kit-button-secondary" rel="prev" preventScrollReset>
          ‹ Sebelumnya
        </Link>
      ) : null}
      <span className="kit-pager-label">{pager.label}</span>
      {pager.pageCount && pager.pageCount > 1 && pager.pageHref ? (
        <ol className="kit-page-numbers">
          {pageNumbers(pager.page, pager.pageCount).map((page, index) =>
            page === null ? (
              <li key={`gap-${index}`} className="kit-page-gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={page}>
                {page === pager.page ? (
                  <span className="kit-page-number" aria-current="page">
                    <span className="visually-hidden">Halaman </span>
                    {formatIndonesianNumber(page)}
                  </span>
                ) : (
                  <Link to={pager.pageHref!(page)} className="kit-page-number" preventScrollReset>
                    <span className="visually-hidden">Halaman </span>
                    {formatIndonesianNumber(page)}
                  </Link>
                )}
              </li>
            ),
          )}
        </ol>
      ) : null}
      {pager.nextHref ? (
        <Link to={pager.nextHref} className="kit-button kit-button-secondary" rel="next" preventScrollReset>
          Berikutnya ›
        </Link>
      ) : null}
      {end}
    </nav>
  );
}
