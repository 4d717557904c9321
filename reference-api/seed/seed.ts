import { writeFile } from "node:fs/promises";
import { hashPassword } from "../auth.ts";
import { insertRow, type Db, type SqlValue } from "../db.ts";
import { DEMO_USERS } from "../demo-users.ts";
import type { Storage, StorageArea } from "../storage.ts";
import { BOOKS } from "./books.ts";
import { AUTHORS, CLASSIFICATIONS, GENRES, PUBLISHERS, TAGS, TAGS_WITH_COVER, VIDEOS } from "./catalogue.ts";
import { ABOUT, ACTIVITIES, BANNERS, HISTORY, LIBRARIES, MISSION_VISION, OFFICERS, SLIDERS } from "./content.ts";
import { emptyMp4 } from "./mp4.ts";
import { textPdf } from "./pdf.ts";
import { bookCoverImage } from "./covers.ts";
import { portraitImage } from "./portraits.ts";
import { sceneImage, type SceneKind } from "./scenes.ts";
import { oncePerProcess } from "./once-per-process.ts";

/** The size of a photo as an admin would upload it (a phone or camera picture, resized once). */
const PHOTO_WIDTH = 1600;
const PHOTO_HEIGHT = 900;

/** The pictures the public pages show are photo-sized, as real uploads are (rendered once per process, svg.ts). */
const photo = (kind: SceneKind, seed: number): Promise<Buffer> => sceneImage(kind, seed, PHOTO_WIDTH, PHOTO_HEIGHT);

/** What each slider, banner and activity (content.ts, in its order) shows: a scene that fits its words. */
const SLIDER_SCENES: SceneKind[] = ["reading-room", "mobile-library", "archive"];
const BANNER_SCENES: SceneKind[] = ["digitisation", "shelves", "children"];
const ACTIVITY_SCENES: SceneKind[] = ["archive", "mobile-library", "shelves", "shelves", "reading-room", "children", "archive", "reading-room", "reading-room", "digitisation"];
const VIDEO_SCENES: SceneKind[] = ["reading-room", "children", "archive", "mobile-library"];
/** A scene from `scenes` for record `index`, when there are more records than scenes. */
const sceneFor = (scenes: SceneKind[], index: number): SceneKind => scenes[index % scenes.length];

/** "623-7001-01" → "978-623-7001-01-4": an invented ISBN-13 with a correct check digit. */
function isbn13(body: string): string {
  const digits = `978${body.replace(/-/g, "")}`;
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `978-${body}-${(10 - (sum % 10)) % 10}`;
}

interface Table {
  table: string;
  rows: Array<Record<string, SqlValue>>;
}

/**
 * A demo account's password hash (its own salt), derived once per process, account and password:
 * a scrypt costs some 50 ms of CPU, and the tests seed dozens of reference APIs in one process.
 */
const demoHashes = new Map<string, Promise<string>>();
const demoPasswordHash = (email: string, password: string): Promise<string> => oncePerProcess(demoHashes, `${email}\n${password}`, () => hashPassword(password));

/**
 * Writes the demo images, book PDFs and video stand-ins into the data directory and hashes the
 * demo passwords (the slow, asynchronous part), then returns the synchronous step that inserts
 * every record; that step runs inside the schema transaction.
 */
