import splideCore from "@splidejs/splide/dist/css/splide-core.min.css?url";
import { Splide } from "@splidejs/react-splide";
import type { Options } from "@splidejs/splide";
import type { ActivityCardData } from "~/lib/cards";
import { ActivityCard } from "./ActivityCard";

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
  // Not "Kegiatan": the section around it is that landmark already.
  label: "Karusel kegiatan",
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

export interface ActivitiesCarouselProps {
  activities: ActivityCardData[];
}

/**
 * The home page's activities, an island (`Island.tsx`) of `@splidejs/react-splide`. The server's
 * HTML is Splide's own markup, which reads as a swipeable row without script, each card already
 * as wide as Splide will make it (public.css), so that nothing moves when the island wakes and
 * Splide mounts while the visitor looks at it. Its pause and play button shows once Splide runs.
 */
export function ActivitiesCarousel({ activities }: ActivitiesCarouselProps) {
  return (
    <Splide className="activities" aria-label={OPTIONS.label} options={OPTIONS} hasTrack={false}>
      {/* Splide's track, as SplideTrack's but of divs: Splide gives each slide a role ("group"), which a list item may not take. */}
      <div className="splide__track">
        <div className="splide__list">
          {activities.map((activity) => (
            <div key={activity.id} className="splide__slide">
              <ActivityCard activity={activity} />
            </div>
          ))}
        </div>
      </div>
      {/* Splide's own autoplay toggle (WCAG 2.2.2): it names it "Jeda putar otomatis" or "Putar otomatis" as it plays or not. */}
      <button className="splide__toggle" type="button" aria-label={OPTIONS.i18n?.pause}>
        <span className="splide__toggle__play" aria-hidden="true">▶</span>
        <span className="splide__toggle__pause" aria-hidden="true">❚❚</span>
      </button>
    </Splide>
  );
}
