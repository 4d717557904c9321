/** Spec §2: the header is fixed with a shadow once the page has scrolled more than 100 px. */
const STICKY_THRESHOLD_PX = 100;

/**
 * The public header: its shadow (`is-scrolled`) past the threshold, its height for the page's
 * scroll padding (`--site-header-height`), the small-screen menu and the menu's groups (Dokumen).
 * The menu is a checkbox and a group a <details>, both working without script; here Escape closes
 * the innermost open one, and both are closed again when the visitor comes back to the page (the
 * browser would restore them open, as they were left).
 */
export function enhanceSiteHeader(header: HTMLElement): void {
  const update = () => header.classList.toggle("is-scrolled", window.scrollY > STICKY_THRESHOLD_PX);
  update();
  window.addEventListener("scroll", update, { passive: true });
  // The skip link and in-page links land below the sticky header, however tall it wraps (public.css).
  if ("ResizeObserver" in window) {
    new ResizeObserver(() => document.documentElement.style.setProperty("--site-header-height", `${header.offsetHeight}px`)).observe(header);
  }

  const groups = enhanceMenuGroups(header);
  const menuToggle = header.querySelector<HTMLInputElement>(".site-menu-toggle");
  window.addEventListener("pageshow", () => {
    if (menuToggle) menuToggle.checked = false;
    for (const group of groups) group.open = false;
  });
  header.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const group = groups.find((candidate) => candidate.open);
    if (group) {
      // A group open inside the open small-screen menu closes first; the menu on the next Escape.
      const focusWasInside = group.contains(document.activeElement);
      group.open = false;
      if (focusWasInside) group.querySelector("summary")?.focus();
      return;
    }
    if (!menuToggle?.checked) return;
    menuToggle.checked = false;
    menuToggle.focus();
  });
}

/**
 * An open group drops over the page on a wide screen: it closes when the visitor clicks or moves
 * the focus elsewhere, as a menu does, rather than stay over what they went on to read.
 */
function enhanceMenuGroups(header: HTMLElement): HTMLDetailsElement[] {
  const groups = [...header.querySelectorAll<HTMLDetailsElement>("details.site-nav-group")];
  const closeOutside = (target: EventTarget | null) => {
    if (!(target instanceof Node)) return;
    for (const group of groups) if (group.open && !group.contains(target)) group.open = false;
  };
  document.addEventListener("click", (event) => closeOutside(event.target));
  // Only a focus that lands somewhere: none (the window lost it) closes nothing.
  header.addEventListener("focusout", (event) => closeOutside(event.relatedTarget));
  return groups;
}
