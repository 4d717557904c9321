import path from "node:path";
import Database from "better-sqlite3";
import { DATABASE_FILE } from "../../reference-api/db.ts";

/**
 * A catalogue at an agency's scale, made by the test tooling (never shipped in the demo): the
 * reference API's seeded database is given exactly so many books, activities and authors, written
 * directly in one transaction while the reference API is stopped. Books are spread over the authors.
 */
export interface CatalogueCounts {
  books: number;
  activities: number;
  /** Left as seeded when absent. */
  authors?: number;
}

/** A valid ISBN-13 from its first twelve digits (its check digit added): a seeded book can be edited and saved as it is. */
function isbn13(twelveDigits: string): string {
  const sum = [...twelveDigits].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${twelveDigits.slice(0, 3)}-${twelveDigits.slice(3, 6)}-${twelveDigits.slice(6)}-${(10 - (sum % 10)) % 10}`;
}

export function setCatalogueCounts(dataDir: string, counts: CatalogueCounts): void {
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  try {
    db.pragma("foreign_keys = ON");
    db.transaction(() => {
      const first = (table: string) => (db.prepare(`SELECT MIN(id) AS id FROM ${table}`).get() as { id: number | null }).id;
      const [publisherId, classificationId, genreId] = ["publishers", "classifications", "genres"].map(first);
      const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

      if (counts.authors !== undefined) {
        const addAuthor = db.prepare("INSERT INTO authors (name, biography, total_books) VALUES (?, ?, 0)");
        for (let n = count("authors"); n < counts.authors; n++) {
          // "P4321", not "4321": a search for a book's number never matches its author's.
          addAuthor.run(`Pengarang Contoh P${n + 1}`, "Penulis daerah yang karyanya disimpan di perpustakaan kabupaten.");
        }
      }
      const authorIds = (db.prepare("SELECT id FROM authors ORDER BY id").all() as Array<{ id: number }>).map((row) => row.id);

      const addBook = db.prepare(
        "INSERT INTO books (title, synopsis, published_date, isbn_issn, author_id, publisher_id, classification_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
      );
      const addGenre = db.prepare("INSERT INTO book_genres (book_id, genre_id) VALUES (?, ?)");
      for (let n = count("books"); n < counts.books; n++) {
        const { lastInsertRowid } = addBook.run(
          `Buku Contoh Nomor ${n + 1}`,
          "Sinopsis buku contoh untuk uji skala: kisah tentang perpustakaan daerah, pembaca, dan arsip yang dijaga turun-temurun.",
          `20${String(10 + (n % 15)).padStart(2, "0")}-0${1 + (n % 9)}-1${n % 10}`,
          isbn13(`978602${String(n).padStart(6, "0")}`),
          authorIds[n % authorIds.length],
          publisherId,
          classificationId,
        );
        if (genreId !== null) addGenre.run(lastInsertRowid, genreId);
      }
      db.prepare("DELETE FROM books WHERE id NOT IN (SELECT id FROM books ORDER BY id LIMIT ?)").run(counts.books);

      const addActivity = db.prepare("INSERT INTO activities (date, title, description) VALUES (?, ?, ?)");
      for (let n = count("activities"); n < counts.activities; n++) {
        const date = new Date(Date.UTC(2023, 0, 1) - n * 86_400_000).toISOString();
        addActivity.run(
          date,
          `Kegiatan Contoh Nomor ${n + 1}`,
          "<p>Kegiatan literasi bersama masyarakat: membaca bersama, bedah buku, dan pelatihan pengelolaan arsip desa.</p>".repeat(4),
        );
      }
      db.prepare("DELETE FROM activities WHERE id NOT IN (SELECT id FROM activities ORDER BY date DESC, id DESC LIMIT ?)").run(counts.activities);
    })();
  } finally {
    db.close();
  }
}
