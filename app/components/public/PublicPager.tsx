import { Link } from "@remix-run/react";
import { formatIndonesianNumber } from "~/lib/format";
import { pageNumbers } from "~/lib/page-numbers";

/**
 * The pages of a public list, as an OPAC's: "Sebelumnya 1 … 5 6 7 … 417 Berikutnya", the current
 * one marked, and "Halaman 6 dari 417" above them (a phone leaves out the two pages furthest from
 * the current one). Plain links, so paging works without JavaScript.
 */
export function PublicPager({ label, page, pages, href }: { label: string; page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="public-pager" aria-label={label}>
      <p className="public-pager-count">{`Halaman ${formatIndonesianNumber(page)} dari ${formatIndonesianNumber(pages)}`}</p>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          Sebelumnya
        </Link>
      ) : null}
      <ol className="public-page-numbers">
        {pageNumbers(page, pages).map((shown, index) =>
          shown === null ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={shown} className={Math.abs(shown - page) === 2 && shown > 2 && shown < pages - 1 ? "public-page-far" : undefined}>
              {shown === page ? (
                <span aria-current="page">
                  <span className="visually-hidden">Halaman </span>
                  {formatIndonesianNumber(shown)}
                </span>
              ) : (
                <Link to={href(shown)}>
                  <span className="visually-hidden">Halaman </span>
                  {formatIndonesianNumber(shown)}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          Berikutnya
        </Link>
      ) : null}
    </nav>
  );
}
