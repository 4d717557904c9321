import { ADMIN_EMAIL, DEMO_PASSWORD } from "./reference-api.ts";

/**
 * A logged-in session without a browser: the login form posted over HTTP, as a browser without
 * JavaScript posts it. The end-to-end tests give its cookie to their browser contexts (the login
 * tests alone log in through the page); the reliability suites send it as a header. No vitest
 * here: the hard suites load this too.
 */

/** Posts the site's login form and returns the session's `__session=...` pair (for a Cookie header). */
export async function logIn(bffUrl: string, email = ADMIN_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${bffUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = response.headers.get("set-cookie")?.match(/__session=[^;]*/)?.[0];
  if (response.status !== 302 || !cookie) throw new Error(`login as ${email} answered ${response.status}`);
  return cookie;
}

/** A browser's stored state (Playwright's `storageState`) holding one session cookie for the site. */
export interface SessionState {
  cookies: Array<{
    name: string;
    value: string;
    domain: string;
    path: string;
    expires: number;
    httpOnly: boolean;
    secure: boolean;
    sameSite: "Lax";
  }>;
  origins: [];
}

/**
 * Logs in over HTTP (see `logIn`) and returns the session as a browser context's starting state:
 * the cookie as the site set it (httpOnly, SameSite=Lax, path /, a session cookie).
 */
export async function adminSession(bffUrl: string, email = ADMIN_EMAIL): Promise<SessionState> {
  const [name, value] = (await logIn(bffUrl, email)).split(/=(.*)/s);
  const { hostname, protocol } = new URL(bffUrl);
  return {
    cookies: [{ name, value, domain: hostname, path: "/", expires: -1, httpOnly: true, secure: protocol === "https:", sameSite: "Lax" }],
    origins: [],
  };
}
