import type { ResourceDefinition } from "~/admin/resource";
import { aboutResource } from "~/admin/resources/abouts";
import { activityResource } from "~/admin/resources/activities";
import { authorResource } from "~/admin/resources/authors";
import { bannerResource } from "~/admin/resources/banners";
import { bookResource } from "~/admin/resources/books";
import { classificationResource } from "~/admin/resources/classifications";
import { historyResource } from "~/admin/resources/histories";
import { libraryResource } from "~/admin/resources/libraries";
import { missionVisionResource } from "~/admin/resources/mission-vision";
import { genreResource, tagResource } from "~/admin/resources/named-groups";
import { officerResource } from "~/admin/resources/officers";
import { publisherResource } from "~/admin/resources/publishers";
import { sliderResource } from "~/admin/resources/sliders";
import { videoResource } from "~/admin/resources/videos";

/**
 * Every admin screen, with the form its action takes: where it posts, and one valid update
 * (an `id` the seeded reference API has), from which the suites derive bad and faulty ones.
 */

export interface AdminScreen {
  path: string;
  definition: Pick<ResourceDefinition, "key" | "fields" | "messages" | "schema" | "exportHref">;
  /** Valid values for `intent=update` of record `id`. */
  valid: Record<string, string | string[]>;
}

const DATE = "2026-11-01";

export const ADMIN_SCREENS: AdminScreen[] = [
  { path: "/admin/slider-manager", definition: sliderResource, valid: { title: "Uji keandalan", description: "Deskripsi", url: "/about" } },
  { path: "/admin/about-manager", definition: aboutResource, valid: { title: "Tentang kami", description: "<p>Teks</p>", email: "info@contoh.id" } },
  { path: "/admin/mission-vission", definition: missionVisionResource, valid: { vision: "Visi uji", mission: "Misi uji" } },
  { path: "/admin/history", definition: historyResource, valid: { title: "Sejarah uji", description: "<p>Teks</p>" } },
  { path: "/admin/activity", definition: activityResource, valid: { date: DATE, title: "Kegiatan uji", description: "<p>Teks</p>" } },
  { path: "/admin/officer", definition: officerResource, valid: { name: "Petugas Uji", position: "Kepala", additional_text: "" } },
  { path: "/admin/library", definition: libraryResource, valid: { name: "Perpustakaan Uji", address: "Jl. Uji 1", phone_number: "022 123456", about: "" } },
  { path: "/admin/banner", definition: bannerResource, valid: { title: "Banner uji", description: "", url: "https://contoh.id/" } },
  { path: "/admin/book", definition: bookResource, valid: { title: "Buku Uji", published_date: DATE, author_id: "1", publisher_id: "1", genres: ["1"], tags: [] } },
  { path: "/admin/genre", definition: genreResource, valid: { name: "Genre uji" } },
  { path: "/admin/tag", definition: tagResource, valid: { name: "Tag uji" } },
  { path: "/admin/classification", definition: classificationResource, valid: { notation: "000", general_name: "Karya umum" } },
  { path: "/admin/author", definition: authorResource, valid: { name: "Pengarang Uji", biography: "" } },
  { path: "/admin/publisher", definition: publisherResource, valid: { name: "Penerbit Uji", total_books: "1.234" } },
  { path: "/admin/video", definition: videoResource, valid: { title: "Video uji", description: "" } },
];

/** A multipart form as the browser sends it (a list repeats its field). */
export function formOf(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}
