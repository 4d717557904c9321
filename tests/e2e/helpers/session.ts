import { ADMIN_EMAIL, DEMO_PASSWORD } from "./reference-api.ts";

/**
 * A logged-in session without a browser: the login form posted over HTTP, as a browser without
 * JavaScript posts it. The end-to-end tests give its cookie to their browser contexts (the login
 * tests alone log in through the page); the reliability suites send it as a header. No vitest
 * here: the hard suites load this too.
 */

/**
 * A 503 is the site saying the upstream did not answer the login in time. The reliability stacks
 * give the upstream 2 s (their faults are waited out quickly) and run the reference API, whose
 * scrypt check a login waits for, in the test's own process: on a machine loaded by the other
 * phases it can miss that once (CI, 2026-12-03: upload-ceiling's setup). A login is the tests'
 * setup there, never what they judge (the login's own 503 is judged by posting the form), so it
 * is asked again; any other answer fails at once.
 */
const LOGIN_ATTEMPTS = 3;

/** Posts the site's login form and returns the session's `__session=...` pair (for a Cookie header). */
export async function logIn(bffUrl: string, email = ADMIN_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${bffUrl}/login`, {
      method: "POST",
      body: new URLSearchParams({ email, password }),
      redirect: "manual",
    });
    const cookie = response.headers.get("set-cookie")?.match(/__session=[^;]*/)?.[0];
    if (response.status === 302 && cookie) return cookie;
    await response.text(); // the login page again, a few KiB: read, so that its connection is free
    if (response.status !== 503 || attempt === LOGIN_ATTEMPTS) throw new Error(`login as ${email} answered ${response.status}${attempt > 1 ? ` (attempt ${attempt})` : ""}`);
  }
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
