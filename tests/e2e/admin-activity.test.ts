import { expect, type Stack, test } from "./fixtures.ts";
import { type AdminBrowser, alertShown, dialogNamed, markWindow, pngBuffer, records, referenceApiToken, rowWith, seriousViolations } from "./helpers/index.ts";

/**
 * The activity screen in a real browser: an activity added with an image (JavaScript on and
 * off) appears on its own public page; the table keeps its scroll position and loads more rows
 * when scrolled to the bottom.
 */

const activities = ({ referenceApiUrl }: Stack) => records(referenceApiUrl, "activities");

async function scrollBox(admin: AdminBrowser) {
  const box = admin.page.locator(".kit-table-scroll");
  return {
    top: () => box.evaluate((element) => element.scrollTop),
    toBottom: () => box.evaluate((element) => element.scrollTo({ top: element.scrollHeight })),
  };
}

for (const { javaScript, label } of [
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
]) test.describe(`activity with ${label}`, () => {
  test("an activity added with an image is shown on its own page, /activity/{id}", async ({ admins, mainStack }) => {
    const admin = await admins.open({ javaScript });
    const { page } = admin;
    const title = `Lomba mewarnai ${javaScript ? "A" : "B"}`;
    await admin.open("/admin/activity");
    await page.getByRole("link", { name: "Tambah", exact: true }).click();
    const dialog = dialogNamed(page, "TAMBAH KEGIATAN");
    await dialog.waitFor();
    await dialog.getByLabel("Tanggal").fill("17-08-2024");
    await dialog.getByRole("textbox", { name: "Judul", exact: true }).fill(title);
    if (javaScript) {
      // The rich-text editor (Quill), named by its label.
      const editor = dialog.getByRole("textbox", { name: "Deskripsi" });
      await editor.click();
      await page.keyboard.type("Lomba mewarnai untuk anak-anak ");
      await page.keyboard.press("Control+b");
      await page.keyboard.type("tingkat TK");
      // A screenshot pasted in, or a picture inside pasted HTML, would be stored as bytes the server
      // refuses: the editor leaves it out and says so.
      await editor.evaluate((element) => {
        const screenshot = new DataTransfer();
        screenshot.items.add(new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], "layar.png", { type: "image/png" }));
        element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: screenshot, bubbles: true, cancelable: true }));
        const copied = new DataTransfer();
        copied.setData("text/html", '<img src="data:image/png;base64,iVBORw0KGgo=">');
        element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: copied, bubbles: true, cancelable: true }));
      });
      await dialog.getByRole("status").filter({ hasText: "Gambar yang ditempel atau diseret tidak dapat disimpan." }).waitFor();
      expect(await editor.locator("img").count()).toBe(0);
    } else {
      await dialog.getByLabel("Deskripsi").fill("<p>Lomba mewarnai untuk anak-anak <strong>tingkat TK</strong></p>");
    }
    await dialog.getByLabel("Gambar", { exact: true }).setInputFiles({ name: "lomba.png", mimeType: "image/png", buffer: pngBuffer() });
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await alertShown(page, "Berhasil menambah kegiatan!");
    await rowWith(page, title).waitFor();
    // The form's draft went with the save: the list names no unsaved form (it did until the next page).
    await expect(page.locator(".kit-kept-drafts")).toHaveCount(0);

    const added = (await activities(mainStack)).find((activity) => activity.title === title);
    expect(added).toMatchObject({ date: "2024-08-17T00:00:00.000Z", description: "<p>Lomba mewarnai untuk anak-anak <strong>tingkat TK</strong></p>" });
    expect(added?.file).toMatch(/\.png$/);

    // DETAIL opens the public page in a new tab of the admin's browser.
    expect(await page.getByRole("link", { name: `DETAIL ${title} (tab baru)` }).getAttribute("href")).toBe(`/activity/${added?.id}`);
    const publicPage = await page.context().newPage();
    const response = await publicPage.goto(`${mainStack.bffUrl}/activity/${added?.id}`);
    expect(response?.status()).toBe(200);
    expect(await publicPage.getByRole("heading", { level: 1 }).innerText()).toBe(title);
    await publicPage.getByText("17-08-2024").waitFor();
    await publicPage.getByText("tingkat TK").waitFor();
    const image = publicPage.locator(`img[src="/files/${added?.file}"]`);
    await image.waitFor();
    // It is shown (decoded), as a resized variant through the image proxy (the original is 1×1, so
    // its natural width at the variant's density rounds to 0: decode() is the check that it loaded).
    expect(await image.evaluate((element) => (element as HTMLImageElement).decode().then(() => true, () => false))).toBe(true);
    expect(await image.evaluate((element) => (element as HTMLImageElement).currentSrc)).toMatch(new RegExp(`/files/${added?.file}\\?w=\\d+$`));
    await publicPage.close();

    // And it goes again, asked first with the activity screen's question.
    await page.getByRole("link", { name: `HAPUS ${title}` }).click();
    const question = page.getByRole("alertdialog", { name: "Apakah anda yakin akan menghapus data?" });
    await question.getByRole("button", { name: "Hapus" }).click();
    await alertShown(page, "Kegiatan berhasil dihapus!");
    expect((await activities(mainStack)).some((activity) => activity.id === added?.id)).toBe(false);
  });
});

