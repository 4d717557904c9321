import type { BookCardData } from "~/lib/cards";
import { facetHref } from "~/lib/catalogue-query";
import { catalogueBookPath } from "~/lib/paths";
import { placeholderCoverUrl } from "~/lib/placeholder-cover";

/** Books in the grid's first row on a phone (`.book-grid` in public.css: two a row on a phone). */
export const BOOK_GRID_PHONE_ROW = 2;

/**
 * A book in the catalogue's grid: cover (or one typeset from its title), title (clamped to two lines) linking to its page, and its author and genres linking to their books.
 * `firstRow`: the cover is in view as the page opens (the grid's first row on a phone, its largest
 * paint), so it is fetched at once and first, not lazily once the styles have laid the page out.
 */
export function BookCard({ book, firstRow = false }: { book: BookCardData; firstRow?: boolean }) {
  const cover = book.cover ?? placeholderCoverUrl(book.title, book.author);
  return (
    <article className="book-card">
      {firstRow ? (
        <img src={cover} alt="" width="200" height="300" fetchPriority="high" />
      ) : (
        <img src={cover} alt="" width="200" height="300" loading="lazy" decoding="async" />
      )}
      <div className="book-card-body">
        <h2 className="clamp clamp-2">
          <a href={catalogueBookPath(book.id)}>{book.title}</a>
        </h2>
        {book.author ? (
          <p className="book-card-author">
            <a href={facetHref("author", book.author)}>{book.author}</a>
          </p>
        ) : null}
        {book.genres.length ? (
          <p className="book-card-genres">
            {book.genres.map((genre, index) => (
              <span key={genre}>
                {index > 0 ? ", " : ""}
                <a href={facetHref("genre", genre)}>{genre}</a>
              </span>
            ))}
          </p>
        ) : null}
      </div>
    </article>
  );
}
