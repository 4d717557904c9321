import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { failPage, notFound, pageNumberOf, pageOfList, publicContext } from "~/public/public-page.server";
import { activityCard, publicActivities } from "~/public/site-content.server";
import { ActivityCard } from "~/components/public/ActivityCard";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { PublicPager } from "~/components/public/PublicPager";
import { formatIndonesianNumber } from "~/lib/format";
import { ACTIVITIES_PATH, pagedPath } from "~/lib/paths";
import { notFoundMeta, publicPageMeta } from "~/lib/public-meta";

/**
 * Every activity, newest first, a page at a time (`?page=N`), readable without JavaScript. The
 * list is the public read of all activities that the feed and the sitemap use (one cached call),
 * so the pages and their count are exact; the upstream lists the newest first.
 */

export const ACTIVITIES_PER_PAGE = 12;


export async function loader({ request }: LoaderFunctionArgs) {
  const page = pageNumberOf(new URL(request.url));
  const { api } = publicContext(request);
  const shown = pageOfList(await publicActivities(api).catch(failPage), page, ACTIVITIES_PER_PAGE) ?? notFound();
  return { page, pages: shown.pages, total: shown.total, activities: shown.items.map(activityCard) };
}

const pageHref = (page: number) => pagedPath(ACTIVITIES_PATH, page);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? publicPageMeta(matches, {
        pageName: data.page === 1 ? "Kegiatan" : `Kegiatan, halaman ${data.page}`,
        description: "Kegiatan Dinas Perpustakaan dan Kearsipan, yang terbaru lebih dahulu.",
        path: pageHref(data.page),
      })
    : notFoundMeta(matches);

export default function ActivitiesPage() {
  const { page, pages, total, activities } = useLoaderData<typeof loader>();
  return (
    <div className="page page-wide">
      <p className="page-breadcrumb">
        <Link to="/">Beranda</Link> / Kegiatan
      </p>
      <h1>Kegiatan</h1>
      {total === 0 ? (
        <p>Belum ada kegiatan.</p>
      ) : (
        <>
          <p className="page-count">
            {formatIndonesianNumber(total)} kegiatan{pages > 1 ? `, halaman ${page} dari ${pages}` : ""}
          </p>
          <ul className="activity-grid">
            {activities.map((activity) => (
              <li key={activity.id}>
                <ActivityCard activity={activity} heading="h2" />
              </li>
            ))}
          </ul>
        </>
      )}
      <PublicPager label="Halaman kegiatan" page={page} pages={pages} href={pageHref} />
    </div>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
