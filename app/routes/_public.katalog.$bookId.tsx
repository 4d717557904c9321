import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { catalogueBook, catalogueEnabled } from "~/public/catalogue.server";
import { failPage, notFound, siteUrlOf } from "~/public/public-page.server";
import { JsonLd } from "~/components/public/JsonLd";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { facetHref, type FacetName } from "~/lib/catalogue-query";
import { CATALOGUE_PATH, catalogueBookPath } from "~/lib/paths";
import { notFoundMeta, publicPageMeta } from "~/lib/public-meta";
import { clipText } from "~/lib/text";
import { placeholderCoverUrl } from "~/lib/placeholder-cover";
import type { PublicLayoutData } from "./_public";
import type { ReactNode } from "react";
import type { Book, WithContext } from "schema-dts";

/** Longest id asked about: the upstream's ids are numbers or short keys. */
const ID_MAX_CHARS = 64;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.bookId ?? "";
  if (!catalogueEnabled() || id === "" || id.length > ID_MAX_CHARS) notFound();
  const book = await catalogueBook(request, id).catch(failPage);
  if (!book) notFound();
  return { book, siteUrl: siteUrlOf(request) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? publicPageMeta(matches, {
        pageName: data.book.title,
        description: data.book.synopsis || `${data.book.title}${data.book.author ? `, oleh ${data.book.author}` : ""}. Koleksi digital Dinas Perpustakaan dan Kearsipan.`,
        path: catalogueBookPath(data.book.id),
        image: data.book.cover,
      })
    : notFoundMeta(matches);

export default function BookPage() {
  const { book, siteUrl } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<PublicLayoutData>("routes/_public");
  const url = `${siteUrl}${catalogueBookPath(book.id)}`;
  // schema.org: what search engines read of a book (https://schema.org/Book).
  const structured = {
    "@context": "https://schema.org",
    "@type": "Book",
    "@id": url,
    url,
    name: book.title,
    ...(book.author ? { author: { "@type": "Person", name: book.author } } : {}),
    ...(book.publisher ? { publisher: { "@type": "Organization", name: book.publisher } } : {}),
    ...(book.publishedDateIso ? { datePublished: book.publishedDateIso } : {}),
    ...(book.isbn ? { isbn: book.isbn } : {}),
    ...(book.cover ? { image: `${siteUrl}${book.cover}` } : {}),
    ...(book.synopsis ? { description: clipText(book.synopsis, 500) } : {}),
    ...(book.genres.length ? { genre: book.genres } : {}),
    ...(book.tags.length ? { keywords: book.tags.join(", ") } : {}),
    bookFormat: "https://schema.org/EBook",
  } satisfies WithContext<Book>;
  const facts: Array<[string, ReactNode]> = [
    ["Pengarang", book.author && <a href={facetHref("author", book.author)}>{book.author}</a>],
    ["Penerbit", book.publisher && <a href={facetHref("publisher", book.publisher)}>{book.publisher}</a>],
    ["Tanggal terbit", book.publishedDate],
    ["ISBN/ISSN", book.isbn],
    ["Klasifikasi", book.classification && <a href={facetHref("classification", book.classification.notation)}>{`${book.classification.notation} ${book.classification.name}`}</a>],
    ["Nomor panggil", book.callNumber],
    ["Genre", linkedList("genre", book.genres)],
    ["Tag", linkedList("tag", book.tags)],
  ];
  const shareText = `${book.title} ${url}`;
  return (
    <article className="page book-page">
      <JsonLd data={structured} />
      <p className="page-breadcrumb">
        <Link to="/">Beranda</Link> / <Link to={CATALOGUE_PATH}>Koleksi Digital</Link>
      </p>
      <div className="book-page-head">
        <img className="book-page-cover" src={book.cover ?? placeholderCoverUrl(book.title, book.author)} alt={`Sampul ${book.title}`} width="240" height="360" fetchPriority="high" />
        <div>
          <h1>{book.title}</h1>
          <dl className="book-facts">
            {facts
              .filter(([, value]) => Boolean(value))
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          {book.appUrl || layout?.appStoreUrl ? (
            <p className="book-actions">
              <a className="button-primary" href={book.appUrl ?? layout?.appStoreUrl} target="_blank" rel="noopener noreferrer">
                Baca di aplikasi
                <span className="visually-hidden"> (membuka tab baru)</span>
              </a>
              <span className="book-app-note">
                {book.appUrl ? "Membuka buku ini di aplikasi." : "Membuka halaman aplikasi di toko aplikasi; cari judul ini di aplikasi."}
              </span>
            </p>
          ) : null}
          <p className="book-actions">
            <a href={`https://wa.me/?text=${encodeURIComponent(shareText)}`} target="_blank" rel="noopener noreferrer">
              Bagikan lewat WhatsApp
              <span className="visually-hidden"> (membuka tab baru)</span>
            </a>
            <a href={url}>Tautan buku ini</a>
          </p>
        </div>
      </div>
      {book.synopsis ? (
        <section aria-labelledby="sinopsis">
          <h2 id="sinopsis">Sinopsis</h2>
          <p className="book-synopsis">{book.synopsis}</p>
        </section>
      ) : null}
    </article>
  );
}

/** Names, each a link to the catalogue narrowed by it. */
function linkedList(facet: FacetName, values: string[]): ReactNode {
  return values.length
    ? values.map((value, index) => (
        <span key={value}>
          {index > 0 ? ", " : ""}
          <a href={facetHref(facet, value)}>{value}</a>
        </span>
      ))
    : null;
}

export const ErrorBoundary = PublicErrorBoundary;
