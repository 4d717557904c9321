import type { AdminBrowser, AdminContextOptions } from "./helpers/admin.ts";
import { referenceApiToken } from "./helpers/reference-api.ts";

/**
 * The worker's two stacks (tests/e2e/fixtures.ts): the site in front of the reference API in its
 * full shape, and a second site in front of one in the spec shape (only what spec §3/§7 name:
 * relations without ids, no totals, even ids as strings). Screens that read and edit records run
 * against both: the `shaped` fixture is the stack of the `shape` option a describe block uses.
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
  open(options: AdminContextOptions): Promise<AdminBrowser>;
  /** The reference API's JSON answer (full shape) as an admin; throws on a non-2xx answer. */
  api<T = Record<string, unknown>>(path: string, init?: RequestInit): Promise<T>;
}

export const FULL_SHAPE_HEADER = { "X-Reference-Api-Shape": "full" };

/** Both shapes, for the files that run a screen against each: `for (const shape of SHAPES) test.describe(…, () => { test.use({ shape }); … })`. */
export const SHAPES: readonly Shape[] = ["full", "spec"];

/** A stack of `shape` as the `shaped` fixture gives it (tests/e2e/fixtures.ts). */
export function shapedStack(shape: Shape, bffUrl: string, referenceApiUrl: string, open: ShapedStack["open"]): ShapedStack {
  return stack(shape, bffUrl, referenceApiUrl, open);
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
