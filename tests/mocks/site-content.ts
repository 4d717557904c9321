import { delay, http, HttpResponse, type JsonBodyType } from "msw";
import { UPSTREAM } from "./upstream";

/** A small, complete set of public content as the upstream serves it (design.md contract shapes). */
export const CONTENT = {
  banners: [
    { id: 1, title: "Selamat Datang", description: "Perpustakaan untuk semua", url: "https://contoh.go.id/info", file: "banner-1.png" },
    { id: 2, title: "Tanpa Tautan", description: "Slide tanpa url", url: "", file: "banner-2.png" },
    { id: 3, title: "Tautan Jahat", description: "x", url: "javascript:alert(1)", file: null },
  ],
  abouts: [
    {
      id: 1,
      title: "Tentang Dinas",
      description: "<p>Dinas melayani <strong>masyarakat</strong>.</p><script>alert(1)</script>",
      address: "Jl. Pahlawan No. 1",
      phone: "(0265) 123456",
      email: "info@dispusip.example.id",
      facebook: "dispusip",
      instagram: "@dispusip",
      twitter: "",
      youtube: "dispusip",
      tiktok: "dispusip",
      terms_and_condition: "<p>Syarat <a href=\"javascript:alert(1)\">klik</a></p>",
      privacy_policy: "<p onmouseover=\"alert(1)\">Privasi dijaga.</p>",
      file: "about.png",
    },
  ],
  missionVision: [{ id: 1, vision: "Masyarakat gemar membaca.", mission: "1. Layanan\n2. Arsip" }],
  histories: [{ id: 1, title: "SEJARAH", description: "<p>Berdiri tahun 1978.</p>", file: null }],
  activities: [
    { id: 7, date: "2024-11-21T00:00:00.000Z", title: "Bedah Buku", description: "<p>Diskusi <em>novel</em>.</p>", file: "act-7.png" },
    { id: 8, date: "2024-10-01T17:00:00.000Z", title: "Kunjungan Sekolah", description: "<p>Siswa berkunjung.</p>", file: null },
  ],
  officers: [{ id: 1, name: "Drs. Ahmad", position: "Kepala Dinas", additional_text: "Pembina Utama Muda", file: "officer-1.png" }],
};

type Section = "banners" | "abouts" | "mission-vision" | "histories" | "activities" | "officers";

const BODIES: Record<Section, JsonBodyType> = {
  banners: { data: CONTENT.banners },
  abouts: { data: CONTENT.abouts },
  "mission-vision": { data: CONTENT.missionVision },
  histories: { data: CONTENT.histories },
  activities: { data: CONTENT.activities },
  officers: { data: CONTENT.officers },
};

/** The upstream's public reads; `latencyMs` delays each answer, `failing` sections answer 500. */
export function siteContentHandlers(options: { latencyMs?: number; failing?: Section[] } = {}) {
  return [
    ...(Object.keys(BODIES) as Section[]).map((section) =>
      http.get(`${UPSTREAM}/${section}`, async () => {
        if (options.latencyMs) await delay(options.latencyMs);
        if (options.failing?.includes(section)) return HttpResponse.json({ error: "Kesalahan server" }, { status: 500 });
        return HttpResponse.json(BODIES[section]);
      }),
    ),
    http.get(`${UPSTREAM}/activities/:id`, ({ params }) => {
      const activity = CONTENT.activities.find((candidate) => String(candidate.id) === params.id);
      return activity ? HttpResponse.json({ data: activity }) : HttpResponse.json({ error: "Data tidak ditemukan" }, { status: 404 });
    }),
  ];
}
