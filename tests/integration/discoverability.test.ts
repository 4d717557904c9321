import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { clearAllCaches } from "~/platform/cache.server";
import { loader as feedLoader } from "~/routes/activity.feed[.]xml";
import { loader as homeLoader } from "~/routes/_public._index";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { publicLoaderArgs as args } from "../helpers/public-loaders";
import { CONTENT, siteContentHandlers } from "../mocks/site-content";
import { upstream, UPSTREAM } from "../mocks/upstream";

describe("discoverability", () => {
  it("lists every public page and activity in the sitemap", async () => {
    upstream.use(...siteContentHandlers());
    const response = await sitemapLoader(args("/sitemap.xml"));
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      "http://localhost/",
      "http://localhost/about",
      "http://localhost/history",
      "http://localhost/activity",
      "http://localhost/organization-tree",
      "http://localhost/privacy-policy",
      "http://localhost/terms",
      "http://localhost/activity/7",
      "http://localhost/activity/8",
    ]);
    expect(xml).toContain("<lastmod>2024-11-21</lastmod>");
  });

  it("still answers a sitemap of the fixed pages when the upstream is down", async () => {
    upstream.use(http.get(`${UPSTREAM}/*`, () => HttpResponse.error()));
    const xml = await (await sitemapLoader(args("/sitemap.xml"))).text();
    expect(xml.match(/<loc>/g)).toHaveLength(7);
  });

  it("keeps crawlers out of the back-office and points them at the sitemap", async () => {
    const text = await robotsLoader(args("/robots.txt")).text();
    expect(text).toContain("Disallow: /admin");
    // The login page is the back-office's door, findable by staff (and scored by Lighthouse's SEO audit).
    expect(text).not.toContain("Disallow: /login");
    expect(text).toContain("Sitemap: http://localhost/sitemap.xml");
  });

  it("publishes an Atom feed of activities, newest first, with escaped text", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/activities`, () =>
        HttpResponse.json({ data: [...CONTENT.activities, { id: 9, date: "2025-01-05", title: "Lomba <Baca> & Tulis", description: "<p>Seru</p>", file: null }] }),
      ),
    );
    const response = await feedLoader(args("/activity/feed.xml"));
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="id">');
    const titles = [...xml.matchAll(/<entry><title>([^<]+)<\/title>/g)].map((match) => match[1]);
    expect(titles).toEqual(["Lomba &lt;Baca&gt; &amp; Tulis", "Bedah Buku", "Kunjungan Sekolah"]);
    expect(xml).toContain("<updated>2025-01-05T00:00:00.000Z</updated>");
    expect(xml).toContain("<summary>Seru</summary>");
    expect(xml).toContain('<link rel="alternate" type="text/html" href="http://localhost/activity"/>');
  });

  it("lists an activity the upstream repeats once, and dates the feed and the sitemap as the pages do", async () => {
    const odd = [
      { id: 9, date: "2025-01-05", title: "Lomba Baca", description: "", file: null },
      { id: 9, date: "2025-01-05", title: "Lomba Baca", description: "", file: null },
      { id: 10, date: "2024-02-30", title: "Hari yang tidak ada", description: "", file: null },
      { id: 11, date: "9999-12-31T23:59:59Z", title: "Tahun 10000", description: "", file: null },
      { id: 12, date: "2024-12-31T17:30:00.000Z", title: "Tahun baru di Jakarta", description: "", file: null },
    ];
    upstream.use(http.get(`${UPSTREAM}/activities`, () => HttpResponse.json({ data: odd })), ...siteContentHandlers());
    clearAllCaches();
    const sitemap = await (await sitemapLoader(args("/sitemap.xml"))).text();
    expect(sitemap.match(/\/activity\/9</g)).toHaveLength(1);
    expect(sitemap).toContain("<loc>http://localhost/activity/10</loc></url>");
    expect(sitemap).toContain("<loc>http://localhost/activity/12</loc><lastmod>2025-01-01</lastmod>");
    const feed = await (await feedLoader(args("/activity/feed.xml"))).text();
    expect([...feed.matchAll(/<id>([^<]+)<\/id>/g)].map((match) => match[1]).filter((id) => /\/activity\/\d+$/.test(id))).toEqual([
      "http://localhost/activity/9",
      "http://localhost/activity/12",
    ]);
    expect(feed).not.toContain("9999");
  });

  it("describes the agency as a GovernmentOrganization on the home page", async () => {
    upstream.use(...siteContentHandlers());
    const { organization } = await homeLoader(args("/"));
    expect(organization).toMatchObject({
      "@type": "GovernmentOrganization",
      name: "Dinas Perpustakaan dan Kearsipan",
      url: "http://localhost/",
      address: { "@type": "PostalAddress", streetAddress: "Jl. Pahlawan No. 1", addressCountry: "ID" },
      telephone: "(0265) 123456",
      email: "info@dispusip.example.id",
      // schema.org gives an organisation no coordinates: they are its place's.
      location: { "@type": "Place", geo: { "@type": "GeoCoordinates" } },
    });
    expect(organization).not.toHaveProperty("geo");
    expect(organization.sameAs).toEqual([
      "https://www.facebook.com/dispusip",
      "https://www.instagram.com/dispusip",
      "https://www.youtube.com/@dispusip",
      "https://www.tiktok.com/@dispusip",
    ]);
  });
});
