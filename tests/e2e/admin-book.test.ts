import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminBrowsers, alertWith, dialogNamed, pngBuffer, rowWith } from "./admin-screens-support.ts";
import { referenceApiToken } from "./support.ts";

/**
 * The book screen in a real browser against the reference API: a book with its relations and
 * files added, edited and deleted with JavaScript, added without it, and axe-core on the list,
 * its modals and its delete question.
 */

const bffUrl = inject("bffUrl");
const referenceApiUrl = inject("referenceApiUrl");

interface Named {
  id: number;
  name: string;
}
interface Book {
  id: number;
  title: string;
  synopsis: string;
  isbn_issn: string;
  published_date: string;
  author: Named;
  publisher: Named;
  classification_id: number | null;
  genres: Named[];
  tags: Named[];
  cover: string;
  file: string;
}

let token: string;
async function api<T>(path: string, key: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${referenceApiUrl}/api${path}`, { ...init, headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}`);
  return ((await response.json()) as Record<string, T>)[key];
}
const books = () => api<Book[]>("/books/all?limit=0", "books");

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

const admins = adminBrowsers(bffUrl);
let relations: { author: Named; publisher: Named; classification: { id: number; notation: string; general_name: string }; genres: Named[]; tag: Named };

beforeAll(async () => {
  token = await referenceApiToken(referenceApiUrl);
  const [authors, publishers, classifications, genres, tags] = await Promise.all([
    api<Named[]>("/authors?limit=0", "author"),
    api<Named[]>("/publishers?limit=0", "publishers"),
    api<Array<{ id: number; notation: string; general_name: string }>>("/classifications?limit=0", "data"),
    api<Named[]>("/genres?limit=0", "data"),
    api<Named[]>("/tags?limit=0", "data"),
  ]);
  relations = { author: authors[0], publisher: publishers[0], classification: classifications[0], genres: genres.slice(0, 2), tag: tags[0] };
});

async function fillNewBook(page: Page, title: string) {
  const dialog = dialogNamed(page, "TAMBAH BUKU");
  await dialog.waitFor();
  await dialog.getByLabel("Judul").fill(title);
  await dialog.getByLabel("Sinopsis").fill("Catatan perjalanan para pustakawan keliling menyusuri desa-desa di lembah.");
  await dialog.getByLabel("Tanggal terbit").fill("2023-05-17");
  await dialog.getByLabel("ISBN/ISSN").fill("978-0-306-40615-7");
  await dialog.getByLabel("Pengarang").selectOption({ label: relations.author.name });
  await dialog.getByLabel("Penerbit").selectOption({ label: relations.publisher.name });
  await dialog.getByLabel("Klasifikasi").selectOption({ label: `${relations.classification.notation} ${relations.classification.general_name}` });
  for (const genre of relations.genres) await dialog.getByRole("group", { name: "Genre" }).getByLabel(genre.name, { exact: true }).check();
  await dialog.getByRole("group", { name: "Tag" }).getByLabel(relations.tag.name, { exact: true }).check();
  await dialog.getByLabel("Sampul").setInputFiles({ name: "sampul.png", mimeType: "image/png", buffer: pngBuffer() });
  await dialog.getByLabel("Berkas buku").setInputFiles({ name: "buku.pdf", mimeType: "application/pdf", buffer: PDF });
  await dialog.getByRole("button", { name: "SIMPAN" }).click();
}

function expectStored(book: Book | undefined, title: string) {
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

describe("books with JavaScript", () => {
  it("adds a book with its relations and files, edits it (files kept), and deletes it", async () => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/book");
    const title = "Pustakawan Keliling dengan JavaScript";

    await page.getByRole("link", { name: "Tambah" }).click();
    await fillNewBook(page, title);
    await alertWith(page, "Berhasil menambahkan data!").waitFor();
    const row = rowWith(page, title);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(relations.author.name);
    expect(await row.textContent()).toContain(relations.publisher.name);
    expect(await row.textContent()).toContain("Catatan perjalanan para pustakawan keliling menyus...");
    const added = (await books()).find((book) => book.title === title);
    expectStored(added, title);

    // Edit: prefilled, one genre dropped, no new file
    await page.getByRole("link", { name: `EDIT ${title}` }).click();
    const dialog = dialogNamed(page, "UBAH BUKU");
    await dialog.waitFor();
    expect(await dialog.getByLabel("Judul").inputValue()).toBe(title);
    expect(await dialog.getByLabel("Tanggal terbit").inputValue()).toBe("2023-05-17");
    expect(await dialog.getByLabel("Pengarang").inputValue()).toBe(String(relations.author.id));
    expect(await dialog.getByRole("group", { name: "Genre" }).getByLabel(relations.genres[1].name, { exact: true }).isChecked()).toBe(true);
    await dialog.getByLabel("Judul").fill(`${title} (revisi)`);
    await dialog.getByRole("group", { name: "Genre" }).getByLabel(relations.genres[1].name, { exact: true }).uncheck();
    await dialog.getByRole("button", { name: "UBAH" }).click();
    await alertWith(page, "Berhasil mengubah data!").waitFor();
    await rowWith(page, `${title} (revisi)`).waitFor();
    const edited = (await books()).find((book) => book.id === added?.id);
    expect(edited).toMatchObject({ title: `${title} (revisi)`, genres: [{ id: relations.genres[0].id }], cover: added?.cover, file: added?.file });

    // Delete, after the question
    await page.getByRole("link", { name: `HAPUS ${title} (revisi)` }).click();
    await page.getByRole("alertdialog", { name: "Apakah anda yakin ingin menghapus data?" }).getByRole("button", { name: "Hapus" }).click();
    await alertWith(page, "Berhasil menghapus data!").waitFor();
    await rowWith(page, `${title} (revisi)`).waitFor({ state: "detached" });
    expect((await books()).some((book) => book.id === added?.id)).toBe(false);
  });

  it("refuses a wrong ISBN check digit next to the field, keeping what was typed", async () => {
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
});

describe("books without JavaScript", () => {
  it("adds a book with its relations and files", async () => {
    const admin = await admins.open({ javaScript: false });
    const { page } = admin;
    await admin.open("/admin/book");
    const title = "Pustakawan Keliling tanpa JavaScript";
    await page.getByRole("link", { name: "Tambah" }).click();
    await fillNewBook(page, title);
    await alertWith(page, "Berhasil menambahkan data!").waitFor();
    await rowWith(page, title).waitFor();
    const added = (await books()).find((book) => book.title === title);
    expectStored(added, title);
    await api(`/books/${added?.id}`, "message", { method: "DELETE" });
  });
});

describe("accessibility", () => {
  it("axe-core finds no serious or critical violation on the list, the add and edit modals and the delete question", async () => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    const id = (await books())[0].id;
    for (const query of ["", "?modal=add", `?modal=edit&id=${id}`, `?delete=${id}`]) {
      await admin.open(`/admin/book${query}`);
      if (query.startsWith("?modal")) await page.getByRole("dialog").waitFor();
      if (query.startsWith("?delete")) await page.getByRole("alertdialog").waitFor();
      await page.waitForLoadState("networkidle");
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
      expect(serious, query || "list").toEqual([]);
    }
  });
});
