/** Spec §2: the header is fixed with a shadow once the page has scrolled more than 100 px. */
const STICKY_THRESHOLD_PX = 100;

/**
 * The public header: its shadow (`is-scrolled`) past the threshold, its height for the page's
 * scroll padding (`--site-header-height`), and the small-screen menu,
 * which is a checkbox that works without script, closed by Escape and closed again when the
 * visitor comes back to the page (the browser would restore it open, as it was left).
 */
export function enhanceSiteHeader(header: HTMLElement): void {
  const update = () => header.classList.toggle("is-scrolled", window.scrollY > STICKY_THRESHOLD_PX);
  update();
  window.addEventListener("scroll", update, { passive: true });
  // The skip link and in-page links land below the sticky header, however tall it wraps (public.css).
  if ("ResizeObserver" in window) {
    new ResizeObserver(() => document.documentElement.style.setProperty("--site-header-height", `${header.offsetHeight}px`)).observe(header);
  }

  const menuToggle = header.querySelector<HTMLInputElement>(".site-menu-toggle");
  if (!menuToggle) return;
  window.addEventListener("pageshow", () => {
    menuToggle.checked = false;
  });
  header.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menuToggle.checked) return;
    menuToggle.checked = false;
    menuToggle.focus();
  });
}
