import { Link } from "@remix-run/react";
import { Splide, SplideSlide } from "@splidejs/react-splide";
import splideCore from "@splidejs/splide/dist/css/splide-core.min.css";
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
const OPTIONS = {
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

export function ActivitiesCarousel({ activities }: { activities: ActivityCard[] }) {
  return (
    <Splide options={OPTIONS} className="activities" aria-label="Kegiatan">
      {activities.map((activity) => (
        <SplideSlide key={activity.id}>
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
        </SplideSlide>
      ))}
    </Splide>
  );
}
