import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { getConfig } from "@server/config.server";
import { NavigationProgress } from "~/components/NavigationProgress";
import { MESSAGES } from "~/config/messages";
import { hydratesInBrowser } from "~/lib/hydration";
import { useNonce } from "~/lib/nonce";
import { pageTitle } from "~/lib/title";
import styles from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Product constants the spec leaves to the deployment; every page may need them. */
export async function loader(_args: LoaderFunctionArgs) {
  const { product } = getConfig();
  return { product };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.product.title ?? "") }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const matches = useMatches();
  // The root's own error page (an address no route has, a failed session store) is plain links.
  // Outside an error boundary this is null, not undefined (React Router's context default).
  const rootError = useRouteError();
  const hydrate = hydratesInBrowser(matches) && rootError == null;
  return (
    <html lang="id">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<RootData>("root");
  const { pathname, search } = useLocation();
  const product = root?.product.title;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="error-page">
        <h1>Halaman tidak ditemukan</h1>
        <p>Halaman yang Anda cari tidak ada atau sudah dipindahkan.</p>
        <a href="/">Kembali ke beranda{product ? ` ${product}` : ""}</a>
      </main>
    );
  }
  if (isRouteErrorResponse(error) && (error.status === 502 || error.status === 503)) {
    // e.g. the session store (Redis) or the upstream is down: say so, and that it will pass.
    const message = typeof error.data?.message === "string" ? error.data.message : MESSAGES.upstreamUnavailable;
    return (
      <main className="error-page">
        <h1>Layanan sedang terganggu</h1>
        <p>{message}</p>
        <a href={pathname + search}>Muat ulang halaman</a>
      </main>
    );
  }
  return (
    <main className="error-page">
      <h1>Unexpected Application Error!</h1>
      <p>Terjadi kesalahan. Silakan muat ulang halaman atau coba beberapa saat lagi.</p>
      <a href="/">Kembali ke beranda</a>
    </main>
  );
}
