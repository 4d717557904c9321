import type { Page } from "playwright-core";
import { FILE_MESSAGES } from "~/lib/file-kinds";
import { expect, type Stack, test } from "./fixtures.ts";
import { alertShown, alertWith, descriptionOf, dialogNamed, markWindow, pngBuffer, records, rowWith } from "./helpers/index.ts";

/**
 * The slider screen in a real browser against the reference API, with JavaScript on and off:
 * add, edit and delete a slider, the form's refusals, and the alerts.
 */

const sliders = ({ referenceApiUrl }: Stack) => records(referenceApiUrl, "sliders");

for (const { javaScript, label } of [
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
]) test.describe(`slider with ${label}`, () => {
  test("adds, edits and deletes a slider, asking before the delete", async ({ admins, mainStack }) => {
    const admin = await admins.open({ javaScript });
    const { page } = admin;
    await admin.open("/admin/slider-manager");
    const pageLoad = javaScript ? await markWindow(page) : undefined;
    const title = `Pameran buku ${javaScript ? "dengan" : "tanpa"} javascript`;
    const upper = title.toUpperCase();

    // Add
    await page.getByRole("link", { name: "Tambah Slider" }).click();
    const addDialog = dialogNamed(page, "TAMBAH SLIDER");
    await addDialog.waitFor();
    expect(new URL(page.url()).searchParams.get("modal")).toBe("add");
    await addDialog.getByLabel("Judul").fill(title);
    await addDialog.getByLabel("Deskripsi").fill("Pameran buku langka di aula dinas.");
    await addDialog.getByLabel("URL").fill("/about");
    await addDialog.getByLabel("Gambar").setInputFiles({ name: "pameran.png", mimeType: "image/png", buffer: pngBuffer() });
    if (javaScript) await addDialog.getByRole("img", { name: "Pratinjau pameran.png" }).waitFor();
    await addDialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await alertShown(page, "Berhasil menambahkan data!");
    await rowWith(page, upper).waitFor();
    expect(await addDialog.count()).toBe(0);
    expect(new URL(page.url()).search).toBe("");
    const added = (await sliders(mainStack)).find((slider) => slider.title === upper);
    expect(added).toMatchObject({ description: "Pameran buku langka di aula dinas.", url: "/about" });
    expect(added?.file).toMatch(/\.png$/);

    // Edit: the modal is prefilled with the row
    await page.getByRole("link", { name: `EDIT ${upper}` }).click();
    const editDialog = dialogNamed(page, "UBAH SLIDER");
    await editDialog.waitFor();
    expect(await editDialog.getByLabel("Judul").inputValue()).toBe(upper);
    expect(await editDialog.getByLabel("Deskripsi").inputValue()).toBe("Pameran buku langka di aula dinas.");
    expect(await editDialog.getByLabel("URL").inputValue()).toBe("/about");
    expect(await editDialog.getByRole("img", { name: "Gambar saat ini" }).getAttribute("src")).toBe(`/files/${added?.file}`);
    await editDialog.getByLabel("Judul").fill(`${title} diubah`);
    await editDialog.getByRole("button", { name: "UBAH", exact: true }).click();
    await alertShown(page, "Berhasil mengubah data!");
    await rowWith(page, `${upper} DIUBAH`).waitFor();
    const edited = (await sliders(mainStack)).find((slider) => slider.id === added?.id);
    // No new file was chosen: the stored image stays.
    expect(edited).toMatchObject({ title: `${upper} DIUBAH`, file: added?.file });

    // Delete: asked first; 'Batal' keeps it
    await page.getByRole("link", { name: `HAPUS ${upper} DIUBAH` }).click();
    const question = page.getByRole("alertdialog", { name: "Apakah anda yakin ingin menghapus data?" });
    await question.waitFor();
    if (javaScript) {
      // The question takes the keyboard focus, on its harmless answer.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Batal");
    }
    await question.getByRole("link", { name: "Batal" }).click();
    await question.waitFor({ state: "detached" });
    expect((await sliders(mainStack)).some((slider) => slider.id === added?.id)).toBe(true);
    await page.getByRole("link", { name: `HAPUS ${upper} DIUBAH` }).click();
    await question.getByRole("button", { name: "Hapus" }).click();
    await alertShown(page, "Berhasil menghapus data!");
    await rowWith(page, `${upper} DIUBAH`).waitFor({ state: "detached" });
    expect((await sliders(mainStack)).some((slider) => slider.id === added?.id)).toBe(false);

    if (pageLoad) expect(await pageLoad.survived(), "no full page load with JavaScript").toBe(true);
  });

  test("refuses a missing title next to the field and keeps what was typed", async ({ admins, mainStack }) => {
    const admin = await admins.open({ javaScript });
    const { page } = admin;
    await admin.open("/admin/slider-manager?modal=add");
    const dialog = dialogNamed(page, "TAMBAH SLIDER");
    await dialog.getByLabel("Deskripsi").fill("Tetap di sini");
    await dialog.getByLabel("Gambar").setInputFiles({ name: "a.png", mimeType: "image/png", buffer: pngBuffer() });
    const before = (await sliders(mainStack)).length;
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await dialog.getByText("Judul wajib diisi").waitFor();
    const titleInput = dialog.getByLabel("Judul");
    expect(await titleInput.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(titleInput)).toContain("Judul wajib diisi");
    expect(await dialog.getByLabel("Deskripsi").inputValue()).toBe("Tetap di sini");
    expect((await sliders(mainStack)).length).toBe(before);
  });

  test("refuses a file that is not an image, a picture cut short, and an image over 10 MB, with Indonesian messages", async ({ admins, mainStack }) => {
    const admin = await admins.open({ javaScript });
    const { page } = admin;
    const before = await sliders(mainStack);

    await admin.open("/admin/slider-manager?modal=add");
    // With JavaScript the browser refuses the file itself, as soon as it is chosen: nothing is posted.
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posted.push(request.url());
    });
    let dialog = dialogNamed(page, "TAMBAH SLIDER");
    await dialog.getByLabel("Judul").fill("Bukan gambar");
    await dialog.getByLabel("Gambar").setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html>bukan gambar</html>") });
    if (javaScript) await dialog.getByText("Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF").waitFor();
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await dialog.getByText("Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF").waitFor();
    if (javaScript) {
      expect(posted).toEqual([]);
      // The focus goes to the refused file, where the message is.
      expect(await dialog.getByLabel("Gambar").evaluate((input) => input === document.activeElement)).toBe(true);
    }
    expect(await descriptionOf(dialog.getByLabel("Gambar"))).toContain("Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF");
    expect(await dialog.getByLabel("Judul").inputValue()).toBe("Bukan gambar");

    // A picture cut short (its last 20 bytes lost): with JavaScript told as it is chosen, by its end.
    await admin.open("/admin/slider-manager?modal=add");
    dialog = dialogNamed(page, "TAMBAH SLIDER");
    await dialog.getByLabel("Judul").fill("Terpotong");
    const whole = pngBuffer();
    await dialog.getByLabel("Gambar").setInputFiles({ name: "terpotong.png", mimeType: "image/png", buffer: whole.subarray(0, whole.length - 20) });
    if (javaScript) await dialog.getByText(FILE_MESSAGES.brokenImage).waitFor();
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await dialog.getByText(FILE_MESSAGES.brokenImage).waitFor();
    if (javaScript) expect(posted).toEqual([]);
    expect(await dialog.getByLabel("Judul").inputValue()).toBe("Terpotong");

    await admin.open("/admin/slider-manager?modal=add");
    dialog = dialogNamed(page, "TAMBAH SLIDER");
    await dialog.getByLabel("Judul").fill("Terlalu besar");
    await dialog.getByLabel("Gambar").setInputFiles({ name: "besar.png", mimeType: "image/png", buffer: pngBuffer(11 * 1024 * 1024) });
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await dialog.getByText("Ukuran berkas melebihi batas 10 MB").waitFor({ timeout: 30_000 });
    expect(await dialog.getByLabel("Judul").inputValue()).toBe("Terlalu besar");
    if (javaScript) expect(posted).toEqual([]);

    expect(await sliders(mainStack)).toEqual(before);
  });

  test("an alert goes away by itself after 5 seconds", async ({ admins, mainStack }) => {
    const admin = await admins.open({ javaScript });
    const { page } = admin;
    // The page's time is the test's to move: with JavaScript the alert's timer runs on the page's
    // clock; without it, a CSS animation waits out the 5 s, and the test seeks that animation.
    if (javaScript) await page.clock.install();
    await admin.open("/admin/slider-manager?modal=add");
    const dialog = dialogNamed(page, "TAMBAH SLIDER");
    await dialog.getByLabel("Judul").fill("Sementara");
    await dialog.getByLabel("Gambar").setInputFiles({ name: "s.png", mimeType: "image/png", buffer: pngBuffer() });
    // The page's clock stops before the alert exists: the time the test takes to see it is not the alert's.
    if (javaScript) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // Without JavaScript the CSS animation is the clock: stopped too (Chromium's own control), so
    // that a loaded machine's slowness never counts as the alert's time; the test seeks it below.
    else await stopCssAnimations(page);
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    const alert = alertWith(page, "Berhasil menambahkan data!");
    await alert.waitFor();
    await page.mouse.move(0, 799);
    // Gone: hidden by the CSS animation (without JavaScript) or removed (with it).
    const hidden = () => alert.evaluateAll((elements) => elements.every((element) => getComputedStyle(element).visibility === "hidden"));
    const shownFor = async (ms: number) => {
      if (javaScript) return page.clock.runFor(ms);
      await alert.evaluate((element, at) => {
        for (const animation of element.getAnimations()) animation.currentTime = at;
      }, ms);
    };
    await shownFor(4_900);
    expect(await alert.count(), "still there at 4.9 s").toBeGreaterThan(0);
    expect(await hidden(), "still shown at 4.9 s").toBe(false);
    await shownFor(javaScript ? 200 : 5_001);
    // Polled: the page's CSP refuses the eval that page.waitForFunction relies on.
    await expect.poll(hidden, { intervals: [50] }).toBe(true);

    // Clean up through the screen itself.
    const created = (await sliders(mainStack)).find((slider) => slider.title === "SEMENTARA");
    await admin.open(`/admin/slider-manager?delete=${created?.id}`);
    await page.getByRole("button", { name: "Hapus", exact: true }).click();
    await alertShown(page, "Berhasil menghapus data!");
  });
});

