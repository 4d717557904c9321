import { Link } from "@remix-run/react";
import type { Options, Splide } from "@splidejs/splide";
import splideCore from "@splidejs/splide/dist/css/splide-core.min.css";
import { useEffect, useRef } from "react";
import { responsiveImage } from "~/lib/images";

export interface ActivityCard {
  id: string;
  title: string;
  summary: string;
  date: string;
  dateTime?: string;
  image: string | null;
}

export const carouselLinks = () => [{ rel: "stylesheet", href: splideCore }];

/** Spec §9: autoplay 5 s, infinite, 400 ms, 80 px minimum drag, cards per width 1/2/3/5. */
const OPTIONS: Options = {
  type: "loop",
  autoplay: true,
  interval: 5000,
  speed: 400,
  dragMinThreshold: { mouse: 80, touch: 80 },
  perPage: 5,
  breakpoints: { 3000: { perPage: 3 }, 1024: { perPage: 2 }, 464: { perPage: 1 } },
  gap: "1.25rem",
  pagination: true,
  pauseOnHover: true,
  pauseOnFocus: true,
  slideFocus: false,
  label: "Kegiatan",
  i18n: {
    prev: "Kegiatan sebelumnya",
    next: "Kegiatan berikutnya",
    first: "Ke kegiatan pertama",
    last: "Ke kegiatan terakhir",
    slideX: "Ke kegiatan %s",
    pageX: "Ke halaman %s",
    play: "Putar otomatis",
    pause: "Jeda putar otomatis",
    carousel: "carousel",
    select: "Pilih kegiatan yang ditampilkan",
    slide: "kegiatan",
    slideLabel: "%s dari %s",
  },
};

/** One card per view up to 464 px, two up to 1024 px, then three in the 1200 px section. */
const CARD_IMAGE_SIZES = "(max-width: 464px) 100vw, (max-width: 1024px) 50vw, 400px";

/**
 * The cards are in the page's HTML in Splide's own markup, which reads as a swipeable row
 * without script, each card already as wide as Splide will make it (public.css), so that nothing
 * moves when Splide takes over while the visitor looks at it. Splide itself (about 17 KB of
 * script) is fetched and mounted only when the carousel comes within a screen's height of the
 * viewport: on a phone it is far below the banner, and loading it with the page competed with the
 * banner image and added a long task to the page's start.
 */
export function ActivitiesCarousel({ activities }: { activities: ActivityCard[] }) {
  const root = useRef<HTMLDivElement>(null);
  const shown = activities.map((activity) => activity.id).join(",");
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let carousel: Splide | undefined;
    let unmounted = false;
    const mount = () =>
      import("@splidejs/splide").then(({ Splide }) => {
        if (!unmounted) carousel = new Splide(element, OPTIONS).mount();
      });
    const nearView = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        nearView.disconnect();
        void mount();
      },
      { rootMargin: "100% 0px" },
    );
    nearView.observe(element);
    return () => {
      unmounted = true;
      nearView.disconnect();
      carousel?.destroy();
    };
  }, [shown]);

  return (
    <div ref={root} className="splide activities" aria-label="Kegiatan">
      <div className="splide__track">
        <ul className="splide__list">
          {activities.map((activity) => (
            <li key={activity.id} className="splide__slide">
              <article className="activity-card">
                {activity.image ? (
                  <img {...responsiveImage(activity.image, CARD_IMAGE_SIZES)} alt="" width="400" height="250" loading="lazy" decoding="async" />
                ) : (
                  <span className="activity-card-placeholder" aria-hidden="true" />
                )}
                <div className="activity-card-body">
                  <time dateTime={activity.dateTime}>{activity.date}</time>
                  <h3 className="clamp clamp-2">{activity.title}</h3>
                  <p className="clamp clamp-3">{activity.summary}</p>
                  <Link className="read-more" to={`/activity/${activity.id}`} prefetch="intent">
                    BACA SELENGKAPNYA<span className="visually-hidden">: {activity.title}</span>
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
