import type * as z from "zod";
import { adminPage, adminPath, type AdminPage, type AdminSection } from "~/admin-kit/menu";
import type { Cells, ResourceDefinition } from "~/admin-kit/resource";
import type { AdminContext } from "~/platform/auth.server";
import type { CachedResource } from "~/platform/cache.server";
import { exportCsv, type ResourceAdapter } from "~/admin-kit/server/screen.server";
import { aboutAdapter } from "~/resources/abouts/adapter.server";
import { activityAdapter } from "~/resources/activities/adapter.server";
import { authorAdapter } from "~/resources/authors/adapter.server";
import { bannerAdapter } from "~/resources/banners/adapter.server";
import { bookAdapter } from "~/resources/books/adapter.server";
import { classificationAdapter } from "~/resources/classifications/adapter.server";
import { genreAdapter } from "~/resources/genres/adapter.server";
import { historyAdapter } from "~/resources/histories/adapter.server";
import { libraryAdapter } from "~/resources/libraries/adapter.server";
import { missionVisionAdapter } from "~/resources/mission-visions/adapter.server";
import { officerAdapter } from "~/resources/officers/adapter.server";
import { publisherAdapter } from "~/resources/publishers/adapter.server";
import { sliderAdapter } from "~/resources/sliders/adapter.server";
import { tagAdapter } from "~/resources/tags/adapter.server";
import { videoAdapter } from "~/resources/videos/adapter.server";

/**
 * The back-office's screens, one line each, in menu order (spec §2, Admin routes). Everything
 * that lists the screens reads this: the sidebar and page headings (through the admin layout's
 * data), the export route, the audit log's names and filter, the guard test and the hard suites.
 * A screen's id is its URL segment (`definition.id`); its folder is its upstream resource's
 * (`app/resources/<resource>/`: the declaration, the adapter, the test cases).
 */
const SECTIONS = [
  {
    label: "Website Settings",
    screens: [
      register(sliderAdapter),
      register(aboutAdapter),
      register(missionVisionAdapter),
      register(activityAdapter),
      register(historyAdapter),
      register(officerAdapter),
      register(libraryAdapter),
    ],
  },
  {
    label: "Mobile Settings",
    screens: [
      register(bannerAdapter),
      register(bookAdapter),
      register(genreAdapter),
      register(tagAdapter),
      register(classificationAdapter),
      register(authorAdapter),
      register(publisherAdapter),
      register(videoAdapter),
    ],
  },
];

/** The audit log's own page: in the menu, but no screen of records. */
export const AUDIT_PAGE = adminPage("audit", { alias: "Log Aktivitas", title: "Riwayat Perubahan", icon: "history" });

/** A screen as the rest of the back-office needs it, whatever its record type. */
export interface RegisteredScreen {
  definition: ResourceDefinition;
  /** Its upstream resource: its folder's name (`app/resources/<resource>/`). */
  resource: CachedResource;
  page: AdminPage;
  /** The list as a CSV download, for an exportable screen. */
  exportCsv(admin: AdminContext, request: Request): Promise<Response>;
}

function register<Rec, C extends Cells, S extends z.ZodObject>(adapter: ResourceAdapter<Rec, C, S>): RegisteredScreen {
  const { definition } = adapter;
  return {
    definition: definition as unknown as ResourceDefinition,
    resource: adapter.resource,
    page: adminPage(definition.id, definition.menu),
    exportCsv: (admin, request) => exportCsv(admin, request, adapter),
  };
}

export const ADMIN_SCREENS: RegisteredScreen[] = SECTIONS.flatMap((section) => section.screens);

/** The sidebar: the screens' sections, then the audit log's. */
export const ADMIN_MENU: AdminSection[] = [
  ...SECTIONS.map((section) => ({ label: section.label, pages: section.screens.map((screen) => screen.page) })),
  { label: "Riwayat", pages: [AUDIT_PAGE] },
];

/** Where a logged-in admin lands: the first screen. */
export const ADMIN_HOME = adminPath(ADMIN_SCREENS[0].page);

export function screenById(id: string | undefined): RegisteredScreen | undefined {
  return ADMIN_SCREENS.find((screen) => screen.page.id === id);
}

/** The audit log's names for the screens whose changes it records (its filter and its Data column). */
export const AUDITED_SCREENS = ADMIN_SCREENS.map((screen) => ({ value: screen.page.id, label: screen.page.alias }));

/** A screen's name in the audit log: its menu alias (an id no longer registered shows as itself). */
export function screenName(id: string): string {
  return screenById(id)?.page.alias ?? id;
}
