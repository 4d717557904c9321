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
  /** The site's own picture for shared links (share-image.server.ts), for a page without one: 1200×630. */
  shareImage?: string;
  type?: "website" | "article";
}

const DESCRIPTION_LIMIT = 160;

export function shortDescription(text: string): string {
  return clipText(text, DESCRIPTION_LIMIT);
}

/** Title (spec §1 rule), description, canonical URL, Open Graph and Twitter card tags of a public page; its picture, or the site's. */
export function seoMeta({ product, pageName, description, siteUrl, path, image, shareImage, type = "website" }: PageSeo): MetaDescriptor[] {
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
  else if (shareImage) {
    meta.push(
      { property: "og:image", content: `${siteUrl}${shareImage}` },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { property: "og:image:alt", content: product },
    );
  }
  // A large picture where the page has one (chat apps and X/Twitter read Open Graph for the rest).
  meta.push({ name: "twitter:card", content: image || shareImage ? "summary_large_image" : "summary" });
  return meta;
}
