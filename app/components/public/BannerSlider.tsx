import type { MetaDescriptor } from "@remix-run/react";
import { BANNER_TOGGLE } from "~/lib/banner";
import { responsiveImage } from "~/lib/images";

/**
 * A slide's picture covers the slide: the full width, or wider on a tall phone screen, where the
 * slide's height (clamp(320px, 60vh, 560px) in the CSS) times a photo's 16:9 decides.
 */
const BANNER_SIZES = "max(100vw, calc(clamp(320px, 60vh, 560px) * 16 / 9))";
/** Dots at 24 px (the smallest target WCAG 2.2 allows) fit a 320 px row beside two arrows and the pause button up to six. */
const MAX_DOTS = 6;

/**
 * The first slide's picture is the home page's largest paint. Asked for from the document's head
 * (with the same srcset and sizes, so the browser uses one download for both), it starts with
 * the stylesheets instead of after them and the header's markup.
 */
export function firstSlideImagePreload(image: string): MetaDescriptor {
  const { src, srcSet, sizes } = responsiveImage(image, BANNER_SIZES);
  return { tagName: "link", rel: "preload", as: "image", href: src, imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: "high" };
}

export interface Slide {
  id: string;
  title: string;
  description: string;
  url: string | null;
  image: string | null;
}

/**
 * The home page's banner slider. Every slide is in the HTML with the first one active (its
 * image is the page's largest paint, so it loads eagerly); `app/browser/banner-slider.ts` turns
 * them every 8 s and makes the arrows and dots work. Until it runs, or without script, the first
 * slide stays, and nothing turns by itself while screen readers are told of changes (`polite`).
 */
export function BannerSlider({ slides }: { slides: Slide[] }) {
  return (
    <section className="banner-slider" aria-roledescription="carousel" aria-label="Banner" data-enhance="banner-slider">
      <div className="banner-slides" aria-live="polite">
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            className={index === 0 ? "banner-slide is-active" : "banner-slide"}
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
            {/* The slide's whole width, whatever the caption's (which stops at the page's 1200 px). */}
            <span className="banner-shade" aria-hidden="true" />
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
          <button type="button" className="banner-arrow" aria-label="Slide sebelumnya" data-slide-step="-1">
            ‹
          </button>
          {/* A dot per slide while they fit a phone's row beside the arrows; more slides, the arrows alone. */}
          {slides.length <= MAX_DOTS ? (
            <div className="banner-dots">
              {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className="banner-dot"
                aria-label={`Tampilkan slide ${index + 1}`}
                aria-current={index === 0 ? "true" : undefined}
                data-slide-to={index}
              />
              ))}
            </div>
          ) : null}
          <button type="button" className="banner-arrow" aria-label="Slide berikutnya" data-slide-step="1">
            ›
          </button>
          {/* Pause and play (WCAG 2.2.2): shown by the script that turns the slides, which names it as they turn or not. */}
          <button type="button" className="banner-toggle" aria-label={BANNER_TOGGLE.pause} data-slide-toggle hidden>
            <span aria-hidden="true">❚❚</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
