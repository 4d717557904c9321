import type { ComponentType } from "react";
import type { IslandName } from "~/lib/islands";

/**
 * A React island on a page that is not hydrated (issue 24): the server renders `component` with
 * `props` inside this box, and writes the props beside it (JSON in an attribute, escaped by React
 * like any attribute); the public pages' script (`app/browser/public.ts`) hydrates the box
 * alone, with `hydrateRoot` and the same component (`app/browser/islands.ts`), once it nears the
 * viewport. Only then do React and the island's code load.
 */
export function Island<Props extends object>({ name, component: Component, props }: { name: IslandName; component: ComponentType<Props>; props: Props }) {
  return (
    <div className="island" data-island={name} data-island-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
