import type { BookCardData } from "~/lib/cards";
import { catalogueBookPath } from "~/lib/paths";
import { placeholderCoverUrl } from "~/lib/placeholder-cover";

/** A book in the catalogue's grid: cover (or one typeset from its title), title (clamped to two lines), author and genres, the whole card a link to its page. */
export function BookCard({ book }: { book: BookCardData }) {
  return (
    <article className="book-card">
      <img src={book.cover ?? placeholderCoverUrl(book.title, book.author)} alt="" width="200" height="300" loading="lazy" decoding="async" />
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