/** Every CSS animation of the page (and of the documents it loads next) stands still until seeked. */
async function stopCssAnimations(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Animation.enable");
  await devtools.send("Animation.setPlaybackRate", { playbackRate: 0 });
}

test.describe("with JavaScript", () => {
  test("a save clicked while the chosen file is still being checked waits for the check, then goes on by itself", async ({ admins, mainStack }) => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/slider-manager?modal=add");
    const dialog = dialogNamed(page, "TAMBAH SLIDER");
    // The check reads the file's first bytes with a module the page loads when a file is chosen:
    // held, the check is still running when SIMPAN is clicked (as on a slow PC).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/build/**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posted.push(request.url());
    });
    await dialog.getByLabel("Judul").fill("Disimpan setelah diperiksa");
    await dialog.getByLabel("Gambar").setInputFiles({ name: "periksa.png", mimeType: "image/png", buffer: pngBuffer() });
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    // Nothing can have been sent: the check has not ended.
    expect(posted).toEqual([]);
    release();
    await alertShown(page, "Berhasil menambahkan data!");
    const created = (await sliders(mainStack)).find((slider) => slider.title === "DISIMPAN SETELAH DIPERIKSA");
    expect(created?.file).toMatch(/\.png$/);
    await admin.open(`/admin/slider-manager?delete=${created?.id}`);
    await page.getByRole("button", { name: "Hapus", exact: true }).click();
    await alertShown(page, "Berhasil menghapus data!");
  });

  test("shows the spinner while saving, and 'Tutup' and Escape close the modal without a reload", async ({ admins, mainStack }) => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/slider-manager");
    const pageLoad = await markWindow(page);

    await page.getByRole("link", { name: "Tambah Slider" }).click();
    await dialogNamed(page, "TAMBAH SLIDER").getByRole("link", { name: "Tutup" }).click();
    await dialogNamed(page, "TAMBAH SLIDER").waitFor({ state: "detached" });
    await page.getByRole("link", { name: "Tambah Slider" }).click();
    await dialogNamed(page, "TAMBAH SLIDER").waitFor();
    await page.keyboard.press("Escape");
    await dialogNamed(page, "TAMBAH SLIDER").waitFor({ state: "detached" });

    await page.getByRole("link", { name: "Tambah Slider" }).click();
    const dialog = dialogNamed(page, "TAMBAH SLIDER");
    await dialog.getByLabel("Judul").fill("Dengan spinner");
    await dialog.getByLabel("Gambar").setInputFiles({ name: "s.png", mimeType: "image/png", buffer: pngBuffer() });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/slider-manager.data**", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await dialog.getByRole("status").filter({ hasText: "Menyimpan..." }).waitFor();
    expect(await dialog.getByRole("button", { name: /SIMPAN/ }).isDisabled()).toBe(true);
    release();
    await alertShown(page, "Berhasil menambahkan data!");
    expect(await pageLoad.survived()).toBe(true);

    const created = (await sliders(mainStack)).find((slider) => slider.title === "DENGAN SPINNER");
    await page.getByRole("link", { name: `HAPUS DENGAN SPINNER` }).click();
    await page.getByRole("button", { name: "Hapus", exact: true }).click();
    await alertShown(page, "Berhasil menghapus data!");
    expect((await sliders(mainStack)).some((slider) => slider.id === created?.id)).toBe(false);
  });
});
