import path from "node:path";
import Database from "better-sqlite3";
import { DATABASE_FILE, openDatabase, updateRow, type SqlValue } from "../../reference-api/db.ts";

/**
 * A catalogue at an agency's scale, made by the test tooling (never shipped in the demo). The
 * generator (`generateCatalogue`) is pure and seeded: one seed, one catalogue, shaped like a real
 * one (Indonesian titles and names, ISBNs in mixed forms with about 5 % failing their checksum,
 * near-duplicate authors, publishers and genres). `setCatalogueCounts` writes it straight into the
 * reference API's seeded database, in one transaction while the reference API is stopped: the
 * seeded rows stay (their ids first), generated rows top each table up to its count.
 * `changeUpstream` changes a record under a running reference API, as another user would.
 */
export interface CatalogueCounts {
  books: number;
  activities: number;
  /** Each left as seeded when absent. */
  authors?: number;
  publishers?: number;
  genres?: number;
  tags?: number;
  classifications?: number;
}

/** An agency's catalogue (issue 37): what the scale tests and benches use. */
export const AGENCY_CATALOGUE = {
  books: 10_000,
  authors: 5_000,
  publishers: 800,
  genres: 150,
  tags: 150,
  classifications: 1_000,
} as const;

export const DEFAULT_SEED = 37;

export interface GeneratedBook {
  title: string;
  synopsis: string;
  published_date: string;
  isbn_issn: string;
  /** Indexes into the catalogue's lists (0-based). */
  author: number;
  publisher: number;
  classification: number;
  genres: number[];
  tags: number[];
}

export interface Catalogue {
  authors: Array<{ name: string; biography: string }>;
  publishers: Array<{ name: string; address: string; about: string; email: string; phone: string }>;
  genres: string[];
  tags: string[];
  classifications: Array<{ notation: string; general_name: string }>;
  books: GeneratedBook[];
}

export type GeneratorCounts = Omit<CatalogueCounts, "activities"> & Required<Omit<CatalogueCounts, "activities" | "books">>;

