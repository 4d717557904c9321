import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { failPage, notFound, publicContext } from "~/public/public-page.server";
import { richTextToPlain, shownRichText, withoutRepeatedTitle } from "~/platform/sanitize.server";
import { legalText } from "~/public/site-content.server";
import { LegalPage } from "~/components/public/LegalPage";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { publicPageMeta } from "~/lib/public-meta";

const TITLE = "Kebijakan Privasi";

export async function loader({ request }: LoaderFunctionArgs) {
  const text = await legalText(publicContext(request).api, "privacy_policy").catch(failPage);
  if (text === null) notFound();
  return { html: withoutRepeatedTitle(shownRichText(text), TITLE), summary: richTextToPlain(text) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  publicPageMeta(matches, { pageName: TITLE, description: data?.summary ?? "", path: "/privacy-policy" });

export default function PrivacyPolicyPage() {
  const { html } = useLoaderData<typeof loader>();
  return <LegalPage title={TITLE} html={html} />;
}

export const ErrorBoundary = PublicErrorBoundary;
