import { Link } from "@remix-run/react";
import { SOCIAL_NETWORKS, socialLink } from "~/config/social";
import { telephoneHref } from "~/lib/format";

export interface FooterContact {
  address: string;
  phone: string;
  email: string;
  social: Partial<Record<(typeof SOCIAL_NETWORKS)[number]["key"], string>>;
}

interface SiteFooterProps {
  product: string;
  contact: FooterContact | null;
  appStoreUrl: string;
  /** The QR code of the store link, an SVG image made on the server. */
  appQrUrl: string;
}

/** Spec §1: contact details, social links, the app download prompt and the legal pages. */
export function SiteFooter({ product, contact, appStoreUrl, appQrUrl }: SiteFooterProps) {
  const socials = SOCIAL_NETWORKS.flatMap((network) => {
    const href = socialLink(network.base, contact?.social[network.key] ?? "");
    return href ? [{ ...network, href }] : [];
  });

  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{product}</h2>
          {contact ? (
            <address>
              {contact.address ? <p>{contact.address}</p> : null}
              {contact.phone ? (
                <p>
                  Telepon: <a href={telephoneHref(contact.phone)}>{contact.phone}</a>
                </p>
              ) : null}
              {contact.email ? (
                <p>
                  Email: <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </p>
              ) : null}
            </address>
          ) : null}
          {socials.length ? (
            <ul className="site-footer-social" aria-label="Media sosial">
              {socials.map((social) => (
                <li key={social.key}>
                  <a href={social.href} target="_blank" rel="noopener noreferrer">
                    {social.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section aria-labelledby="footer-app" className="site-footer-app">
          <h2 id="footer-app">Aplikasi Mobile</h2>
          <p>Baca koleksi digital perpustakaan di ponsel Anda. Pindai kode QR atau unduh aplikasinya.</p>
          <div className="site-footer-app-row">
            <img className="site-footer-qr" src={appQrUrl} alt="Kode QR unduhan aplikasi" width="112" height="112" loading="lazy" decoding="async" />
            <a className="button-primary" href={appStoreUrl} target="_blank" rel="noopener noreferrer">
              Unduh Aplikasi
              <span className="visually-hidden"> (membuka tab baru)</span>
            </a>
          </div>
        </section>
        <section aria-labelledby="footer-info">
          <h2 id="footer-info">Informasi</h2>
          <ul className="site-footer-links">
            <li>
              <Link to="/privacy-policy">Kebijakan Privasi</Link>
            </li>
            <li>
              <Link to="/terms">Syarat &amp; Ketentuan</Link>
            </li>
            <li>
              <Link to="/organization-tree">Struktur Organisasi</Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="site-footer-copyright">© 2024 {product}. Hak cipta dilindungi.</p>
    </footer>
  );
}
