import { expect, test } from "./fixtures.ts";
import { alertShown, dialogNamed, markWindow, pngBuffer, rowWith, type Publisher } from "./helpers/index.ts";
import { SHAPES, type ShapedStack } from "./upstream-shapes.ts";

/**
 * The catalogue screens in a real browser against the reference API: a genre (JSON writes, with
 * JavaScript), an author (multipart with a photo) and a publisher (JSON, a number field) added,
 * edited and deleted, with JavaScript on and off. The author and the publisher also with the
 * upstream in the spec shape (tests/e2e/upstream-shapes.ts).
 */

/** An admin list of a stack's reference API, under its own key (read in the full shape, ids included). */
async function adminListOf<T>(stack: ShapedStack, path: string, key: string): Promise<T[]> {
  return (await stack.api<Record<string, T[]>>(`${path}?limit=0`))[key];
}

interface Genre {
  id: number;
  name: string;
}
interface Author {
  id: number;
  name: string;
  biography: string;
  photo: string;
  total_books: number;
}
const JAVASCRIPT = [
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
];

// The genre with JavaScript: without it, the generic screen's plain forms are admin-slider's and
// the author's and publisher's below; its JSON writes, the contract property test's.
for (const { javaScript, label } of JAVASCRIPT.filter((mode) => mode.javaScript)) test.describe(`catalogue with ${label}`, () => {
  test("adds, edits and deletes a genre (Kategori), asking in English before the delete", async ({ admins, shaped: fullStack }) => {
    const adminList = <T>(path: string, key: string) => adminListOf<T>(fullStack, path, key);
    const admin = await admins.open({ javaScript });
    const { page } = admin;
    await admin.open("/admin/genre");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Kategori");
    const pageLoad = javaScript ? await markWindow(page) : undefined;
    const name = `Cerita rakyat ${javaScript ? "js" : "tanpa js"}`;

    await page.getByRole("link", { name: "Tambah", exact: true }).click();
    const addDialog = dialogNamed(page, "TAMBAH KATEGORI");
    await addDialog.getByLabel("Nama").fill(name);
    await addDialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await alertShown(page, "Berhasil menambahkan data!");
    const row = rowWith(page, name);
    await row.waitFor();
    // No cover yet: the placeholder image stands in.
    expect(await row.getByRole("img").getAttribute("src")).toBe("/images/cover-placeholder.svg");
    const added = (await adminList<Genre>("/genres", "data")).find((genre) => genre.name === name);
    expect(added).toBeDefined();

    await page.getByRole("link", { name: `EDIT ${name}` }).click();
    const editDialog = dialogNamed(page, "UBAH KATEGORI");
    expect(await editDialog.getByLabel("Nama").inputValue()).toBe(name);
    await editDialog.getByLabel("Nama").fill(`${name} diubah`);
    await editDialog.getByRole("button", { name: "UBAH", exact: true }).click();
    await alertShown(page, "Berhasil mengubah data!");
    await rowWith(page, `${name} diubah`).waitFor();
    expect((await adminList<Genre>("/genres", "data")).find((genre) => genre.id === added?.id)?.name).toBe(`${name} diubah`);

    await page.getByRole("link", { name: `HAPUS ${name} diubah` }).click();
    const question = page.getByRole("alertdialog", { name: "Are you sure you want to delete this genre?" });
    await question.getByRole("link", { name: "Batal" }).click();
    await question.waitFor({ state: "detached" });
    expect((await adminList<Genre>("/genres", "data")).some((genre) => genre.id === added?.id)).toBe(true);
    await page.getByRole("link", { name: `HAPUS ${name} diubah` }).click();
    await question.getByRole("button", { name: "Hapus" }).click();
    await alertShown(page, "Berhasil menghapus data!");
    await rowWith(page, `${name} diubah`).waitFor({ state: "detached" });
    expect((await adminList<Genre>("/genres", "data")).some((genre) => genre.id === added?.id)).toBe(false);

    if (pageLoad) expect(await pageLoad.survived(), "no full page load with JavaScript").toBe(true);
  });
});

