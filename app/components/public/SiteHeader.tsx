import { NavLink } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { ACTIVITIES_PATH, CATALOGUE_PATH, SITE_SEARCH_PATH, SITE_SEARCH_MAX_CHARS } from "~/lib/paths";
import { documentHref, PUBLIC_DOCUMENTS, type DocumentNote, type PublicDocumentName } from "~/config/documents";
import { DocumentNoteText } from "~/components/public/DocumentNote";

/** Spec §2's menu, in its order, then the activities' archive (an addition). */
const PAGES = [
  { to: "/", label: "Home" },
  { to: "/history", label: "Sejarah" },
  { to: "/about", label: "Tentang Kami" },
  { to: ACTIVITIES_PATH, label: "Kegiatan" },
];

const DOCUMENTS = [
  ...PUBLIC_DOCUMENTS.map(({ name, title }) => ({ href: documentHref(name), label: title, document: name })),
  { href: "/organization-tree", label: "Struktur Organisasi", document: undefined },
];

/**
 * The public pages' header. Its shadow once scrolled (spec §2) and the menu's Escape key are
 * `app/browser/site-header.ts`; the small-screen menu itself is a checkbox, so it works without script.
 * The site search (`/cari`, a GET form) shows with the open menu on a small screen, as a row of
 * its own on a wide one.
 */
export function SiteHeader({
  product,
  appStoreUrl,
  catalogue,
  documentLabels,
}: {
  product: string;
  appStoreUrl: string;
  catalogue: boolean;
  /** Each public PDF's size and date ("PDF, 2 KB, diperbarui 02-12-2026"). */
  documentLabels: Readonly<Record<PublicDocumentName, DocumentNote | null>>;
}) {
  const pages = catalogue ? [...PAGES, { to: CATALOGUE_PATH, label: "Koleksi Digital" }] : PAGES;
  return (
    <header className="site-header" data-enhance="site-header">
      <div className="site-header-inner">
        <a href="/" className="site-brand">
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span>{product}</span>
        </a>
        <input type="checkbox" id="site-menu-toggle" className="site-menu-toggle" autoComplete="off" />
        <label htmlFor="site-menu-toggle" className="site-menu-button">
          <Icon name="menu" />
          <span>Menu</span>
        </label>
        <nav className="site-nav" aria-label="Navigasi utama">
          <ul>
            {pages.map((page) => (
              <li key={page.to}>
                <NavLink to={page.to} end={page.to !== CATALOGUE_PATH && page.to !== ACTIVITIES_PATH}>
                  {page.label}
                </NavLink>
              </li>
            ))}
            {DOCUMENTS.map((document) => (
              <li key={document.href}>
                <a href={document.href} target="_blank" rel="noopener">
                  {document.label}
                  {document.document ? <DocumentNoteText note={documentLabels[document.document]} /> : null}
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
        <form method="get" action={SITE_SEARCH_PATH} className="site-search" role="search" aria-label="Cari di situs">
          <input type="search" name="q" aria-label="Kata pencarian" placeholder="Cari buku, kegiatan, halaman…" maxLength={SITE_SEARCH_MAX_CHARS} autoComplete="off" />
          <button type="submit">Cari</button>
        </form>
      </div>
    </header>
  );
}