/** mulberry32: small, fast, and the same numbers on every platform. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Vocabularies kept apart: no word of a person's name is a word of a title, synopsis, publisher,
// genre or tag, so a search for an author's name finds that author's books and no others.
const GIVEN = [
  "Fitri", "Budi", "Agus", "Siti", "Rina", "Wahyu", "Yusuf", "Ratna", "Hendra", "Indah", "Bambang", "Sri", "Dian", "Eko",
  "Joko", "Nur", "Ayu", "Rudi", "Lestari", "Teguh", "Ika", "Arief", "Mega", "Yohanes", "Maria", "Ketut", "Made", "Putu",
  "Komang", "Ni", "Andi", "Daeng", "Baso", "Intan", "Rahmat", "Fauzi", "Hasan", "Aminah", "Zulkifli", "Nining", "Yanti",
  "Slamet", "Endang", "Heru", "Tuti", "Rizky", "Nanda", "Ilham", "Wulan", "Fajar", "Gita", "Reza", "Puspita", "Hadi",
];
const FAMILY = [
  "Sutrisno", "Wijaya", "Santoso", "Hidayat", "Pratama", "Siregar", "Nasution", "Harahap", "Simanjuntak", "Lubis",
  "Kusuma", "Saputra", "Rahmawati", "Setiawan", "Gunawan", "Halim", "Tanjung", "Sinaga", "Purba", "Hutapea", "Wibowo",
  "Susanto", "Suryadi", "Kurniawan", "Permana", "Nugroho", "Hakim", "Rangkuti", "Pohan", "Sembiring", "Ginting",
  "Tarigan", "Manurung", "Mahendra", "Suwarno", "Sulistyo", "Wardhana", "Pangaribuan", "Lumbantobing", "Mokoginta",
  "Pakpahan", "Damanik", "Matondang", "Daulay", "Batubara", "Situmorang", "Rumapea", "Latuconsina", "Pattimura",
];
const DEGREES = [", M.Hum.", ", S.Pd.", ", M.Si.", ", S.S.", ", Ph.D."];

const TITLE_HEADS = [
  "Jejak", "Hikayat", "Cerita", "Sejarah", "Riwayat", "Nyanyian", "Senja", "Rahasia", "Kisah", "Catatan", "Pelangi",
  "Gema", "Bayang-Bayang", "Menyusuri", "Merawat", "Mengenal", "Panduan", "Pengantar", "Tradisi", "Warisan", "Ombak",
  "Suara", "Perjalanan", "Lentera", "Pusaka", "Cahaya", "Rindu", "Akar", "Denyut", "Tapak",
];
const TITLE_SUBJECTS = [
  "Rempah", "Nelayan", "Sawah", "Perahu", "Kopi", "Batik", "Gamelan", "Hutan", "Sungai", "Pesisir", "Kampung", "Pasar",
  "Sekolah", "Perpustakaan", "Arsip", "Tenun", "Kebun Teh", "Pelabuhan", "Gunung", "Danau", "Surau", "Rumah Gadang",
  "Wayang", "Pantun", "Lontar", "Kerajinan Rotan", "Padi", "Pulau", "Laut", "Bahasa Daerah",
];
const TITLE_PLACES = [
  "Minahasa", "Toba", "Banyuwangi", "Ternate", "Lombok", "Sumbawa", "Kapuas", "Mahakam", "Bukittinggi", "Sleman",
  "Pangandaran", "Makassar", "Ambon", "Jayapura", "Palembang", "Jambi", "Bengkulu", "Kupang", "Flores", "Buton",
  "Garut", "Cirebon", "Madura", "Nias", "Belitung", "Tidore", "Kendari", "Pontianak", "Sumba", "Aceh",
];
const TITLE_LINKS = ["di", "dari", "untuk", "tentang", "dan"];
const SYNOPSES = [
  "Kisah tentang perpustakaan daerah, pembaca, dan arsip yang dijaga turun-temurun.",
  "Catatan lapangan tentang kehidupan sehari-hari masyarakat pesisir dan tradisi lisannya.",
  "Buku panduan praktis untuk pengelola taman bacaan masyarakat di desa.",
  "Novel tentang persahabatan, kehilangan, dan kampung halaman yang berubah.",
  "Kumpulan esai tentang bahasa, sastra daerah, dan pendidikan anak.",
  "Kajian sejarah lokal yang disusun dari naskah kuno dan wawancara para tetua adat.",
];
const PUBLISHER_WORDS = [
  "Pustaka", "Media", "Aksara", "Cakrawala", "Nusantara", "Gramedia", "Jaya", "Ilmu", "Cendekia", "Lentera", "Bentang",
  "Kanisius", "Mizan", "Erlangga", "Balai", "Penerbit", "Bumi", "Aksara", "Insan", "Madani", "Obor", "Kreasi", "Mandiri",
  "Sinar", "Harapan", "Literasi", "Pelita", "Buana", "Tiga", "Serangkai", "Grafika", "Surya", "Karya", "Utama",
];
const CITIES = ["Jakarta", "Bandung", "Yogyakarta", "Surabaya", "Medan", "Semarang", "Malang", "Denpasar", "Padang", "Manado"];
const GENRE_TOPICS = [
  "Sejarah Lokal", "Sastra Daerah", "Cerita Rakyat", "Puisi", "Novel", "Cerpen", "Biografi", "Agama", "Filsafat",
  "Psikologi", "Pendidikan", "Ekonomi", "Hukum", "Politik", "Pertanian", "Perikanan", "Kesehatan", "Kuliner", "Seni Rupa",
  "Musik Tradisional", "Tari", "Teknologi", "Komputer", "Matematika", "Fisika", "Biologi", "Kimia", "Geografi",
  "Antropologi", "Bahasa", "Kamus", "Ensiklopedia", "Komik", "Parenting", "Lingkungan", "Pariwisata", "Arsitektur",
  "Kearsipan", "Perpustakaan", "Olahraga",
];
const GENRE_AUDIENCES = ["", " Anak", " Remaja", " Dewasa", " Populer", " Klasik"];
/** Genres that differ only by case or accents from another. */
const GENRE_VARIANTS: Array<[string, string]> = [
  ["Sejarah Lokal", "sejarah lokal"],
  ["Cerita Rakyat", "Cerita rakyat"],
  ["Ensiklopedia", "Énsiklopedia"],
  ["Kamus", "KAMUS"],
  ["Seni Rupa", "Séni Rupa"],
];
const TAG_WORDS = [
  "Kurikulum Merdeka", "Literasi Dasar", "Budaya", "Koleksi Langka", "Muatan Lokal", "Bacaan Ringan", "Rujukan",
  "Hadiah Sastra", "Terjemahan", "Bergambar", "Dwibahasa", "Cetak Ulang", "Edisi Revisi", "Pemula", "Lanjutan",
];
const TAG_QUALIFIERS = ["", " Jawa", " Sunda", " Bali", " Batak", " Bugis", " Minang", " Dayak", " Papua", " Maluku"];
const DDC_CLASSES = [
  "Karya Umum", "Filsafat dan Psikologi", "Agama", "Ilmu Sosial", "Bahasa", "Sains dan Matematika", "Teknologi",
  "Kesenian dan Rekreasi", "Sastra", "Sejarah dan Geografi",
];

