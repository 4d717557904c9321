import { useEffect, type KeyboardEvent } from "react";

/**
 * The keyboard in a modal dialog (WAI-ARIA dialog pattern): focus moves into it when it opens and
 * back when it closes; Tab from the last control goes to the first, Shift+Tab from the first (or
 * from the dialog itself) to the last.
 */

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[contenteditable=true]",
  "[tabindex]",
].join(",");

/** The controls Tab visits inside `container`, in order (visible and not taken out with tabindex -1). */
function tabbableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0 && !element.closest("[inert]"),
  );
}

/** A keydown handler's part for Tab: wraps at the ends of `container`; the browser moves focus in between. */
export function keepTabInside(event: KeyboardEvent, container: HTMLElement | null) {
  if (event.key !== "Tab" || !container) return;
  const controls = tabbableIn(container);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const wrapTo = event.shiftKey ? (active === first || active === container ? last : null) : active === last ? first : null;
  if (wrapTo) {
    event.preventDefault();
    wrapTo.focus();
  }
}

/**
 * Marks a focusable container (e.g. a table's region) as where the focus goes back to when the
 * control inside it that lent the focus is gone, such as the HAPUS link of the row just deleted.
 */
export const focusReturnPoint = { "data-focus-return": "" } as const;

/**
 * While the component is shown (and `active`), focus is on `target()`; when it goes, focus goes
 * back to what had it before (the control that opened it), or, if that is no longer on the page,
 * to its nearest container marked with `focusReturnPoint`, so the keyboard is not sent back
 * to the top of the page.
 */
export function useBorrowedFocus(target: () => HTMLElement | null | undefined, active = true) {
  useEffect(() => {
    if (!active) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = previous?.closest<HTMLElement>("[data-focus-return]");
    target()?.focus({ preventScroll: true });
    return () => {
      if (previous?.isConnected) previous.focus({ preventScroll: true });
      else if (container?.isConnected) container.focus({ preventScroll: true });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `target` is read once, when the focus is borrowed (callers pass a new function each render): only `active` starts or ends it
  }, [active]);
}
