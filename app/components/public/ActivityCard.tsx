import type { ActivityCardData } from "~/lib/cards";
import { responsiveImage } from "~/lib/images";
import { activityPath } from "~/lib/paths";

/** One card per view up to 464 px, two up to 1024 px, then three in the 1200 px section. */
const CARD_IMAGE_SIZES = "(max-width: 464px) 100vw, (max-width: 1024px) 50vw, 400px";

/** The card: picture, date, title (clamped to two lines), summary (three) and a link to the activity's page. */
export function ActivityCard({ activity, heading: Heading = "h3" }: { activity: ActivityCardData; heading?: "h2" | "h3" }) {
  return (
    <article className="activity-card">
      {activity.image ? (
        <img {...responsiveImage(activity.image, CARD_IMAGE_SIZES)} alt="" width="400" height="250" loading="lazy" decoding="async" />
      ) : (
        <span className="activity-card-placeholder" aria-hidden="true" />
      )}
      <div className="activity-card-body">
        <time dateTime={activity.dateTime}>{activity.date}</time>
        <Heading className="clamp clamp-2">{activity.title}</Heading>
        <p className="clamp clamp-3">{activity.summary}</p>
        <a className="read-more" href={activityPath(activity.id)}>
          BACA SELENGKAPNYA<span className="visually-hidden">: {activity.title}</span>
        </a>
      </div>
    </article>
  );
}
