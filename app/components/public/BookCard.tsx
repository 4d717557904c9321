import type { BookCardData } from "~/lib/cards";
import { catalogueBookPath } from "~/lib/paths";

/** A book in the catalogue's grid: cover, title (clamped to two lines), author and genres, the whole card a link to its page. */
export function BookCard({ book }: { book: BookCardData }) {
  return (
    <article className="book-card">
      {book.cover ? (
        <img src={book.cover} alt="" width="200" height="300" loading="lazy" decoding="async" />
      ) : (
        <span className="book-card-placeholder" aria-hidden="true" />
      )}
      <div className="book-card-body">
        <h2 className="clamp clamp-2">
          <a href={catalogueBookPath(book.id)}>{book.title}</a>
        </h2>
        {book.author ? <p className="book-card-author">{book.author}</p> : null}
        {book.genres.length ? <p className="book-card-genres">{book.genres.join(", ")}</p> : null}
      </div>
    </article>
  );
}
