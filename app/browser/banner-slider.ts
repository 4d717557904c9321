import { BANNER_TOGGLE } from "~/lib/banner";

/** Spec §2 and §9: a slide every 8 s with a 500 ms transition (the CSS), wrapping around. */
export const SLIDE_INTERVAL_MS = 8000;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * Moves the home page's banner slider (`BannerSlider.tsx` renders every slide, the first one
 * active). It turns every 8 s, pauses while hovered or while focus is inside it, and does not
 * move by itself for visitors who prefer reduced motion. Arrows and dots show a slide at once.
 * Its pause and play button (WCAG 2.2.2: for touch and keyboard too) decides for good: paused, it
 * stays still; played, it turns even while hovered or focused, as the APG's carousel does.
 */
export function enhanceBannerSlider(slider: HTMLElement): void {
  const slides = [...slider.querySelectorAll<HTMLElement>(".banner-slide")];
  const dots = [...slider.querySelectorAll<HTMLElement>("[data-slide-to]")];
  const live = slider.querySelector<HTMLElement>(".banner-slides");
  if (slides.length < 2) return;

  let current = slides.findIndex((slide) => slide.classList.contains("is-active"));
  let hovered = false;
  let focused = false;
  /** The visitor's own choice with the pause and play button, once made. */
  let chosen: "paused" | "playing" | undefined;
  const toggle = slider.querySelector<HTMLButtonElement>("[data-slide-toggle]");
  let timer: ReturnType<typeof setInterval> | undefined;
  const reducedMotion = window.matchMedia(REDUCED_MOTION);

  function show(index: number): void {
    current = (index + slides.length) % slides.length;
    slides.forEach((slide, at) => slide.classList.toggle("is-active", at === current));
    dots.forEach((dot, at) => (at === current ? dot.setAttribute("aria-current", "true") : dot.removeAttribute("aria-current")));
  }

  /** Whether the slides turn by themselves: the visitor's choice, else unless motion is to be reduced. */
  const rotationOn = () => (chosen === undefined ? !reducedMotion.matches : chosen === "playing");

  /** Starts or stops the rotation; a running one is left alone, so a click does not restart its 8 s. */
  function updateAutoplay(): void {
    const on = rotationOn();
    // A visitor's choice holds; without one, hover and focus hold the rotation a moment.
    const autoplay = on && (chosen !== undefined || (!hovered && !focused));
    if (toggle) {
      // What the button would do: pause a rotation that is on (even while hover or focus holds it a moment), or play.
      toggle.setAttribute("aria-label", on ? BANNER_TOGGLE.pause : BANNER_TOGGLE.play);
      toggle.firstElementChild!.textContent = on ? "❚❚" : "▶";
    }
    // Screen readers hear the slide that a visitor chose, not each one that turns by itself.
    live?.setAttribute("aria-live", autoplay ? "off" : "polite");
    if (autoplay && timer === undefined) timer = setInterval(() => show(current + 1), SLIDE_INTERVAL_MS);
    if (!autoplay && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  slider.addEventListener("click", (event) => {
    if (toggle?.contains(event.target as Node)) {
      chosen = rotationOn() ? "paused" : "playing";
      return updateAutoplay();
    }
    const control = (event.target as Element).closest<HTMLElement>("[data-slide-step], [data-slide-to]");
    if (!control) return;
    const step = control.dataset.slideStep;
    show(step === undefined ? Number(control.dataset.slideTo) : current + Number(step));
  });
  slider.addEventListener("mouseenter", () => {
    hovered = true;
    updateAutoplay();
  });
  slider.addEventListener("mouseleave", () => {
    hovered = false;
    updateAutoplay();
  });
  slider.addEventListener("focusin", () => {
    focused = true;
    updateAutoplay();
  });
  slider.addEventListener("focusout", (event) => {
    if (slider.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    updateAutoplay();
  });
  reducedMotion.addEventListener("change", updateAutoplay);
  if (toggle) toggle.hidden = false;
  updateAutoplay();
}
