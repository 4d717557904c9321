import type { BookCardData } from "~/lib/cards";
import { facetHref } from "~/lib/catalogue-query";
import { catalogueBookPath } from "~/lib/paths";
import { placeholderCoverUrl } from "~/lib/placeholder-cover";

/** A book in the catalogue's grid: cover (or one typeset from its title), title (clamped to two lines) linking to its page, and its author and genres linking to their books. */
export function BookCard({ book }: { book: BookCardData }) {
  return (
    <article className="book-card">
      <img src={book.cover ?? placeholderCoverUrl(book.title, book.author)} alt="" width="200" height="300" loading="lazy" decoding="async" />
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
