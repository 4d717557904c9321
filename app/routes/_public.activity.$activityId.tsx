import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { failPage, notFound, publicContext } from "~/public/public-page.server";
import { richTextToPlain, sanitizeRichText } from "~/platform/sanitize.server";
import { publicActivity } from "~/public/site-content.server";
import { ACTIVITIES_PATH, activityPath } from "~/lib/paths";
import { PageImage } from "~/components/public/PageImage";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { RichText } from "~/components/public/RichText";
import { formatDayMonthYear, isoDate } from "~/lib/dates";
import { fileUrl } from "~/lib/files";
import { notFoundMeta, publicPageMeta } from "~/lib/public-meta";

export async function loader({ request, params }: LoaderFunctionArgs) {
  // An id that cannot exist is not worth asking the upstream about.
  if (!/^[1-9]\d{0,15}$/.test(params.activityId ?? "")) notFound();
  const { api } = publicContext(request);
  const activity = await publicActivity(api, params.activityId!).catch(failPage);
  return {
    id: activity.id,
    title: activity.title,
    date: formatDayMonthYear(activity.date),
    dateTime: isoDate(activity.date),
    html: sanitizeRichText(activity.description),
    summary: richTextToPlain(activity.description),
    image: fileUrl(activity.file),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? publicPageMeta(matches, {
        pageName: data.title,
        description: data.summary,
        path: activityPath(data.id),
        image: data.image,
        type: "article",
      })
    : notFoundMeta(matches);

export default function ActivityPage() {
  const { title, date, dateTime, html, image } = useLoaderData<typeof loader>();
  return (
    <article className="page">
      <p className="page-breadcrumb">
        <Link to="/">Beranda</Link> / <Link to={ACTIVITIES_PATH}>Kegiatan</Link>
      </p>
      <h1>{title}</h1>
      {date ? (
        <p className="page-date">
          <time dateTime={dateTime}>{date}</time>
        </p>
      ) : null}
      {image ? <PageImage src={image} /> : null}
      <RichText html={html} />
    </article>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
