import type { Locator, Page } from "playwright-core";
import { expect, test } from "./fixtures.ts";
import { dialogNamed } from "./helpers/index.ts";

/**
 * Forms hold still (issue 22, point 7): pressing on the next control takes the focus from the
 * last one, whose check shows an error line; the line must not move that control away before the
 * button is released, or the click lands elsewhere (the first genre pill click was lost in 4 of 5
 * tries). The error still shows, right after the click; a keyboard user sees it at once. A field
 * is judged on leaving it once it held something (issue 47 point 5): here the title typed, then
 * cleared; an empty form tabbed through says nothing until the save.
 */

const TITLE_REQUIRED = "Judul wajib diisi";

/**
 * A person holds a mouse button down for a while in a click (Playwright's own click holds it for
 * no time at all): long enough for the press to have its effects before the release. Held here
 * until they have happened: the focus has moved to the pressed control (the last one's blur, whose
 * check makes the error), and the page has painted twice since, so an error line shown at once
 * would have moved the control by now.
 */
async function holdUntilPressed(page: Page, pressed: Locator): Promise<void> {
  await expect(pressed).toBeFocused();
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

test.describe("the book form, right after a blur error", () => {
  test("takes a click on the genre picker below the field, every time, and then shows the error", async ({ admins }) => {
    const admin = await admins.open({ javaScript: true, viewport: { width: 1280, height: 1024 } });
    const { page } = admin;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await admin.open("/admin/book?modal=add");
      const dialog = dialogNamed(page, "TAMBAH BUKU");
      await dialog.waitFor();
      // Typed, then cleared: leaving it now is an error.
      await dialog.getByLabel("Judul").fill("x");
      await dialog.getByLabel("Judul").fill("");
      const picker = dialog.getByRole("combobox", { name: "Genre" });
      // As the modal opens (scrolled to its top, where the browser does not anchor the scroll),
      // the picker in view and not under the modal's sticky SIMPAN bar.
      const box = await picker.boundingBox();
      if (!box) throw new Error("the genre picker is not shown");
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      expect(await picker.evaluate((element, [px, py]) => element.contains(document.elementFromPoint(px, py)), [x, y])).toBe(true);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await holdUntilPressed(page, picker);
      await page.mouse.up();
      // The click landed: the picker has the focus and its list is open.
      expect(await picker.evaluate((element) => element === document.activeElement), `attempt ${attempt}: the picker took the click`).toBe(true);
      expect(await picker.getAttribute("aria-expanded")).toBe("true");
      await expect.poll(() => dialog.getByText(TITLE_REQUIRED).count()).toBe(1);
    }
  });

  test("shows the error at once when the focus leaves by the keyboard", async ({ admins }) => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/book?modal=add");
    const dialog = dialogNamed(page, "TAMBAH BUKU");
    await dialog.waitFor();
    await dialog.getByLabel("Judul").fill("x");
    await dialog.getByLabel("Judul").fill("");
    await page.keyboard.press("Tab");
    await expect.poll(() => dialog.getByText(TITLE_REQUIRED).count()).toBe(1);
  });
});

test.describe("the book form tabbed through before anything is typed", () => {
  test("says nothing of an empty required field until the save, then names it", async ({ admins }) => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/book?modal=add");
    const dialog = dialogNamed(page, "TAMBAH BUKU");
    await dialog.waitFor();
    await dialog.getByLabel("Judul").focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    // The page has painted since the blur: an error would be there by now.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    expect(await dialog.getByText(TITLE_REQUIRED).count()).toBe(0);
    expect(await dialog.getByLabel("Judul").getAttribute("aria-invalid")).not.toBe("true");
    await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
    await expect.poll(() => dialog.getByText(TITLE_REQUIRED).count()).toBe(1);
  });
});
