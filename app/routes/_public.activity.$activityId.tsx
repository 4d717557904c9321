import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { NewsArticle, WithContext } from "schema-dts";
import { failPage, notFound, publicContext } from "~/public/public-page.server";
import { richTextToPlain, shownRichText } from "~/platform/sanitize.server";
import { publicActivity } from "~/public/site-content.server";
import { ACTIVITIES_PATH, activityPath } from "~/lib/paths";
import { JsonLd } from "~/components/public/JsonLd";
import { PageImage } from "~/components/public/PageImage";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { RichText } from "~/components/public/RichText";
import { formatDayMonthYear, isoDate } from "~/lib/dates";
import { fileUrl } from "~/lib/files";
import { notFoundMeta, publicPageMeta, type PublicLayoutSeo } from "~/lib/public-meta";
import { clipText } from "~/lib/text";

export async function loader({ request, params }: LoaderFunctionArgs) {
  // An id that cannot exist is not worth asking the upstream about.
  if (!/^[1-9]\d{0,15}$/.test(params.activityId ?? "")) notFound();
  const { api, siteUrl } = publicContext(request);
  const activity = await publicActivity(api, params.activityId!).catch(failPage);
  return {
    siteUrl,
    id: activity.id,
    title: activity.title,
    date: formatDayMonthYear(activity.date),
    dateTime: isoDate(activity.date),
    html: shownRichText(activity.description),
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

/** schema.org's NewsArticle: an activity as search engines and news readers take it, published by the agency. */
function activityJsonLd({ id, title, dateTime, summary, image, siteUrl }: ReturnType<typeof useLoaderData<typeof loader>>, layout: PublicLayoutSeo | undefined) {
  const url = `${siteUrl}${activityPath(id)}`;
  const agency = { "@type": "GovernmentOrganization", name: layout?.product ?? "", url: `${siteUrl}/`, logo: { "@type": "ImageObject", url: `${siteUrl}/logo.svg` } } as const;
  const picture = image ?? layout?.shareImage;
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    "@id": url,
    url,
    mainEntityOfPage: url,
    // Google reads at most 110 characters of a headline.
    headline: clipText(title, 110),
    ...(dateTime ? { datePublished: dateTime } : {}),
    ...(summary ? { description: clipText(summary, 300) } : {}),
    ...(picture ? { image: [`${siteUrl}${picture}`] } : {}),
    author: agency,
    publisher: agency,
    inLanguage: "id",
  } satisfies WithContext<NewsArticle>;
}

export default function ActivityPage() {
  const data = useLoaderData<typeof loader>();
  const { title, date, dateTime, html, image } = data;
  const layout = useRouteLoaderData<PublicLayoutSeo>("routes/_public");
  return (
    <article className="page">
      <JsonLd data={activityJsonLd(data, layout)} />
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
