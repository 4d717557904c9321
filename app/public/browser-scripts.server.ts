import { readFileSync } from "node:fs";

/**
 * The scripts of pages that are not hydrated (`app/browser/`: the public pages', the login
 * page's), as `npm run build` wrote them: built by Vite apart from Remix's client build, with a
 * fingerprint in their names (`scripts/build.ts`).
 */
export interface BrowserScript {
  /** The URL of the entry module. */
  src: string;
  /** Every file the entry loads before it runs (itself and the chunks it imports), relative to `build/client` (served at `/build/`). */
  files: string[];
  /**
   * What the entry imports on demand (`import()`), transitively, by chunk name (the module's file
   * name: "islands", "ActivitiesCarousel", …): each chunk with what it loads before it runs, as
   * `files`. For the page-weight bench: what waking an island costs.
   */
  onDemand: Record<string, string[]>;
}

/** The manifest's name: `scripts/build.ts` writes it beside the server build, in `build/server/`. */
export const BROWSER_SCRIPTS_MANIFEST_NAME = "browser-scripts.json";

/** Where the running app finds it: beside the server build (`build/server/index.js`) this module is bundled into. */
const BUNDLED_MANIFEST = new URL(`./${BROWSER_SCRIPTS_MANIFEST_NAME}`, import.meta.url);

let manifest: Record<string, BrowserScript> | null | undefined;

/** The scripts by their entry's name (`BROWSER_ENTRIES` in vite.config.ts). */
export type BrowserEntry = "public" | "login";

/**
 * A page's script by its entry's name, or null when the build has none (a bare `remix
 * vite:build`): the pages then work as they do without JavaScript. Code run from source (a
 * benchmark) names the manifest's file.
 */
export function browserScriptOf(entry: BrowserEntry, file: URL | string = BUNDLED_MANIFEST): BrowserScript | null {
  if (manifest === undefined) {
    try {
      manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, BrowserScript>;
    } catch {
      manifest = null;
    }
  }
  return manifest?.[entry] ?? null;
}
