import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { MESSAGES } from "~/config/messages";

/**
 * A public page's failure shown inside the site's header and footer: each public route
 * re-exports this as its ErrorBoundary, so only the page's own content is replaced.
 */
export function PublicErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : undefined;

  if (status === 404) {
    return (
      <section className="page page-message">
        <h1>Halaman tidak ditemukan</h1>
        <p>{message ?? MESSAGES.pageNotFound}</p>
        <Link to="/">Kembali ke beranda</Link>
      </section>
    );
  }
  if (status === 503 || status === 502) {
    return (
      <section className="page page-message">
        <h1>Layanan sedang terganggu</h1>
        <p>{message ?? MESSAGES.upstreamUnavailable}</p>
        <Link to=".">Muat ulang halaman</Link>
      </section>
    );
  }
  return (
    <section className="page page-message">
      <h1>Unexpected Application Error!</h1>
      <p>Terjadi kesalahan. Silakan muat ulang halaman atau coba beberapa saat lagi.</p>
      <Link to="/">Kembali ke beranda</Link>
    </section>
  );
}
