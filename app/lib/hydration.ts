import type { UIMatch } from "@remix-run/react";

/**
 * A route's `handle` may say that its pages are not hydrated: the server's HTML is the page, and
 * the route brings a small script of its own for what moves (the public pages, `app/browser/`).
 * Remix's scripts, React and the router, are then left out of the document.
 */
export interface HydrationHandle {
  hydrate?: boolean;
}

/** False when any route of the page opts out of hydration. */
export function hydratesInBrowser(matches: UIMatch[]): boolean {
  return matches.every((match) => (match.handle as HydrationHandle | undefined)?.hydrate !== false);
}
