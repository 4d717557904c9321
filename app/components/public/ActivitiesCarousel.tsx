import splideCore from "@splidejs/splide/dist/css/splide-core.min.css?url";
import { responsiveImage } from "~/lib/images";
import { activityPath } from "~/lib/paths";

export interface ActivityCard {
  id: string;
  title: string;
  summary: string;
  date: string;
  dateTime?: string;
  image: string | null;
}

export const carouselLinks = () => [{ rel: "stylesheet", href: splideCore }];

/** One card per view up to 464 px, two up to 1024 px, then three in the 1200 px section. */
const CARD_IMAGE_SIZES = "(max-width: 464px) 100vw, (max-width: 1024px) 50vw, 400px";

/**
 * The cards are in the page's HTML in Splide's own markup, which reads as a swipeable row
 * without script, each card already as wide as Splide will make it (public.css), so that nothing
 * moves when Splide takes over while the visitor looks at it. Splide itself (about 17 KB of
 * script, `app/browser/activities-carousel.ts`) is fetched and mounted only when the carousel
 * comes within a screen's height of the viewport.
 */
export function ActivitiesCarousel({ activities }: { activities: ActivityCard[] }) {
  return (
    <div className="splide activities" aria-label="Kegiatan" data-enhance="activities-carousel">
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
                  <a className="read-more" href={activityPath(activity.id)}>
                    BACA SELENGKAPNYA<span className="visually-hidden">: {activity.title}</span>
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
