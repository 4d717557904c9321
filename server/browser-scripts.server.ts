import { readFileSync } from "node:fs";

/**
 * The scripts of pages that are not hydrated (`app/browser/`), as `npm run build` wrote them:
 * bundled apart from Remix's, with a fingerprint in their names (`scripts/build.ts`).
 */
export interface BrowserScript {
  /** The URL of the entry module. */
  src: string;
  /** Every file the entry loads before it runs (itself and the chunks it imports), relative to `public/build`. */
  files: string[];
}

/** Written by `scripts/build.ts` (which takes the path from here) beside the server build (`build/`), which this module is bundled into. */
export const BROWSER_SCRIPTS_MANIFEST = new URL("../build/browser-scripts.json", import.meta.url);

let manifest: Record<string, BrowserScript> | null | undefined;

/**
 * The public pages' script, or null when the build has none (a bare `remix build`): the pages
 * then work as they do without JavaScript.
 */
export function publicBrowserScript(): BrowserScript | null {
  if (manifest === undefined) {
    try {
      manifest = JSON.parse(readFileSync(BROWSER_SCRIPTS_MANIFEST, "utf8")) as Record<string, BrowserScript>;
    } catch {
      manifest = null;
    }
  }
  return manifest?.public ?? null;
}
