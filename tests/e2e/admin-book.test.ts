import type { Page } from "playwright-core";
import { expect, test } from "./fixtures.ts";
import { alertShown, alertWith, dialogNamed, pick, pickedPills, pngBuffer, rowWith, unpick } from "./helpers/index.ts";
import { SHAPES, type ShapedStack, shapedStack } from "./upstream-shapes.ts";

/**
 * The book screen in a real browser against the reference API: a book with its relations and
 * files added, edited and deleted with JavaScript, added without it, an edit of the title alone
 * that must keep every relation, and axe-core on the list, its modals and its delete question.
 * Reading and editing run twice: with the upstream in its full shape and in the spec shape
 * (relations by name only, ids sometimes strings; tests/e2e/upstream-shapes.ts).
 */

interface Named {
  id: number;
  name: string;
}
interface Classification {
  id: number;
  notation: string;
  general_name: string;
}
/** A book as the reference API stores it (read in its full shape, ids included). */
interface Book {
  id: number;
  title: string;
  synopsis: string;
  isbn_issn: string;
  published_date: string;
  author_id: number;
  author: Named;
  publisher_id: number;
  publisher: Named;
  classification_id: number | null;
  genres: Named[];
  tags: Named[];
  cover: string;
  file: string;
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

interface Catalogue {
  authors: Named[];
  publishers: Named[];
  classifications: Classification[];
  genres: Named[];
  tags: Named[];
}

async function catalogueOf(stack: Pick<ShapedStack, "api">): Promise<Catalogue> {
  const [authors, publishers, classifications, genres, tags] = await Promise.all([
    stack.api<{ author: Named[] }>("/authors?limit=0").then((body) => body.author),
    stack.api<{ publishers: Named[] }>("/publishers?limit=0").then((body) => body.publishers),
    stack.api<{ data: Classification[] }>("/classifications?limit=0").then((body) => body.data),
    stack.api<{ data: Named[] }>("/genres?limit=0").then((body) => body.data),
    stack.api<{ data: Named[] }>("/tags?limit=0").then((body) => body.data),
  ]);
  return { authors, publishers, classifications, genres, tags };
}

const booksOf = async (stack: ShapedStack) => (await stack.api<{ books: Book[] }>("/books/all?limit=0")).books;

interface Relations {
  author: Named;
  publisher: Named;
  classification: Classification;
  genres: Named[];
  tag: Named;
}

async function fillNewBook(page: Page, relations: Relations, title: string, javaScript: boolean) {
  const dialog = dialogNamed(page, "TAMBAH BUKU");
  await dialog.waitFor();
  await dialog.getByLabel("Judul").fill(title);
  await dialog.getByLabel("Sinopsis").fill("Catatan perjalanan para pustakawan keliling menyusuri desa-desa di lembah.");
  await dialog.getByLabel("Tanggal terbit").fill("17-05-2023");
  await dialog.getByLabel("ISBN/ISSN").fill("978-0-306-40615-7");
  await pick(dialog, "Pengarang", relations.author.name, { javaScript });
  await pick(dialog, "Penerbit", relations.publisher.name, { javaScript });
  await pick(dialog, "Klasifikasi", `${relations.classification.notation} ${relations.classification.general_name}`, { javaScript });
  for (const genre of relations.genres) await pick(dialog, "Genre", genre.name, { javaScript });
  await pick(dialog, "Tag", relations.tag.name, { javaScript });
  await dialog.getByLabel("Sampul").setInputFiles({ name: "sampul.png", mimeType: "image/png", buffer: pngBuffer() });
  await dialog.getByLabel("Berkas buku").setInputFiles({ name: "buku.pdf", mimeType: "application/pdf", buffer: PDF });
  await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
}

function expectStored(book: Book | undefined, relations: Relations, title: string) {
  expect(book).toMatchObject({
    title,
    isbn_issn: "9780306406157",
    published_date: "2023-05-17T00:00:00.000Z",
    author: { id: relations.author.id },
    publisher: { id: relations.publisher.id },
    classification_id: relations.classification.id,
    genres: relations.genres.map(({ id, name }) => ({ id, name })),
    tags: [{ id: relations.tag.id, name: relations.tag.name }],
  });
  expect(book?.cover).toMatch(/\.png$/);
  expect(book?.file).toMatch(/\.pdf$/);
}

for (const shape of SHAPES) test.describe(`books with JavaScript, upstream in the ${shape} shape`, () => {
  test.use({ shape });
  let catalogue: Catalogue;
  let relations: Relations;
  test.beforeAll(async ({ stackOf }) => {
    // The stack may be started here, the first time the worker asks for it: as long as the `shaped` fixture allows.
    test.setTimeout(120_000);
    // The test-scoped `shaped` is not there yet: the same stack's reference API, read alone.
    const { bffUrl, referenceApiUrl } = await stackOf(shape);
    const reader = shapedStack(shape, bffUrl, referenceApiUrl, () => Promise.reject(new Error("no browser in beforeAll")));
    catalogue = await catalogueOf(reader);
    const { authors, publishers, classifications, genres, tags } = catalogue;
    relations = { author: authors[0], publisher: publishers[0], classification: classifications[0], genres: genres.slice(0, 2), tag: tags[0] };
  });

  test("adds a book with its relations and files, edits it (files kept), and deletes it", async ({ shaped: stack }) => {
    const admin = await stack.open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/book");
    const title = "Pustakawan Keliling dengan JavaScript";

    await page.getByRole("link", { name: "Tambah" }).click();
    await fillNewBook(page, relations, title, true);
    await alertShown(page, "Berhasil menambahkan data!");
    const row = rowWith(page, title);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(relations.author.name);
    // The publisher's column starts hidden (the table fits a laptop); the column chooser shows it.
    await page.locator(".kit-column-chooser > summary").click();
    await page.locator(".kit-column-chooser").getByRole("checkbox", { name: "Penerbit" }).check();
    await expect.poll(() => row.textContent()).toContain(relations.publisher.name);
    expect(await row.textContent()).toContain("Catatan perjalanan para pustakawan keliling menyus...");
    const added = (await booksOf(stack)).find((book) => book.title === title);
    expectStored(added, relations, title);

    // Edit: prefilled, one genre dropped, no new file
    await page.getByRole("link", { name: `EDIT ${title}` }).click();
    const dialog = dialogNamed(page, "UBAH BUKU");
    await dialog.waitFor();
    expect(await dialog.getByLabel("Judul").inputValue()).toBe(title);
    expect(await dialog.getByLabel("Tanggal terbit").inputValue()).toBe("17-05-2023");
    expect(await dialog.getByRole("combobox", { name: "Pengarang" }).inputValue()).toBe(relations.author.name);
    expect(await pickedPills(dialog, "Genre")).toEqual(relations.genres.map((genre) => genre.name));
    await dialog.getByLabel("Judul").fill(`${title} (revisi)`);
    await unpick(dialog, relations.genres[1].name);
    await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
    await alertShown(page, "Berhasil mengubah data!");
    await rowWith(page, `${title} (revisi)`).waitFor();
    const edited = (await booksOf(stack)).find((book) => book.id === added?.id);
    expect(edited).toMatchObject({ title: `${title} (revisi)`, genres: [{ id: relations.genres[0].id }], cover: added?.cover, file: added?.file });

    // Delete, after the question
    await page.getByRole("link", { name: `HAPUS ${title} (revisi)` }).click();
    await page.getByRole("alertdialog", { name: "Apakah anda yakin ingin menghapus data?" }).getByRole("button", { name: "Hapus" }).click();
    await alertShown(page, "Berhasil menghapus data!");
    await rowWith(page, `${title} (revisi)`).waitFor({ state: "detached" });
    expect((await booksOf(stack)).some((book) => book.id === added?.id)).toBe(false);
  });

  test("edits only the title: the author, publisher, classification, genres and tags stay exactly as stored", async ({ shaped: stack }) => {
    // Relations with even ids among them, which the spec shape sends as strings.
    const { authors, publishers, classifications, genres, tags } = catalogue;
    const [author, publisher, classification, tag] = [authors[1], publishers[1], classifications[1], tags[1]];
    const chosenGenres = genres.slice(1, 3);
    const title = "Arsip Keluarga di Lembah";
    const fields = new FormData();
    for (const [name, value] of Object.entries({
      title,
      published_date: "2022-02-02",
      author_id: String(author.id),
      publisher_id: String(publisher.id),
      classification_id: String(classification.id),
      synopsis: "Cara menyimpan surat dan foto keluarga.",
    })) {
      fields.append(name, value);
    }
    for (const genre of chosenGenres) fields.append("genres[]", String(genre.id));
    fields.append("tags[]", String(tag.id));
    const { data: created } = await stack.api<{ data: Book }>("/books", { method: "POST", body: fields });
    try {
      expect(created).toMatchObject({
        author_id: author.id,
        publisher_id: publisher.id,
        classification_id: classification.id,
        genres: chosenGenres.map(({ id, name }) => ({ id, name })),
        tags: [{ id: tag.id, name: tag.name }],
      });

      const admin = await stack.open({ javaScript: true });
      const { page } = admin;
      await admin.open("/admin/book");
      await page.getByRole("link", { name: `EDIT ${title}` }).click();
      const dialog = dialogNamed(page, "UBAH BUKU");
      await dialog.waitFor();
      expect(await dialog.getByLabel("Judul").inputValue()).toBe(title);
      await dialog.getByLabel("Judul").fill(`${title} (edisi baru)`);
      await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
      // Saved, or refused by the form (e.g. a relation it could not preselect): say which.
      const saved = alertWith(page, "Berhasil mengubah data!");
      await saved.or(dialog.locator('[aria-invalid="true"]')).first().waitFor();
      if (!(await saved.isVisible())) throw new Error(`the form refused a title-only edit: ${await dialog.innerText({ timeout: 1_000 }).catch(() => "")}`);
      await rowWith(page, `${title} (edisi baru)`).waitFor();

      const stored = (await booksOf(stack)).find((book) => book.id === created.id);
      expect(stored).toEqual({ ...created, title: `${title} (edisi baru)` });
      expect(stored).toMatchObject({
        author_id: author.id,
        author: { id: author.id, name: author.name },
        publisher_id: publisher.id,
        publisher: { id: publisher.id, name: publisher.name },
        classification_id: classification.id,
        genres: chosenGenres.map(({ id, name }) => ({ id, name })),
        tags: [{ id: tag.id, name: tag.name }],
      });
    } finally {
      await stack.api(`/books/${created.id}`, { method: "DELETE" });
    }
  });
});

test.describe("books with JavaScript", () => {
  test("refuses a wrong ISBN check digit next to the field, keeping what was typed", async ({ admins }) => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/book?modal=add");
    const dialog = dialogNamed(page, "TAMBAH BUKU");
    await dialog.getByLabel("Judul").fill("ISBN salah");
    await dialog.getByLabel("ISBN/ISSN").fill("978-0-306-40615-8");
    await dialog.getByLabel("Judul").focus();
    await dialog.getByText("digit pemeriksanya tidak cocok").waitFor();
    expect(await dialog.getByLabel("ISBN/ISSN").getAttribute("aria-invalid")).toBe("true");
  });

  test("saves a synopsis edit of a book whose stored ISBN fails its check digit, the ISBN kept as stored and marked", async ({ shaped: fullStack }) => {
    const { authors, publishers } = await catalogueOf(fullStack);
    const title = "Naskah Impor Lama";
    // 978-623-7001-01-0 with its last digit changed: the upstream takes it, today's rule does not.
    const badIsbn = "9786237001011";
    const fields = new FormData();
    for (const [name, value] of Object.entries({ title, published_date: "2019-09-09", author_id: String(authors[0].id), publisher_id: String(publishers[0].id), isbn_issn: badIsbn, synopsis: "Lama." })) {
      fields.append(name, value);
    }
    const { data: created } = await fullStack.api<{ data: Book }>("/books", { method: "POST", body: fields });
    try {
      const admin = await fullStack.open({ javaScript: true });
      const { page } = admin;
      await admin.open("/admin/book");
      await page.getByRole("link", { name: `EDIT ${title}` }).click();
      const dialog = dialogNamed(page, "UBAH BUKU");
      await dialog.getByText("Nilai lama tidak lolos pemeriksaan; tidak diubah").waitFor();
      expect(await dialog.getByLabel("ISBN/ISSN").inputValue()).toBe(badIsbn);
      await dialog.getByLabel("Sinopsis").fill("Sinopsis yang diperbarui.");
      await dialog.getByLabel("ISBN/ISSN").focus();
      await dialog.getByLabel("Sinopsis").focus();
      await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
      const saved = alertWith(page, "Berhasil mengubah data!");
      await saved.or(dialog.locator('[aria-invalid="true"]')).first().waitFor();
      if (!(await saved.isVisible())) throw new Error(`the form refused a synopsis edit: ${await dialog.innerText({ timeout: 1_000 }).catch(() => "")}`);
      const stored = (await booksOf(fullStack)).find((book) => book.id === created.id);
      expect(stored).toMatchObject({ synopsis: "Sinopsis yang diperbarui.", isbn_issn: badIsbn });
    } finally {
      await fullStack.api(`/books/${created.id}`, { method: "DELETE" });
    }
  });
});

