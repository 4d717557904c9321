import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { searchSite } from "~/public/site-search.server";
import { BookCard } from "~/components/public/BookCard";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { catalogueHref, searchedText } from "~/lib/catalogue-query";
import { formatIndonesianNumber } from "~/lib/format";
import { SITE_SEARCH_MAX_CHARS, SITE_SEARCH_PATH } from "~/lib/paths";
import { publicPageMeta } from "~/lib/public-meta";

/**
 * The site search (`/cari?q=`, the header's search box): the pages, the activities and the
 * books, grouped by kind with their counts (app/public/site-search.server.ts). Server-rendered,
 * a GET form and links: it works without JavaScript. No words is the empty form.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const q = searchedText(new URL(request.url).searchParams.get("q") ?? "", SITE_SEARCH_MAX_CHARS);
  return { q, result: q ? await searchSite(request, q) : null };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  publicPageMeta(matches, {
    pageName: data?.q ? `Pencarian «${data.q}»` : "Pencarian",
    description: "Cari halaman, kegiatan dan buku koleksi digital Dinas Perpustakaan dan Kearsipan.",
    path: SITE_SEARCH_PATH,
  });

const count = (total: number) => formatIndonesianNumber(total);

export default function SearchPage() {
  const { q, result } = useLoaderData<typeof loader>();
  const total = result ? result.pages.length + result.activities.total + (result.books?.total ?? 0) : 0;
  return (
    <div className="page page-wide site-search-page">
      <p className="page-breadcrumb">
        <Link to="/">Beranda</Link> / Pencarian
      </p>
      <h1>Pencarian</h1>
      <form method="get" action={SITE_SEARCH_PATH} className="catalogue-search" role="search" aria-label="Cari di situs">
        <label>
          <span>Kata pencarian</span>
          <input type="search" name="q" defaultValue={q} maxLength={SITE_SEARCH_MAX_CHARS} autoComplete="off" />
        </label>
        <button type="submit" className="button-primary">
          Cari
        </button>
      </form>
      {result ? (
        <>
          {result.nearSpelling ? (
            <p className="catalogue-note">
              Tidak ada yang cocok dengan «{q}». Apakah maksud Anda <a href={`${SITE_SEARCH_PATH}?q=${encodeURIComponent(result.nearSpelling)}`}>{result.nearSpelling}</a>? Berikut
              hasil untuk «{result.nearSpelling}».
            </p>
          ) : null}
          <p className="page-count" role="status">
            {total === 0 ? `Tidak ada hasil untuk «${q}».` : `${count(total)} hasil untuk «${q}».`}
            {result.booksUnread ? " Buku di Koleksi Digital sedang tidak dapat dicari; silakan coba lagi beberapa saat lagi." : null}
          </p>
          {result.pages.length ? (
            <section aria-labelledby="hasil-halaman">
              <h2 id="hasil-halaman">Halaman ({count(result.pages.length)})</h2>
              <HitList hits={result.pages} />
            </section>
          ) : null}
          {result.activities.total ? (
            <section aria-labelledby="hasil-kegiatan">
              <h2 id="hasil-kegiatan">Kegiatan ({count(result.activities.total)})</h2>
              <HitList hits={result.activities.hits} />
            </section>
          ) : null}
          {result.books?.total ? (
            <section aria-labelledby="hasil-buku">
              <h2 id="hasil-buku">Buku ({count(result.books.total)})</h2>
              <ul className="book-grid">
                {result.books.books.map((book) => (
                  <li key={book.id}>
                    <BookCard book={book} />
                  </li>
                ))}
              </ul>
              <p>
                <a className="search-more" href={catalogueHref({ q: result.nearSpelling ?? q, sort: "relevansi", chosen: {}, page: 1 })}>
                  Lihat semua {count(result.books.total)} buku di Koleksi Digital
                </a>
              </p>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function HitList({ hits }: { hits: Array<{ title: string; href: string; excerpt: string }> }) {
  return (
    <ul className="search-hits">
      {hits.map((hit) => (
        <li key={hit.href}>
          <h3>
            <a href={hit.href}>{hit.title}</a>
          </h3>
          {hit.excerpt ? <p>{hit.excerpt}</p> : null}
        </li>
      ))}
    </ul>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
