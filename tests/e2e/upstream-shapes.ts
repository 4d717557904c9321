import { type AdminBrowser, adminBrowser, type AdminBrowsers, adminSession, type LoggedIn, mainStack, referenceApiToken, specStack } from "./helpers/index.ts";

/**
 * The worker's two stacks (global-setup.ts starts a pair per worker): the site in front of the
 * reference API in its full shape, and a second site in front of one in the spec shape (only what
 * spec §3/§7 name: relations without ids, no totals, even ids as strings). Screens that read and edit
 * records run against both (`describe.each(upstreamShapes(admins))`).
 *
 * Whatever the stack, `api` reads the reference API with `X-Reference-Api-Shape: full` (a
 * test-only header), so that tests check what was stored, relation ids included.
 */

export type Shape = "full" | "spec";

export interface ShapedStack {
  shape: Shape;
  bffUrl: string;
  referenceApiUrl: string;
  /** A logged-in admin's browser context on this stack's site, closed after the test. */
  open(options: Parameters<AdminBrowsers["open"]>[0]): Promise<AdminBrowser>;
  /** The reference API's JSON answer (full shape) as an admin; throws on a non-2xx answer. */
  api<T = Record<string, unknown>>(path: string, init?: RequestInit): Promise<T>;
}

export const FULL_SHAPE_HEADER = { "X-Reference-Api-Shape": "full" };

/**
 * Both stacks for a test file that already has its `adminBrowsers` (one Chromium, one session per
 * file): the full stack uses that session; the spec stack logs in on its own site (over HTTP),
 * once, the first time a test opens it, and its contexts are opened in the same Chromium.
 */
export function upstreamShapes(admins: AdminBrowsers): [ShapedStack, ShapedStack] {
  const main = mainStack();
  const full = stack("full", main.bffUrl, main.referenceApiUrl, (options) => admins.open(options));
  const specSite = specStack();
  let specLogin: Promise<LoggedIn> | undefined;
  const spec = stack("spec", specSite.bffUrl, specSite.referenceApiUrl, async (options) => {
    specLogin ??= adminSession(specSite.bffUrl);
    const admin = await adminBrowser(admins.browser, specSite.bffUrl, await specLogin, options);
    admins.closeAfterTest(admin.context);
    return admin;
  });
  return [full, spec];
}

function stack(shape: Shape, bffUrl: string, referenceApiUrl: string, open: ShapedStack["open"]): ShapedStack {
  let token: Promise<string> | undefined;
  return {
    shape,
    bffUrl,
    referenceApiUrl,
    open,
    async api<T>(path: string, init: RequestInit = {}): Promise<T> {
      token ??= referenceApiToken(referenceApiUrl);
      const response = await fetch(`${referenceApiUrl}/api${path}`, {
        ...init,
        headers: { ...FULL_SHAPE_HEADER, Authorization: `Bearer ${await token}`, ...(init.headers as Record<string, string> | undefined) },
      });
      if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}