for (const shape of SHAPES) test.describe(`books without JavaScript, upstream in the ${shape} shape`, () => {
  test.use({ shape });
  test("adds a book with its relations and files", async ({ shaped: stack }) => {
    const { authors, publishers, classifications, genres, tags } = await catalogueOf(stack);
    const relations = { author: authors[1], publisher: publishers[1], classification: classifications[1], genres: genres.slice(1, 3), tag: tags[1] };
    const admin = await stack.open({ javaScript: false });
    const { page } = admin;
    await admin.open("/admin/book");
    const title = "Pustakawan Keliling tanpa JavaScript";
    await page.getByRole("link", { name: "Tambah" }).click();
    await fillNewBook(page, relations, title, false);
    await alertShown(page, "Berhasil menambahkan data!");
    await rowWith(page, title).waitFor();
    const added = (await booksOf(stack)).find((book) => book.title === title);
    expectStored(added, relations, title);
    await stack.api(`/books/${added?.id}`, { method: "DELETE" });
  });
});

test.describe("books without JavaScript", () => {
  test("saves on Enter in a field (the form is checked), never running a picker's search", async ({ admins }) => {
    const admin = await admins.open({ javaScript: false });
    const { page } = admin;
    await admin.open("/admin/book?modal=add");
    const dialog = dialogNamed(page, "TAMBAH BUKU");
    await dialog.getByLabel("Judul").fill("Enter menyimpan");
    await Promise.all([page.waitForLoadState("load"), dialog.getByLabel("Judul").press("Enter")]);
    await dialog.getByText("Pengarang wajib dipilih").waitFor();
    expect(await dialog.getByLabel("Judul").inputValue()).toBe("Enter menyimpan");
  });
});

