import { describe, expect, inject, it } from "vitest";
import { adminBrowsers, alertWith, dialogNamed, markWindow, pngBuffer, rowWith } from "./admin-screens-support.ts";
import { referenceApiToken } from "./support.ts";

/**
 * The catalogue screens in a real browser against the reference API, with JavaScript on and
 * off: a genre (JSON writes) and an author (multipart with a photo) added, edited and deleted.
 */

const bffUrl = inject("bffUrl");
const referenceApiUrl = inject("referenceApiUrl");

/** An admin list of the reference API (these need a token), under its own key. */
async function adminList<T>(path: string, key: string): Promise<T[]> {
  const token = await referenceApiToken(referenceApiUrl);
  const response = await fetch(`${referenceApiUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as Record<string, T[]>)[key];
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

const admins = adminBrowsers(bffUrl);

describe.each([
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
])("catalogue with $label", ({ javaScript }) => {
  it("adds, edits and deletes a genre (Kategori), asking in English before the delete", async () => {
    const admin = await admins.open({ javaScript });
    const { page } = admin;
    await admin.open("/admin/genre");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Kategori");
    const pageLoad = javaScript ? await markWindow(page) : undefined;
    const name = `Cerita rakyat ${javaScript ? "js" : "tanpa js"}`;

    await page.getByRole("link", { name: "Tambah", exact: true }).click();
    const addDialog = dialogNamed(page, "TAMBAH KATEGORI");
    await addDialog.getByLabel("Nama").fill(name);
    await addDialog.getByRole("button", { name: "SIMPAN" }).click();
    await alertWith(page, "Berhasil menambahkan data!").waitFor();
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
    await editDialog.getByRole("button", { name: "UBAH" }).click();
    await alertWith(page, "Berhasil mengubah data!").waitFor();
    await rowWith(page, `${name} diubah`).waitFor();
    expect((await adminList<Genre>("/genres", "data")).find((genre) => genre.id === added?.id)?.name).toBe(`${name} diubah`);

    await page.getByRole("link", { name: `HAPUS ${name} diubah` }).click();
    const question = page.getByRole("alertdialog", { name: "Are you sure you want to delete this genre?" });
    await question.getByRole("link", { name: "Batal" }).click();
    await question.waitFor({ state: "detached" });
    expect((await adminList<Genre>("/genres", "data")).some((genre) => genre.id === added?.id)).toBe(true);
    await page.getByRole("link", { name: `HAPUS ${name} diubah` }).click();
    await question.getByRole("button", { name: "Hapus" }).click();
    await alertWith(page, "Berhasil menghapus data!").waitFor();
    await rowWith(page, `${name} diubah`).waitFor({ state: "detached" });
    expect((await adminList<Genre>("/genres", "data")).some((genre) => genre.id === added?.id)).toBe(false);

    if (pageLoad) expect(await pageLoad.survived(), "no full page load with JavaScript").toBe(true);
  });

  it("adds an author with a photo, edits them, and deletes them", async () => {
    const admin = await admins.open({ javaScript });
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
    await addDialog.getByRole("button", { name: "SIMPAN" }).click();
    await alertWith(page, "Berhasil menambahkan data!").waitFor();
    await rowWith(page, name).waitFor();
    const added = (await adminList<Author>("/authors", "author")).find((author) => author.name === name);
    expect(added).toMatchObject({ biography: "Penulis cerita anak dari Lembah Asri.", total_books: 0 });
    expect(added?.photo).toMatch(/\.png$/);

    await page.getByRole("link", { name: `EDIT ${name}` }).click();
    const editDialog = dialogNamed(page, "UBAH PENGARANG");
    expect(await editDialog.getByLabel("Biografi").inputValue()).toBe("Penulis cerita anak dari Lembah Asri.");
    expect(await editDialog.getByRole("img", { name: "Gambar saat ini" }).getAttribute("src")).toBe(`/files/${added?.photo}`);
    await editDialog.getByLabel("Nama").fill(`${name} (ubah)`);
    await editDialog.getByRole("button", { name: "UBAH" }).click();
    await alertWith(page, "Berhasil mengubah data!").waitFor();
    await rowWith(page, `${name} (ubah)`).waitFor();
    // No new photo was chosen: the stored one stays.
    expect((await adminList<Author>("/authors", "author")).find((author) => author.id === added?.id)).toMatchObject({
      name: `${name} (ubah)`,
      photo: added?.photo,
    });

    await page.getByRole("link", { name: `HAPUS ${name} (ubah)` }).click();
    const question = page.getByRole("alertdialog", { name: "Are you sure you want to delete this author?" });
    await question.getByRole("button", { name: "Hapus" }).click();
    await alertWith(page, "Berhasil menghapus data!").waitFor();
    await rowWith(page, `${name} (ubah)`).waitFor({ state: "detached" });
    expect((await adminList<Author>("/authors", "author")).some((author) => author.id === added?.id)).toBe(false);

    if (pageLoad) expect(await pageLoad.survived(), "no full page load with JavaScript").toBe(true);
  });
});
