import { describe, expect, it } from "vitest";
import type { FieldDefinition } from "~/admin-kit/screen";
import { importColumns, importedDate, OptionFinder, readHeader, relationNames, severalInOne, withoutFormulaGuard } from "~/admin-kit/server/import/columns.server";
import { PREVIEW_TEXTS } from "~/admin-kit/server/import/preview.server";
import { slimsIsbn, slimsList, slimsPlaces, slimsValues, slimsYear } from "~/admin-kit/server/import/slims.server";
import { SERVER_HALVES } from "~/resources/resources.server";

/** How an import reads a file's cells into a screen's fields (app/admin-kit/server/import/columns.server.ts, slims.server.ts). */

const books = SERVER_HALVES.books;
const fields = new Map(books.definition.fields.map((field) => [field.name, field]));

describe("a file laid out as the list's export", () => {
  it("finds the export's columns by header in any case and spacing, the id apart, the rest reported", () => {
    const header = readHeader(["ID", " judul ", "PENGARANG", "Tanggal  Terbit", "Sampul", "Catatan", "Genre"], importColumns(books));
    expect(header?.id).toBe(0);
    expect([...(header?.columns ?? [])].map(([place, column]) => [place, column.field.name])).toEqual([
      [1, "title"],
      [2, "author_id"],
      [3, "published_date"],
      [6, "genres"],
    ]);
    expect(header?.ignored).toEqual(["Sampul", "Catatan"]);
    expect(readHeader(["Nama", "Alamat"], importColumns(books)), "another list's file").toBeUndefined();
  });

  it("finds a hand-made sheet's columns by the names librarians give them, the export's own header first", () => {
    const header = readHeader(["No.", "Judul Buku", "Penulis", "Nama Penerbit", "Tahun Terbit", "No. ISBN", "Subjek", "Jumlah Eksemplar", "Keterangan"], importColumns(books));
    expect(header?.id).toBeUndefined();
    expect([...(header?.columns ?? [])].map(([place, column]) => [place, column.field.name])).toEqual([
      [1, "title"],
      [2, "author_id"],
      [3, "publisher_id"],
      [4, "published_date"],
      [5, "isbn_issn"],
      [6, "tags"],
    ]);
    expect(header?.ignored).toEqual(["No.", "Jumlah Eksemplar", "Keterangan"]);
    // The export's "ISBN/ISSN" written with other punctuation is the same header.
    expect([...(readHeader(["Judul", "isbn - issn"], importColumns(books))?.columns.values() ?? [])].map((column) => column.field.name)).toEqual(["title", "isbn_issn"]);
  });

  it("reads dates, formula guards and lists as the export wrote them", () => {
    expect(importedDate("17-05-2024")).toBe("2024-05-17");
    expect(importedDate("7/5/2024")).toBe("2024-05-07");
    expect(importedDate("2024-05-17")).toBe("2024-05-17");
    expect(importedDate("kemarin")).toBe("kemarin");
    // A day the calendar lacks stays as typed, so that its refusal quotes it.
    expect(importedDate("31/02/2019")).toBe("31/02/2019");
    expect(importedDate("2019-02-31")).toBe("2019-02-31");
    // Excel's serial day number, as a General cell or a CSV saved from one writes a date: 45123 is 16 July 2023 in Excel.
    expect(importedDate("45123")).toBe("2023-07-16");
    expect(importedDate(" 36526 ")).toBe("2000-01-01");
    // A year alone, as catalogues hold a publication year, is its 1 January; a compact date is not read.
    expect(importedDate("2019")).toBe("2019-01-01");
    expect(importedDate("[2008]")).toBe("2008-01-01");
    expect(importedDate("c2015")).toBe("2015-01-01");
    expect(importedDate("20190115")).toBe("20190115");
    expect(withoutFormulaGuard("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(withoutFormulaGuard("'Tis")).toBe("'Tis");
    // Repeats stay until a name holding a comma is joined again (OptionFinder.joinedAtCommas); the plan keeps one of each.
    expect(relationNames(fields.get("genres")!, "Fiksi, Sejarah; Fiksi ,")).toEqual(["Fiksi", "Sejarah", "Fiksi"]);
    expect(relationNames(fields.get("author_id")!, " Andrea Hirata ")).toEqual(["Andrea Hirata"]);
  });

  it("finds an option by name in any writing, or a classification by its notation, and never guesses between two", () => {
    const finder = new OptionFinder([
      { value: "1", label: "Dr. Budi Santoso, M.Hum." },
      { value: "2", label: "899.221 Sastra Indonesia" },
      { value: "3", label: "899.221 3 Novel Indonesia" },
      { value: "4", label: "Fitri" },
      { value: "5", label: "fitri" },
    ]);
    expect(finder.find("budi  santoso")?.value).toBe("1");
    expect(finder.find("899.221")?.value).toBe("2");
    expect(finder.find("899.221 3")?.value).toBe("3");
    expect(finder.find("Fitri"), "two options of one name").toBeUndefined();
    expect(finder.find("Tidak Ada")).toBeUndefined();
  });

  it("takes a name written exactly as one option beside its namesakes with titles, and names the look-alikes when the file cannot choose", () => {
    const authors = new OptionFinder([
      { value: "1", label: "Rina Wulandari" },
      { value: "2", label: "Dr. Rina Wulandari, M.Pd." },
      { value: "3", label: "Dr. Budi Santoso" },
      { value: "4", label: "Budi Santoso, M.Hum." },
    ]);
    expect(authors.find("rina  wulandari")?.value).toBe("1");
    expect(authors.find("Dr. Rina Wulandari, M.Pd.")?.value).toBe("2");
    expect(authors.lookAlikes("Rina Wulandari")).toEqual([]);
    expect(authors.find("Budi Santoso")).toBeUndefined();
    expect(authors.lookAlikes("Budi Santoso").map((option) => option.value)).toEqual(["3", "4"]);
  });

  it("reads a one-name cell that lists several names, and leaves surname-first names, degrees and organisations whole", () => {
    expect(severalInOne("Rina Wulandari, Nur Aini Safitri")).toEqual(["Rina Wulandari", "Nur Aini Safitri"]);
    expect(severalInOne("Hirata, Andrea; Ajidarma, Seno Gumira")).toEqual(["Hirata, Andrea", "Ajidarma, Seno Gumira"]);
    for (const one of ["Santoso, Budi", "Budi Santoso, M.Hum.", "Budi Santoso, S. Pd", "Gramedia Pustaka Utama, Jakarta", "Dinas Perpustakaan dan Kearsipan", "Rina & Co"])
      expect(severalInOne(one), one).toBeUndefined();
  });

  it("joins again the names a tag holding a comma was split into, as the export wrote the row's tags", () => {
    const tags = new OptionFinder([
      { value: "1", label: "Populer" },
      { value: "2", label: "Sejarah, Indonesia" },
      { value: "3", label: "Sejarah" },
    ]);
    const cell = "Populer, Sejarah, Indonesia, Sejarah";
    const split = relationNames({ name: "tags", label: "Tag", type: "pills", optionsFrom: "tag" } as FieldDefinition, cell);
    expect(tags.joinedAtCommas(split)).toEqual(["Populer", "Sejarah, Indonesia", "Sejarah"]);
    // A list without such a label splits at every comma, as before.
    expect(new OptionFinder([{ value: "3", label: "Sejarah" }]).joinedAtCommas(["Sejarah", "Indonesia"])).toEqual(["Sejarah", "Indonesia"]);
  });
});

describe("a SLiMS bibliography export", () => {
  const { columns, fields: mapping } = books.slimsImport!;

  it("reads several values, a year in SLiMS's writings, and the header row when there is one", () => {
    expect(slimsList("<Hirata, Andrea><Ajidarma, Seno Gumira><Hirata, Andrea>")).toEqual(["Hirata, Andrea", "Ajidarma, Seno Gumira"]);
    expect(slimsList("Satu nama")).toEqual(["Satu nama"]);
    expect(["2019", "[2008]", "c2015", "2019-2020", "tanpa tahun"].map(slimsYear)).toEqual(["2019-01-01", "2008-01-01", "2015-01-01", "2019-01-01", "tanpa tahun"]);
    expect(slimsPlaces([...columns, ""], columns).header).toBe(true);
    expect(slimsPlaces(["Laskar Pelangi", "Text"], columns)).toEqual({ places: new Map(columns.map((column, index) => [column, index])), header: false });
  });

  it("takes the first author and notes the others, topics as tags, NONE as no classification", () => {
    const cells = columns.map((column) => ({ title: "Laskar Pelangi", authors: "<Hirata, Andrea><Kurniawan, Eka>", topics: "<Novel><Persahabatan>", publish_year: "[2008]", classification: "NONE", isbn_issn: "-" })[column as "title"] ?? "");
    const row = slimsValues(cells, slimsPlaces(cells, columns).places, mapping, fields);
    expect(row.values.get("author_id")).toBe("Hirata, Andrea");
    expect(row.values.get("tags")).toEqual(["Novel", "Persahabatan"]);
    expect(row.values.get("published_date")).toBe("2008-01-01");
    expect(row.values.get("classification_id")).toBe("");
    expect(row.values.get("isbn_issn")).toBe("");
    expect(row.notes).toEqual(["Pengarang lain tidak diimpor: Kurniawan, Eka."]);
  });

  it("takes the first number of an ISBN field holding a qualifier or several, saying so; an unknown year is no year, said so", () => {
    expect(slimsIsbn("978-602-8519-93-9 (jil. 1)")).toEqual({ isbn: "978-602-8519-93-9", note: "ISBN/ISSN “978-602-8519-93-9 (jil. 1)”: hanya 978-602-8519-93-9 yang diimpor." });
    expect(slimsIsbn("979-3062-79-7; 978-979-3062-79-3").isbn).toBe("979-3062-79-7");
    expect(slimsIsbn("9789793062793 (pbk.)").isbn).toBe("9789793062793");
    expect(slimsIsbn("ISSN 0126-0537").isbn).toBe("0126-0537");
    expect(slimsIsbn(" 978-602-03-3187-4 ")).toEqual({ isbn: "978-602-03-3187-4" });
    expect(slimsIsbn("-")).toEqual({ isbn: "-" });
    const cells = columns.map((column) => ({ title: "Tanpa Tahun", publish_year: "[s.a.]", isbn_issn: "9789793062793 (pbk.)" })[column as "title"] ?? "");
    const row = slimsValues(cells, slimsPlaces(cells, columns).places, mapping, fields);
    expect([row.values.get("published_date"), row.values.get("isbn_issn")]).toEqual(["", "9789793062793"]);
    expect(row.notes).toEqual(["Tanggal terbit “[s.a.]” berarti tanpa tahun: dikosongkan.", "ISBN/ISSN “9789793062793 (pbk.)”: hanya 9789793062793 yang diimpor."]);
  });
});

describe("a workbook whose first sheet holds no header", () => {
  it("names the sheet read and the others, and says how to import one of them", () => {
    expect(PREVIEW_TEXTS.noHeader("katalog.xlsx", { read: "Petunjuk", notRead: ["Data"] })).toBe(
      "Judul kolom seperti ekspor daftar ini (misalnya “ID”, lalu nama kolom seperti pada tabel) tidak ditemukan di 10 baris pertama lembar “Petunjuk” berkas “katalog.xlsx”. Tidak ada judul kolom yang dikenali. Bila datanya ada di lembar lain (“Data”), jadikan lembar itu yang pertama, lalu unggah lagi.",
    );
  });
});