/** The check digit of an ISBN-13 from its first twelve digits. */
function isbn13Check(twelve: string): number {
  const sum = [...twelve].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** The check character of an ISBN-10 from its first nine digits (10 written X). */
function isbn10Check(nine: string): number {
  const sum = [...nine].reduce((total, digit, index) => total + Number(digit) * (10 - index), 0);
  return (11 - (sum % 11)) % 11;
}

export type IsbnForm = "hyphenated" | "compact" | "isbn-10";

/**
 * Book n's ISBN: its own number (unique in the catalogue), in one of three forms, its check
 * digit wrong when `broken`.
 */
function isbnOf(n: number, form: IsbnForm, broken: boolean, pick: () => number): string {
  const body = String(200_000 + n).padStart(6, "0");
  if (form === "isbn-10") {
    const nine = `623${body}`;
    const right = isbn10Check(nine);
    const check = broken ? (right + 1 + Math.floor(pick() * 10)) % 11 : right;
    return `${nine}${check === 10 ? "X" : check}`;
  }
  const twelve = `978623${body}`;
  const right = isbn13Check(twelve);
  const check = broken ? (right + 1 + Math.floor(pick() * 9)) % 10 : right;
  return form === "compact" ? `${twelve}${check}` : `978-623-${body.slice(0, 3)}-${body.slice(3)}-${check}`;
}

/** A generated ISBN's form, read back from its text. */
export function isbnForm(isbn: string): IsbnForm {
  return isbn.includes("-") ? "hyphenated" : isbn.length === 10 ? "isbn-10" : "compact";
}

/** Whether an ISBN-10 or ISBN-13 (hyphens dropped) has a right check digit. */
export function isbnChecksumValid(isbn: string): boolean {
  const compact = isbn.replace(/-/g, "");
  if (compact.length === 13) return isbn13Check(compact.slice(0, 12)) === Number(compact[12]);
  const check = isbn10Check(compact.slice(0, 9));
  return (check === 10 ? "X" : String(check)) === compact[9];
}

/** A list of `count` distinct names from `make`, with a near-duplicate `variant` of an earlier one every `every` places. */
function names(count: number, pick: () => number, make: (attempt: number) => string, variant: (name: string, k: number) => string, every: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (let index = 0; out.length < count; index++) {
    if (out.length > 0 && out.length % every === every - 1) {
      const base = out[Math.floor(pick() * out.length)];
      const near = variant(base, out.length);
      if (!seen.has(near)) {
        seen.add(near);
        out.push(near);
        continue;
      }
    }
    let name = make(index);
    for (let attempt = 1; seen.has(name); attempt++) name = `${make(index)}${attempt > 20 ? ` ${attempt}` : ""}`;
    seen.add(name);
    out.push(name);
  }
  return out;
}

/** The whole catalogue for one seed; the same seed gives the same catalogue. */
export function generateCatalogue(counts: GeneratorCounts = AGENCY_CATALOGUE, seed = DEFAULT_SEED): Catalogue {
  const pick = random(seed);
  const one = <T>(list: readonly T[]): T => list[Math.floor(pick() * list.length)];

  const authorNames = names(
    counts.authors,
    pick,
    () => (pick() < 0.3 ? `${one(GIVEN)} ${one(GIVEN)} ${one(FAMILY)}` : `${one(GIVEN)} ${one(FAMILY)}`),
    (name, k) => (k % 3 === 0 ? `Dr. ${name}` : `${name}${DEGREES[k % DEGREES.length]}`),
    25,
  );
  // The issue's own example, at a fixed place past the demo's authors.
  if (counts.authors > 41) {
    const example = ["Fitri Sutrisno", "Fitri Sutrisno, M.Hum."];
    const taken = new Set(authorNames);
    authorNames.forEach((name, index) => {
      if (!example.includes(name)) return;
      let other = name.replace("Fitri", "Fitri Ayu");
      for (let k = 2; taken.has(other); k++) other = `${name} ${k}`;
      taken.add(other);
      authorNames[index] = other;
    });
    authorNames.splice(40, 2, ...example);
  }
  const authors = authorNames.map((name) => ({ name, biography: `Penulis ${one(["daerah", "lepas", "dan pendidik", "dan peneliti"])} yang karyanya disimpan di perpustakaan kabupaten.` }));

  const publisherNames = names(
    counts.publishers,
    pick,
    () => `${pick() < 0.35 ? "PT " : pick() < 0.3 ? "CV " : ""}${one(PUBLISHER_WORDS)} ${one(PUBLISHER_WORDS)}${pick() < 0.4 ? ` ${one(CITIES)}` : ""}`,
    (name, k) => {
      const bare = name.replace(/^(PT|CV) /, "");
      return [name.startsWith("PT ") ? bare : `PT ${bare}`, `${bare}, PT.`, `${bare.replace(" ", "-")}`, `${bare}.`][k % 4];
    },
    20,
  );
  const publishers = publisherNames.map((name, index) => {
    const city = CITIES[index % CITIES.length];
    return {
      name,
      address: `Jl. ${one(["Merdeka", "Sudirman", "Diponegoro", "Gajah Mada", "Pahlawan"])} No. ${1 + Math.floor(pick() * 200)}, ${city}`,
      about: `Penerbit buku umum dan pendidikan di ${city}.`,
      email: `redaksi${index + 1}@penerbit.example`,
      phone: `0${21 + (index % 70)}-${String(5_000_000 + Math.floor(pick() * 4_000_000))}`,
    };
  });

  const genreBases = GENRE_AUDIENCES.flatMap((audience) => GENRE_TOPICS.map((topic) => `${topic}${audience}`));
  const genres = [...genreBases.slice(0, counts.genres - GENRE_VARIANTS.length), ...GENRE_VARIANTS.map(([, variant]) => variant)].slice(0, counts.genres);
  while (genres.length < counts.genres) genres.push(`Genre Lain ${genres.length + 1}`);
  const tagBases = TAG_WORDS.flatMap((word) => TAG_QUALIFIERS.map((qualifier) => `${word}${qualifier}`));
  const tags = tagBases.slice(0, counts.tags);
  while (tags.length < counts.tags) tags.push(`Label ${tags.length + 1}`);

  const classifications = Array.from({ length: counts.classifications }, (_, index) => {
    const number = index % 1000;
    const notation = `${String(number).padStart(3, "0")}${index >= 1000 ? `.${Math.floor(index / 1000)}` : ""}`;
    return { notation, general_name: `${DDC_CLASSES[Math.floor(number / 100)]}${number % 10 === 0 ? "" : ` (${notation})`}` };
  });

  const titles = new Set<string>();
  const books = Array.from({ length: counts.books }, (_, n): GeneratedBook => {
    let title = "";
    for (let attempt = 0; title === "" || titles.has(title); attempt++) {
      const shape = pick();
      title =
        shape < 0.45
          ? `${one(TITLE_HEADS)} ${one(TITLE_SUBJECTS)} ${one(TITLE_LINKS)} ${one(TITLE_PLACES)}`
          : shape < 0.75
            ? `${one(TITLE_HEADS)} ${one(TITLE_SUBJECTS)}`
            : `${one(TITLE_SUBJECTS)} ${one(TITLE_PLACES)}: ${one(TITLE_HEADS)} ${one(TITLE_SUBJECTS)}`;
      if (attempt > 5) title = `${title} Jilid ${attempt - 4}`;
    }
    titles.add(title);
    const r = pick();
    const broken = pick() < 0.05;
    const form: IsbnForm = r < 0.4 ? "hyphenated" : r < 0.75 ? "compact" : "isbn-10";
    const genreCount = 1 + Math.floor(pick() * 3);
    const tagCount = Math.floor(pick() * 3);
    const distinct = (k: number, of: number) => [...new Set(Array.from({ length: k }, () => Math.floor(pick() * of)))];
    return {
      title,
      synopsis: one(SYNOPSES),
      published_date: `${1985 + Math.floor(pick() * 40)}-${String(1 + Math.floor(pick() * 12)).padStart(2, "0")}-${String(1 + Math.floor(pick() * 28)).padStart(2, "0")}`,
      isbn_issn: isbnOf(n, form, broken, pick),
      // A few prolific authors and large publishers, a long tail of the rest.
      author: Math.floor(pick() ** 2 * counts.authors),
      publisher: Math.floor(pick() ** 3 * counts.publishers),
      classification: Math.floor(pick() * counts.classifications),
      genres: counts.genres > 0 ? distinct(genreCount, counts.genres) : [],
      tags: counts.tags > 0 ? distinct(tagCount, counts.tags) : [],
    };
  });

  return { authors, publishers, genres, tags, classifications, books };
}

/** What a table holds after `setCatalogueCounts`, read back (seeded rows first, then generated ones). */
export interface WrittenCatalogue {
  books: Array<{ id: number; title: string; isbn_issn: string; author_id: number; publisher_id: number; genres: string[] }>;
  authors: Array<{ id: number; name: string }>;
  publishers: Array<{ id: number; name: string }>;
}

/**
 * Gives the reference API's seeded database exactly so many rows of each table named in
 * `counts` (the others are left as seeded), from `generateCatalogue(…, seed)`: row i of a table
 * (0-based, ordered by id) is the seeded one when there is one, else the generated row i; a
 * generated book's author, publisher, classification, genres and tags are the rows at its indexes.
 */
export function setCatalogueCounts(dataDir: string, counts: CatalogueCounts, seed = DEFAULT_SEED): WrittenCatalogue {
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  try {
    db.pragma("foreign_keys = ON");
    return db.transaction(() => {
      const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      const ids = (table: string) => (db.prepare(`SELECT id FROM ${table} ORDER BY id`).all() as Array<{ id: number }>).map((row) => row.id);
      const target = {
        books: counts.books,
        authors: counts.authors ?? count("authors"),
        publishers: counts.publishers ?? count("publishers"),
        genres: counts.genres ?? count("genres"),
        tags: counts.tags ?? count("tags"),
        classifications: counts.classifications ?? count("classifications"),
      };
      const catalogue = generateCatalogue(target, seed);

      const topUp = <T>(table: string, rows: T[], insert: (row: T) => void) => {
        for (let index = count(table); index < rows.length; index++) insert(rows[index]);
      };
      const addAuthor = db.prepare("INSERT INTO authors (name, biography, total_books) VALUES (@name, @biography, 0)");
      topUp("authors", catalogue.authors, (row) => addAuthor.run(row));
      const addPublisher = db.prepare("INSERT INTO publishers (name, address, about, email, phone, total_books) VALUES (@name, @address, @about, @email, @phone, 0)");
      topUp("publishers", catalogue.publishers, (row) => addPublisher.run(row));
      const addGenre = db.prepare("INSERT INTO genres (name) VALUES (?)");
      topUp("genres", catalogue.genres, (name) => addGenre.run(name));
      const addTag = db.prepare("INSERT INTO tags (name) VALUES (?)");
      topUp("tags", catalogue.tags, (name) => addTag.run(name));
      const addClassification = db.prepare("INSERT INTO classifications (notation, general_name) VALUES (@notation, @general_name)");
      topUp("classifications", catalogue.classifications, (row) => addClassification.run(row));

      const [authorIds, publisherIds, genreIds, tagIds, classificationIds] = ["authors", "publishers", "genres", "tags", "classifications"].map(ids);
      const at = (list: number[], index: number) => list[index % list.length];
      const addBook = db.prepare(
        "INSERT INTO books (title, synopsis, published_date, isbn_issn, author_id, publisher_id, classification_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
      );
      const addBookGenre = db.prepare("INSERT INTO book_genres (book_id, genre_id) VALUES (?, ?)");
      const addBookTag = db.prepare("INSERT INTO book_tags (book_id, tag_id) VALUES (?, ?)");
      topUp("books", catalogue.books, (book) => {
        const { lastInsertRowid } = addBook.run(
          book.title,
          book.synopsis,
          book.published_date,
          book.isbn_issn,
          at(authorIds, book.author),
          at(publisherIds, book.publisher),
          classificationIds.length > 0 ? at(classificationIds, book.classification) : null,
        );
        for (const genre of book.genres) if (genreIds.length > 0) addBookGenre.run(lastInsertRowid, at(genreIds, genre));
        for (const tag of book.tags) if (tagIds.length > 0) addBookTag.run(lastInsertRowid, at(tagIds, tag));
      });
      db.prepare("DELETE FROM books WHERE id NOT IN (SELECT id FROM books ORDER BY id LIMIT ?)").run(counts.books);
      for (const table of ["authors", "publishers"]) {
        db.prepare(`UPDATE ${table} SET total_books = (SELECT COUNT(*) FROM books WHERE books.${table === "authors" ? "author_id" : "publisher_id"} = ${table}.id)`).run();
      }

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

      return {
        books: (
          db
            .prepare(
              `SELECT id, title, isbn_issn, author_id, publisher_id,
                 (SELECT json_group_array(genres.name) FROM book_genres JOIN genres ON genres.id = book_genres.genre_id WHERE book_genres.book_id = books.id) AS genres
               FROM books ORDER BY id`,
            )
            .all() as Array<Omit<WrittenCatalogue["books"][number], "genres"> & { genres: string }>
        ).map((book) => ({ ...book, genres: JSON.parse(book.genres) as string[] })),
        authors: db.prepare("SELECT id, name FROM authors ORDER BY id").all() as WrittenCatalogue["authors"],
        publishers: db.prepare("SELECT id, name FROM publishers ORDER BY id").all() as WrittenCatalogue["publishers"],
      };
    })();
  } finally {
    db.close();
  }
}

export type UpstreamTable = "books" | "authors" | "publishers" | "genres" | "tags" | "classifications" | "activities" | "libraries";

/**
 * Changes a record under a running reference API, as another user editing at the same time
 * would (the tests call it mid-edit): written straight into its database (WAL, so the running
 * server sees it on its next read). Throws when there is no such record; answers the record as changed.
 */
export function changeUpstream(
  referenceApi: string | { dataDir: string },
  table: UpstreamTable,
  id: number,
  values: Record<string, SqlValue>,
): Record<string, SqlValue> {
  const dataDir = typeof referenceApi === "string" ? referenceApi : referenceApi.dataDir;
  const db = openDatabase(path.join(dataDir, DATABASE_FILE));
  try {
    const columns = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((column) => column.name));
    for (const column of Object.keys(values)) if (column === "id" || !columns.has(column)) throw new Error(`changeUpstream: ${table} has no column "${column}"`);
    updateRow(db, table, id, values);
    const row = db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Record<string, SqlValue> | undefined;
    if (!row) throw new Error(`changeUpstream: no ${table} ${id}`);
    return row;
  } finally {
    db.close();
  }
}

