import { Link } from "@remix-run/react";

/** "Sebelumnya · Halaman N dari M · Berikutnya" under a public list: plain links, so paging works without JavaScript. */
export function PublicPager({ label, page, pages, href }: { label: string; page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="public-pager" aria-label={label}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          Sebelumnya
        </Link>
      ) : null}
      <span>
        Halaman {page} dari {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          Berikutnya
        </Link>
      ) : null}
    </nav>
  );
}