/**
 * Dates read day-month-year whatever the browser's language: each accepted writing typed into the
 * activity form in an English and an Indonesian Chromium reaches the upstream as the same ISO
 * date; a two-digit year and an impossible day are refused, saying why; with JavaScript the
 * calendar picks a date by keyboard. The English browser is where a date read in the browser's
 * language would show (August, month first): it is tried with JavaScript and without, and its
 * calendar. Without JavaScript the field is plain text read by the server, which reads no
 * language from the request: the Indonesian browser adds nothing there.
 */
for (const locale of ["en-US", "id-ID"]) {
  for (const javaScript of locale === "en-US" ? [true, false] : [true]) test.describe(`activity dates in ${locale}, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test("each writing of 15 August 2023 is stored as that day; 15-08-23 and 31-02-2023 are refused, saying why", async ({ admins, mainStack }) => {
      const admin = await admins.open({ javaScript, locale });
      const { page } = admin;
      const writings = ["15-08-2023", "15/08/2023", "15.08.2023", "15082023"];
      for (const [index, typed] of writings.entries()) {
        const title = `Tanggal ${locale} ${javaScript ? "js" : "html"} ${index}`;
        await admin.open("/admin/activity?modal=add");
        const dialog = dialogNamed(page, "TAMBAH KEGIATAN");
        await dialog.getByLabel("Tanggal").fill(typed);
        await dialog.getByRole("textbox", { name: "Judul", exact: true }).fill(title);
        await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
        await alertShown(page, "Berhasil menambah kegiatan!");
        const added = (await activities(mainStack)).find((activity) => activity.title === title);
        expect(added?.date, typed).toBe("2023-08-15T00:00:00.000Z");
      }

      for (const [typed, why] of [
        ["15-08-23", "Tanggal “15-08-23” tidak valid: tahun harus empat angka, misalnya 17-08-2024"],
        ["31-02-2023", "Tanggal “31-02-2023” tidak valid: tanggal itu tidak ada di kalender"],
      ]) {
        await admin.open("/admin/activity?modal=add");
        const dialog = dialogNamed(page, "TAMBAH KEGIATAN");
        const field = dialog.getByLabel("Tanggal");
        await field.fill(typed);
        await dialog.getByRole("textbox", { name: "Judul", exact: true }).fill("Tidak tersimpan");
        if (javaScript) {
          await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
        } else {
          // The browser's own check (the field's pattern) would hold a two-digit year back: the server's word is the one shown here.
          await field.evaluate((input) => input.removeAttribute("pattern"));
          await Promise.all([page.waitForLoadState("load"), dialog.getByRole("button", { name: "SIMPAN", exact: true }).click()]);
        }
        await dialog.getByText(why).waitFor();
        expect(await field.getAttribute("aria-invalid")).toBe("true");
      }
      expect((await activities(mainStack)).some((activity) => activity.title === "Tidak tersimpan")).toBe(false);
      const token = await referenceApiToken(mainStack.referenceApiUrl);
      for (const activity of (await activities(mainStack)).filter((each) => each.title.startsWith(`Tanggal ${locale}`))) {
        await fetch(`${mainStack.referenceApiUrl}/api/activities/${activity.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
      }
    });
  });

  if (locale === "en-US") test(`the calendar in ${locale} picks a day by keyboard, written DD-MM-YYYY, its months in Indonesian`, async ({ admins }) => {
    const admin = await admins.open({ javaScript: true, locale });
    const { page } = admin;
    await admin.open("/admin/activity?modal=add");
    const dialog = dialogNamed(page, "TAMBAH KEGIATAN");
    const field = dialog.getByLabel("Tanggal");
    await field.fill("15-08-2023");
    await dialog.getByRole("button", { name: "Buka kalender" }).click();
    const calendar = dialog.getByRole("dialog", { name: "Kalender" });
    await calendar.waitFor();
    // Indonesian whatever the browser's language: the month is named in Indonesian.
    await expect(calendar).toContainText("Agustus");
    expect(await seriousViolations(page)).toEqual([]);
    // The chosen day has the focus: one day on, and Enter.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await calendar.waitFor({ state: "detached" });
    expect(await field.inputValue()).toBe("16-08-2023");
    await expect(field).toBeFocused();
    // Escape closes the calendar alone, not the form.
    await dialog.getByRole("button", { name: "Buka kalender" }).click();
    await calendar.waitFor();
    await page.keyboard.press("Escape");
    await calendar.waitFor({ state: "detached" });
    expect(await dialogNamed(page, "TAMBAH KEGIATAN").isVisible()).toBe(true);
  });
}