export async function prepareDemoContent(storage: Storage, demoPassword: string): Promise<(db: Db) => void> {
  const files: Array<{ area: StorageArea; name: string; data: Buffer | Promise<Buffer> }> = [];
  const store = (area: StorageArea, name: string, data: Buffer | Promise<Buffer>): string => {
    files.push({ area, name, data });
    return name;
  };

  const tables: Table[] = [
    {
      table: "sliders",
      rows: SLIDERS.map((slider, i) => ({
        ...slider,
        file: store("files", `seed-slider-${i + 1}.png`, sceneImage(sceneFor(SLIDER_SCENES, i), i + 1, 480, 270)),
      })),
    },
    {
      table: "banners",
      rows: BANNERS.map((banner, i) => ({
        ...banner,
        file: store("files", `seed-banner-${i + 1}.png`, photo(sceneFor(BANNER_SCENES, i), i + 11)),
      })),
    },
    { table: "abouts", rows: [{ ...ABOUT, file: store("files", "seed-about.png", photo("reading-room", 21)) }] },
    { table: "mission_visions", rows: [MISSION_VISION] },
    { table: "histories", rows: [{ ...HISTORY, file: store("files", "seed-history.png", photo("archive", 22)) }] },
    {
      table: "activities",
      rows: ACTIVITIES.map((activity, i) => ({
        ...activity,
        file: store("files", `seed-activity-${i + 1}.png`, photo(sceneFor(ACTIVITY_SCENES, i), i + 31)),
      })),
    },
    {
      table: "officers",
      rows: OFFICERS.map((officer, i) => ({
        ...officer,
        file: store("files", `seed-officer-${i + 1}.png`, portraitImage(i, 800)),
      })),
    },
    {
      table: "libraries",
      rows: LIBRARIES.map((library) => ({ ...library, active: library.active ? 1 : 0 })),
    },
    { table: "classifications", rows: CLASSIFICATIONS },
    {
      table: "genres",
      rows: GENRES.map((name, i) => ({
        name,
        cover: store("covers", `seed-genre-${i + 1}.png`, bookCoverImage(name, "", 200, 300)),
      })),
    },
    {
      table: "tags",
      rows: TAGS.map((name, i) => ({
        name,
        cover: i < TAGS_WITH_COVER ? store("covers", `seed-tag-${i + 1}.png`, bookCoverImage(name, "", 200, 300)) : "",
      })),
    },
    {
      table: "authors",
      rows: AUTHORS.map((author, i) => ({
        ...author,
        photo: store("files", `seed-author-${i + 1}.png`, portraitImage(i + 2)),
      })),
    },
    { table: "publishers", rows: PUBLISHERS.map((publisher) => ({ ...publisher })) },
    {
      table: "videos",
      rows: VIDEOS.map((video, i) => ({
        ...video,
        link: `/files/${store("files", `seed-video-${i + 1}.mp4`, emptyMp4())}`,
        thumbnail: `/files/${store("files", `seed-video-${i + 1}-thumbnail.png`, sceneImage(sceneFor(VIDEO_SCENES, i), i + 61, 320, 180))}`,
        background: `/files/${store("files", `seed-video-${i + 1}-background.png`, sceneImage(sceneFor(VIDEO_SCENES, i + 1), i + 71, 480, 270))}`,
      })),
    },
  ];

  // Ids follow list order, so relations can be resolved by name before anything is inserted.
  const idOf = (list: string[], name: string): number => {
    const index = list.indexOf(name);
    if (index < 0) throw new Error(`seed: unknown reference "${name}"`);
    return index + 1;
  };
  const books = BOOKS.map((book, i) => ({
    row: {
      title: book.title,
      synopsis: book.synopsis,
      published_date: book.published_date,
      isbn_issn: isbn13(book.isbnBody),
      author_id: idOf(
        AUTHORS.map((author) => author.name),
        book.author,
      ),
      publisher_id: idOf(
        PUBLISHERS.map((publisher) => publisher.name),
        book.publisher,
      ),
      classification_id: idOf(
        CLASSIFICATIONS.map((classification) => classification.notation),
        book.classification,
      ),
      cover: store("covers", `seed-book-${i + 1}.png`, bookCoverImage(book.title, book.author)),
      file: store(
        "files",
        `seed-book-${i + 1}.pdf`,
        textPdf({
          title: book.title,
          paragraphs: [
            book.synopsis,
            `Pengarang: ${book.author}\nPenerbit: ${book.publisher}`,
            "Berkas ini adalah contoh buku digital untuk demonstrasi katalog perpustakaan.",
          ],
          page: "A5",
          producer: "reference-api",
        }),
      ),
    },
    genreIds: book.genres.map((name) => idOf(GENRES, name)),
    tagIds: book.tags.map((name) => idOf(TAGS, name)),
  }));

  await Promise.all(files.map(async ({ area, name, data }) => writeFile(storage.path(area, name), await data)));
  const passwordHashes = await Promise.all(DEMO_USERS.map((user) => demoPasswordHash(user.email, demoPassword)));

  return (db) => {
    DEMO_USERS.forEach((user, i) =>
      insertRow(db, "users", { name: user.name, email: user.email, role: user.role, password_hash: passwordHashes[i] }),
    );
    for (const { table, rows } of tables) for (const row of rows) insertRow(db, table, row);
    for (const { row, genreIds, tagIds } of books) {
      const bookId = insertRow(db, "books", row);
      for (const genreId of genreIds) insertRow(db, "book_genres", { book_id: bookId, genre_id: genreId });
      for (const tagId of tagIds) insertRow(db, "book_tags", { book_id: bookId, tag_id: tagId });
    }
  };
}
