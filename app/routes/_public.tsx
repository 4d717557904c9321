import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, redirectDocument, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { catalogueEnabled } from "~/public/catalogue.server";
import { browserScriptOf } from "~/public/browser-scripts.server";
import { getConfig } from "@server/config.server";
import { orNull, publicContext } from "~/public/public-page.server";
import { shareImagePath } from "~/public/share-image.server";
import { qrImagePath } from "~/public/qr.server";
import { firstAbout } from "~/public/site-content.server";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { SiteFooter, type FooterContact } from "~/components/public/SiteFooter";
import { SiteHeader } from "~/components/public/SiteHeader";
import { publicDocumentLabels } from "~/public/site-documents.server";
import type { HydrationHandle } from "~/lib/hydration";
import type { PublicLayoutSeo } from "~/lib/public-meta";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: publicStyles },
  { rel: "alternate", type: "application/atom+xml", href: "/activity/feed.xml", title: "Kegiatan" },
];

/**
 * Public pages are the server's HTML and `app/browser/public.ts`, without React in the browser:
 * on a cheap phone, React's and Remix's start-up cost the page its first paint.
 */
export const handle: HydrationHandle = { hydrate: false };

/**
 * Only a hydrated page (the back-office) can navigate here without loading a document, through a
 * Remix link or a redirect. It loads the public page as a document instead, so that the page gets
 * its own script and not a client-side render nothing else expects.
 */
export function clientLoader({ request }: ClientLoaderFunctionArgs): never {
  throw redirectDocument(request.url);
}

/** The frame of every public page: header, footer (contact from the about record) and site constants. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, siteUrl } = publicContext(request);
  const { product } = getConfig();
  const about = await orNull(firstAbout(api));
  const contact: FooterContact | null = about && {
    address: about.address,
    phone: about.phone,
    email: about.email,
    social: {
      facebook: about.facebook,
      instagram: about.instagram,
      twitter: about.twitter,
      youtube: about.youtube,
      tiktok: about.tiktok,
    },
  };
  // What every public page's meta reads from this data (~/lib/public-meta).
  const seo: PublicLayoutSeo = { siteUrl, product: product.title, shareImage: shareImagePath(product.title) };
  return {
    ...seo,
    /** The region's name and emblem in the header, each optional (REGION_NAME, REGION_EMBLEM_URL). */
    region: product.region,
    appStoreUrl: product.appStoreUrl,
    appQrUrl: qrImagePath(product.appStoreUrl),
    contact,
    /** Whether Koleksi Digital exists (CATALOGUE_READER_*): its link in the menu. */
    catalogue: catalogueEnabled(),
    browserScript: browserScriptOf("public")?.src ?? null,
    /** Each public PDF's size and date, beside its link in the menu. */
    documentLabels: await publicDocumentLabels(),
  };
}

export type PublicLayoutData = Awaited<ReturnType<typeof loader>>;

export default function PublicLayout() {
  const { product, region, appStoreUrl, appQrUrl, contact, catalogue, browserScript, documentLabels } = useLoaderData<typeof loader>();
  return (
    <div className="public-site">
      <a className="skip-link" href="#konten">
        Langsung ke konten
      </a>
      <SiteHeader product={product} region={region} appStoreUrl={appStoreUrl} catalogue={catalogue} documentLabels={documentLabels} />
      <main id="konten" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter product={product} contact={contact} appStoreUrl={appStoreUrl} appQrUrl={appQrUrl} />
      {/* A file of the build, which the public pages' policy allows without a nonce (server/security.server.ts). */}
      {browserScript ? <script type="module" src={browserScript} /> : null}
    </div>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
