import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatIndonesianNumber } from "~/lib/format";
import { catalogueBooks, catalogueEnabled, type CatalogueQuery } from "~/public/catalogue.server";
import { failPage, notFound, pageNumberOf } from "~/public/public-page.server";
import { BookCard } from "~/components/public/BookCard";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { PublicPager } from "~/components/public/PublicPager";
import { CATALOGUE_PATH, CATALOGUE_QUERY_MAX_CHARS, CATALOGUE_VIDEOS_PATH } from "~/lib/paths";
import { notFoundMeta, publicPageMeta } from "~/lib/public-meta";

/**
 * Koleksi Digital (issue 24): the mobile app's books, newest first, a page at a time; a GET form
 * searches titles and authors and filters by genre and tag, so all of it works without
 * JavaScript, with Back, and as a link to share. Only when the catalogue is set up
 * (`CATALOGUE_READER_*`, app/public/catalogue.server.ts).
 */

/** The query from the address: words cut to their limit, a page that is not a page number is no page of this list. */
function queryOf(url: URL): CatalogueQuery {
  const text = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, CATALOGUE_QUERY_MAX_CHARS);
  return { q: text("q"), genre: text("genre"), tag: text("tag"), page: pageNumberOf(url) };
}

/** The address of a page of this query: only what is set, the first page without `page`. */
function queryHref({ q, genre, tag, page }: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (genre) params.set("genre", genre);
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${CATALOGUE_PATH}?${search}` : CATALOGUE_PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (!catalogueEnabled()) notFound();
  const query = queryOf(new URL(request.url));
  const found = await catalogueBooks(request, query).catch(failPage);
  if (!found) notFound();
  return { query, href: queryHref(query), ...found };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return notFoundMeta(matches);
  const filtered = Boolean(data.query.q || data.query.genre || data.query.tag);
  return publicPageMeta(matches, {
    pageName: data.page === 1 ? "Koleksi Digital" : `Koleksi Digital, halaman ${data.page}`,
    description: "Buku-buku koleksi digital Dinas Perpustakaan dan Kearsipan yang dapat dibaca di aplikasi.",
    // A search or a filter shows the same books again: its canonical address is the list's.
    path: filtered ? CATALOGUE_PATH : data.href,
  });
};

export default function CataloguePage() {
  const { query, books, total, page, pageCount, genres, tags } = useLoaderData<typeof loader>();
  const filtered = Boolean(query.q || query.genre || query.tag);
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
          <span>Judul, pengarang atau ISBN</span>
          <input type="search" name="q" defaultValue={query.q} maxLength={CATALOGUE_QUERY_MAX_CHARS} autoComplete="off" />
        </label>
        <NameFilter label="Genre" name="genre" chosen={query.genre} names={genres} />
        <NameFilter label="Tag" name="tag" chosen={query.tag} names={tags} />
        <button type="submit" className="button-primary">
          Cari
        </button>
        {filtered ? <Link to={CATALOGUE_PATH}>Hapus pencarian</Link> : null}
      </Form>
      <p className="page-count" role="status">
        {total === 0
          ? filtered
            ? "Tidak ada buku yang cocok dengan pencarian ini."
            : "Belum ada buku di koleksi digital."
          : `${formatIndonesianNumber(total)} buku${pageCount > 1 ? `, halaman ${page} dari ${pageCount}` : ""}`}
      </p>
      {books.length ? (
        <ul className="book-grid">
          {books.map((book) => (
            <li key={book.id}>
              <BookCard book={book} />
            </li>
          ))}
        </ul>
      ) : null}
      <PublicPager label="Halaman koleksi" page={page} pages={pageCount} href={(target) => queryHref({ ...query, page: target })} />
    </div>
  );
}

/** A filter by one of the names the books carry ("Semua …" for any). */
function NameFilter({ label, name, chosen, names }: { label: string; name: string; chosen: string; names: string[] }) {
  return (
    <label>
      <span>{label}</span>
      <select name={name} defaultValue={chosen}>
        <option value="">Semua {label.toLowerCase()}</option>
        {names.map((each) => (
          <option key={each} value={each}>
            {each}
          </option>
        ))}
      </select>
    </label>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
