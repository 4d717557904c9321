import { describe, expect, it } from "vitest";
import { adminBrowsers, dialogNamed, mainStack } from "./helpers/index.ts";

/**
 * Forms hold still (issue 22, point 7): pressing on the next control takes the focus from the
 * last one, whose check shows an error line; the line must not move that control away before the
 * button is released, or the click lands elsewhere (the first genre pill click was lost in 4 of 5
 * tries). The error still shows, right after the click; a keyboard user sees it at once.
 */

const { bffUrl } = mainStack();
const admins = adminBrowsers(bffUrl);
const TITLE_REQUIRED = "Judul wajib diisi";
/** How long a person holds a mouse button down in a click (Playwright's own click holds it for no time at all). */
const PRESS_MS = 120;

describe("the book form, right after a blur error", () => {
  it("takes a click on the genre picker below the field, every time, and then shows the error", async () => {
    const admin = await admins.open({ javaScript: true, viewport: { width: 1280, height: 1024 } });
    const { page } = admin;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await admin.open("/admin/book?modal=add");
      const dialog = dialogNamed(page, "TAMBAH BUKU");
      await dialog.waitFor();
      await dialog.getByLabel("Judul").focus();
      const picker = dialog.getByRole("combobox", { name: "Genre" });
      // As the modal opens (scrolled to its top, where the browser does not anchor the scroll),
      // the picker in view and not under the modal's sticky SIMPAN bar.
      const box = await picker.boundingBox();
      if (!box) throw new Error("the genre picker is not shown");
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      expect(await picker.evaluate((element, [px, py]) => element.contains(document.elementFromPoint(px, py)), [x, y])).toBe(true);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.waitForTimeout(PRESS_MS);
      await page.mouse.up();
      // The click landed: the picker has the focus and its list is open.
      expect(await picker.evaluate((element) => element === document.activeElement), `attempt ${attempt}: the picker took the click`).toBe(true);
      expect(await picker.getAttribute("aria-expanded")).toBe("true");
      await expect.poll(() => dialog.getByText(TITLE_REQUIRED).count()).toBe(1);
    }
  });

  it("shows the error at once when the focus leaves by the keyboard", async () => {
    const admin = await admins.open({ javaScript: true });
    const { page } = admin;
    await admin.open("/admin/book?modal=add");
    const dialog = dialogNamed(page, "TAMBAH BUKU");
    await dialog.waitFor();
    await dialog.getByLabel("Judul").focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => dialog.getByText(TITLE_REQUIRED).count()).toBe(1);
  });
});
