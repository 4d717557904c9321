import type { FileChooser, Locator, Page } from "playwright-core";
import { adminMenu, DOCUMENTS_PAGE } from "~/admin-kit/resource";
import { RESOURCE_SECTIONS } from "~/resources/resources";
import { expect, type Stack, test } from "./fixtures.ts";
import {
  ADMIN_EMAIL,
  axeViolations,
  DEMO_PASSWORD,
  DESKTOP,
  dialogNamed,
  keptAdminPages,
  pngBuffer,
  records,
  rowWith,
  tabTo,
  waitForHydration,
  waitForPath,
  waitForVisibleContent,
} from "./helpers/index.ts";

/**
 * The back-office used with the keyboard alone (issue 9, point 6): no mouse call anywhere in
 * this file, only `page.keyboard`. Logging in, reaching the slider screen through the menu,
 * adding a slider with an image and deleting it again; modals keeping Tab inside and giving
 * focus back; and, on every admin screen and its form, every control reached by Tab with a
 * visible focus indicator. The tests that start on a logged-in screen run in one kept desktop tab
 * (`keptAdminPages`), each from a new document of its screen, where the keyboard starts at the
 * top: they type nothing and leave no route or storage behind.
 */

const sliders = ({ referenceApiUrl }: Stack) => records(referenceApiUrl, "sliders");

/** The desktop tab with JavaScript that the tests starting on a logged-in screen share, kept until the end of the file. */
const kept = keptAdminPages();
test.afterAll(() => kept.close());

