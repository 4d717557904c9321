import type { Page } from "playwright-core";
import { expect, type Stack, test } from "./fixtures.ts";
import {
  ADMIN_EMAIL,
  DEMO_PASSWORD,
  DESKTOP,
  dialogNamed,
  pick,
  pickedPills,
  pngBuffer,
  records,
  referenceApiToken,
  submitLogin,
  SUPERADMIN_EMAIL,
  waitForHydration,
  waitForPath,
} from "./helpers/index.ts";

/**
 * Issue 35, point 4, in Chromium with JavaScript against the reference API: a save whose token the
 * upstream has revoked ends the session (the admin lands on `/`, logged out, nothing written), and
 * what the admin typed (text, rich text; not the chosen file) is offered back after the next login
 * of the same account only, restored on "Pulihkan", and gone after an explicit logout.
 */

const TYPED_TITLE = "Sejarah yang belum sempat tersimpan";
const TYPED_SENTENCE = "Kalimat tambahan yang tidak boleh hilang.";
const OFFER = "Ada isian yang belum tersimpan";
const QUESTION = "Perubahan belum disimpan. Tinggalkan halaman ini?";

async function logIn({ bffUrl }: Stack, page: Page, email: string) {
  const response = await page.goto(`${bffUrl}/login`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await submitLogin(page, email, DEMO_PASSWORD);
  await waitForPath(page, "/admin/slider-manager");
  await waitForHydration(page);
}

/** Opens the history record's edit form from its row, and waits for its rich-text editor (the form is the browser's then). */
async function openHistoryForm({ bffUrl }: Stack, page: Page) {
  const response = await page.goto(`${bffUrl}/admin/history`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await page.getByRole("link", { name: /^EDIT/ }).first().click();
  const dialog = dialogNamed(page, "UBAH SEJARAH");
  const editor = dialog.getByRole("textbox", { name: "Deskripsi" });
  await editor.waitFor();
  return { dialog, title: dialog.getByRole("textbox", { name: "Judul", exact: true }), editor };
}

/** The drafts this browser keeps (app/lib/form-drafts.ts stores them in localStorage). */
function storedDrafts(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("formDraft:")));
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Admin", exact: true }).hover();
  await page.getByRole("button", { name: "Logout" }).click();
}

/**
 * Says whether a draft is offered, once it would have appeared: the offers (the layout's note, the
 * form's own) are read from the browser's storage in the effects that follow the page's or the
 * form's drawing, with no request in between, so one shows before the page is next idle.
 */
async function offerShown(page: Page): Promise<boolean> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestIdleCallback(() => resolve()))));
  return (await page.getByText(OFFER).count()) > 0;
}

interface Named {
  id: number;
  name: string;
}