const fold = (value: string) => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The lists' search (full-text.server.ts) over many texts, for a test to count what a search of
 * generated rows should find: a text matches when every word of the query begins one of its
 * words, case and accents ignored. Each word's every beginning is indexed once, so that a search
 * of 10,000 books costs a lookup per word, not a pass over every text.
 */
export class SearchIndex {
  private readonly byPrefix = new Map<string, Set<number>>();

  readonly texts: readonly string[];

  constructor(texts: readonly string[]) {
    this.texts = texts;
    texts.forEach((text, position) => {
      for (const word of fold(text).split(/[^\p{L}\p{N}]+/u)) {
        for (let end = 1; end <= word.length; end++) {
          const prefix = word.slice(0, end);
          let positions = this.byPrefix.get(prefix);
          if (!positions) this.byPrefix.set(prefix, (positions = new Set()));
          positions.add(position);
        }
      }
    });
  }

  /** The positions of the texts in which every word of `query` begins a word, in order. */
  matching(query: string): number[] {
    const parts = fold(query).split(/\s+/).filter(Boolean);
    if (parts.length === 0) return this.texts.map((_, position) => position);
    const sets = parts.map((part) => this.byPrefix.get(part) ?? new Set<number>());
    const [smallest, ...others] = [...sets].sort((a, b) => a.size - b.size);
    return [...smallest].filter((position) => others.every((set) => set.has(position))).sort((a, b) => a - b);
  }
}
