import { describe, expect, it } from "vitest";
import { formOf } from "../hard/screens.ts";
import { logIn } from "../hard/stack.ts";
import { mainStack, type MissionVision, records } from "./helpers/index.ts";

/**
 * Public pages are cached whole for anonymous visitors (app/platform/page-cache.server.ts, in the
 * process's own code) while the admin's changes clear the cache from the routes (in the Remix
 * build): a change must reach the cached pages at once, across that boundary.
 */

const { bffUrl, referenceApiUrl } = mainStack();

const anonymousHome = async () => (await fetch(`${bffUrl}/`)).text();

async function saveVision(cookie: string, record: MissionVision, vision: string) {
  const response = await fetch(`${bffUrl}/admin/mission-vission?modal=edit&id=${record.id}`, {
    method: "POST",
    headers: { cookie },
    body: formOf({ intent: "update", id: String(record.id), vision, mission: record.mission }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
}

describe("the whole-page cache for anonymous visitors", () => {
  it("shows an admin's change on the very next anonymous view of a cached page", async () => {
    const [record] = await records(referenceApiUrl, "mission-vision");
    const changed = `Visi baru ${Date.now()}`;
    expect(await anonymousHome()).toContain(record.vision);
    // Kept now: the second view is the cached page.
    expect(await anonymousHome()).toContain(record.vision);

    const cookie = await logIn(bffUrl);
    try {
      await saveVision(cookie, record, changed);
      const next = await anonymousHome();
      expect(next).toContain(changed);
      expect(next).not.toContain(record.vision);
    } finally {
      await saveVision(cookie, record, record.vision);
    }
    expect(await anonymousHome()).toContain(record.vision);
  });
});
