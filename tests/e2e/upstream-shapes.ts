import { inject } from "vitest";
import { type AdminBrowser, adminBrowser, type AdminBrowsers, type LoggedIn, logInOnce, referenceApiToken } from "./helpers/index.ts";

/**
 * The two stacks the end-to-end run starts (global-setup.ts): the site in front of the reference
 * API in its full shape, and a second site in front of one in the spec shape (only what spec
 * §3/§7 name: relations without ids, no totals, even ids as strings). Screens that read and edit
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
 * Both stacks for a test file that already has its `adminBrowsers` (one Chromium, one login per
 * file): the full stack uses that login; the spec stack logs in on its own site in the same
 * Chromium, once, the first time a test opens it.
 */
export function upstreamShapes(admins: AdminBrowsers): [ShapedStack, ShapedStack] {
  const full = stack("full", inject("bffUrl"), inject("referenceApiUrl"), (options) => admins.open(options));
  let specLogin: Promise<LoggedIn> | undefined;
  const spec = stack("spec", inject("specBffUrl"), inject("specReferenceApiUrl"), async (options) => {
    specLogin ??= logInOnce(admins.browser, inject("specBffUrl"));
    const admin = await adminBrowser(admins.browser, inject("specBffUrl"), await specLogin, options);
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
