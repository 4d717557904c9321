import type { Page } from "playwright-core";
import { adminPage } from "~/admin-kit/menu";
import { SCREENS as SCREEN_DECLARATIONS } from "~/resources/resources";
import { expect, test } from "./fixtures.ts";
import { keepScreenshot, keptAdminPages, seriousViolations, waitForVisibleContent } from "./helpers/index.ts";

/**
 * Every screen of the one list (app/resources/screens.ts), its modals and the delete question,
 * checked by axe-core at a phone width and a desktop width: no serious or critical violation.
 * With E2E_SCREENSHOTS=1, screenshots land in tests/e2e/screenshots/admin-{screen}-*.png for a person to look at.
 * The screens of one width are checked in one kept tab (`keptAdminPages`), each loaded as a new
 * document in it: only axe reads the pages here, nothing is typed, hovered or stored.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

interface Screen {
  segment: string;
  heading: string;
  add?: string;
  edit?: string;
  remove?: boolean;
  richText?: boolean;
}

/** What each screen shows, as its declaration says: the Add modal only where a record can be added beside the one shown. */
const SCREENS: Screen[] = SCREEN_DECLARATIONS.map((definition) => ({
  segment: definition.id,
  heading: adminPage(definition.id, definition.menu).title,
  add: definition.addButton && !definition.singleRecord ? definition.texts.addTitle : undefined,
  edit: definition.edit ? definition.texts.editTitle : undefined,
  remove: definition.remove,
  richText: definition.fields.some((field) => field.type === "textEditor"),
}));

/** The id of the first row, read from its EDIT link (`bffUrl` resolves it). */
async function firstRowId(page: Page, bffUrl: string): Promise<string> {
  const href = await page.getByRole("link", { name: /^EDIT/ }).first().getAttribute("href");
  const id = new URL(href ?? "", bffUrl).searchParams.get("id");
  if (!id) throw new Error("no row to edit");
  return id;
}

/** One logged-in tab per width, kept until the end of the file. */
const kept = keptAdminPages();
test.afterAll(() => kept.close());

async function settle(page: Page, screen: Screen) {
  // Quill arrives in its own chunk after hydration; its toolbar is what axe needs to see.
  if (screen.richText && (await page.getByRole("dialog").count()) > 0) await page.locator(".ql-toolbar").first().waitFor();
  // Thumbnails are lazy: the visible ones are in the screenshots.
  await waitForVisibleContent(page);
}

for (const screen of SCREENS) {
  test.describe(`/admin/${screen.segment}`, () => {
    for (const viewport of VIEWPORTS) {
      test(`has no serious or critical axe violation at ${viewport.width} px (list, modals, delete question)`, async ({ browser, mainStack }) => {
        const admin = await kept.open(browser, mainStack.bffUrl, { javaScript: true, viewport });
        const { page } = admin;
        await admin.open(`/admin/${screen.segment}`);
        expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(screen.heading);
        await settle(page, screen);
        expect(await seriousViolations(page), "list").toEqual([]);
        await keepScreenshot(page, `admin-${screen.segment}-${viewport.width}`);

        const id = await firstRowId(page, mainStack.bffUrl);
        const overlays: Array<[string, string]> = [];
        // The add form is the edit form without the stored files' previews: both at the desktop
        // width, the edit one alone at the phone's. The delete question is one component, every
        // screen's with its own words: asked on the first screen that deletes, at each width.
        if (screen.add && viewport.width === VIEWPORTS[0].width) overlays.push(["add", "?modal=add"]);
        if (screen.edit) overlays.push(["edit", `?modal=edit&id=${id}`]);
        if (screen === SCREENS.find((each) => each.remove)) overlays.push(["delete", `?delete=${id}`]);
        for (const [name, query] of overlays) {
          await admin.navigate(`/admin/${screen.segment}${query}`);
          if (name === "delete") await page.getByRole("alertdialog").waitFor();
          else await page.getByRole("dialog", { name: name === "add" ? screen.add : screen.edit }).waitFor();
          await settle(page, screen);
          expect(await seriousViolations(page), name).toEqual([]);
          if (name !== "delete") await keepScreenshot(page, `admin-${screen.segment}-${name}-${viewport.width}`);
        }
      });
    }
  });
}

test("the server-rendered forms (JavaScript never runs: the rich-text fallback) have no serious or critical violation", async ({ admins, mainStack: { bffUrl } }) => {
  // axe itself needs JavaScript, so the page's own scripts are kept out instead: what axe sees
  // is exactly the server's HTML, as a browser without JavaScript shows it.
  const admin = await admins.open({ javaScript: true });
  const { page } = admin;
  await admin.context.route("**/build/**/*.js", (route) => route.abort());
  await page.goto(`${bffUrl}/admin/about-manager`);
  const id = await firstRowId(page, bffUrl);
  await page.goto(`${bffUrl}/admin/about-manager?modal=edit&id=${id}`);
  await page.locator("textarea.kit-rich-text-fallback").first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`${bffUrl}/admin/slider-manager?delete=${await firstRowIdAt(page, bffUrl, "/admin/slider-manager")}`);
  await page.getByRole("alertdialog").waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});

async function firstRowIdAt(page: Page, bffUrl: string, adminPath: string): Promise<string> {
  await page.goto(`${bffUrl}${adminPath}`);
  return firstRowId(page, bffUrl);
}
