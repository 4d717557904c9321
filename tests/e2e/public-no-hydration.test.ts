import { expect, test } from "./fixtures.ts";
import { isUnhydratedPublicDocument, PHONE, waitForHydration, waitForPath } from "./helpers/index.ts";

/**
 * Public pages are not hydrated (`routes/_public.tsx`): the server's HTML is the page, and one
 * small module (`app/browser/public.ts`) moves what moves. React and Remix's runtime are never
 * sent to a visitor of the public site, and a hydrated page that navigates to a public page the
 * Remix way gets a new document instead of a client-side render.
 */

// With a 404 inside the public layout: an unknown activity, and an address no route has.
const PUBLIC_PATHS = ["/", "/about", "/history", "/activity/1", "/organization-tree", "/privacy-policy", "/terms", "/activity/999999", "/tidak-ada"];
const PUBLIC_SCRIPT = /^\/build\/_browser\/public-[\w-]+\.js$/;

for (const pagePath of PUBLIC_PATHS) test.describe(`the server's HTML of ${pagePath}`, () => {
  test("has the public pages' module as its only script, and none of Remix's", async ({ mainStack }) => {
    const { bffUrl } = mainStack;
    const html = await (await fetch(`${bffUrl}${pagePath}`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes);
    const executable = scripts.filter((attributes) => !/type="application\/ld\+json"/.test(attributes));
    expect(executable).toHaveLength(1);
    expect(/src="([^"]+)"/.exec(executable[0])?.[1]).toMatch(PUBLIC_SCRIPT);
    expect(executable[0]).toContain('type="module"');
    expect(html).not.toContain("__remixContext");
    expect(html).not.toContain("modulepreload");
  });
});

test("the page for a malformed address, which no route renders, carries no script at all", async ({ mainStack }) => {
  const { bffUrl } = mainStack;
  const response = await fetch(`${bffUrl}/about%ZZ`);
  expect(response.status).toBe(400);
  const html = await response.text();
  expect(html).toContain("Permintaan tidak valid");
  expect(html).not.toMatch(/<script\b/);
  expect(html).not.toContain("modulepreload");
});

test.describe("in the browser", () => {
  test("the home page at phone width loads only the public module and its chunk until the carousel's or the map's island comes near", async ({ contexts, mainStack }) => {
    const { bffUrl } = mainStack;
    const page = await (await contexts.newContext({ viewport: PHONE })).newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${bffUrl}/`);
    expect(await isUnhydratedPublicDocument(page)).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => !script.startsWith("/build/_browser/"))).toEqual([]);
    // The islands' loader, React and their components come only as an island nears.
    expect(scripts.filter((script) => /islands|ActivitiesCarousel|OfficeMap|LeafletMap|react/i.test(script))).toEqual([]);
  });

  test("a Remix navigation from the hydrated back-office to a public page loads it as a new document", async ({ admins, mainStack }) => {
    const { bffUrl } = mainStack;
    const { page } = await admins.open({ javaScript: true });
    await page.goto(`${bffUrl}/admin/slider-manager`);
    await waitForHydration(page);
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(true);
    // What a Remix <Link> or a redirect during a client-side navigation does.
    // Not awaited inside the page: the new document replaces the context the promise would settle in.
    await page.evaluate(() => {
      void (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate("/about");
    });
    await waitForPath(page, "/about");
    expect(await isUnhydratedPublicDocument(page)).toBe(true);
    await page.getByRole("heading", { level: 1 }).waitFor();
  });
});
