import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { failPage, notFound, publicContext } from "~/public/public-page.server";
import { richTextToPlain, shownRichText } from "~/platform/sanitize.server";
import { firstAbout } from "~/public/site-content.server";
import { PageImage } from "~/components/public/PageImage";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { RichText } from "~/components/public/RichText";
import { fileUrl } from "~/lib/files";
import { publicPageMeta } from "~/lib/public-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = publicContext(request);
  const about = await firstAbout(api).catch(failPage);
  if (!about) notFound();
  return {
    title: about.title,
    html: shownRichText(about.description),
    summary: richTextToPlain(about.description),
    image: fileUrl(about.file),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  publicPageMeta(matches, { pageName: "Tentang Kami", description: data?.summary ?? "", path: "/about", image: data?.image });

export default function AboutPage() {
  const { title, html, image } = useLoaderData<typeof loader>();
  return (
    <article className="page">
      <h1>{title}</h1>
      {image ? <PageImage src={image} /> : null}
      <RichText html={html} />
    </article>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
