import splideCore from "@splidejs/splide/dist/css/splide-core.min.css?url";
import type { ActivityCardData } from "~/lib/cards";
import { ActivityCard } from "./ActivityCard";

export const carouselLinks = () => [{ rel: "stylesheet", href: splideCore }];

/**
 * The cards are in the page's HTML in Splide's own markup, which reads as a swipeable row
 * without script, each card already as wide as Splide will make it (public.css), so that nothing
 * moves when Splide takes over while the visitor looks at it. Splide itself (about 17 KB of
 * script, `app/browser/activities-carousel.ts`) is fetched and mounted only when the carousel
 * comes within a screen's height of the viewport.
 */
export function ActivitiesCarousel({ activities }: { activities: ActivityCardData[] }) {
  return (
    <div className="splide activities" aria-label="Kegiatan" data-enhance="activities-carousel">
      <div className="splide__track">
        <ul className="splide__list">
          {activities.map((activity) => (
            <li key={activity.id} className="splide__slide">
              <ActivityCard activity={activity} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
