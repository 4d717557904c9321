import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiData, submitLogin, waitForHydration, waitForPath } from "../e2e/helpers/index.ts";
import { chromiumForFile } from "./chromium.ts";
import { ADMIN_EMAIL, DEMO_PASSWORD, referenceApiToken } from "../e2e/helpers/reference-api.ts";
import { caseRecorder } from "./report.ts";
import { ADMIN_SCREENS, formOf } from "./screens.ts";
import { logIn, startHardStack, type HardStack } from "./stack.ts";

/**
 * A shared desk: what the next person at the same browser can see of the admin's work. Every
 * answer of the back-office, the login and the logout is `Cache-Control: no-store`, whatever its
 * kind (a page, route data, a redirect, an error, an export), and logging out clears the
 * browser's cache; so after a logout the Back button shows no admin data, with or without
 * JavaScript. And every CSV download defuses a formula however its first character is written.
 */

const record = caseRecorder("attack");
let stack: HardStack;
let cookie: string;
const chromium = chromiumForFile();

beforeAll(async () => {
  stack = await startHardStack();
  cookie = await logIn(stack.bff.url);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

interface Probe {
  tried: string;
  path: string;
  init?: RequestInit;
  /** The status this answer has: a probe of a 200 page that answers 302 is not the probe it claims. */
  status: number;
}

function probes(): Probe[] {
  const asAdmin = { headers: { cookie } };
  const screens = ADMIN_SCREENS.flatMap(({ path, definition }): Probe[] => {
    const exportPath = `/admin/export${path.slice("/admin".length)}`;
    return [
      { tried: `GET ${path}`, path, init: asAdmin, status: 200 },
      { tried: `GET ${path}.data (route data)`, path: `${path}.data`, init: asAdmin, status: 200 },
      { tried: `GET ${exportPath}`, path: exportPath, init: asAdmin, status: definition.exportable ? 200 : 404 },
    ];
  });
  return [
    ...screens,
    { tried: "GET /admin (anonymous: redirect)", path: "/admin", status: 302 },
    { tried: "GET /admin/tidak-ada (error page)", path: "/admin/tidak-ada", init: asAdmin, status: 404 },
    { tried: "GET /admin/audit", path: "/admin/audit", init: asAdmin, status: 200 },
    {
      tried: "POST /admin/genre from another site (refused)",
      path: "/admin/genre",
      init: { method: "POST", headers: { cookie, origin: "https://evil.example" }, body: formOf({ intent: "delete", id: "1" }) },
      status: 403,
    },
    { tried: "GET /login", path: "/login", status: 200 },
    {
      tried: "POST /login with a wrong password",
      path: "/login",
      init: { method: "POST", body: new URLSearchParams({ email: ADMIN_EMAIL, password: "salah-sekali" }) },
      status: 401,
    },
    { tried: "GET /logout", path: "/logout", status: 302 },
  ];
}

describe("no admin answer stays in a browser's cache", () => {
  it("every kind of answer under /admin, /login and /logout is Cache-Control: no-store", async () => {
    const failures: string[] = [];
    for (const probe of probes()) {
      const response = await fetch(`${stack.bff.url}${probe.path}`, { ...probe.init, redirect: "manual" });
      await response.arrayBuffer();
      const cacheControl = response.headers.get("cache-control") ?? "(none)";
      const passed = response.status === probe.status && cacheControl === "no-store";
      if (!record(`${probe.tried}: Cache-Control`, `${response.status} ${cacheControl}`, passed)) failures.push(`${probe.tried}: ${response.status} ${cacheControl}`);
    }
    expect(failures).toEqual([]);
  });

  it("a login and a logout are no-store, and the logout tells the browser to clear its cache", async () => {
    const login = await fetch(`${stack.bff.url}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("cache-control")).toBe("no-store");
    const session = login.headers.get("set-cookie")!.match(/__session=[^;]*/)![0];
    for (const path of ["/logout", "/logout.data"]) {
      const logout = await fetch(`${stack.bff.url}${path}`, { method: "POST", headers: { cookie: session, origin: stack.bff.url }, redirect: "manual" });
      const got = `${logout.status} ${logout.headers.get("cache-control")} ${logout.headers.get("clear-site-data")}`;
      const passed = logout.headers.get("cache-control") === "no-store" && /"cache"/.test(logout.headers.get("clear-site-data") ?? "");
      record(`POST ${path}: Cache-Control and Clear-Site-Data`, got, passed);
      // /logout.data is Remix's single-fetch form of the redirect: 202.
      expect(got).toMatch(/^(202|302) no-store .*"cache"/);
    }
  });

  for (const javaScript of [true, false]) {
    it(`after a logout, Back shows no admin data (JavaScript ${javaScript ? "on" : "off"})`, async () => {
      const [genre] = await apiData<Array<{ name: string }>>(stack.referenceApi.url, "/genres", await referenceApiToken(stack.referenceApi.url));
      const context = await chromium.newContext({ javaScriptEnabled: javaScript });
      const page = await context.newPage();
      await page.goto(`${stack.bff.url}/login`);
      if (javaScript) await waitForHydration(page);
      await submitLogin(page, ADMIN_EMAIL, DEMO_PASSWORD);
      await page.waitForURL(/\/admin\//);
      await page.goto(`${stack.bff.url}/admin/genre?q=${encodeURIComponent(genre.name)}`);
      if (javaScript) await waitForHydration(page);
      const row = page.getByRole("row").filter({ hasText: genre.name });
      await row.first().waitFor();

      await page.getByRole("button", { name: "Admin" }).click();
      await page.getByRole("button", { name: "Logout" }).click();
      await waitForPath(page, "/");
      // The home page as a new document, loaded: Back is pressed on it, not on the navigation to it.
      await page.waitForLoadState("load");
      await backOnce(page);
      await page.waitForLoadState("load");
      const shown = await page.locator("body").innerText();
      const got = `${new URL(page.url()).pathname}: ${shown.includes(genre.name) ? `"${genre.name}" shown` : "no admin data"}`;
      record(`Back after logout (JavaScript ${javaScript ? "on" : "off"})`, got, !shown.includes(genre.name));
      expect(new URL(page.url()).pathname).not.toMatch(/^\/admin/);
      expect(await page.getByRole("table").count()).toBe(0);
      expect(shown).not.toContain(genre.name);
    });
  }
});

/**
 * The Back button. Chromium may still be swapping the page for the new document when it is
 * pressed (after the logout's Clear-Site-Data): then the press is refused ("Not attached to an
 * active page") and is made again once the page has settled.
 */
async function backOnce(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goBack();
      return;
    } catch (error) {
      if (attempt === 3 || !/Not attached to an active page|interrupted by another navigation/.test(String(error))) throw error;
      await page.waitForLoadState("load");
    }
  }
}

describe("CSV downloads defuse formulas in any written form", () => {
  it("an author named with a fullwidth, small or hidden sign downloads with its apostrophe", async () => {
    // Each a name of its own once trimmed (the same name twice would be held back as a likely duplicate).
    const names = ["＝HYPERLINK(\"http://x\")", "＋62 812", "－1+1", "＠SUM(A1)", "\u200b=1+1", " \u3000=2+2", "\t=3+3"];
    for (const name of names) {
      const response = await fetch(`${stack.bff.url}/admin/author?modal=add`, {
        method: "POST",
        headers: { cookie, origin: stack.bff.url },
        body: formOf({ intent: "create", name }),
        redirect: "manual",
      });
      expect(response.status, `adding ${JSON.stringify(name)}`).toBe(302);
    }
    // Compared with what the upstream stored (the form trims a name's spaces).
    const token = await referenceApiToken(stack.referenceApi.url);
    const authors = (await fetch(`${stack.referenceApi.url}/api/authors?limit=0`, { headers: { Authorization: `Bearer ${token}` } }).then((answer) => answer.json())) as {
      author: Array<{ name: string }>;
    };
    const stored = authors.author
      .map((author) => author.name)
      .filter((storedName) => names.some((name) => name.includes(storedName.trim()) && storedName.trim() !== ""));
    expect(stored).toHaveLength(names.length);
    const csv = await (await fetch(`${stack.bff.url}/admin/export/author`, { headers: { cookie } })).text();
    const failures = stored.filter((name) => {
      const cell = name.replace(/"/g, '""');
      const defused = csv.includes(`"'${cell}"`) && !csv.includes(`"${cell}"`);
      record(`CSV cell ${JSON.stringify(name)}`, defused ? "prefixed with '" : "left as a formula", defused);
      return !defused;
    });
    expect(failures).toEqual([]);
  });
});
