import type { MetaDescriptor } from "@remix-run/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { responsiveImage } from "~/lib/images";

/**
 * A slide's picture covers the slide: the full width, or wider on a tall phone screen, where the
 * slide's height (clamp(320px, 60vh, 560px) in the CSS) times a photo's 16:9 decides.
 */
const BANNER_SIZES = "max(100vw, calc(clamp(320px, 60vh, 560px) * 16 / 9))";

/**
 * The first slide's picture is the home page's largest paint. Asked for from the document's head
 * (with the same srcset and sizes, so the browser uses one download for both), it starts with
 * the stylesheets instead of after them and the header's markup.
 */
export function firstSlideImagePreload(image: string): MetaDescriptor {
  const { src, srcSet, sizes } = responsiveImage(image, BANNER_SIZES);
  return { tagName: "link", rel: "preload", as: "image", href: src, imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: "high" };
}

/** Spec §2 and §9: a slide every 8 s with a 500 ms transition (the CSS), wrapping around. */
export const SLIDE_INTERVAL_MS = 8000;

export interface Slide {
  id: string;
  title: string;
  description: string;
  url: string | null;
  image: string | null;
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Undefined on the server and while hydrating, then read at once (React re-renders synchronously
 * when the browser's value differs from the server's): nothing moves by itself before the
 * preference is known.
 */
function usePrefersReducedMotion(): boolean | undefined {
  return useSyncExternalStore(subscribeToReducedMotion, () => window.matchMedia(REDUCED_MOTION).matches, () => undefined);
}

/**
 * The home page's banner slider. Every slide is in the server HTML (the first is the page's
 * largest paint, so its image loads eagerly); JavaScript only moves between them. It pauses
 * while hovered or focused and never moves by itself for visitors who prefer reduced motion.
 */
export function BannerSlider({ slides }: { slides: Slide[] }) {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // Started only once the preference is known: from a first render that assumed motion was fine,
  // the timer could fire before the preference had stopped it.
  const autoplay = slides.length > 1 && !hovered && !focused && reducedMotion === false;

  useEffect(() => {
    if (!autoplay) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [autoplay, slides.length]);

  const show = (index: number) => setCurrent((index + slides.length) % slides.length);

  return (
    <section
      className="banner-slider"
      aria-roledescription="carousel"
      aria-label="Banner"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="banner-slides" aria-live={autoplay ? "off" : "polite"}>
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            className={index === current ? "banner-slide is-active" : "banner-slide"}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} dari ${slides.length}`}
          >
            {slide.image ? (
              <img
                className="banner-image"
                {...responsiveImage(slide.image, BANNER_SIZES)}
                alt=""
                width="1280"
                height="560"
                loading={index === 0 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : "low"}
                decoding={index === 0 ? "sync" : "async"}
              />
            ) : null}
            <div className="banner-caption">
              {index === 0 ? <h1 className="banner-title">{slide.title}</h1> : <h2 className="banner-title">{slide.title}</h2>}
              <p className="banner-description">{slide.description}</p>
              {slide.url ? (
                <a className="button-primary banner-more" href={slide.url}>
                  SELENGKAPNYA
                </a>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        <div className="banner-controls">
          <button type="button" className="banner-arrow" aria-label="Slide sebelumnya" onClick={() => show(current - 1)}>
            ‹
          </button>
          <div className="banner-dots">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className="banner-dot"
                aria-label={`Tampilkan slide ${index + 1}`}
                aria-current={index === current ? "true" : undefined}
                onClick={() => show(index)}
              />
            ))}
          </div>
          <button type="button" className="banner-arrow" aria-label="Slide berikutnya" onClick={() => show(current + 1)}>
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
