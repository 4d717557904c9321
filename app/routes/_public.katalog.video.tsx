import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatIndonesianNumber } from "~/lib/format";
import { catalogueEnabled, catalogueVideos, VIDEOS_PER_PAGE } from "~/public/catalogue.server";
import { failPage, notFound, pageNumberOf, pageOfList } from "~/public/public-page.server";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { PublicPager } from "~/components/public/PublicPager";
import { CATALOGUE_PATH, CATALOGUE_VIDEOS_PATH, pagedPath } from "~/lib/paths";
import { notFoundMeta, publicPageMeta } from "~/lib/public-meta";
import { clipText } from "~/lib/text";

/** The mobile app's videos, newest first, a page at a time (`?page=N`), readable without JavaScript. */

/** How much of a description a card carries: well past the three lines it shows. */
const DESCRIPTION_CHARS = 300;


const pageHref = (page: number) => pagedPath(CATALOGUE_VIDEOS_PATH, page);

export async function loader({ request }: LoaderFunctionArgs) {
  if (!catalogueEnabled()) notFound();
  const page = pageNumberOf(new URL(request.url));
  const shown = pageOfList(await catalogueVideos(request).catch(failPage), page, VIDEOS_PER_PAGE) ?? notFound();
  return {
    page,
    pages: shown.pages,
    total: shown.total,
    videos: shown.items.map((video) => ({ ...video, description: clipText(video.description, DESCRIPTION_CHARS) })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? publicPageMeta(matches, {
        pageName: data.page === 1 ? "Video" : `Video, halaman ${data.page}`,
        description: "Video koleksi digital Dinas Perpustakaan dan Kearsipan.",
        path: pageHref(data.page),
      })
    : notFoundMeta(matches);

export default function VideosPage() {
  const { page, pages, total, videos } = useLoaderData<typeof loader>();
  return (
    <div className="page page-wide">
      <p className="page-breadcrumb">
        <Link to="/">Beranda</Link> / <Link to={CATALOGUE_PATH}>Koleksi Digital</Link> / Video
      </p>
      <h1>Video</h1>
      <p className="page-count">
        {total === 0 ? "Belum ada video." : `${formatIndonesianNumber(total)} video${pages > 1 ? `, halaman ${page} dari ${pages}` : ""}`}
      </p>
      {videos.length ? (
        <ul className="activity-grid">
          {videos.map((video) => (
            <li key={video.id}>
              <article className="activity-card">
                {video.thumbnail ? (
                  <img src={video.thumbnail} alt="" width="400" height="225" loading="lazy" decoding="async" />
                ) : (
                  <span className="activity-card-placeholder" aria-hidden="true" />
                )}
                <div className="activity-card-body">
                  <h2 className="clamp clamp-2">{video.title}</h2>
                  <p className="clamp clamp-3">{video.description}</p>
                  <p className="page-count">Ditonton {formatIndonesianNumber(video.watched)} kali</p>
                  {video.link ? (
                    <a className="read-more" href={video.link} target="_blank" rel="noopener">
                      TONTON VIDEO<span className="visually-hidden">: {video.title} (membuka tab baru)</span>
                    </a>
                  ) : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
      <PublicPager label="Halaman video" page={page} pages={pages} href={pageHref} />
    </div>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
