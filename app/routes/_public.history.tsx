import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { failPage, notFound, publicContext } from "~/public/public-page.server";
import { richTextToPlain, shownRichText } from "~/platform/sanitize.server";
import { firstHistory } from "~/public/site-content.server";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { RichText } from "~/components/public/RichText";
import { publicPageMeta } from "~/lib/public-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = publicContext(request);
  const history = await firstHistory(api).catch(failPage);
  if (!history) notFound();
  return { title: history.title, html: shownRichText(history.description), summary: richTextToPlain(history.description) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  publicPageMeta(matches, { pageName: "Sejarah", description: data?.summary ?? "", path: "/history" });

export default function HistoryPage() {
  const { title, html } = useLoaderData<typeof loader>();
  return (
    <article className="page">
      <h1>{title}</h1>
      <RichText html={html} />
    </article>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
