import { describe, expect, it } from "vitest";
import { adminBrowsers, mainStack, seriousViolations, waitForVisibleContent } from "./helpers/index.ts";

/** The six catalogue screens, their modals and delete questions: no serious or critical axe-core violation. */

const { bffUrl } = mainStack();
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

const SCREENS = [
  { segment: "banner", heading: "Banner", add: "TAMBAH BANNER", edit: "UBAH BANNER" },
  { segment: "genre", heading: "Kategori", add: "TAMBAH KATEGORI", edit: "UBAH KATEGORI" },
  { segment: "tag", heading: "Tag", add: "TAMBAH TAG", edit: "UBAH TAG" },
  { segment: "classification", heading: "Klasifikasi", add: "TAMBAH KLASIFIKASI", edit: "UBAH KLASIFIKASI" },
  { segment: "author", heading: "Pengarang", add: "TAMBAH PENGARANG", edit: "UBAH PENGARANG" },
  { segment: "publisher", heading: "Penerbit", add: "TAMBAH PENERBIT", edit: "UBAH PENERBIT" },
];

const admins = adminBrowsers(bffUrl);

describe.each(SCREENS)("/admin/$segment", ({ segment, heading, add, edit }) => {
  it.each(VIEWPORTS)("has no serious or critical violation at $width px (list, modals, delete question)", async (viewport) => {
    const admin = await admins.open({ javaScript: true, viewport });
    const { page } = admin;
    await admin.open(`/admin/${segment}`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(heading);
    await waitForVisibleContent(page);
    expect(await seriousViolations(page), "list").toEqual([]);

    const href = await page.getByRole("link", { name: /^EDIT/ }).first().getAttribute("href");
    const id = new URL(href ?? "", bffUrl).searchParams.get("id");
    expect(id).toBeTruthy();
    for (const [name, query] of [
      [add, "?modal=add"],
      [edit, `?modal=edit&id=${id}`],
      ["delete", `?delete=${id}`],
    ]) {
      await admin.navigate(`/admin/${segment}${query}`);
      if (name === "delete") await page.getByRole("alertdialog").waitFor();
      else await page.getByRole("dialog", { name }).waitFor();
      await waitForVisibleContent(page);
      expect(await seriousViolations(page), name).toEqual([]);
    }
  });
});