test.describe("the back-office with the keyboard only", () => {
  test("logs in, reaches the slider screen through the menu, adds a slider with an image and deletes it", async ({ admins, mainStack }) => {
    const { bffUrl } = mainStack;
    const context = await admins.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    // Listening from the start: Playwright takes over file choosers only once it is asked to.
    const fileChoosers: FileChooser[] = [];
    page.on("filechooser", (chooser) => fileChoosers.push(chooser));
    await page.goto(`${bffUrl}/login`);
    await waitForHydration(page);

    await tabTo(page, page.getByLabel("Email"));
    await page.keyboard.type(ADMIN_EMAIL);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password")).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press("Enter");
    await waitForPath(page, "/admin/slider-manager");
    await waitForHydration(page);

    const menu = page.getByRole("navigation", { name: "Menu admin" });
    await tabTo(page, menu.getByRole("link", { name: "Kegiatan" }));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Kegiatan" }).waitFor();
    await tabTo(page, menu.getByRole("link", { name: "Slider" }), { backwards: true });
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Slider" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/slider-manager");

    const addLink = page.getByRole("link", { name: "Tambah Slider" });
    await tabTo(page, addLink);
    await page.keyboard.press("Enter");
    const dialog = dialogNamed(page, "TAMBAH SLIDER");
    await dialog.waitFor();
    // The form starts at its first field.
    await expect(dialog.getByLabel("Judul")).toBeFocused();
    const title = "Pameran papan ketik";
    await page.keyboard.type(title);
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Deskripsi")).toBeFocused();
    await page.keyboard.type("Ditambahkan tanpa tetikus.");
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("URL")).toBeFocused();
    await page.keyboard.type("/about");
    await page.keyboard.press("Tab");
    const fileInput = dialog.getByLabel("Gambar");
    await expect(fileInput).toBeFocused();
    await page.keyboard.press("Space");
    await expect.poll(() => fileChoosers.length, { message: "the file chooser opened" }).toBe(1);
    await fileChoosers[0]?.setFiles({ name: "papan-ketik.png", mimeType: "image/png", buffer: pngBuffer() });
    await dialog.getByRole("img", { name: "Pratinjau papan-ketik.png" }).waitFor();
    await expect(fileInput).toBeFocused();
    await tabTo(page, dialog.getByRole("button", { name: "SIMPAN", exact: true }), { limit: 3 });
    await page.keyboard.press("Enter");

    // Announced politely, the modal gone, the keyboard back on what opened it, the row listed.
    await page.getByRole("status").filter({ hasText: "Berhasil menambahkan data!" }).waitFor();
    await dialog.waitFor({ state: "detached" });
    await expect(addLink).toBeFocused();
    const upper = title.toUpperCase();
    await rowWith(page, upper).waitFor();
    const added = (await sliders(mainStack)).find((slider) => slider.title === upper);
    expect(added).toMatchObject({ url: "/about" });
    expect(added?.file).toMatch(/\.png$/);

    // Delete it again: the question takes the focus on 'Batal'; 'Hapus' is one Shift+Tab away.
    const deleteLink = page.getByRole("link", { name: `HAPUS ${upper}` });
    await tabTo(page, deleteLink, { backwards: true, limit: 200 });
    await page.keyboard.press("Enter");
    const question = page.getByRole("alertdialog", { name: "Apakah anda yakin ingin menghapus data?" });
    await expect(question.getByRole("link", { name: "Batal" })).toBeFocused();
    // Escape says 'Batal': the question goes and the keyboard is back on the row's link.
    await page.keyboard.press("Escape");
    await question.waitFor({ state: "detached" });
    await expect(deleteLink).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(question.getByRole("link", { name: "Batal" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(question.getByRole("button", { name: "Hapus" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "Berhasil menghapus data!" }).waitFor();
    await rowWith(page, upper).waitFor({ state: "detached" });
    expect((await sliders(mainStack)).some((slider) => slider.id === added?.id)).toBe(false);
    // The row's link that asked is gone with the row: the keyboard stays at the table, not at the page's top.
    const table = page.getByRole("region", { name: "Daftar slider" });
    await expect(table).toBeFocused();
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=region]") !== null)).toBe(true);
  });

  test("skips to the content first, keeps Tab inside a modal and gives focus back to the link that opened it", async ({ browser, mainStack }) => {
    const admin = await kept.open(browser, mainStack.bffUrl, { javaScript: true });
    const { page } = admin;
    await admin.open("/admin/slider-manager");
    // The first stop skips the menu.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Langsung ke konten" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    const editLink = page.getByRole("link", { name: /^EDIT/ }).first();
    await tabTo(page, editLink);
    await page.keyboard.press("Enter");
    const dialog = dialogNamed(page, "UBAH SLIDER");
    await dialog.waitFor();
    await expect(dialog.getByLabel("Judul")).toBeFocused();

    // The form's order: Tutup, the fields, UBAH; past either end the keyboard wraps around.
    const close = dialog.getByRole("link", { name: "Tutup" });
    const submit = dialog.getByRole("button", { name: "UBAH", exact: true });
    await page.keyboard.press("Shift+Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(submit).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect(editLink).toBeFocused();
    expect(new URL(page.url()).searchParams.get("modal")).toBeNull();
  });
});

/** One element as the sweep saw it. */
interface Stop {
  id: string;
  description: string;
}

interface Sweep {
  /** Interactive, visible controls that Tab never reached. */
  unreached: Stop[];
  /** Controls reached whose look did not change on focus (outline, box shadow; theirs or a close ancestor's). */
  withoutIndicator: Stop[];
  /** Visible links, buttons and form controls taken out of the tab order with tabindex -1. */
  removedFromTabOrder: Stop[];
  reached: number;
}

/**
 * Tabs once around `scope` (the page, or a modal that keeps Tab inside) and reports what the
 * keyboard could not reach and which stops showed no focus indicator. Controls that appear
 * meanwhile (the next page of rows, the account menu) may be visited but are not required.
 */
async function sweepTabOrder(page: Page, scope: Locator): Promise<Sweep> {
  const candidates = await scope.evaluate((root) => {
    const interactive =
      "a[href], button, input:not([type=hidden]), select, textarea, [contenteditable=true], [tabindex], [role=button], [role=switch], [role=link]";
    let next = 0;
    const stops: Array<{ id: string; description: string; removed: boolean }> = [];
    for (const element of root.querySelectorAll<HTMLElement>(interactive)) {
      const style = getComputedStyle(element);
      if (
        element.getClientRects().length === 0 ||
        // Not rendered: inside a closed <details> (the list's filters), or content-visibility hidden.
        !element.checkVisibility() ||
        style.visibility === "hidden" ||
        element.closest("[inert], [aria-hidden=true]")
      )
        continue;
      if ((element as HTMLButtonElement).disabled) continue;
      // A combobox's own button that opens its list stays out of the tab order (the ARIA combobox
      // pattern): the keyboard opens the list from the input itself (Alt+ArrowDown, ArrowDown).
      const listId = element.getAttribute("aria-controls");
      const ownCombobox = listId ? root.querySelector(`[role=combobox][aria-controls="${CSS.escape(listId)}"]`) : null;
      if (element.tagName === "BUTTON" && element.tabIndex < 0 && ownCombobox && ownCombobox !== element) continue;
      element.dataset.sweep = String(next++);
      const native = element.matches("a[href], button, input, select, textarea, [role=button], [role=switch], [role=link]");
      const description = `${element.tagName.toLowerCase()} "${(
        element.getAttribute("aria-label") ??
        element.textContent ??
        element.getAttribute("name") ??
        ""
      )
        .trim()
        .slice(0, 40)}"`;
      if (element.tabIndex >= 0 || native) stops.push({ id: element.dataset.sweep, description, removed: element.tabIndex < 0 });
    }
    return stops;
  });

  /** The look of the focused element and its three closest ancestors. */
  const look = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement) || active === document.body) return null;
      const styles: string[] = [];
      for (
        let element: HTMLElement | null = active, depth = 0;
        element && depth < 4;
        element = element.parentElement, depth += 1
      ) {
        const style = getComputedStyle(element);
        styles.push(`${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`);
      }
      if (!active.dataset.sweep) active.dataset.sweep = `extra-${Math.random()}`;
      return { id: active.dataset.sweep, styles };
    });

  const focusedLooks = new Map<string, string[]>();
  let first: string | undefined;
  let previous: string | undefined;
  const limit = candidates.length * 3 + 30;
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press("Tab");
    const seen = await look();
    if (!seen) {
      if (first) break; // past the page's last control
      continue;
    }
    // Round once (a modal wraps). A date field takes one Tab per part: the same element again.
    if (seen.id === first && previous !== first) break;
    first ??= seen.id;
    previous = seen.id;
    focusedLooks.set(seen.id, seen.styles);
  }

  // The same elements without focus, to compare with.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const restingLooks = await page.evaluate(
    (ids) => {
      const looks: Record<string, string[]> = {};
      for (const id of ids) {
        const element = document.querySelector<HTMLElement>(`[data-sweep="${id}"]`);
        const styles: string[] = [];
        for (
          let current: HTMLElement | null = element, depth = 0;
          current && depth < 4;
          current = current.parentElement, depth += 1
        ) {
          const style = getComputedStyle(current);
          styles.push(`${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`);
        }
        looks[id] = styles;
      }
      return looks;
    },
    [...focusedLooks.keys()],
  );

  const withoutIndicator: Stop[] = [];
  for (const [id, focused] of focusedLooks) {
    const resting = restingLooks[id];
    if (resting && focused.every((style, index) => style === resting[index])) {
      withoutIndicator.push({ id, description: candidates.find((stop) => stop.id === id)?.description ?? id });
    }
  }
  return {
    unreached: candidates.filter((stop) => !stop.removed && !focusedLooks.has(stop.id)),
    withoutIndicator,
    removedFromTabOrder: candidates.filter((stop) => stop.removed),
    reached: focusedLooks.size,
  };
}

