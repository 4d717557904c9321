import { expect, test } from "./fixtures.ts";
import { logIn, type MissionVision, records } from "./helpers/index.ts";

/**
 * Public pages are cached whole for anonymous visitors (app/platform/page-cache.server.ts, in the
 * process's own code) while the admin's changes clear the cache from the routes (in the Remix
 * build): a change must reach the cached pages at once, across that boundary.
 */

const anonymousHome = async (bffUrl: string) => (await fetch(`${bffUrl}/`)).text();

/** A form's fields as a browser posts them (tests/hard/screens.ts has the same, but loads the app's registry, which only Vite can). */
function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

async function saveVision(bffUrl: string, cookie: string, record: MissionVision, vision: string) {
  const response = await fetch(`${bffUrl}/admin/mission-vission?modal=edit&id=${record.id}`, {
    method: "POST",
    headers: { cookie },
    body: formOf({ intent: "update", id: String(record.id), vision, mission: record.mission }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
}

test.describe("the whole-page cache for anonymous visitors", () => {
  test("shows an admin's change on the very next anonymous view of a cached page", async ({ mainStack }) => {
    const { bffUrl, referenceApiUrl } = mainStack;
    const [record] = await records(referenceApiUrl, "mission-vision");
    const changed = `Visi baru ${Date.now()}`;
    expect(await anonymousHome(bffUrl)).toContain(record.vision);
    // Kept now: the second view is the cached page.
    expect(await anonymousHome(bffUrl)).toContain(record.vision);

    const cookie = await logIn(bffUrl);
    try {
      await saveVision(bffUrl, cookie, record, changed);
      const next = await anonymousHome(bffUrl);
      expect(next).toContain(changed);
      expect(next).not.toContain(record.vision);
    } finally {
      await saveVision(bffUrl, cookie, record, record.vision);
    }
    expect(await anonymousHome(bffUrl)).toContain(record.vision);
  });

  test("answers the cached home page as stored: Brotli for a browser, a strong ETag and its 304, headers for a cache in front", async ({ mainStack }) => {
    const { bffUrl } = mainStack;
    const browser = { "Accept-Encoding": "gzip, deflate, br" };
    await fetch(`${bffUrl}/`, { headers: browser }).then((response) => response.arrayBuffer());
    const cached = await fetch(`${bffUrl}/`, { headers: browser });
    expect(cached.status).toBe(200);
    expect(cached.headers.get("content-encoding")).toBe("br");
    expect(cached.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(cached.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    const etag = cached.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(await cached.text()).toContain("</html>");

    // As a browser revalidates (fetch would otherwise add `Cache-Control: no-cache`, which asks for the page whatever the tag).
    const revalidated = await fetch(`${bffUrl}/`, { headers: { ...browser, "If-None-Match": etag, "Cache-Control": "max-age=0" } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");

    // A visitor with a session: the page is theirs alone, kept by no cache.
    const cookie = await logIn(bffUrl);
    const signedIn = await fetch(`${bffUrl}/`, { headers: { ...browser, cookie } });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("etag")).toBeNull();
  });
});
