import type { MetaDescriptor } from "@remix-run/node";
import { seoMeta, type PageSeo } from "./seo";
import { pageTitle } from "./title";

/** What the public pages' meta reads from the public layout's data (`routes/_public` gives it). */
export type PublicLayoutSeo = Pick<PageSeo, "product" | "siteUrl" | "shareImage">;

interface Match {
  id: string;
  data: unknown;
}

/** The SEO tags of a public page, with the product and origin from the public layout's data. */
export function publicPageMeta(matches: Match[], page: Omit<PageSeo, "product" | "siteUrl" | "shareImage">): MetaDescriptor[] {
  const layout = matches.find((match) => match.id === "routes/_public")?.data as PublicLayoutSeo | undefined;
  if (!layout) return [{ title: page.pageName ?? "" }];
  return seoMeta({ ...page, product: layout.product, siteUrl: layout.siteUrl, shareImage: layout.shareImage });
}

/**
 * A page that does not exist: titled by the title rule with no page name (the prefix alone, as
 * spec §1 says of a page without one) and kept out of search indexes.
 */
export function notFoundMeta(matches: Match[]): MetaDescriptor[] {
  const layout = matches.find((match) => match.id === "routes/_public")?.data as PublicLayoutSeo | undefined;
  return [{ title: pageTitle(layout?.product ?? "") }, { name: "robots", content: "noindex" }];
}