for (const shape of SHAPES) test.describe(`authors and publishers, upstream in the ${shape} shape`, () => {
  test.use({ shape });

  // Without JavaScript on the full shape only: the shape is the server's, the same HTML to the
  // browser (the contract property test tries each write in either answer shape).
  for (const { javaScript, label } of JAVASCRIPT.filter((mode) => mode.javaScript || shape === "full")) test(`adds an author with a photo, edits them, and deletes them (${label})`, async ({ shaped: stack }) => {
    const adminList = <T>(path: string, key: string) => adminListOf<T>(stack, path, key);
    const admin = await stack.open({ javaScript });
    const { page } = admin;
    await admin.open("/admin/author");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Pengarang");
    const pageLoad = javaScript ? await markWindow(page) : undefined;
    const name = `Dewi Lestari ${javaScript ? "js" : "tanpa js"}`;

    await page.getByRole("link", { name: "Tambah", exact: true }).click();
    const addDialog = dialogNamed(page, "TAMBAH PENGARANG");
    await addDialog.getByLabel("Nama").fill(name);
    await addDialog.getByLabel("Biografi").fill("Penulis cerita anak dari Lembah Asri.");
    await addDialog.getByLabel("Foto").setInputFiles({ name: "dewi.png", mimeType: "image/png", buffer: pngBuffer() });
    await addDialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await alertShown(page, "Berhasil menambahkan data!");
    await rowWith(page, name).waitFor();
    const added = (await adminList<Author>("/authors", "author")).find((author) => author.name === name);
    expect(added).toMatchObject({ biography: "Penulis cerita anak dari Lembah Asri.", total_books: 0 });
    expect(added?.photo).toMatch(/\.png$/);

    await page.getByRole("link", { name: `EDIT ${name}` }).click();
    const editDialog = dialogNamed(page, "UBAH PENGARANG");
    expect(await editDialog.getByLabel("Biografi").inputValue()).toBe("Penulis cerita anak dari Lembah Asri.");
    expect(await editDialog.getByRole("img", { name: "Gambar saat ini" }).getAttribute("src")).toBe(`/files/${added?.photo}`);
    await editDialog.getByLabel("Nama").fill(`${name} (ubah)`);
    await editDialog.getByRole("button", { name: "UBAH", exact: true }).click();
    await alertShown(page, "Berhasil mengubah data!");
    await rowWith(page, `${name} (ubah)`).waitFor();
    // No new photo was chosen: the stored one stays.
    expect((await adminList<Author>("/authors", "author")).find((author) => author.id === added?.id)).toMatchObject({
      name: `${name} (ubah)`,
      photo: added?.photo,
    });

    await page.getByRole("link", { name: `HAPUS ${name} (ubah)` }).click();
    const question = page.getByRole("alertdialog", { name: "Are you sure you want to delete this author?" });
    await question.getByRole("button", { name: "Hapus" }).click();
    await alertShown(page, "Berhasil menghapus data!");
    await rowWith(page, `${name} (ubah)`).waitFor({ state: "detached" });
    expect((await adminList<Author>("/authors", "author")).some((author) => author.id === added?.id)).toBe(false);

    if (pageLoad) expect(await pageLoad.survived(), "no full page load with JavaScript").toBe(true);
  });

  test("adds a publisher, edits it keeping what was not changed, and deletes it", async ({ shaped: stack }) => {
    const adminList = <T>(path: string, key: string) => adminListOf<T>(stack, path, key);
    const admin = await stack.open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/publisher");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Penerbit");
    const name = "Penerbit Sungai Jernih";

    // Spec §7: the number of books goes on update only; the add form does not offer it.
    await page.getByRole("link", { name: "Tambah", exact: true }).click();
    const addDialog = dialogNamed(page, "TAMBAH PENERBIT");
    await addDialog.getByLabel("Nama").fill(name);
    await addDialog.getByLabel("Alamat").fill("Jl. Sungai Jernih No. 4, Lembah Asri");
    await addDialog.getByLabel("Tentang penerbit").fill("Menerbitkan buku cerita daerah.");
    await addDialog.getByLabel("Email").fill("redaksi@sungaijernih.example");
    await addDialog.getByLabel("Telepon").fill("0271-555123");
    await addDialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await alertShown(page, "Berhasil menambahkan data!");
    await rowWith(page, name).waitFor();
    const added = (await adminList<Publisher>("/publishers", "publishers")).find((publisher) => publisher.name === name);
    expect(added).toMatchObject({
      address: "Jl. Sungai Jernih No. 4, Lembah Asri",
      about: "Menerbitkan buku cerita daerah.",
      email: "redaksi@sungaijernih.example",
      phone: "0271-555123",
      total_books: 0,
    });

    await page.getByRole("link", { name: `EDIT ${name}` }).click();
    const editDialog = dialogNamed(page, "UBAH PENERBIT");
    expect(await editDialog.getByLabel("Email").inputValue()).toBe("redaksi@sungaijernih.example");
    expect(await editDialog.getByLabel("Tentang penerbit").inputValue()).toBe("Menerbitkan buku cerita daerah.");
    await editDialog.getByLabel("Nama").fill(`${name} Baru`);
    await editDialog.getByLabel("Jumlah buku").fill("1.250");
    await editDialog.getByRole("button", { name: "UBAH", exact: true }).click();
    await alertShown(page, "Berhasil mengubah data!");
    await rowWith(page, `${name} Baru`).waitFor();
    const edited = (await adminList<Publisher>("/publishers", "publishers")).find((publisher) => publisher.id === added?.id);
    expect(edited).toEqual({ ...added, name: `${name} Baru`, total_books: 1250 });

    await page.getByRole("link", { name: `EDIT ${name} Baru` }).click();
    expect(await dialogNamed(page, "UBAH PENERBIT").getByLabel("Jumlah buku").inputValue()).toBe("1.250");
    await admin.open("/admin/publisher");
    await page.getByRole("link", { name: `HAPUS ${name} Baru` }).click();
    const question = page.getByRole("alertdialog", { name: "Are you sure you want to delete this publisher?" });
    await question.getByRole("button", { name: "Hapus" }).click();
    await alertShown(page, "Berhasil menghapus data!");
    await rowWith(page, `${name} Baru`).waitFor({ state: "detached" });
    expect((await adminList<Publisher>("/publishers", "publishers")).some((publisher) => publisher.id === added?.id)).toBe(false);
  });
});