function expectComplete(sweep: Sweep) {
  expect(sweep.reached).toBeGreaterThan(0);
  expect(
    sweep.unreached.map((stop) => stop.description),
    "controls Tab never reached",
  ).toEqual([]);
  expect(
    sweep.removedFromTabOrder.map((stop) => stop.description),
    "controls taken out of the tab order",
  ).toEqual([]);
  expect(
    sweep.withoutIndicator.map((stop) => stop.description),
    "stops without a visible focus indicator",
  ).toEqual([]);
}

/** The screens with no add or edit form: the change history is read, never written. */
const WITHOUT_FORM = new Set(["audit"]);

/** The menu's pages of records, in its order (app/resources/screens.ts: the screens, then the audit log's page); the public documents' page is a form of its own, below. */
const MENU_PAGES = adminMenu(RESOURCE_SECTIONS)
  .flatMap((section) => section.pages)
  .filter((page) => page.id !== DOCUMENTS_PAGE.id);

for (const { segment, heading, hasForm } of MENU_PAGES.map((page) => ({ segment: page.id, heading: page.title, hasForm: !WITHOUT_FORM.has(page.id) })))
  test.describe(`/admin/${segment} with the keyboard`, () => {
    /** The add form's link where there is one, else the first row's edit link. */
    const formOpener = (page: Page) => page.getByRole("link", { name: /^(Tambah|EDIT)/ }).first();

    test("reaches every control by Tab, each showing focus", async ({ browser, mainStack }) => {
      const admin = await kept.open(browser, mainStack.bffUrl, { javaScript: true });
      const { page } = admin;
      await admin.open(`/admin/${segment}`);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(heading);
      await waitForVisibleContent(page);
      expectComplete(await sweepTabOrder(page, page.locator("body")));
      // A list's filters, folded under "Saring", open from the keyboard and are reached in turn.
      const filters = page.locator(".kit-filter-panel > summary");
      if ((await filters.count()) > 0) {
        await tabTo(page, filters);
        await page.keyboard.press("Enter");
        expectComplete(await sweepTabOrder(page, page.locator(".kit-filters")));
        // An arrow key moves through a filter's options, the list left as it is and the focus kept; Enter applies it.
        const select = page.locator(".kit-filter-form select").first();
        if ((await select.count()) > 0) {
          const before = page.url();
          await select.focus();
          await page.keyboard.press("ArrowDown");
          await page.keyboard.press("ArrowDown");
          expect(page.url()).toBe(before);
          expect(await select.evaluate((element) => element === document.activeElement)).toBe(true);
          const [name, chosen] = [await select.getAttribute("name"), await select.inputValue()];
          await page.keyboard.press("Enter");
          await page.waitForURL((url) => url.searchParams.get(name ?? "") === chosen);
        }
      }

      // Escape closes the Export menu opened from the keyboard, the focus back on its summary.
      const exportMenu = page.locator("details.kit-export");
      if ((await exportMenu.count()) > 0) {
        await exportMenu.locator("summary").focus();
        await page.keyboard.press("Enter");
        expect(await exportMenu.evaluate((menu) => (menu as HTMLDetailsElement).open)).toBe(true);
        await page.keyboard.press("Escape");
        expect(await exportMenu.evaluate((menu) => (menu as HTMLDetailsElement).open)).toBe(false);
        expect(await exportMenu.locator("summary").evaluate((summary) => summary === document.activeElement)).toBe(true);
      }

      // The data table: column headers with a scope, and a name.
      const table = page.getByRole("table");
      expect(await table.locator("th:not([scope=col])").count()).toBe(0);
      expect(await table.locator("caption").innerText()).not.toBe("");
      // The screens said to have no form have none (so the form's test below is skipped only for them).
      expect(await formOpener(page).count(), "a link that opens the add or edit form").toBe(hasForm ? 1 : 0);
    });

    test(`reaches every control of its form by Tab, inside its modal${hasForm ? "" : " (skipped: this screen has no form)"}`, async ({ browser, mainStack }) => {
      test.skip(!hasForm, "this screen has no form");
      const admin = await kept.open(browser, mainStack.bffUrl, { javaScript: true });
      const { page } = admin;
      await admin.open(`/admin/${segment}`);
      await tabTo(page, formOpener(page));
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      // Quill arrives in its own chunk after the modal opens.
      if ((await dialog.locator(".kit-rich-text").count()) > 0) await dialog.locator(".ql-toolbar").first().waitFor();
      expectComplete(await sweepTabOrder(page, dialog));
    });
  });

