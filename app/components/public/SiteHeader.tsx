import { NavLink } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { ACTIVITIES_PATH, CATALOGUE_PATH, SITE_SEARCH_PATH, SITE_SEARCH_MAX_CHARS } from "~/lib/paths";
import { documentHref, PUBLIC_DOCUMENTS, type DocumentNote, type PublicDocumentName } from "~/config/documents";
import { DocumentNoteText } from "~/components/public/DocumentNote";

/** Spec §2's pages, in its order, then the activities' archive (an addition). */
const PAGES = [
  { to: "/", label: "Home" },
  { to: "/history", label: "Sejarah" },
  { to: "/about", label: "Tentang Kami" },
  { to: ACTIVITIES_PATH, label: "Kegiatan" },
];

/** The region the agency belongs to (REGION_NAME, REGION_EMBLEM_URL), each part optional. */
export interface SiteRegion {
  name?: string;
  emblemUrl?: string;
}

/** Each public PDF's size and date ("PDF, 2 KB, diperbarui 02-12-2026"). */
type DocumentLabels = Readonly<Record<PublicDocumentName, DocumentNote | null>>;

/**
 * The public pages' header. Its shadow once scrolled (spec §2), the Escape key and the Dokumen
 * group's closing are `app/browser/site-header.ts`; the small-screen menu itself is a checkbox
 * and the Dokumen group a <details>, so both work without script. The site search (`/cari`, a GET
 * form) shows with the open menu on a small screen, as a row of its own on a wide one.
 */
export function SiteHeader({
  product,
  region,
  appStoreUrl,
  catalogue,
  documentLabels,
}: {
  product: string;
  region: SiteRegion;
  appStoreUrl: string;
  catalogue: boolean;
  documentLabels: DocumentLabels;
}) {
  const pages = catalogue ? [...PAGES, { to: CATALOGUE_PATH, label: "Koleksi Digital" }] : PAGES;
  return (
    <header className="site-header" data-enhance="site-header">
      <div className="site-header-inner">
        <SiteBrand product={product} region={region} />
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
            <li>
              <DocumentsGroup documentLabels={documentLabels} />
            </li>
            <li>
              {/* Spec §2 lists the chart with the documents that open in a new tab. */}
              <a href="/organization-tree" target="_blank" rel="noopener">
                Struktur Organisasi
                <span className="visually-hidden"> (membuka tab baru)</span>
              </a>
            </li>
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

/**
 * The logo and the agency's name (at most two lines, public.css), with the region's emblem and
 * name when the deployment sets them. The pictures are decorative: the link reads as its text.
 */
function SiteBrand({ product, region }: { product: string; region: SiteRegion }) {
  return (
    <a href="/" className="site-brand">
      {region.emblemUrl ? <img className="site-brand-emblem" src={region.emblemUrl} alt="" width="40" height="40" /> : null}
      <img src="/logo.svg" alt="" width="40" height="40" />
      <span className="site-brand-text">
        {region.name ? <span className="site-brand-region">{region.name}</span> : null}
        <span className="site-brand-name">{product}</span>
      </span>
    </a>
  );
}

/**
 * The four PDFs under one entry, each with its size and date, each in a new tab (spec §2). A
 * <details> opens and closes by click, Enter and Space without script; the script closes it on
 * Escape and on a click or the focus elsewhere.
 */
function DocumentsGroup({ documentLabels }: { documentLabels: DocumentLabels }) {
  return (
    <details className="site-nav-group">
      <summary>
        Dokumen
        <Icon name="chevron-down" size={16} />
      </summary>
      <ul>
        {PUBLIC_DOCUMENTS.map(({ name, title }) => (
          <li key={name}>
            <a href={documentHref(name)} target="_blank" rel="noopener">
              {title}
              <DocumentNoteText note={documentLabels[name]} />
              <span className="visually-hidden"> (membuka tab baru)</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
