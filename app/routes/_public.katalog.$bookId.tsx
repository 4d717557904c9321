import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { catalogueBook, catalogueEnabled } from "~/public/catalogue.server";
import { failPage, notFound, siteUrlOf } from "~/public/public-page.server";
import { JsonLd } from "~/components/public/JsonLd";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { CATALOGUE_PATH, catalogueBookPath } from "~/lib/paths";
import { notFoundMeta, publicPageMeta } from "~/lib/public-meta";
import { clipText } from "~/lib/text";
import { placeholderCoverUrl } from "~/lib/placeholder-cover";
import type { PublicLayoutData } from "./_public";
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
  const facts: Array<[string, string]> = [
    ["Pengarang", book.author],
    ["Penerbit", book.publisher],
    ["Tanggal terbit", book.publishedDate],
    ["ISBN/ISSN", book.isbn],
    ["Genre", book.genres.join(", ")],
    ["Tag", book.tags.join(", ")],
  ];
  return (
    <article className="page book-page">
      <JsonLd data={structured} />
      <p className="page-breadcrumb">
        <Link to="/">Beranda</Link> / <Link to={CATALOGUE_PATH}>Koleksi Digital</Link>
      </p>
      <div className="book-page-head">
        <img className="book-page-cover" src={book.cover ?? placeholderCoverUrl(book.title, book.author)} alt={`Sampul ${book.title}`} width="240" height="360" />
        <div>
          <h1>{book.title}</h1>
          <dl className="book-facts">
            {facts
              .filter(([, value]) => value !== "")
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          {layout?.appStoreUrl ? (
            <p>
              <a className="button-primary" href={layout.appStoreUrl} target="_blank" rel="noopener noreferrer">
                Baca di aplikasi
                <span className="visually-hidden"> (membuka tab baru)</span>
              </a>
            </p>
          ) : null}
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

export const ErrorBoundary = PublicErrorBoundary;
