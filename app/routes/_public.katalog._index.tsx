import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatIndonesianNumber } from "~/lib/format";
import { catalogueEnabled } from "~/public/catalogue.server";
import { searchCatalogue } from "~/public/catalogue-search.server";
import { failPage, notFound } from "~/public/public-page.server";
import { BOOK_GRID_PHONE_ROW, BookCard } from "~/components/public/BookCard";
import { CatalogueFacets } from "~/components/public/CatalogueFacets";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { PublicPager } from "~/components/public/PublicPager";
import { catalogueHref, FACETS, narrowed, parseCatalogueQuery, SORTS, type CatalogueSort } from "~/lib/catalogue-query";
import { CATALOGUE_PATH, CATALOGUE_QUERY_MAX_CHARS, CATALOGUE_VIDEOS_PATH } from "~/lib/paths";
import { notFoundMeta, publicPageMeta } from "~/lib/public-meta";

/**
 * Koleksi Digital (issue 24) as an OPAC: one search over every field of a book, ranked, with a
 * near spelling offered when nothing is found; an order; facets with their counts as links; a page
 * at a time. All of it GET forms and links, so it works without JavaScript, with Back, and as a
 * link to share. A page past the last goes to the last. Only when the catalogue is set up
 * (`CATALOGUE_READER_*`, app/public/catalogue.server.ts).
 */

export async function loader({ request }: LoaderFunctionArgs) {
  if (!catalogueEnabled()) notFound();
  const query = parseCatalogueQuery(new URL(request.url).searchParams);
  const found = await searchCatalogue(request, query).catch(failPage);
  if (found.page < query.page) throw redirect(catalogueHref({ ...query, page: found.page }));
  return { query, href: catalogueHref(query), ...found };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return notFoundMeta(matches);
  return publicPageMeta(matches, {
    pageName: data.query.q ? `Pencarian «${data.query.q}», Koleksi Digital` : data.page === 1 ? "Koleksi Digital" : `Koleksi Digital, halaman ${data.page}`,
    description: "Buku-buku koleksi digital Dinas Perpustakaan dan Kearsipan yang dapat dibaca di aplikasi.",
    // A search or a filter shows the same books again: its canonical address is the list's.
    path: narrowed(data.query) || data.query.all ? CATALOGUE_PATH : data.href,
  });
};

export default function CataloguePage() {
  const { query, books, total, page, pageCount, facets, nearSpelling } = useLoaderData<typeof loader>();
  const filtered = narrowed(query);
  return (
    <div className="page page-wide">
      <p className="page-breadcrumb">
        <Link to="/">Beranda</Link> / Koleksi Digital
      </p>
      <h1>Koleksi Digital</h1>
      <p>
        Buku digital yang dapat dibaca di aplikasi Dinas Perpustakaan dan Kearsipan. Lihat juga <Link to={CATALOGUE_VIDEOS_PATH}>video</Link>.
      </p>
      <Form method="get" action={CATALOGUE_PATH} className="catalogue-search" role="search" aria-label="Cari buku">
        <label>
          <span>Judul, pengarang, penerbit, ISBN atau subjek</span>
          <input type="search" name="q" defaultValue={query.q} maxLength={CATALOGUE_QUERY_MAX_CHARS} autoComplete="off" />
        </label>
        {FACETS.flatMap(({ name }) => (query.chosen[name] ?? []).map((value) => <input key={`${name}=${value}`} type="hidden" name={name} value={value} />))}
        <button type="submit" className="button-primary">
          Cari
        </button>
        {filtered ? <Link to={CATALOGUE_PATH}>Hapus pencarian</Link> : null}
      </Form>
      {nearSpelling ? (
        <p className="catalogue-note">
          Tidak ada buku yang cocok dengan «{query.q}». Apakah maksud Anda{" "}
          <Link to={catalogueHref({ ...query, q: nearSpelling, page: 1 })}>{nearSpelling}</Link>? Berikut hasil untuk «{nearSpelling}».
        </p>
      ) : null}
      <div className="catalogue-layout">
        <CatalogueFacets query={query} facets={facets} />
        <div>
          <div className="catalogue-bar">
            <p className="page-count" role="status">
              {total === 0
                ? filtered
                  ? "Tidak ada buku yang cocok dengan pencarian ini."
                  : "Belum ada buku di koleksi digital."
                : `${formatIndonesianNumber(total)} buku${pageCount > 1 ? `, halaman ${page} dari ${pageCount}` : ""}`}
            </p>
            <SortLinks current={query.sort} href={(sort) => catalogueHref({ ...query, sort, page: 1 })} searched={Boolean(query.q)} />
          </div>
          {books.length ? (
            <ul className="book-grid">
              {books.map((book, index) => (
                <li key={book.id}>
                  <BookCard book={book} firstRow={index < BOOK_GRID_PHONE_ROW} />
                </li>
              ))}
            </ul>
          ) : null}
          <PublicPager label="Halaman koleksi" page={page} pages={pageCount} href={(target) => catalogueHref({ ...query, page: target })} />
        </div>
      </div>
    </div>
  );
}

/** The orders as links (relevance only for a search), the current one marked. */
function SortLinks({ current, href, searched }: { current: CatalogueSort; href: (sort: CatalogueSort) => string; searched: boolean }) {
  const sorts = (Object.keys(SORTS) as CatalogueSort[]).filter((sort) => searched || sort !== "relevansi");
  return (
    <nav className="catalogue-sort" aria-label="Urutkan">
      <span>Urutkan:</span>
      <ul>
        {sorts.map((sort) => (
          <li key={sort}>
            {sort === current ? (
              <a href={href(sort)} aria-current="true">
                {SORTS[sort]}
              </a>
            ) : (
              <a href={href(sort)}>{SORTS[sort]}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