test.describe("the activity table with JavaScript", () => {
  test("keeps its scroll position through an edit, and loads more rows when scrolled to the bottom", async ({ admins, mainStack: { referenceApiUrl } }) => {
    const token = await referenceApiToken(referenceApiUrl);
    const created: number[] = [];
    // Enough activities for more than one page of 20.
    for (let index = 0; index < 22; index++) {
      const body = new FormData();
      body.set("date", `2020-01-${String(index + 1).padStart(2, "0")}`);
      body.set("title", `Arsip kegiatan ${index + 1}`);
      const response = await fetch(`${referenceApiUrl}/api/activities`, { method: "POST", body, headers: { Authorization: `Bearer ${token}` } });
      created.push(((await response.json()) as { data: { id: number } }).data.id);
    }
    try {
      const admin = await admins.open({ javaScript: true });
      const { page } = admin;
      await admin.open("/admin/activity");
      const pageLoad = await markWindow(page);
      const box = await scrollBox(admin);
      expect(await page.locator("tbody tr").count()).toBe(20);
      // Spec §9: at most innerHeight - innerHeight / 3.4 high.
      const [maxHeight, innerHeight] = await page.locator(".kit-table-scroll").evaluate((element) => [parseFloat(getComputedStyle(element).maxHeight), window.innerHeight]);
      expect(maxHeight).toBeCloseTo(innerHeight - innerHeight / 3.4, 0);

      // An edit of a row far down the table: the table is where it was afterwards.
      const lastRow = page.locator("tbody tr").nth(19);
      const rowTitle = (await lastRow.locator('td[data-label="Judul"]').innerText()).trim();
      await lastRow.scrollIntoViewIfNeeded();
      const before = await box.top();
      expect(before).toBeGreaterThan(0);
      await page.getByRole("link", { name: `EDIT ${rowTitle}`, exact: true }).click();
      const dialog = dialogNamed(page, "UBAH KEGIATAN");
      await dialog.getByRole("textbox", { name: "Judul", exact: true }).fill(`${rowTitle} (diubah)`);
      await dialog.getByRole("button", { name: "UBAH", exact: true }).click();
      await alertShown(page, "Berhasil mengubah kegiatan!");
      await rowWith(page, `${rowTitle} (diubah)`).waitFor();
      expect(Math.abs((await box.top()) - before)).toBeLessThan(2);

      // Scrolled to the bottom: the next page is added below, the position stays; the URL still names the page rendered.
      await box.toBottom();
      await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(20);
      expect(new URL(page.url()).searchParams.get("page")).toBeNull();
      expect(await box.top()).toBeGreaterThan(before);
      expect(await pageLoad.survived()).toBe(true);
    } finally {
      for (const id of created) {
        await fetch(`${referenceApiUrl}/api/activities/${id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
      }
    }
  });
});
