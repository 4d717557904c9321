import type { Page } from "playwright-core";
import { expect, test } from "./fixtures.ts";

test.describe("security headers", () => {
  test("every HTML response carries an enforced CSP with a fresh nonce and the other headers", async ({ mainStack: { bffUrl } }) => {
    const nonces = new Set<string>();
    for (const path of ["/", "/login", "/about"]) {
      const response = await fetch(`${bffUrl}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(response.headers.get("content-security-policy-report-only")).toBeNull();
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      // Plain http here: no HSTS.
      expect(response.headers.get("strict-transport-security")).toBeNull();
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      const html = await response.text();
      expect(html).toContain(`nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
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