test("/admin/documents with the keyboard: reaches every control by Tab, each showing focus; axe finds nothing, of any impact", async ({ browser, mainStack }) => {
  const admin = await kept.open(browser, mainStack.bffUrl, { javaScript: true });
  const { page } = admin;
  await admin.open(`/admin/${DOCUMENTS_PAGE.id}`);
  expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(DOCUMENTS_PAGE.title);
  await waitForVisibleContent(page);
  expect(await axeViolations(page)).toEqual([]);
  expectComplete(await sweepTabOrder(page, page.locator("body")));
});

test.describe("at phone width", () => {
  test("opens the menu from the keyboard and reaches every control of the screen", async ({ admins }) => {
    const admin = await admins.open({ javaScript: true, viewport: { width: 375, height: 740 } });
    const { page } = admin;
    await admin.open("/admin/slider-manager");
    await waitForVisibleContent(page);
    expectComplete(await sweepTabOrder(page, page.locator("body")));

    await admin.open("/admin/slider-manager");
    const menuButton = page.getByRole("button", { name: "Buka menu" });
    await tabTo(page, menuButton);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Menu admin" });
    // The opened menu takes the focus, on the page the admin is at.
    await expect(menu.getByRole("link", { name: "Slider" })).toBeFocused();
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await expect(menuButton).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(menu.getByRole("link", { name: "Slider" })).toBeFocused();
    // Lying over the page, it keeps Tab inside: backwards from its first control comes its last.
    const closeButton = menu.getByRole("button", { name: "Tutup menu" });
    await tabTo(page, closeButton, { backwards: true });
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("nav")?.getAttribute("aria-label"))).toBe("Menu admin");
    await tabTo(page, menu.getByRole("link", { name: "Kegiatan" }));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Kegiatan" }).waitFor();
  });
});
