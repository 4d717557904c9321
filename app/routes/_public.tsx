import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { getConfig } from "@server/config.server";
import { orNull, publicContext } from "@server/public-page.server";
import { qrImagePath } from "@server/qr.server";
import { firstAbout } from "@server/site-content.server";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { SiteFooter, type FooterContact } from "~/components/public/SiteFooter";
import { SiteHeader } from "~/components/public/SiteHeader";
import publicStyles from "~/styles/public.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: publicStyles },
  { rel: "alternate", type: "application/atom+xml", href: "/activity/feed.xml", title: "Kegiatan" },
];

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
  return { siteUrl, product: product.title, appStoreUrl: product.appStoreUrl, appQrUrl: qrImagePath(product.appStoreUrl), contact };
}

export type PublicLayoutData = Awaited<ReturnType<typeof loader>>;

export default function PublicLayout() {
  const { product, appStoreUrl, appQrUrl, contact } = useLoaderData<typeof loader>();
  return (
    <>
      <a className="skip-link" href="#konten">
        Langsung ke konten
      </a>
      <SiteHeader product={product} appStoreUrl={appStoreUrl} />
      <main id="konten" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter product={product} contact={contact} appStoreUrl={appStoreUrl} appQrUrl={appQrUrl} />
    </>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
