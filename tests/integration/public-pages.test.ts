import { http, HttpResponse } from "msw";
import { getConfig } from "@server/config.server";
import { describe, expect, it } from "vitest";
import { loader as aboutLoader } from "~/routes/_public.about";
import { loader as activityLoader } from "~/routes/_public.activity.$activityId";
import { loader as historyLoader } from "~/routes/_public.history";
import { loader as homeLoader } from "~/routes/_public._index";
import { loader as layoutLoader } from "~/routes/_public";
import { loader as privacyLoader } from "~/routes/_public.privacy-policy";
import { loader as termsLoader } from "~/routes/_public.terms";
import { loader as appQrLoader } from "~/routes/app-qr[.]svg";
import { HOME_ACTIVITY_COUNT } from "~/public/site-content.server";
import { publicLoaderArgs as args, thrownResponse } from "../helpers/public-loaders";
import { CONTENT, siteContentHandlers } from "../mocks/site-content";
import { recordUpstreamCalls, upstream, UPSTREAM } from "../mocks/upstream";

describe("home page loader", () => {
  it("starts all six upstream calls at once", async () => {
    // Each answer waits until all six requests have arrived: a loader that waited for one call
    // before starting the next would see every section time out here, and leave it out.
    let arrived = 0;
    let allArrived!: () => void;
    const barrier = new Promise<void>((resolve) => (allArrived = resolve));
    upstream.events.on("request:start", () => {
      if (++arrived === 6) allArrived();
    });
    const giveUp = new Promise<"gave up">((resolve) => setTimeout(() => resolve("gave up"), 5_000).unref());
    upstream.use(
      http.get(`${UPSTREAM}/*`, async () => {
        if ((await Promise.race([barrier, giveUp])) === "gave up") return HttpResponse.json({ error: "x" }, { status: 500 });
        return undefined;
      }),
      ...siteContentHandlers(),
    );
    const data = await homeLoader(args("/"));
    expect(arrived).toBe(6);
    expect(data.banners).toHaveLength(3);
    expect(data.missionVision).not.toBeNull();
    expect(data.about).not.toBeNull();
    expect(data.history).not.toBeNull();
    expect(data.activities).toHaveLength(2);
    expect(data.officers).toHaveLength(1);
  });

  it("shapes clean data: file URLs through this site, safe links, plain-text teasers, DD-MM-YYYY dates", async () => {
    upstream.use(...siteContentHandlers());
    const data = await homeLoader(args("/"));
    expect(data.banners).toEqual([
      { id: "1", title: "Selamat Datang", description: "Perpustakaan untuk semua", url: "https://contoh.go.id/info", image: "/files/banner-1.png" },
      { id: "2", title: "Tanpa Tautan", description: "Slide tanpa url", url: null, image: "/files/banner-2.png" },
      { id: "3", title: "Tautan Jahat", description: "x", url: null, image: null },
    ]);
    expect(data.about).toEqual({ title: "Tentang Dinas", summary: "Dinas melayani masyarakat." });
    expect(data.history).toEqual({ title: "SEJARAH", summary: "Berdiri tahun 1978." });
    expect(data.missionVision).toEqual({ vision: "Masyarakat gemar membaca.", mission: "1. Layanan\n2. Arsip" });
    expect(data.activities.map((activity) => [activity.id, activity.date, activity.summary, activity.image])).toEqual([
      ["7", "21-11-2024", "Diskusi novel.", "/files/act-7.png"],
      // 17:00 UTC is midnight of the next day in Western Indonesia.
      ["8", "02-10-2024", "Siswa berkunjung.", null],
    ]);
    expect(data.officers).toEqual([
      { id: "1", name: "Drs. Ahmad", position: "Kepala Dinas", additionalText: "Pembina Utama Muda", photo: "/files/officer-1.png" },
    ]);
    expect(data.office.address).toBe("Jl. Pahlawan No. 1");
  });

  it("asks the upstream for the newest activities only, and keeps no more when it sends more", async () => {
    const calls = recordUpstreamCalls();
    const many = Array.from({ length: 30 }, (_, index) => ({ ...CONTENT.activities[0], id: 100 + index }));
    upstream.use(
      http.get(`${UPSTREAM}/activities`, () => HttpResponse.json({ data: many })),
      ...siteContentHandlers(),
    );
    const data = await homeLoader(args("/"));
    // Page 0: the first page whether the upstream counts from 0 or 1 (it answered records).
    expect(calls.map((call) => call.path).filter((path) => path.startsWith("/api/activities"))).toEqual([`/api/activities?page=0&limit=${HOME_ACTIVITY_COUNT}`]);
    expect(data.activities.map((activity) => activity.id)).toEqual(many.slice(0, HOME_ACTIVITY_COUNT).map((activity) => String(activity.id)));
  });

  it("cuts long texts well past what the clamped teasers and cards show, so they are not sent whole", async () => {
    const words = (count: number) => Array.from({ length: count }, (_, index) => `kata${index}`).join(" ");
    upstream.use(
      http.get(`${UPSTREAM}/abouts`, () => HttpResponse.json({ data: [{ ...CONTENT.abouts[0], description: `<p>${words(2_000)}</p>` }] })),
      http.get(`${UPSTREAM}/activities`, () => HttpResponse.json({ data: [{ ...CONTENT.activities[0], description: `<p>${words(500)}</p>` }] })),
      ...siteContentHandlers(),
    );
    const data = await homeLoader(args("/"));
    expect(data.about!.summary.length).toBeLessThanOrEqual(1_000);
    expect(data.about!.summary).toMatch(/^kata0 kata1 .* kata\d+…$/);
    expect(data.activities[0].summary.length).toBeLessThanOrEqual(300);
    expect(data.activities[0].summary).toMatch(/^kata0 .* kata\d+…$/);
    expect(data.description).toBe(data.about!.summary);
  });

  it("shows the Slider records in the home slider when HOME_SLIDER_SOURCE=slider, the Banner records otherwise", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/sliders`, () =>
        HttpResponse.json({ data: [{ id: 7, title: "DARI SLIDER", description: "Catatan", url: "https://contoh.go.id/slider", file: "slide-7.png" }] }),
      ),
      ...siteContentHandlers(),
    );
    const site = getConfig().site;
    site.homeSliderSource = "slider";
    try {
      expect((await homeLoader(args("/"))).banners).toEqual([
        { id: "7", title: "DARI SLIDER", description: "Catatan", url: "https://contoh.go.id/slider", image: "/files/slide-7.png" },
      ]);
    } finally {
      site.homeSliderSource = "banner";
    }
    expect((await homeLoader(args("/"))).banners.map((slide) => slide.title)).toEqual(["Selamat Datang", "Tanpa Tautan", "Tautan Jahat"]);
  });

  it("leaves out only the sections whose calls fail", async () => {
    upstream.use(...siteContentHandlers({ failing: ["banners", "activities"] }));
    const data = await homeLoader(args("/"));
    expect(data.banners).toEqual([]);
    expect(data.activities).toEqual([]);
    expect(data.about?.title).toBe("Tentang Dinas");
    expect(data.officers).toHaveLength(1);
  });

  it("survives an upstream that is down entirely", async () => {
    upstream.use(http.get(`${UPSTREAM}/*`, () => HttpResponse.error()));
    const data = await homeLoader(args("/"));
    expect(data).toMatchObject({ banners: [], missionVision: null, about: null, history: null, activities: [], officers: [] });
  });

  it("accepts a bare mission-vision record as well as a list", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/mission-vision`, () => HttpResponse.json({ id: 1, vision: "V", mission: "M" })),
      ...siteContentHandlers(),
    );
    expect((await homeLoader(args("/"))).missionVision).toEqual({ vision: "V", mission: "M" });
  });
});

describe("public layout", () => {
  it("gives the footer the contact details and social handles", async () => {
    upstream.use(...siteContentHandlers());
    const data = await layoutLoader(args("/"));
    expect(data.contact).toMatchObject({ address: "Jl. Pahlawan No. 1", phone: "(0265) 123456", social: { instagram: "@dispusip" } });
    expect(data.appQrUrl).toMatch(/^\/app-qr\.svg\?v=[\w-]{10}$/);
  });

  it("serves the footer's QR code as an SVG image, cached for good at the address pages use", async () => {
    upstream.use(...siteContentHandlers());
    const { appQrUrl } = await layoutLoader(args("/"));
    const current = await appQrLoader(args(appQrUrl));
    expect(current.headers.get("content-type")).toBe("image/svg+xml");
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await current.text()).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
    // A page cached before the store link changed asks for an older version: it gets today's code, briefly cached.
    const older = await appQrLoader(args("/app-qr.svg?v=0123456789"));
    expect(older.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("renders without contact details when the upstream fails", async () => {
    upstream.use(http.get(`${UPSTREAM}/abouts`, () => HttpResponse.json({ error: "x" }, { status: 500 })));
    expect((await layoutLoader(args("/"))).contact).toBeNull();
  });
});

describe("content pages", () => {
  it("sanitise rich text on the server", async () => {
    upstream.use(...siteContentHandlers());
    const about = await aboutLoader(args("/about"));
    expect(about.html).toBe("<p>Dinas melayani <strong>masyarakat</strong>.</p>");
    expect((await privacyLoader(args("/privacy-policy"))).html).toBe("<p>Privasi dijaga.</p>");
    expect((await termsLoader(args("/terms"))).html).toBe("<p>Syarat <a>klik</a></p>");
    expect((await historyLoader(args("/history"))).title).toBe("SEJARAH");
  });

  it("shows the legal pages' heading once: a first heading repeating the page's title is left out", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/abouts`, () =>
        HttpResponse.json({
          data: [
            {
              ...CONTENT.abouts[0],
              privacy_policy: "<h2>Kebijakan Privasi</h2><p>Privasi dijaga.</p>",
              terms_and_condition: "<h2>Syarat dan Ketentuan</h2><h3>Umum</h3><p>Isi</p>",
            },
          ],
        }),
      ),
    );
    expect((await privacyLoader(args("/privacy-policy"))).html).toBe("<p>Privasi dijaga.</p>");
    expect((await termsLoader(args("/terms"))).html).toBe("<h3>Umum</h3><p>Isi</p>");
  });

  it("shows one activity with its date as day-month-year", async () => {
    upstream.use(...siteContentHandlers());
    const activity = await activityLoader(args("/activity/7", { activityId: "7" }));
    expect(activity).toMatchObject({ id: "7", title: "Bedah Buku", date: "21-11-2024", image: "/files/act-7.png" });
    expect(activity.html).toBe("<p>Diskusi <em>novel</em>.</p>");
  });

  it("answers 404 for an unknown activity, and does not ask the upstream about impossible ids", async () => {
    upstream.use(...siteContentHandlers());
    expect((await thrownResponse(activityLoader(args("/activity/99", { activityId: "99" })))).init?.status).toBe(404);
    const calls = recordUpstreamCalls();
    for (const activityId of ["abc", "0", "-1", "1e3", "../users"]) {
      expect((await thrownResponse(activityLoader(args(`/activity/${activityId}`, { activityId })))).init?.status).toBe(404);
    }
    expect(calls).toEqual([]);
  });

  it("answers 404 when the upstream refuses the id it was asked about (an id past its own limit), 503 when it fails", async () => {
    for (const [status, expected] of [
      [400, 404],
      [410, 404],
      [422, 404],
      [401, 503],
      [429, 503],
      [500, 503],
    ]) {
      upstream.use(http.get(`${UPSTREAM}/activities/:id`, () => HttpResponse.json({ message: "ID tidak valid" }, { status })));
      const activityId = "1000000000000000";
      expect((await thrownResponse(activityLoader(args(`/activity/${activityId}`, { activityId })))).init?.status, `upstream ${status}`).toBe(expected);
    }
  });

  it("answers 503 in Indonesian when the upstream is down", async () => {
    upstream.use(http.get(`${UPSTREAM}/*`, () => HttpResponse.error()));
    for (const run of [
      () => aboutLoader(args("/about")),
      () => historyLoader(args("/history")),
      () => activityLoader(args("/activity/7", { activityId: "7" })),
      () => termsLoader(args("/terms")),
    ]) {
      const failure = await thrownResponse(run());
      expect(failure.init?.status).toBe(503);
      expect(failure.data.message).toBe("Layanan sedang tidak dapat dihubungi. Silakan coba beberapa saat lagi.");
    }
  });

  it("answers 404 when there is no about record yet", async () => {
    upstream.use(http.get(`${UPSTREAM}/abouts`, () => HttpResponse.json({ data: [] })));
    expect((await thrownResponse(aboutLoader(args("/about")))).init?.status).toBe(404);
  });
});
