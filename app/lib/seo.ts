import type { MetaDescriptor } from "@remix-run/node";
import { clipText } from "./text";
import { pageTitle } from "./title";

export interface PageSeo {
  product: string;
  pageName?: string;
  description: string;
  /** The site's public origin, e.g. https://dispusip.example.go.id */
  siteUrl: string;
  path: string;
  image?: string | null;
  type?: "website" | "article";
}

const DESCRIPTION_LIMIT = 160;

export function shortDescription(text: string): string {
  return clipText(text, DESCRIPTION_LIMIT);
}

/** Title (spec §1 rule), description, canonical URL and Open Graph tags of a public page. */
export function seoMeta({ product, pageName, description, siteUrl, path, image, type = "website" }: PageSeo): MetaDescriptor[] {
  const title = pageTitle(product, pageName);
  const url = `${siteUrl}${path}`;
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: shortDescription(description) },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: shortDescription(description) },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: product },
    { property: "og:locale", content: "id_ID" },
  ];
  if (image) meta.push({ property: "og:image", content: `${siteUrl}${image}` });
  return meta;
}
