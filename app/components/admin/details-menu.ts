import { useEffect } from "react";

/** The menus folded in a `<details>`: Export, the bulk export, Kolom, Saring. */
const MENUS = "details.kit-export, details.kit-bulk-export, details.kit-column-chooser, details.kit-filter-panel";

/**
 * Escape closes the open menu the focus is in and gives the focus back to its summary, as a menu
 * button does (a `<details>` has no such key of its own). Listened for once, in the admin layout;
 * a dialog around the menu closes only at the next Escape.
 */
export function useEscapeClosesMenus() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !(event.target instanceof Element)) return;
      const menu = event.target.closest<HTMLDetailsElement>(MENUS);
      if (!menu?.open) return;
      event.stopPropagation();
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    // Captured before a dialog's own Escape (it closes the dialog).
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, []);
}
