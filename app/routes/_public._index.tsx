import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { getConfig } from "@server/config.server";
import { safeHref } from "~/platform/links.server";
import { orNull, publicContext } from "~/public/public-page.server";
import { richTextToPlain } from "~/platform/sanitize.server";
import {
  activityCard,
  firstAbout,
  firstHistory,
  firstMissionVision,
  latestActivities,
  homeSlides,
  publicOfficers,
  type About,
} from "~/public/site-content.server";
import { ActivitiesCarousel, carouselLinks } from "~/components/public/ActivitiesCarousel";
import { BannerSlider, firstSlideImagePreload } from "~/components/public/BannerSlider";
import { Island } from "~/components/public/Island";
import { OfficeMap, officeMapIslandProps } from "~/components/public/OfficeMap";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { SOCIAL_NETWORKS, socialLink } from "~/config/social";
import { JsonLd } from "~/components/public/JsonLd";
import { fileUrl } from "~/lib/files";
import { responsiveImage } from "~/lib/images";
import { clipText } from "~/lib/text";
import { ACTIVITIES_PATH } from "~/lib/paths";
import { publicPageMeta } from "~/lib/public-meta";
import { documentHref, TUPOKSI_POINTS } from "~/config/documents";
import { DocumentNoteText } from "~/components/public/DocumentNote";
import type { PublicLayoutData } from "./_public";
import type { GovernmentOrganization, WithContext } from "schema-dts";

export const links: LinksFunction = () => carouselLinks();

/**
 * Teasers and cards show a few clamped lines (spec §9); longer texts are cut well past what the
 * widest layout shows, so that a long record does not make every visitor download it twice (in
 * the HTML and in the page data).
 */
const TEASER_CHARS = 1_000;

