import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Icon } from "~/components/Icon";

/** Spec §2: the header is fixed with a shadow once the page has scrolled more than 100 px. */
const STICKY_THRESHOLD_PX = 100;

const PAGES = [
  { to: "/", label: "Home" },
  { to: "/history", label: "Sejarah" },
  { to: "/about", label: "Tentang Kami" },
];

const DOCUMENTS = [
  { href: "/tupoksi.pdf", label: "Tupoksi" },
  { href: "/renja.pdf", label: "Renja" },
  { href: "/renstra.pdf", label: "Renstra" },
  { href: "/laporan_kinerja.pdf", label: "Laporan Kinerja" },
  { href: "/organization-tree", label: "Struktur Organisasi" },
];

export function SiteHeader({ product, appStoreUrl }: { product: string; appStoreUrl: string }) {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const { key: locationKey } = useLocation();
  // The layout stays mounted across client-side navigations: close the menu on each one.
  useEffect(() => setMenuOpen(false), [locationKey]);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > STICKY_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  return (
    <header className={scrolled ? "site-header is-scrolled" : "site-header"}>
      <div className="site-header-inner">
        <Link to="/" className="site-brand" prefetch="intent">
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span>{product}</span>
        </Link>
        {/* A checkbox keeps the small-screen menu working without JavaScript. */}
        <input
          type="checkbox"
          id="site-menu-toggle"
          className="site-menu-toggle"
          checked={menuOpen}
          onChange={(event) => setMenuOpen(event.target.checked)}
        />
        <label htmlFor="site-menu-toggle" className="site-menu-button">
          <Icon name="menu" />
          <span>Menu</span>
        </label>
        <nav className="site-nav" aria-label="Navigasi utama">
          <ul>
            {PAGES.map((page) => (
              <li key={page.to}>
                <NavLink to={page.to} end prefetch="intent">
                  {page.label}
                </NavLink>
              </li>
            ))}
            {DOCUMENTS.map((document) => (
              <li key={document.href}>
                <a href={document.href} target="_blank" rel="noopener">
                  {document.label}
                  <span className="visually-hidden"> (membuka tab baru)</span>
                </a>
              </li>
            ))}
            <li>
              <a className="site-nav-download" href={appStoreUrl} target="_blank" rel="noopener noreferrer">
                Unduh Aplikasi
                <span className="visually-hidden"> (membuka tab baru)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
