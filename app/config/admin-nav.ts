/**
 * The back-office's screens (spec §2, Admin routes): the sidebar and the page headings read
 * this one list.
 */
export type AdminIcon =
  | "slides"
  | "info"
  | "target"
  | "calendar"
  | "clock"
  | "user"
  | "library"
  | "image"
  | "book"
  | "folder"
  | "tag"
  | "hash"
  | "pen"
  | "building"
  | "video"
  | "history";

export interface AdminPage {
  /** The URL segment after /admin/. */
  segment: string;
  /** The short name in the sidebar. */
  alias: string;
  /** The heading of the page (the alias unless the spec names it otherwise). */
  title: string;
  icon: AdminIcon;
}

export interface AdminSection {
  label: string;
  pages: AdminPage[];
}

const page = (segment: string, alias: string, icon: AdminIcon, title = alias): AdminPage => ({
  segment,
  alias,
  title,
  icon,
});

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    label: "Website Settings",
    pages: [
      page("slider-manager", "Slider", "slides"),
      page("about-manager", "Tentang", "info"),
      page("mission-vission", "Visi Misi", "target"),
      page("activity", "Kegiatan", "calendar"),
      page("history", "Sejarah", "clock"),
      page("officer", "Pejabat", "user"),
      page("library", "Perpustakaan", "library", "Manajemen Perpustakaan"),
    ],
  },
  {
    label: "Mobile Settings",
    pages: [
      page("banner", "Banner", "image"),
      page("book", "Buku", "book"),
      page("genre", "Kategori", "folder"),
      page("tag", "Tag", "tag"),
      page("classification", "Klasifikasi", "hash"),
      page("author", "Pengarang", "pen"),
      page("publisher", "Penerbit", "building"),
      page("video", "Video", "video"),
    ],
  },
  {
    label: "Riwayat",
    pages: [page("audit", "Log Aktivitas", "history", "Riwayat Perubahan")],
  },
];

export const ADMIN_PAGES: AdminPage[] = ADMIN_SECTIONS.flatMap((section) => section.pages);

export const ADMIN_HOME = "/admin/slider-manager";

export function adminPath(adminPage: AdminPage): string {
  return `/admin/${adminPage.segment}`;
}

/** The admin page a URL path belongs to (its own path or one below it). */
export function adminPageFor(pathname: string): AdminPage | undefined {
  return ADMIN_PAGES.find((candidate) => {
    const path = adminPath(candidate);
    return pathname === path || pathname.startsWith(`${path}/`);
  });
}