/**
 * Home: every section's upstream call starts at once (never one after another), and a section
 * whose call fails is left out while the rest of the page renders.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, siteUrl } = publicContext(request);
  const { product } = getConfig();
  const [banners, missionVision, about, history, activities, officers] = await Promise.all([
    orNull(homeSlides(api)),
    orNull(firstMissionVision(api)),
    orNull(firstAbout(api)),
    orNull(firstHistory(api)),
    orNull(latestActivities(api)),
    orNull(publicOfficers(api)),
  ]);

  const aboutTeaser = about && { title: about.title, summary: clipText(richTextToPlain(about.description), TEASER_CHARS) };
  return {
    banners: (banners ?? []).map((banner) => ({
      id: banner.id,
      title: banner.title,
      description: banner.description,
      url: safeHref(banner.url),
      image: fileUrl(banner.file),
    })),
    missionVision: missionVision && { vision: missionVision.vision, mission: missionVision.mission },
    about: aboutTeaser,
    history: history && { title: history.title, summary: clipText(richTextToPlain(history.description), TEASER_CHARS) },
    activities: (activities ?? []).map(activityCard),
    officers: (officers ?? []).map((officer) => ({
      id: officer.id,
      name: officer.name,
      position: officer.position,
      additionalText: officer.additional_text,
      photo: fileUrl(officer.file),
    })),
    office: {
      ...product.office,
      address: about?.address ?? "",
      tileUrl: product.mapTileUrl,
      attribution: product.mapTileAttribution,
    },
    // The meta description is shorter still (seo.ts); the same text is sent only once.
    description: aboutTeaser?.summary ?? product.title,
    organization: organizationJsonLd({ siteUrl, name: product.title, office: product.office, about }),
  };
}

/** Who runs this site, for search engines (schema.org GovernmentOrganization). */
function organizationJsonLd({ siteUrl, name, office, about }: { siteUrl: string; name: string; office: { latitude: number; longitude: number }; about: About | null }) {
  const sameAs = SOCIAL_NETWORKS.flatMap((network) => socialLink(network.base, about?.[network.key] ?? "") ?? []);
  return {
    "@context": "https://schema.org",
    "@type": "GovernmentOrganization",
    name,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/logo.svg`,
    ...(about?.address ? { address: { "@type": "PostalAddress", streetAddress: about.address, addressCountry: "ID" } } : {}),
    ...(about?.phone ? { telephone: about.phone } : {}),
    ...(about?.email ? { email: about.email } : {}),
    // The office's place (schema.org gives an organisation no coordinates of its own).
    location: { "@type": "Place", geo: { "@type": "GeoCoordinates", latitude: office.latitude, longitude: office.longitude } },
    ...(sameAs.length ? { sameAs } : {}),
  } satisfies WithContext<GovernmentOrganization>;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const firstImage = data?.banners[0]?.image;
  return [
    ...publicPageMeta(matches, { description: data?.description ?? "", path: "/", image: firstImage }),
    ...(firstImage ? [firstSlideImagePreload(firstImage)] : []),
  ];
};

export default function Home() {
  const { banners, missionVision, about, history, activities, officers, office, organization } = useLoaderData<typeof loader>();
  const tupoksiLabel = useRouteLoaderData<PublicLayoutData>("routes/_public")?.documentLabels.tupoksi;
  return (
    <>
      <JsonLd data={organization} />
      {banners.length ? <BannerSlider slides={banners} /> : null}

      {missionVision ? (
        <section className="section vision-mission" aria-labelledby="visi-misi">
          <h2 id="visi-misi" className="section-title">
            Visi &amp; Misi
          </h2>
          <div className="vision-mission-grid">
            <article>
              <h3>Visi</h3>
              <p className="preserve-lines">{missionVision.vision}</p>
            </article>
            <article>
              <h3>Misi</h3>
              <p className="preserve-lines">{missionVision.mission}</p>
            </article>
          </div>
        </section>
      ) : null}

      {about ? <Teaser id="tentang" {...about} clampLines={5} to="/about" /> : null}

      {history ? <Teaser id="sejarah" {...history} clampLines={6} to="/history" alternate /> : null}

      {activities.length ? (
        <section className="section" aria-labelledby="kegiatan">
          <h2 id="kegiatan" className="section-title">
            Kegiatan
          </h2>
          <Island name="activities-carousel" component={ActivitiesCarousel} props={{ activities }} />
          <p className="section-more">
            <Link to={ACTIVITIES_PATH}>Lihat semua kegiatan</Link>
          </p>
        </section>
      ) : null}

      {officers.length ? (
        <section className="section" aria-labelledby="pejabat">
          <h2 id="pejabat" className="section-title">
            Pejabat
          </h2>
          <ul className="officers">
            {officers.map((officer) => (
              <li key={officer.id} className="officer">
                {officer.photo ? (
                  <img
                    {...responsiveImage(officer.photo, "96px")}
                    alt={`Foto ${officer.name}`}
                    width="96"
                    height="96"
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="officer-photo-placeholder" aria-hidden="true" />
                )}
                <div>
                  <p className="officer-name">{officer.name}</p>
                  {officer.additionalText ? <p className="officer-extra">{officer.additionalText}</p> : null}
                  <p className="officer-position">{officer.position}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="section duties" aria-labelledby="tupoksi">
        <h2 id="tupoksi" className="section-title">
          Tugas Pokok dan Fungsi
        </h2>
        <p>Pokok-pokok tugas dan fungsi dinas. Uraian lengkapnya tersedia dalam dokumen PDF.</p>
        <ul className="duties-points">
          {TUPOKSI_POINTS.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <a className="read-more" href={documentHref("tupoksi")} target="_blank" rel="noopener">
          BACA SELENGKAPNYA
          <span className="visually-hidden"> (PDF, membuka tab baru)</span>
        </a>
        <DocumentNoteText note={tupoksiLabel} />
      </section>

      <section className="section" aria-labelledby="lokasi">
        <h2 id="lokasi" className="section-title">
          Lokasi Kantor
        </h2>
        <Island name="office-map" component={OfficeMap} props={officeMapIslandProps(office)} />
      </section>
    </>
  );
}

/** A section's title, its text clamped to a few lines (spec §2), and a link to the whole page. */
function Teaser(props: { id: string; title: string; summary: string; clampLines: 5 | 6; to: string; alternate?: boolean }) {
  return (
    <section className={props.alternate ? "section teaser teaser-alt" : "section teaser"} aria-labelledby={props.id}>
      <h2 id={props.id} className="section-title">
        {props.title}
      </h2>
      <p className={`clamp clamp-${props.clampLines}`}>{props.summary}</p>
      <Link className="read-more" to={props.to} prefetch="intent">
        BACA SELENGKAPNYA
      </Link>
    </section>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
