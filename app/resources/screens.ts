import { adminPage, type AdminSection } from "~/admin-kit/menu";
import type { ScreenDefinition } from "~/admin-kit/screen";
import { aboutResource } from "./abouts/screen";
import { activityResource } from "./activities/screen";
import { authorResource } from "./authors/screen";
import { bannerResource } from "./banners/screen";
import { bookResource } from "./books/screen";
import { classificationResource } from "./classifications/screen";
import { genreResource } from "./genres/screen";
import { historyResource } from "./histories/screen";
import { libraryResource } from "./libraries/screen";
import { missionVisionResource } from "./mission-visions/screen";
import { officerResource } from "./officers/screen";
import { publisherResource } from "./publishers/screen";
import { sliderResource } from "./sliders/screen";
import { tagResource } from "./tags/screen";
import { videoResource } from "./videos/screen";

/**
 * The back-office's screens, one line each, in menu order (spec §2, Admin routes): the one list.
 * Everything that lists the screens reads it: the build's routes (vite.config.ts makes one route
 * per screen, all served by app/routes/admin-screen.tsx), the server's registry
 * (registry.server.ts: the menu, the export, the audit log's names), and the tests (the guard
 * test, the contract property test, the end-to-end and accessibility tables). A screen's id is its
 * URL segment; its folder is its upstream resource's (`app/resources/<resource>/`: the
 * declaration `screen.ts`, the server half `adapter.server.ts`, the test cases). Browser-safe.
 */
export const SCREEN_SECTIONS = [
  {
    label: "Website Settings",
    screens: [sliderResource, aboutResource, missionVisionResource, activityResource, historyResource, officerResource, libraryResource],
  },
  {
    label: "Mobile Settings",
    screens: [bannerResource, bookResource, genreResource, tagResource, classificationResource, authorResource, publisherResource, videoResource],
  },
] as const;

export const SCREENS: readonly ScreenDefinition[] = SCREEN_SECTIONS.flatMap((section) => section.screens as readonly unknown[] as ScreenDefinition[]);

/** The build's route id of a screen (vite.config.ts): what the metrics label it by, as when each screen had its own file. */
export function screenRouteId(id: string): string {
  return `routes/admin.${id}`;
}

/** The screen at an admin path (`/admin/<id>`, or below it), if one is registered. */
export function screenAt(pathname: string): ScreenDefinition | undefined {
  const id = /^\/admin\/([^/]+)/.exec(pathname)?.[1];
  return SCREENS.find((screen) => screen.id === id);
}

/** The audit log's own page: in the menu, but no screen of records. */
export const AUDIT_PAGE = adminPage("audit", { alias: "Log Aktivitas", title: "Riwayat Perubahan", icon: "history" });

/** The sidebar: the screens' sections, then the audit log's. */
export const ADMIN_MENU: AdminSection[] = [
  ...SCREEN_SECTIONS.map((section) => ({ label: section.label, pages: section.screens.map((screen) => adminPage(screen.id, screen.menu)) })),
  { label: "Riwayat", pages: [AUDIT_PAGE] },
];
