import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandName } from "~/lib/islands";

/**
 * Hydrates one island (`app/components/public/Island.tsx`): its component, with the props the
 * server rendered it from, takes over the server's HTML of that box alone. This module, React and
 * each component are chunks of their own, fetched when the first island nears the viewport.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island's props are its own; they arrive as JSON
type AnyComponent = ComponentType<any>;

const COMPONENTS: Record<IslandName, () => Promise<AnyComponent>> = {
  "activities-carousel": () => import("~/components/public/ActivitiesCarousel").then((module) => module.ActivitiesCarousel),
  "office-map": () => import("~/components/public/OfficeMap").then((module) => module.OfficeMap),
};

export async function hydrateIsland(box: HTMLElement, name: IslandName): Promise<void> {
  const Component = await COMPONENTS[name]();
  const props = JSON.parse(box.dataset.islandProps ?? "{}") as object;
  hydrateRoot(box, createElement(Component, props), {
    // A mismatch makes React render the island afresh; tests fail on this line in the console.
    onRecoverableError: (error) => console.error(`island ${name} did not hydrate cleanly:`, error),
  });
  box.dataset.islandHydrated = "";
}
