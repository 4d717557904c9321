import type { Browser, Locator, Page, Response } from "playwright-core";
import { expect, type Stack, test } from "./fixtures.ts";
import {
  adminSession,
  alertShown,
  catalogueBooks,
  dialogNamed,
  keptAdminPages,
  pick,
  referenceApiToken,
  searchWithoutJavaScript,
  SUPERADMIN_EMAIL,
  type Publisher,
} from "./helpers/index.ts";

/**
 * No lost update on the admin edit forms (app/admin-kit/edit-conflicts.ts), in Chromium with
 * JavaScript on and off, on the publisher screen (JSON PUT) and the book screen (pickers, a long
 * synopsis, multipart PATCH). An admin opens an edit form; another admin (SUPERADMIN_EMAIL)
 * changes the record meanwhile: in a browser of their own on the site (publishers), or straight
 * at the reference API (books). A different field is kept on save; the same field brings the
 * notice and the two values to choose from, and nothing is written until the admin chooses (a
 * save without a choice included).
 * Every record is made by its test and deleted after it: the worker's other files expect the
 * seeded ones unchanged (tests/e2e/fixtures.ts). tests/hard/lost-update.test.ts covers
 * every screen over HTTP. Each admin's tabs are kept across the tests (`keptAdminPages`): every
 * test opens its form as a new document in them, and ends on a record of its own.
 */

const NOTICE = "Data ini diubah di tempat lain sejak formulir dibuka";
const SAVED = "Berhasil mengubah data!";
const JAVASCRIPT = [
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
];

let adminToken: string;
let otherToken: string;
test.beforeAll(async ({ mainStack: { referenceApiUrl } }) => {
  [adminToken, otherToken] = await Promise.all([referenceApiToken(referenceApiUrl), referenceApiToken(referenceApiUrl, SUPERADMIN_EMAIL)]);
});

/** The admin's tab per mode, and the other admin's (SUPERADMIN_EMAIL), kept until the end of the file. */
const kept = keptAdminPages();
const keptOther = keptAdminPages((bffUrl) => adminSession(bffUrl, SUPERADMIN_EMAIL));
test.afterAll(async () => {
  await kept.close();
  await keptOther.close();
});