/** A list of the reference API read with an admin's token, as stored. */
async function stored<T>({ referenceApiUrl }: Stack, path: string, key: string): Promise<T> {
  const token = await referenceApiToken(referenceApiUrl, ADMIN_EMAIL);
  const response = await fetch(`${referenceApiUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return ((await response.json()) as Record<string, T>)[key];
}

async function revokeSuperadminTokens({ referenceApiUrl }: Stack) {
  const token = await referenceApiToken(referenceApiUrl, SUPERADMIN_EMAIL);
  const revoked = await fetch(`${referenceApiUrl}/api/users/logout-all`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status).toBe(200);
}

/** Types into the history form, has the upstream revoke the account's tokens, and saves: the admin lands on `/`. */
async function saveWithRevokedToken(stack: Stack, page: Page, typed: { title: string; sentence: string; picture: boolean }) {
  const form = await openHistoryForm(stack, page);
  await form.title.fill(typed.title);
  await form.editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(` ${typed.sentence}`);
  if (typed.picture) await form.dialog.getByLabel("Gambar", { exact: true }).setInputFiles({ name: "baru.png", mimeType: "image/png", buffer: pngBuffer() });

  // Meanwhile the upstream withdraws the account's access: every token of it, the site's too.
  await revokeSuperadminTokens(stack);

  await form.dialog.getByRole("button", { name: "UBAH", exact: true }).click();
  await waitForPath(page, "/", 30_000);
}

test.describe("a save with a revoked upstream token", () => {
  test("ends the session, and the typing comes back after the same account's next login only, until an explicit logout", async ({ contexts, mainStack }) => {
    test.setTimeout(120_000);
    const { bffUrl, referenceApiUrl } = mainStack;
    const context = await contexts.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const before = await records(referenceApiUrl, "histories");

    // The super admin edits the history (a title, a sentence in the rich text, a picture) and saves after the revocation.
    await logIn(mainStack, page, SUPERADMIN_EMAIL);
    await saveWithRevokedToken(mainStack, page, { title: TYPED_TITLE, sentence: TYPED_SENTENCE, picture: true });
    expect((await context.cookies()).some((cookie) => cookie.name === "__session"), "the session cookie is cleared").toBe(false);
    expect(await records(referenceApiUrl, "histories"), "nothing was written").toEqual(before);
    expect(await storedDrafts(page), "the draft is kept in this browser").toHaveLength(1);
    await page.goto(`${bffUrl}/admin/history`);
    await waitForPath(page, "/");

    // Another account in the same browser is offered nothing, and its own logout leaves the draft alone.
    await logIn(mainStack, page, ADMIN_EMAIL);
    expect(await offerShown(page), "no note of another account's draft").toBe(false);
    let form = await openHistoryForm(mainStack, page);
    expect(await offerShown(page), "no offer to another account").toBe(false);
    expect(await form.title.inputValue()).not.toBe(TYPED_TITLE);
    await form.dialog.getByRole("link", { name: "Tutup" }).click();
    await form.dialog.waitFor({ state: "detached" });
    await logOut(page);
    await waitForPath(page, "/");
    expect(await storedDrafts(page)).toHaveLength(1);

    // The same account again: the layout points at the form, and the form offers the draft back.
    await logIn(mainStack, page, SUPERADMIN_EMAIL);
    const note = page.getByRole("status").filter({ hasText: `${OFFER} di Sejarah` });
    await note.waitFor();
    await note.getByRole("link", { name: "Buka formulirnya" }).click();
    const dialog = dialogNamed(page, "UBAH SEJARAH");
    const offer = dialog.getByRole("status").filter({ hasText: OFFER });
    await offer.waitFor();
    expect(await offer.innerText()).toMatch(/Ada isian yang belum tersimpan dari pukul \d{2}\.\d{2}\. Pulihkan\?/);
    expect(await offer.innerText(), "the offer names the picture sent then, whose upload comes back with it").toContain("Berkas yang dipilih saat itu ikut dipulihkan: “");
    await offer.getByRole("button", { name: "Pulihkan" }).click();
    await offer.waitFor({ state: "detached" });
    expect(await dialog.getByRole("textbox", { name: "Judul", exact: true }).inputValue()).toBe(TYPED_TITLE);
    const editor = dialog.getByRole("textbox", { name: "Deskripsi" });
    await expect.poll(() => editor.innerText()).toContain(TYPED_SENTENCE);
    expect(await dialog.getByLabel("Gambar", { exact: true }).evaluate((input) => (input as HTMLInputElement).files?.length ?? 0)).toBe(0);
    // What was taken back is not what is stored: closing asks, and leaving drops the draft.
    await dialog.getByRole("link", { name: "Tutup" }).click();
    const question = page.getByRole("alertdialog", { name: QUESTION });
    await question.waitFor();
    await question.getByRole("button", { name: "Tinggalkan" }).click();
    await dialog.waitFor({ state: "detached" });
    // The form's closing drops the draft a moment after it unmounts (useFormDraft): poll for it.
    await expect.poll(() => storedDrafts(page), { message: "left on purpose: no draft" }).toEqual([]);

    // A second draft the same way, then an explicit logout: the account's drafts go with it.
    await saveWithRevokedToken(mainStack, page, { title: `${TYPED_TITLE} lagi`, sentence: TYPED_SENTENCE, picture: false });
    expect(await storedDrafts(page)).toHaveLength(1);
    await logIn(mainStack, page, SUPERADMIN_EMAIL);
    await page.getByRole("status").filter({ hasText: `${OFFER} di Sejarah` }).waitFor();
    await logOut(page);
    await waitForPath(page, "/");
    expect(await storedDrafts(page), "no draft after the logout").toEqual([]);
    await logIn(mainStack, page, SUPERADMIN_EMAIL);
    form = await openHistoryForm(mainStack, page);
    expect(await offerShown(page), "nothing offered after the logout").toBe(false);
    expect(await form.title.inputValue()).not.toContain(TYPED_TITLE);
    expect(await records(referenceApiUrl, "histories"), "still nothing written").toEqual(before);
  });

  test("a book form's pickers come back too: the chosen author and an added genre, with their names", async ({ contexts, mainStack }) => {
    test.setTimeout(90_000);
    const { bffUrl } = mainStack;
    const context = await contexts.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await logIn(mainStack, page, SUPERADMIN_EMAIL);
    const response = await page.goto(`${bffUrl}/admin/book`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await page.getByRole("link", { name: /^EDIT/ }).first().click();
    const dialog = dialogNamed(page, "UBAH BUKU");
    await dialog.getByRole("combobox", { name: "Pengarang", exact: true }).waitFor();
    const id = Number(new URL(page.url()).searchParams.get("id"));
    const books = await stored<Array<{ id: number; author: { name: string }; genres: Array<{ name: string }> }>>(mainStack, "/books/all?limit=0", "books");
    const book = books.find((candidate) => candidate.id === id)!;
    const author = (await stored<Named[]>(mainStack, "/authors?limit=0", "author")).find((candidate) => candidate.name !== book.author.name)!;
    const genre = (await stored<Named[]>(mainStack, "/genres?limit=0", "data")).find((candidate) => !book.genres.some((chosen) => chosen.name === candidate.name))!;
    // Until the pickers' choices have come the form is drawn again: the picks go to the form that stays.
    await expect.poll(() => dialog.getByRole("combobox", { name: "Pengarang", exact: true }).inputValue()).toBe(book.author.name);
    await pick(dialog, "Genre", genre.name, { javaScript: true });
    await pick(dialog, "Pengarang", author.name, { javaScript: true });
    const pills = await pickedPills(dialog, "Genre");
    expect(pills).toContain(genre.name);
    await expect(dialog.getByRole("combobox", { name: "Pengarang", exact: true }), "the author picked").toHaveValue(author.name);
    await revokeSuperadminTokens(mainStack);
    await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
    await waitForPath(page, "/", 30_000);
    expect((await stored<Array<{ id: number }>>(mainStack, "/books/all?limit=0", "books")).find((candidate) => candidate.id === id), "nothing was written").toEqual(book);
    // The draft kept what was sent, the picks' names with it (what "Pulihkan" draws from).
    const keptLabels = await page.evaluate(() => Object.entries(localStorage).flatMap(([key, value]) => (key.startsWith("formDraft:") ? [JSON.parse(value).labels] : [])));
    expect(keptLabels.map((labels) => Object.values(labels.author_id ?? {})), "the draft's author").toEqual([[author.name]]);

    await logIn(mainStack, page, SUPERADMIN_EMAIL);
    await page.getByRole("status").filter({ hasText: `${OFFER} di Buku` }).getByRole("link", { name: "Buka formulirnya" }).click();
    const offer = dialog.getByRole("status").filter({ hasText: OFFER });
    await offer.getByRole("button", { name: "Pulihkan" }).click();
    await expect.poll(() => dialog.getByRole("combobox", { name: "Pengarang", exact: true }).inputValue()).toBe(author.name);
    expect(await pickedPills(dialog, "Genre")).toEqual(pills);
    await dialog.getByRole("link", { name: "Tutup" }).click();
    await page.getByRole("alertdialog", { name: QUESTION }).getByRole("button", { name: "Tinggalkan" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => storedDrafts(page), { message: "left on purpose: no draft" }).toEqual([]);
  });
});

test("the login page drops drafts past FORM_DRAFT_MAX_AGE_MS, of any account, and keeps younger ones", async ({ contexts, mainStack }) => {
  const context = await contexts.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  // Two drafts a shared desk kept (app/lib/form-drafts.ts's keys): one of 9 hours ago (past the 8 h default), one of a minute ago.
  await page.goto(`${mainStack.bffUrl}/about`);
  await page.evaluate((now) => {
    const draft = (savedAt: number) => JSON.stringify({ savedAt, values: { title: ["Ketikan lama"] }, labels: {}, hadFiles: false });
    localStorage.setItem("formDraft:v1:akun-lain:history:1", draft(now - 9 * 60 * 60 * 1000));
    localStorage.setItem("formDraft:v1:akun-lain:history:2", draft(now - 60 * 1000));
  }, Date.now());
  await page.goto(`${mainStack.bffUrl}/login`);
  await waitForHydration(page);
  await expect.poll(() => storedDrafts(page)).toEqual(["formDraft:v1:akun-lain:history:2"]);
});
