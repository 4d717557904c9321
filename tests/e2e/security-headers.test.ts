import type { Page } from "playwright-core";
import { expect, test } from "./fixtures.ts";

test.describe("security headers", () => {
  test("every HTML response carries an enforced CSP and the other headers; the pages that hydrate a fresh nonce, the public pages none", async ({ mainStack: { bffUrl } }) => {
    const nonces = new Set<string>();
    for (const path of ["/", "/about", "/login", "/login"]) {
      const response = await fetch(`${bffUrl}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(response.headers.get("content-security-policy-report-only")).toBeNull();
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      // Plain http here: no HSTS.
      expect(response.headers.get("strict-transport-security")).toBeNull();
      const html = await response.text();
      if (path === "/login") {
        // The login's script runs by the nonce, a new one for every answer (as the back-office's scripts do).
        expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
        const nonce = /'nonce-([^']+)'/.exec(csp)![1];
        expect(html).toContain(`nonce="${nonce}"`);
        nonces.add(nonce);
      } else {
        // Files of the build only: the same bytes for every visitor, which caches may keep.
        expect(csp).toContain("script-src 'self';");
        expect(csp).not.toContain("nonce");
        expect(html).not.toContain("nonce=");
        expect(html).toMatch(/<script type="module" src="\/build\//);
      }
    }
    expect(nonces.size).toBe(2);
  });

  test("refuses a cross-site form post with 403 before anything happens", async ({ mainStack: { bffUrl } }) => {
    const foreign: Record<string, string>[] = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of foreign) {
      const response = await fetch(`${bffUrl}/login`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: "email=admin%40dispusip.local&password=demo12345",
        redirect: "manual",
      });
      expect(response.status).toBe(403);
      expect(await response.text()).toMatch(/Permintaan ditolak/);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    const sameSite = await fetch(`${bffUrl}/login`, {
      method: "POST",
      headers: { Origin: bffUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=admin%40dispusip.local&password=demo12345",
      redirect: "manual",
    });
    expect(sameSite.status).toBe(302);
  });
});

/**
 * Whether what a scroll `by` pixels down woke has done its work, so that anything it was refused
 * has been reported: the page is scrolled as far as asked (or to its end), the islands on the
 * screen are hydrated, the office map among them shows its tiles, and every image on the screen
 * (the tiles and the lazy ones included) has loaded or failed.
 */
function scrollSettled(page: Page, by: number): Promise<boolean> {
  return page.evaluate((by) => {
    const onScreen = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    };
    if (scrollY < Math.min(by, document.documentElement.scrollHeight - innerHeight) - 1) return false;
    const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")].filter(onScreen);
    if (islands.some((island) => island.dataset.islandHydrated === undefined)) return false;
    if (islands.some((island) => island.dataset.island === "office-map" && !island.querySelector(".leaflet-tile"))) return false;
    return [...document.images].filter(onScreen).every((image) => image.complete);
  }, by);
}

test.describe("in Chromium", () => {
  test("no page logs a Content-Security-Policy violation", async ({ contexts, mainStack: { bffUrl } }) => {
    const page = await (await contexts.newContext()).newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    for (const path of ["/", "/about", "/history", "/organization-tree", "/login"]) {
      await page.goto(`${bffUrl}${path}`, { waitUntil: "networkidle" });
      await page.mouse.wheel(0, 5000);
      await expect.poll(() => scrollSettled(page, 5000), { message: `what the scroll woke on ${path} has loaded` }).toBe(true);
    }
    expect(violations).toEqual([]);
  });
});