/** A JSON answer of the reference API; throws on a non-2xx answer. */
async function api<T>({ referenceApiUrl }: Stack, path: string, init: RequestInit = {}, token = adminToken): Promise<T> {
  const headers = { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) };
  const response = await fetch(`${referenceApiUrl}/api${path}`, { ...init, headers });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const json = (method: string, body: unknown): RequestInit => ({ method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** Clicks the form's save button and resolves with the status of the POST it sent (a document without JavaScript, `.data` with it). */
async function save(page: Page, dialog: Locator): Promise<number> {
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
  return (await answer).status();
}

/** The value a conflict's choice shows (in its `<q>`), by the start of its label. */
function choiceValue(choice: Locator, label: string): Promise<string | null> {
  return choice.locator("label").filter({ hasText: label }).locator("q").textContent();
}

/** The notice, the one field asking for a choice, and its two values: what the admin sees after a save that met another's change. */
async function expectConflict(dialog: Locator, label: string, values: { mine: string; theirs: string }): Promise<Locator> {
  await dialog.getByRole("alert").filter({ hasText: NOTICE }).waitFor();
  const choice = dialog.getByRole("group", { name: `Diubah di dua tempat: ${label}`, exact: true });
  await choice.waitFor();
  expect(await dialog.getByRole("group", { name: /^Diubah di dua tempat/ }).count(), "only the field changed on both sides asks").toBe(1);
  expect(await choiceValue(choice, "Pakai isian saya")).toBe(values.mine);
  expect(await choiceValue(choice, "Pakai yang tersimpan sekarang")).toBe(values.theirs);
  return choice;
}

/**
 * Saves again without choosing. Nothing may be written: the browser holds the form back (the
 * radio buttons are required; the focus goes to the first), or the site answers 409 again.
 * Resolves with whichever happened first: "held back", or the POST's answer.
 */
async function saveWithoutChoosing(page: Page, dialog: Locator): Promise<string> {
  let onResponse: ((response: Response) => void) | undefined;
  const answered = new Promise<string>((resolve) => {
    onResponse = (response) => {
      if (response.request().method() === "POST") resolve(`answered ${response.status()}`);
    };
    page.on("response", onResponse);
  });
  const heldBack = page
    .waitForFunction(() => document.activeElement?.matches(".kit-conflict input[type=radio]") ?? false)
    .then(() => "held back", (error: Error) => `neither held back nor answered (${error.message.split("\n")[0]})`);
  await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
  const outcome = await Promise.race([answered, heldBack]);
  page.off("response", onResponse!);
  return outcome;
}

/** Checks one of a conflict's two radio buttons. */
async function choose(choice: Locator, which: "mine" | "theirs"): Promise<void> {
  const radio = choice.locator(`input[type=radio][value=${which}]`);
  expect(await radio.getAttribute("required"), "a choice is required").not.toBeNull();
  await radio.check();
}

const lines = (text: string | undefined) => (text ?? "").replace(/\r\n?/g, "\n");

async function withPublisher(stack: Stack, name: string, run: (publisher: Publisher) => Promise<void>): Promise<void> {
  const { data: publisher } = await api<{ data: Publisher }>(
    stack,
    "/publishers",
    json("POST", { name, address: "Jl. Dua Meja No. 2, Lembah Asri", about: "Penerbit buku sekolah.", email: "redaksi@duameja.example", phone: "0271-555000" }),
  );
  try {
    await run(publisher);
  } finally {
    await api(stack, `/publishers/${publisher.id}`, { method: "DELETE" });
  }
}

async function storedPublisher(stack: Stack, id: number): Promise<Publisher> {
  const publisher = (await api<{ publishers: Publisher[] }>(stack, "/publishers?limit=0")).publishers.find((candidate) => candidate.id === id);
  if (!publisher) throw new Error(`publisher ${id} is not stored`);
  return publisher;
}

/** The other admin saves the publisher's edit form on the site, in a browser of their own (no JavaScript: quickest). */
async function otherAdminEditsPublisher(browser: Browser, { bffUrl }: Stack, id: number, changes: Record<string, string>): Promise<void> {
  const other = await keptOther.open(browser, bffUrl, { javaScript: false });
  await other.open(`/admin/publisher?modal=edit&id=${id}`);
  const dialog = dialogNamed(other.page, "UBAH PENERBIT");
  for (const [label, value] of Object.entries(changes)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await save(other.page, dialog);
  await alertShown(other.page, SAVED);
}

for (const { javaScript, label } of JAVASCRIPT) test.describe(`publisher edit form with ${label}`, () => {
  test("keeps another admin's change to a field the admin left alone", async ({ browser, mainStack }) => {
    await withPublisher(mainStack, `Penerbit Dua Meja (${label})`, async (publisher) => {
      const admin = await kept.open(browser, mainStack.bffUrl, { javaScript });
      await admin.open(`/admin/publisher?modal=edit&id=${publisher.id}`);
      const dialog = dialogNamed(admin.page, "UBAH PENERBIT");
      expect(await dialog.getByLabel("Alamat").inputValue()).toBe(publisher.address);

      await otherAdminEditsPublisher(browser, mainStack, publisher.id, { Alamat: "Jl. Pindahan No. 9, Lembah Asri" });
      await dialog.getByLabel("Tentang penerbit").fill("Penerbit buku sekolah dan buku cerita.");
      await save(admin.page, dialog);
      await alertShown(admin.page, SAVED);
      expect(await storedPublisher(mainStack, publisher.id)).toEqual({
        ...publisher,
        address: "Jl. Pindahan No. 9, Lembah Asri",
        about: "Penerbit buku sekolah dan buku cerita.",
      });
    });
  });

  test("asks which value to keep for a field both changed, writing nothing until the admin chooses, even when saved again without a choice", async ({ browser, mainStack }) => {
    await withPublisher(mainStack, `Penerbit Dua Pena (${label})`, async (publisher) => {
      const { page, dialog, choice, afterOther } = await publisherConflict(browser, mainStack, javaScript, publisher);
      // The rest of the form already holds what is stored now, and the admin's other change.
      expect(await dialog.getByLabel("Email").inputValue()).toBe(THEIR_EMAIL);
      expect(await dialog.getByLabel("Telepon").inputValue()).toBe(MY_PHONE);
      expect(await storedPublisher(mainStack, publisher.id), "nothing written before the choice").toEqual(afterOther);

      // Saved again without a choice: the browser holds it back (JavaScript), or the site asks again.
      const outcome = await saveWithoutChoosing(page, dialog);
      expect(["held back", "answered 409"], "saving again without choosing").toContain(outcome);
      const asked = outcome === "answered 409" ? await expectConflict(dialog, "Tentang penerbit", { mine: MY_ABOUT, theirs: THEIR_ABOUT }) : choice;
      expect(await storedPublisher(mainStack, publisher.id), "nothing written without a choice").toEqual(afterOther);

      // Each way of the choice once: mine with JavaScript, theirs without.
      const chosen = javaScript ? "mine" : "theirs";
      await choose(asked, chosen);
      await save(page, dialog);
      await alertShown(page, SAVED);
      const about = chosen === "mine" ? MY_ABOUT : THEIR_ABOUT;
      expect(await storedPublisher(mainStack, publisher.id)).toEqual({ ...publisher, about, email: THEIR_EMAIL, phone: MY_PHONE });
    });
  });
});

const THEIR_ABOUT = "Versi rekan: penerbit buku pelajaran.";
const THEIR_EMAIL = "rekan@duapena.example";
const MY_ABOUT = "Versi saya: penerbit buku cerita anak.";
const MY_PHONE = "0271-555999";

/**
 * The admin opens the publisher's edit form; the other admin changes its about and its email;
 * the admin changes the about and the phone, and saves: 409, the notice and the about's choice.
 */
async function publisherConflict(browser: Browser, stack: Stack, javaScript: boolean, publisher: Publisher) {
  const admin = await kept.open(browser, stack.bffUrl, { javaScript });
  const { page } = admin;
  await admin.open(`/admin/publisher?modal=edit&id=${publisher.id}`);
  const dialog = dialogNamed(page, "UBAH PENERBIT");
  await dialog.waitFor();
  await otherAdminEditsPublisher(browser, stack, publisher.id, { "Tentang penerbit": THEIR_ABOUT, Email: THEIR_EMAIL });
  const afterOther = await storedPublisher(stack, publisher.id);
  expect(afterOther).toEqual({ ...publisher, about: THEIR_ABOUT, email: THEIR_EMAIL });
  await dialog.getByLabel("Tentang penerbit").fill(MY_ABOUT);
  await dialog.getByLabel("Telepon").fill(MY_PHONE);
  expect(await save(page, dialog)).toBe(409);
  const choice = await expectConflict(dialog, "Tentang penerbit", { mine: MY_ABOUT, theirs: THEIR_ABOUT });
  return { page, dialog, choice, afterOther };
}

interface Named {
  id: number;
  name: string;
}

/**
 * A synopsis as long as editors write them, with what a textarea must carry untouched (quotes,
 * an ampersand, markup-like text, an emoji, line breaks): a first paragraph longer than the
 * notice shows (300 characters, then "..."), then more paragraphs.
 */
function longSynopsis(version: string): string {
  const opening = `${version}: “Perpustakaan Keliling” & para pustakawannya menyusuri desa-desa di Lembah Asri 📚 membawa <buku> cerita, peta tua; `;
  const paragraph = "Setiap Sabtu mobil perpustakaan berhenti di balai desa, anak-anak meminjam buku, orang tua menitipkan surat lama untuk dipindai. ";
  return `${opening.repeat(3)}\n\n${paragraph.repeat(8)}\n\n${paragraph.repeat(8)}`.trim();
}

/** The start of a long value as the conflict notice shows it. */
const noticed = (text: string) => `${Array.from(text).slice(0, 300).join("")}...`;

async function withBook(stack: Stack, title: string, run: (book: { id: number; authors: Named[]; publishers: Named[]; tags: Named[] }) => Promise<void>): Promise<void> {
  const [authors, publishers, genres, tags] = await Promise.all([
    api<{ author: Named[] }>(stack, "/authors?limit=0").then((body) => body.author),
    api<{ publishers: Named[] }>(stack, "/publishers?limit=0").then((body) => body.publishers),
    api<{ data: Named[] }>(stack, "/genres?limit=0").then((body) => body.data),
    api<{ data: Named[] }>(stack, "/tags?limit=0").then((body) => body.data),
  ]);
  const fields = new FormData();
  const values = { title, synopsis: longSynopsis("Asli"), published_date: "2021-03-04", author_id: authors[0].id, publisher_id: publishers[0].id };
  for (const [name, value] of Object.entries(values)) fields.append(name, String(value));
  for (const genre of genres.slice(0, 2)) fields.append("genres[]", String(genre.id));
  fields.append("tags[]", String(tags[0].id));
  const { data: book } = await api<{ data: { id: number } }>(stack, "/books", { method: "POST", body: fields });
  try {
    await run({ id: book.id, authors, publishers, tags });
  } finally {
    await api(stack, `/books/${book.id}`, { method: "DELETE" });
  }
}

/** A book as stored, its synopsis's line breaks as LF (multipart sends them as CRLF, the site as the browser sent them). */
async function storedBook({ referenceApiUrl }: Stack, id: number) {
  const book = (await catalogueBooks(referenceApiUrl)).find((candidate) => candidate.id === id);
  if (!book) throw new Error(`book ${id} is not stored`);
  return { ...book, synopsis: lines(book.synopsis) };
}

/** The other admin's change, straight at the reference API (multipart PATCH, as the site sends it). */
async function otherAdminPatchesBook(stack: Stack, id: number, changes: Array<[string, string]>): Promise<void> {
  const fields = new FormData();
  for (const [name, value] of changes) fields.append(name, value);
  await api(stack, `/books/${id}`, { method: "PATCH", body: fields }, otherToken);
}

for (const { javaScript, label } of JAVASCRIPT) test.describe(`book edit form with ${label}`, () => {
  test("keeps another admin's synopsis when the admin changed the publisher and the title", async ({ browser, mainStack }) => {
    const title = `Dua Meja Satu Buku (${label})`;
    await withBook(mainStack, title, async ({ id, publishers }) => {
      const before = await storedBook(mainStack, id);
      const admin = await kept.open(browser, mainStack.bffUrl, { javaScript });
      await admin.open(`/admin/book?modal=edit&id=${id}`);
      const dialog = dialogNamed(admin.page, "UBAH BUKU");
      expect(lines(await dialog.getByLabel("Sinopsis").inputValue())).toBe(before.synopsis);

      const theirs = longSynopsis("Versi rekan");
      await otherAdminPatchesBook(mainStack, id, [["synopsis", theirs]]);
      // Without JavaScript a picker's search sends the form back first: what the form showed must survive it.
      if (!javaScript) await searchWithoutJavaScript(dialog, "Penerbit", publishers[1].name);
      await pick(dialog, "Penerbit", publishers[1].name, { javaScript });
      await dialog.getByLabel("Judul").fill(`${title} diubah`);
      await save(admin.page, dialog);
      await alertShown(admin.page, SAVED);
      const after = await storedBook(mainStack, id);
      const publisher = { id: publishers[1].id, name: publishers[1].name };
      expect(after).toEqual({ ...before, title: `${title} diubah`, synopsis: theirs, publisher_id: publisher.id, publisher });
    });
  });

  test("asks which synopsis to keep when both changed it, keeping another admin's tags", async ({ browser, mainStack }) => {
    const title = `Dua Sinopsis (${label})`;
    await withBook(mainStack, title, async ({ id, tags }) => {
      const admin = await kept.open(browser, mainStack.bffUrl, { javaScript });
      const { page } = admin;
      await admin.open(`/admin/book?modal=edit&id=${id}`);
      const dialog = dialogNamed(page, "UBAH BUKU");
      await dialog.waitFor();

      const theirs = longSynopsis("Versi rekan");
      const mine = longSynopsis("Versi saya");
      await otherAdminPatchesBook(mainStack, id, [
        ["synopsis", theirs],
        ["tags[]", String(tags[0].id)],
        ["tags[]", String(tags[1].id)],
      ]);
      const afterOther = await storedBook(mainStack, id);
      await dialog.getByLabel("Sinopsis").fill(mine);
      expect(await save(page, dialog)).toBe(409);
      const choice = await expectConflict(dialog, "Sinopsis", { mine: noticed(mine), theirs: noticed(theirs) });
      // What the admin typed is still in the field, to be kept or dropped.
      expect(lines(await dialog.getByLabel("Sinopsis").inputValue())).toBe(mine);
      expect(await storedBook(mainStack, id), "nothing written before the choice").toEqual(afterOther);

      // Each way of the choice once, the other way round from the publishers: theirs with JavaScript, mine without.
      const chosen = javaScript ? "theirs" : "mine";
      await choose(choice, chosen);
      await save(page, dialog);
      await alertShown(page, SAVED);
      const after = await storedBook(mainStack, id);
      expect(after.tags.map((tag) => tag.name), "the other admin's tags").toEqual([tags[0].name, tags[1].name]);
      expect(after).toEqual({ ...afterOther, synopsis: chosen === "mine" ? mine : theirs });
    });
  });
});
