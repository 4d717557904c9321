import type { Dialog, Locator, Page } from "playwright-core";
import { expect, test } from "./fixtures.ts";
import { type AdminBrowser, alertShown, dialogNamed, hasFocus, pngBuffer, records, seriousViolations, waitForHydration } from "./helpers/index.ts";

/**
 * The warning before leaving an admin form with unsaved changes (issue 9, point 5), in Chromium
 * against the reference API: every way out of the modal (Tutup, Escape, the backdrop, the back
 * button) asks first when something changed, and only then; closing the tab gets the browser's
 * own question; a successful save leaves without asking; without JavaScript nothing changes.
 */

const QUESTION = "Perubahan belum disimpan. Tinggalkan halaman ini?";

const question = (page: Page) => page.getByRole("alertdialog", { name: QUESTION });
const search = (page: Page) => new URL(page.url()).search;

/** Opens the first slider's edit modal from its row, as an admin would. */
async function editFirstSlider(admin: AdminBrowser): Promise<Locator> {
  await admin.open("/admin/slider-manager");
  await admin.page.getByRole("link", { name: /^EDIT/ }).first().click();
  const dialog = dialogNamed(admin.page, "UBAH SLIDER");
  await dialog.waitFor();
  return dialog;
}

/** Clicks the backdrop beside the modal (its top-left corner is outside the dialog). */
async function clickBackdrop(page: Page) {
  await page.locator(".kit-modal-backdrop").click({ position: { x: 5, y: 5 } });
}

test.describe("leaving a changed admin form", () => {
  test("closes at once when nothing changed, also after typing and restoring a value", async ({ admins }) => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    let dialog = await editFirstSlider(admin);
    await dialog.getByRole("link", { name: "Tutup" }).click();
    await dialog.waitFor({ state: "detached" });

    dialog = await editFirstSlider(admin);
    const title = dialog.getByLabel("Judul");
    const original = await title.inputValue();
    await title.fill(`${original} sementara`);
    await title.fill(original);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await question(page).count()).toBe(0);

    dialog = await editFirstSlider(admin);
    await clickBackdrop(page);
    await dialog.waitFor({ state: "detached" });
    expect(search(page)).toBe("");
  });

  test("asks before Tutup, Escape, the backdrop and the back button close it; staying keeps the typing", async ({ admins, mainStack }) => {
    const { referenceApiUrl } = mainStack;
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    const before = await records(referenceApiUrl, "sliders");
    const dialog = await editFirstSlider(admin);
    const title = dialog.getByLabel("Judul");
    await title.fill("Judul yang belum disimpan");
    const editing = search(page);

    const ways: Array<[string, () => Promise<void>]> = [
      ["Tutup", () => dialog.getByRole("link", { name: "Tutup" }).click()],
      ["Escape", () => title.press("Escape")],
      ["the backdrop", () => clickBackdrop(page)],
      ["the back button", () => page.evaluate(() => history.back())],
    ];
    for (const [way, leave] of ways) {
      await leave();
      const asked = question(page);
      await asked.waitFor();
      // The harmless answer has the focus; Tab stays between the two answers.
      const stay = asked.getByRole("button", { name: "Tetap di sini" });
      await expect.poll(() => hasFocus(stay), { message: way }).toBe(true);
      if (way === "Tutup") expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Tab");
      expect(await hasFocus(asked.getByRole("button", { name: "Tinggalkan" })), way).toBe(true);
      await stay.click();
      await asked.waitFor({ state: "detached" });
      expect(await title.inputValue(), way).toBe("Judul yang belum disimpan");
      expect(search(page), way).toBe(editing);
    }

    // Escape answers "stay" too; 'Tinggalkan' then closes the modal and nothing was saved.
    await title.press("Escape");
    await question(page).waitFor();
    await page.keyboard.press("Escape");
    await question(page).waitFor({ state: "detached" });
    await expect.poll(() => hasFocus(title)).toBe(true);
    await dialog.getByRole("link", { name: "Tutup" }).click();
    await question(page).getByRole("button", { name: "Tinggalkan" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(search(page)).toBe("");
    expect(await records(referenceApiUrl, "sliders")).toEqual(before);
  });

  test("counts a chosen file and edited rich text as changes, but not the editor's own rewriting", async ({ admins }) => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    let dialog = await editFirstSlider(admin);
    await dialog.getByLabel("Gambar").setInputFiles({ name: "baru.png", mimeType: "image/png", buffer: pngBuffer() });
    await dialog.getByRole("link", { name: "Tutup" }).click();
    await question(page).getByRole("button", { name: "Tinggalkan" }).click();
    await dialog.waitFor({ state: "detached" });

    await admin.open("/admin/history");
    await page.getByRole("link", { name: /^EDIT/ }).first().click();
    dialog = dialogNamed(page, "UBAH SEJARAH");
    const editor = dialog.getByRole("textbox", { name: "Deskripsi" });
    await editor.waitFor();
    await dialog.getByRole("link", { name: "Tutup" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await question(page).count()).toBe(0);

    await page.getByRole("link", { name: /^EDIT/ }).first().click();
    await editor.click();
    await page.keyboard.type(" Tambahan.");
    await dialog.getByRole("link", { name: "Tutup" }).click();
    await question(page).waitFor();
    await question(page).getByRole("button", { name: "Tinggalkan" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  test("leaves without asking after a successful save", async ({ admins }) => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    const dialog = await editFirstSlider(admin);
    const title = dialog.getByLabel("Judul");
    const original = await title.inputValue();
    await title.fill(`${original} X`);
    await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
    await alertShown(page, "Berhasil mengubah data!");
    await dialog.waitFor({ state: "detached" });
    expect(await question(page).count()).toBe(0);

    // Put the title back the same way.
    await page.getByRole("link", { name: /^EDIT/ }).first().click();
    await title.fill(original);
    await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await question(page).count()).toBe(0);
  });

  test("has the browser ask before closing the tab only when something changed", async ({ admins, mainStack }) => {
    const { bffUrl } = mainStack;
    const admin = await admins.open({ javaScript: true });
    const asked: Dialog[] = [];
    const unchanged = await admin.context.newPage();
    unchanged.on("dialog", (dialog) => asked.push(dialog));
    await unchanged.goto(`${bffUrl}/admin/slider-manager`);
    await waitForHydration(unchanged);
    await unchanged.getByRole("link", { name: /^EDIT/ }).first().click();
    await dialogNamed(unchanged, "UBAH SLIDER").getByLabel("Judul").click();
    await unchanged.close({ runBeforeUnload: true });
    await expect.poll(() => unchanged.isClosed()).toBe(true);
    expect(asked).toEqual([]);

    const { page } = admin;
    page.on("dialog", (dialog) => asked.push(dialog));
    const dialog = await editFirstSlider(admin);
    await dialog.getByLabel("Judul").fill("Belum disimpan");
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]?.type()).toBe("beforeunload");
    await asked[0]?.accept();
    await expect.poll(() => page.isClosed()).toBe(true);
  });
});

test.describe("without JavaScript", () => {
  test("closes a changed form through Tutup as before, without a question", async ({ admins }) => {
    const admin = await admins.open({ javaScript: false });
    const { page } = admin;
    await admin.open("/admin/slider-manager?modal=add");
    const dialog = dialogNamed(page, "TAMBAH SLIDER");
    await dialog.getByLabel("Judul").fill("Tidak disimpan");
    await dialog.getByRole("link", { name: "Tutup" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(search(page)).toBe("");
    expect(await question(page).count()).toBe(0);
  });
});
