import { expect, test } from "./fixtures.ts";
import { alertShown, apiData, catalogueBooks, dialogNamed, keptAdminPages, pick, referenceApiToken, seriousViolations } from "./helpers/index.ts";
import { isbn13To10 } from "~/lib/standard-numbers";

/**
 * Duplicates caught before they are saved (app/admin-kit/duplicates.ts), in a real browser with
 * JavaScript and without, against the reference API's seeded catalogue: a book whose title and
 * author, or whose ISBN in another writing, match a stored one; an author named with titles
 * around a stored name; a genre renamed into another's name. Each is warned of with a link to
 * the record found, nothing is written, and "Simpan tetap" writes it. The tests of a mode share a
 * kept tab (`keptAdminPages`), each opening its form as a new document in it.
 */

interface Named {
  id: number;
  name: string;
}

const warning = (dialog: ReturnType<typeof dialogNamed>) => dialog.locator(".kit-duplicate-notice");

/** A logged-in tab per mode, kept until the end of the file. */
const kept = keptAdminPages();
test.afterAll(() => kept.close());

for (const javaScript of [true, false]) test.describe(`duplicates with JavaScript ${javaScript ? "on" : "off"}`, () => {
  test("a book with a stored book's title and author is warned of, linked, and written only by “Simpan tetap”", async ({ browser, mainStack }) => {
    const { referenceApiUrl } = mainStack;
    const before = await catalogueBooks(referenceApiUrl);
    const [stored] = before;
    const admin = await kept.open(browser, mainStack.bffUrl, { javaScript });
    const { page } = admin;
    await admin.open("/admin/book?modal=add");
    const dialog = dialogNamed(page, "TAMBAH BUKU");
    // The same title, cased and spaced otherwise.
    await dialog.getByLabel("Judul").fill(`  ${stored.title.toUpperCase()} `);
    await dialog.getByLabel("Tanggal terbit").fill("01-02-2024");
    await pick(dialog, "Pengarang", stored.author.name, { javaScript });
    await pick(dialog, "Penerbit", stored.publisher.name, { javaScript });
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();

    await warning(dialog).waitFor();
    await expect(warning(dialog)).toContainText("Data ini mungkin sudah ada:");
    await expect(warning(dialog)).toContainText("judul dan pengarang sama");
    const link = warning(dialog).getByRole("link", { name: `${stored.title} (tab baru)` });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/admin\/book\?modal=edit&id=\d+$/);
    expect(await link.getAttribute("target")).toBe("_blank");
    // axe runs as a page script: with JavaScript on only (the server's HTML is the same).
    if (javaScript) expect(await seriousViolations(page)).toEqual([]);
    expect((await catalogueBooks(referenceApiUrl)).length).toBe(before.length);
    // The form is as typed.
    expect(await dialog.getByLabel("Tanggal terbit").inputValue()).toBe("01-02-2024");

    await warning(dialog).getByRole("button", { name: "Simpan tetap" }).click();
    await alertShown(page, "Berhasil menambahkan data!");
    const after = await catalogueBooks(referenceApiUrl);
    expect(after.length).toBe(before.length + 1);
    const added = after.find((book) => book.title === stored.title.toUpperCase() && !before.some((old) => old.id === book.id))!;
    expect(added).toBeDefined();
    const token = await referenceApiToken(referenceApiUrl);
    await fetch(`${referenceApiUrl}/api/books/${added.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
  });

  test("a book whose ISBN is a stored one written as its ISBN-10 is warned of; nothing is written", async ({ browser, mainStack }) => {
    const { referenceApiUrl } = mainStack;
    const books = await catalogueBooks(referenceApiUrl);
    const stored = books.find((book) => book.isbn_issn.replace(/-/g, "").startsWith("978"))!;
    const isbn10 = isbn13To10(stored.isbn_issn.replace(/-/g, ""))!;
    const admin = await kept.open(browser, mainStack.bffUrl, { javaScript });
    const { page } = admin;
    await admin.open("/admin/book?modal=add");
    const dialog = dialogNamed(page, "TAMBAH BUKU");
    await dialog.getByLabel("Judul").fill("Judul lain, nomor yang sama");
    await dialog.getByLabel("Tanggal terbit").fill("02.03.2024");
    await dialog.getByLabel("ISBN/ISSN").fill(`ISBN ${isbn10.slice(0, 1)}-${isbn10.slice(1, 4)}-${isbn10.slice(4, 9)}-${isbn10.slice(9)}`);
    await pick(dialog, "Pengarang", books[1].author.name, { javaScript });
    await pick(dialog, "Penerbit", books[1].publisher.name, { javaScript });
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await warning(dialog).waitFor();
    await expect(warning(dialog)).toContainText(`${stored.title} (tab baru) (ISBN/ISSN sama)`);
    expect((await catalogueBooks(referenceApiUrl)).length).toBe(books.length);
  });

  test("an author named with titles around a stored name is warned of, and “Simpan tetap” writes it", async ({ browser, mainStack }) => {
    const { referenceApiUrl } = mainStack;
    const token = await referenceApiToken(referenceApiUrl);
    // Spec §7: the authors' list answers in `author`.
    const authors = async () =>
      ((await (await fetch(`${referenceApiUrl}/api/authors?limit=0`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { author: Named[] }).author;
    const [stored] = await authors();
    const admin = await kept.open(browser, mainStack.bffUrl, { javaScript });
    const { page } = admin;
    await admin.open("/admin/author?modal=add");
    const dialog = dialogNamed(page, "TAMBAH PENGARANG");
    const name = `Dr. ${stored.name.toLowerCase()}, M.Hum.`;
    await dialog.getByLabel("Nama").fill(name);
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await warning(dialog).waitFor();
    await expect(warning(dialog)).toContainText(`${stored.name} (tab baru) (nama sama)`);
    // Enter in the field saves as SIMPAN does, never as "Simpan tetap": warned again, nothing written.
    const sentAgain = page.waitForResponse((response) => response.request().method() === "POST");
    await dialog.getByLabel("Nama").press("Enter");
    await sentAgain;
    await warning(dialog).waitFor();
    expect((await authors()).some((author) => author.name === name)).toBe(false);
    await warning(dialog).getByRole("button", { name: "Simpan tetap" }).click();
    await alertShown(page, "Berhasil menambahkan data!");
    const added = (await authors()).find((author) => author.name === name)!;
    expect(added).toBeDefined();
    await fetch(`${referenceApiUrl}/api/authors/${added.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
  });

  test("a genre renamed into another genre's name is warned of, and stays as it was", async ({ browser, mainStack }) => {
    const { referenceApiUrl } = mainStack;
    const token = await referenceApiToken(referenceApiUrl);
    const genres = () => apiData<Named[]>(referenceApiUrl, "/genres?limit=0", token);
    const [first, second] = await genres();
    const admin = await kept.open(browser, mainStack.bffUrl, { javaScript });
    const { page } = admin;
    await admin.open(`/admin/genre?modal=edit&id=${first.id}`);
    const dialog = dialogNamed(page, "UBAH KATEGORI");
    await dialog.getByLabel("Nama").fill(second.name.toLowerCase());
    await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
    await warning(dialog).waitFor();
    await expect(warning(dialog)).toContainText(`${second.name} (tab baru) (nama sama)`);
    expect((await genres()).find((genre) => genre.id === first.id)?.name).toBe(first.name);
  });
});
