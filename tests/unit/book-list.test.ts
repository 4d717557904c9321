import { describe, expect, it } from "vitest";
import { listedColumns } from "~/admin-kit/screen";
import { EXPORT_TEXT } from "~/admin-kit/server/screen/adapter.server";
import { listSourceOf } from "~/admin-kit/server/screen/read-model.server";
import { bookAdapter } from "~/resources/books/books.server";
import { bookList, type Book } from "~/resources/books/books.server";

/**
 * The books' list copy belongs to the book resource (app/resources/books/books.server.ts) and is
 * shared by the back-office's book screen and the public catalogue: the screen's search and
 * sorting find their columns in it only while both name the same fields, in the same order,
 * with the same texts.
 */

const BOOK: Book = {
  id: "7",
  title: "Laskar Pelangi",
  synopsis: "Sepuluh anak Belitung.",
  published_date: "2005-09-01T00:00:00.000Z",
  isbn_issn: "978-979-3062-79-2",
  author_id: "3",
  author: { id: "3", name: "Andrea Hirata" },
  publisher_id: "5",
  publisher: { id: "5", name: "Bentang Pustaka" },
  classification_id: "1",
  genres: [{ id: "1", name: "Novel" }, { name: "Remaja" }],
  tags: [],
  cover: "",
  file: "",
};

describe("the books' list copy", () => {
  it("indexes the book screen's listed columns, in their order", () => {
    expect(bookList.textFields).toEqual(listedColumns(bookAdapter.definition.columns));
    expect(listSourceOf(bookAdapter)).toBe(bookList);
  });

  it("holds for a book the whole text the screen's columns show, and its ISBN in the other writings search finds it by", () => {
    const cells = bookAdapter.cells(BOOK, EXPORT_TEXT);
    const shown = bookList.textFields.map((field) => String(cells[field as keyof typeof cells] ?? ""));
    const isbn = bookList.textFields.indexOf("isbn_issn");
    expect(bookList.texts(BOOK)).toEqual(shown.map((text, index) => (index === isbn ? `${text} 9789793062792 9793062797` : text)));
  });
});
