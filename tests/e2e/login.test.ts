import type { BrowserContext, Page } from "playwright-core";
import { expect, test } from "./fixtures.ts";
import { ADMIN_EMAIL, axeViolations, DEMO_PASSWORD, DESKTOP, isUnhydratedPublicDocument, LOGIN_FAILED, STAFF_EMAIL, submitLogin, waitForHydration, waitForPath } from "./helpers/index.ts";

/** Logging in and out in a real browser, with JavaScript on and with it off. */

/** What an upstream token looks like (checked against the reference API below). */
const TOKEN_SHAPE = /[0-9a-f]{64}/i;

test("the reference API's tokens are 64 hex characters (what the leak checks below look for)", async ({ mainStack }) => {
  const response = await fetch(`${mainStack.referenceApiUrl}/api/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  expect(token).toMatch(new RegExp(`^${TOKEN_SHAPE.source}$`, "i"));
});

test("the login page is the server's HTML with one small module of its own, none of Remix's scripts", async ({ mainStack }) => {
  const html = await (await fetch(`${mainStack.bffUrl}/login`)).text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes);
  expect(scripts).toHaveLength(1);
  expect(/src="([^"]+)"/.exec(scripts[0])?.[1]).toMatch(/^\/build\/_browser\/login-[\w-]+\.js$/);
  expect(scripts[0]).toContain('type="module"');
  expect(html).not.toContain("__remixContext");
  expect(html).not.toContain("modulepreload");
});

for (const { javaScript, label } of [
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
]) test.describe(`login with ${label}`, () => {
  let bffUrl: string;
  let context: BrowserContext;
  let page: Page;

  async function openLogin(query = "") {
    const response = await page.goto(`${bffUrl}/login${query}`);
    expect(response?.status()).toBe(200);
    if (javaScript) await waitForHydration(page);
  }

  async function logInAsAdmin(query = "") {
    await openLogin(query);
    await submitLogin(page, ADMIN_EMAIL, DEMO_PASSWORD);
  }

  // A fresh context per test (closed after it, given up on if stuck): no cookie or page state
  // carries over, and one stuck page cannot hold up the tests after it.
  test.beforeEach(async ({ contexts, mainStack }) => {
    bffUrl = mainStack.bffUrl;
    context = await contexts.newContext({ javaScriptEnabled: javaScript, viewport: DESKTOP });
  });

  test("a wrong password shows the failure message and stays on /login", async () => {
    page = await context.newPage();
    await openLogin();
    await submitLogin(page, ADMIN_EMAIL, "bukan-passwordnya");
    await page.getByText(LOGIN_FAILED).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe("/login");
    expect((await context.cookies()).some((cookie) => cookie.name === "__session")).toBe(false);
    // The form is still there to try again, the password (emptied) to type again has the focus.
    await page.getByRole("button", { name: "LOGIN", exact: true }).waitFor();
    expect(await page.getByLabel("Password").inputValue()).toBe("");
    if (javaScript) await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("autocomplete"))).toBe("current-password");
  });

  test("an email that is no email is refused in Indonesian under its field, which has the focus", async () => {
    page = await context.newPage();
    await openLogin();
    await submitLogin(page, "bukan-email", DEMO_PASSWORD);
    await page.getByText("Format email tidak valid").waitFor({ timeout: 15_000 });
    expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Email").inputValue()).toBe("bukan-email");
    if (javaScript) await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("autocomplete"))).toBe("username");
  });

  if (javaScript) test("a sent form says so and cannot be sent twice while its answer is on the way", async () => {
    page = await context.newPage();
    await openLogin();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill("bukan-passwordnya");
    // Two clicks in one task of the page: the answer cannot have come between them.
    const sent = await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>("form[data-enhance=login-form]")!;
      const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
      let submits = 0;
      form.addEventListener("submit", () => (submits += 1));
      button.click();
      const shown = { text: button.textContent, disabled: button.disabled };
      button.click();
      return { ...shown, submits };
    });
    expect(sent).toEqual({ text: "Memproses...", disabled: true, submits: 1 });
    await page.getByText(LOGIN_FAILED).waitFor({ timeout: 15_000 });
    expect(posts).toEqual(["/login"]);
    expect(await page.getByRole("button", { name: "LOGIN", exact: true }).isEnabled()).toBe(true);
  });

  if (javaScript) test("a sending the visitor stopped (the browser's Stop, Esc) leaves the form ready to send again", async () => {
    page = await context.newPage();
    await openLogin();
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill("bukan-passwordnya");
    // Stopped in the task right after the click, before any answer can have come.
    await page.evaluate(() => {
      document.querySelector<HTMLButtonElement>("form[data-enhance=login-form] button[type=submit]")!.click();
      setTimeout(() => window.stop(), 0);
    });
    const login = page.getByRole("button", { name: "LOGIN", exact: true });
    await expect(login).toBeEnabled();
    await login.click();
    await page.getByText(LOGIN_FAILED).waitFor({ timeout: 15_000 });
  });

  test("shows whose back-office it is (the agency's logo and name) and links back to the site", async () => {
    page = await context.newPage();
    await openLogin();
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Login");
    const agency = page.locator(".login-agency");
    // The deployment's default PRODUCT_TITLE (these tests do not set it).
    expect(await agency.innerText()).toBe("Dinas Perpustakaan dan Kearsipan");
    const logo = agency.locator("img");
    expect(await logo.getAttribute("src")).toBe("/logo.svg");
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    // axe runs in the page: this look is with JavaScript on.
    if (javaScript) expect(await axeViolations(page, { targetSize: true })).toEqual([]);

    await page.getByRole("link", { name: "Kembali ke situs" }).click();
    await waitForPath(page, "/");
    await page.getByRole("navigation", { name: "Navigasi utama" }).waitFor({ state: "attached" });
    // A document of its own, with its own script, not a client-side render of the login page's.
    if (javaScript) expect(await isUnhydratedPublicDocument(page)).toBe(true);
  });

  // Where a redirectTo to another site leads instead is the login action's (tests/integration/login.test.ts).
  test("an admin lands on /admin/slider-manager with the heading Slider; the session cookie is httpOnly and SameSite=Lax and no token reaches the page", async () => {
    page = await context.newPage();
    await logInAsAdmin();
    await waitForPath(page, "/admin/slider-manager");
    await page.getByRole("heading", { level: 1, name: "Slider", exact: true }).waitFor({ timeout: 15_000 });

    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === "__session");
    expect(session).toBeDefined();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe("Lax");
    for (const cookie of cookies) expect(cookie.value, cookie.name).not.toMatch(TOKEN_SHAPE);

    if (javaScript) {
      const visibleToScripts = await page.evaluate(() => document.cookie);
      expect(visibleToScripts).not.toContain("__session");
    }

    // The rendered document and the HTML as the server sent it.
    const html = await page.content();
    expect(html).not.toMatch(TOKEN_SHAPE);
    expect(html.toLowerCase()).not.toContain("bearer");
    const reloaded = await page.reload();
    const served = (await reloaded?.text()) ?? "";
    expect(served).toContain("Slider");
    expect(served).not.toMatch(TOKEN_SHAPE);
    expect(served.toLowerCase()).not.toContain("bearer");
  });

  test("Logout (under the Admin avatar) goes to / and the admin is closed afterwards", async () => {
    page = await context.newPage();
    await logInAsAdmin();
    await waitForPath(page, "/admin/slider-manager");
    await page.getByRole("heading", { level: 1, name: "Slider", exact: true }).waitFor({ timeout: 15_000 });
    if (javaScript) await waitForHydration(page);
    const oldCookie = (await context.cookies()).find((cookie) => cookie.name === "__session");
    expect(oldCookie).toBeDefined();

    await page.getByRole("button", { name: "Admin", exact: true }).hover();
    await page.getByRole("button", { name: "Logout" }).click();
    await waitForPath(page, "/");
    // A new document: the back-office's client is gone, and the public page is not hydrated.
    if (javaScript) expect(await isUnhydratedPublicDocument(page)).toBe(true);

    await page.goto(`${bffUrl}/admin/slider-manager`);
    await waitForPath(page, "/");

    // The old cookie is worthless now: the session was destroyed on the server, not only in the browser.
    const replay = await fetch(`${bffUrl}/admin/slider-manager`, {
      headers: { Cookie: `__session=${oldCookie!.value}` },
      redirect: "manual",
    });
    expect(replay.status).toBe(302);
    expect(new URL(replay.headers.get("location") ?? "", bffUrl).pathname).toBe("/");
  });

  test("a staff user (role 1) can log in but is sent to / from the admin, the session ended", async () => {
    page = await context.newPage();
    await openLogin();
    await submitLogin(page, STAFF_EMAIL, DEMO_PASSWORD);
    await waitForPath(page, "/");
    // Sent home by the admin's loader during a client-side navigation: still a new document.
    if (javaScript) expect(await isUnhydratedPublicDocument(page)).toBe(true);
    expect(await page.getByText(LOGIN_FAILED).count()).toBe(0);
    // On a shared PC nobody could end it from the public pages: it ends as it is sent home.
    expect((await context.cookies()).some((cookie) => cookie.name === "__session")).toBe(false);

    await page.goto(`${bffUrl}/admin/banner`);
    await waitForPath(page, "/");
  });

  test("redirectTo to an admin page is followed", async () => {
    page = await context.newPage();
    await logInAsAdmin(`?redirectTo=${encodeURIComponent("/admin/banner")}`);
    await waitForPath(page, "/admin/banner");
    await page.getByRole("heading", { level: 1, name: "Banner", exact: true }).waitFor({ timeout: 15_000 });
  });
});
