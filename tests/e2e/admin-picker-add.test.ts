import type { Locator, Page } from "playwright-core";
import { expect, test } from "./fixtures.ts";
import { startReferenceApi } from "../../reference-api/server.ts";
import { alertShown, axeViolations, type Bff, bffEnv, DEMO_PASSWORD, dialogNamed, keptAdminPages, optionName, pick, pickedPills, referenceApiToken, removeDir, startBff, tempDir } from "./helpers/index.ts";

/**
 * Adding a record from the book form's pickers (issue 47, point 4): "Tambah pengarang baru «…»"
 * creates the author in place through the author screen's own add (its duplicate check
 * included) and picks it; a genre likewise; without JavaScript a link opens the author screen's
 * add form, which comes back to the book form. Its own site (the reference API in the spec's
 * shape, demo data), since it adds records that other files' workers would count.
 */

interface Named {
  id: number;
  name: string;
}

let apiDir: string;
let bffDir: string;
let api: Awaited<ReturnType<typeof startReferenceApi>>;
let bff: Bff;
const kept = keptAdminPages();

test.beforeAll(async () => {
  test.setTimeout(90_000);
  apiDir = await tempDir("picker-add-api");
  bffDir = await tempDir("picker-add-bff");
  api = await startReferenceApi({ dataDir: apiDir, host: "127.0.0.1", port: 0, demoPassword: DEMO_PASSWORD, shape: "spec" });
  bff = await startBff(bffEnv({ UPSTREAM_API_URL: api.url, DATA_DIR: bffDir }), 60_000);
});

test.afterAll(async () => {
  await kept.close();
  await bff?.proc.stop();
  await api?.close();
  await removeDir(apiDir);
  await removeDir(bffDir);
});

/** A list as the reference API stores it (`{ author }`, `{ publishers }`: spec §7's keys). */
async function stored(path: string, key: string): Promise<Named[]> {
  const response = await fetch(`${api.url}/api${path}?page=0&limit=0`, { headers: { Authorization: `Bearer ${await referenceApiToken(api.url)}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as Record<string, Named[]>)[key];
}

const authors = () => stored("/authors", "author");

async function openBookForm(page: Page, open: (path: string) => Promise<unknown>): Promise<Locator> {
  await open("/admin/book?modal=add");
  const dialog = dialogNamed(page, "TAMBAH BUKU");
  await dialog.waitFor();
  return dialog;
}

test("with JavaScript at 1366×768: an author and a genre typed in the book form are added and picked; a look-alike name is warned of first, and its record can be picked instead", async ({ browser }) => {
  const admin = await kept.open(browser, bff.url, { javaScript: true, viewport: { width: 1366, height: 768 } });
  const { page } = admin;
  const dialog = await openBookForm(page, admin.open);
  const author = dialog.getByRole("combobox", { name: "Pengarang", exact: true });
  const authorId = dialog.locator('input[type="hidden"][name="author_id"]');

  // A new name: offered to be added after the options that match (none do), then added and picked.
  await author.fill("Rina Kartika Uji");
  const addAuthor = dialog.getByRole("option", { name: "Tambah pengarang baru «Rina Kartika Uji»" });
  await addAuthor.click();
  await expect(dialog.getByRole("status").filter({ hasText: "«Rina Kartika Uji» ditambahkan dan dipilih." })).toBeVisible();
  await expect(author).toHaveValue("Rina Kartika Uji");
  const added = (await authors()).filter((stored) => stored.name === "Rina Kartika Uji");
  expect(added).toHaveLength(1);
  await expect(authorId).toHaveValue(String(added[0].id));
  expect(await axeViolations(page), "an author added in place").toEqual([]);

  // The name an author already has, with a title: the likely duplicate is named, nothing is written, and it can be picked instead.
  const [existing] = (await authors()).filter((stored) => stored.name !== "Rina Kartika Uji" && !stored.name.includes(","));
  const count = (await authors()).length;
  await author.fill(`${existing.name}, S.Pd.`);
  await dialog.getByRole("option", { name: `Tambah pengarang baru «${existing.name}, S.Pd.»` }).click();
  const warning = dialog.locator(".kit-picker-add-notice").filter({ hasText: "Data ini mungkin sudah ada:" });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole("link", { name: `${existing.name} (tab baru)`, exact: true })).toBeVisible();
  expect(await axeViolations(page), "the duplicate warning under the picker").toEqual([]);
  expect(await authors()).toHaveLength(count);
  await warning.getByRole("button", { name: `Pilih «${existing.name}»` }).click();
  await expect(author).toHaveValue(existing.name);
  await expect(authorId).toHaveValue(String(existing.id));
  await expect(warning).toHaveCount(0);
  expect(await authors()).toHaveLength(count);

  // A genre, in a pills picker: added and shown among the chosen.
  const genre = dialog.getByRole("combobox", { name: "Genre", exact: true });
  await genre.fill("Genre Uji Tambahan");
  await dialog.getByRole("option", { name: "Tambah genre baru «Genre Uji Tambahan»" }).click();
  await expect.poll(() => pickedPills(dialog, "Genre")).toEqual(["Genre Uji Tambahan"]);
  // Typed again, it is an option now, with its count of books, and not offered to be added twice.
  await genre.fill("genre uji tambahan");
  await expect(dialog.getByRole("option", { name: optionName("Genre Uji Tambahan") })).toHaveCount(0);
  await expect(dialog.getByRole("option", { name: /^Tambah genre baru/ })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // The book is saved with what was picked.
  await dialog.getByLabel("Judul").fill("Buku dengan pengarang baru");
  await dialog.getByLabel("Tanggal terbit").fill("01-02-2024");
  await author.fill("Rina Kartika Uji");
  await dialog.getByRole("option", { name: optionName("Rina Kartika Uji") }).click();
  const [publisher] = await stored("/publishers", "publishers");
  await pick(dialog, "Penerbit", publisher.name, { javaScript: true });
  await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
  await alertShown(page, "Berhasil menambahkan data!");
});

test("without JavaScript: the book form links to the author screen's add form, which comes back to the book form once saved", async ({ browser }) => {
  const admin = await kept.open(browser, bff.url, { javaScript: false });
  const { page } = admin;
  const dialog = await openBookForm(page, admin.open);
  await Promise.all([page.waitForURL(/\/admin\/author\?/), dialog.getByRole("link", { name: "Tambah pengarang baru" }).click()]);
  const authorDialog = dialogNamed(page, "TAMBAH PENGARANG");
  await authorDialog.getByLabel("Nama").fill("Penulis Tanpa Skrip");
  await Promise.all([page.waitForURL((url) => url.pathname === "/admin/book"), authorDialog.getByRole("button", { name: "SIMPAN", exact: true }).click()]);
  expect(new URL(page.url()).search).toBe("?modal=add");
  await alertShown(page, "Berhasil menambahkan data!");
  const bookDialog = dialogNamed(page, "TAMBAH BUKU");
  await pick(bookDialog, "Pengarang", "Penulis Tanpa Skrip", { javaScript: false });
  await expect(bookDialog.getByRole("combobox", { name: "Pengarang", exact: true })).toHaveValue(String((await authors()).find((stored) => stored.name === "Penulis Tanpa Skrip")?.id));
});
